public import ServiceThreadLocal

/// One decorator: code that runs on every newly built instance of a type, on one track.
@usableFromInline
class Decoration: @unchecked Sendable {
    // Safety: immutable; the subclass adds one `let` of a Sendable closure type.
    /// The decorated type.
    let key: ObjectIdentifier
    let track: Track

    init(key: ObjectIdentifier, track: Track) {
        self.key = key
        self.track = track
    }
}

/// A decorator of `Value`.
final class TypedDecoration<Value>: Decoration, @unchecked Sendable {
    // Safety: immutable, and the closure is Sendable.
    let body: @Sendable (inout Value, ServiceEnv) throws -> Void

    init(track: Track, body: @escaping @Sendable (inout Value, ServiceEnv) throws -> Void) {
        self.body = body
        super.init(key: ObjectIdentifier(Value.self), track: track)
    }
}

/// Whether any environment of the process holds a decorator, read on every construction.
@usableFromInline
enum Decorations {
    /// False until a decorator is added, so a construction checks for decorators with one load of
    /// a C global (see `ServiceThreadLocal`) and nothing else while none exists.
    @inlinable
    static var inUse: Bool {
        service_decorations_load() != 0
    }

    /// Counts decorators in or out of `inUse`.
    static func count(_ delta: Int) {
        if delta != 0 {
            service_decorations_add(delta)
            service_construction_hooks_add(delta)
        }
    }
}

/// Whether a construction has anything to do besides calling its factory: a decorator or a trace
/// is on somewhere in the process.
@usableFromInline
enum ConstructionHooks {
    /// One load of a C global: the sum of the decorators and the traces.
    @inlinable
    static var areOn: Bool {
        service_construction_hooks_load() != 0
    }
}

extension ServiceStorage {
    /// The instance `make` builds, after the decorators of its type on `track` ran on it; noted in
    /// the resolution trace, when one is on.
    ///
    /// Called inside the construction's frame, so a decorator that resolves the service it
    /// decorates is reported as a cycle, and a decorator's failure is the construction's.
    @inlinable @inline(__always)
    func made<Value>(by make: () throws -> Value, track: Track, in env: ServiceEnv) throws -> Value {
        guard ConstructionHooks.areOn else {
            return try make()
        }
        return try madeWithHooks(by: make, track: track, in: env)
    }

    /// `made(by:track:in:)` while a hook is on; outlined, so that the inlined path stays small.
    @usableFromInline
    func madeWithHooks<Value>(by make: () throws -> Value, track: Track, in env: ServiceEnv) throws -> Value {
        if ResolutionTracing.isOn {
            noteConstruction(in: env)
        }
        var value = try make()
        if Decorations.inUse {
            try decorate(&value, track: track, in: env)
        }
        return value
    }

    /// The async form of `made(by:track:in:)`.
    @inlinable @inline(__always)
    func made<Value: Sendable>(by make: () async throws -> Value, in env: ServiceEnv) async throws -> Value {
        guard ConstructionHooks.areOn else {
            return try await make()
        }
        return try await madeWithHooks(by: make, in: env)
    }

    /// The async form of `madeWithHooks(by:track:in:)`.
    @usableFromInline
    func madeWithHooks<Value: Sendable>(by make: () async throws -> Value, in env: ServiceEnv) async throws -> Value {
        if ResolutionTracing.isOn {
            noteConstruction(in: env)
        }
        var value = try await make()
        if Decorations.inUse {
            try decorate(&value, track: .sendable, in: env)
        }
        return value
    }

    /// Runs the decorators of `Value` on `track` that `env` sees on `value`: those of its
    /// farthest ancestor first, then each nearer environment's, each environment's in the order
    /// they were added. No lock is held while a decorator runs.
    @usableFromInline
    func decorate<Value>(_ value: inout Value, track: Track, in env: ServiceEnv) throws {
        let key = ObjectIdentifier(Value.self)
        for storage in chain.reversed() {
            for decoration in storage.decorations(of: key, on: track) {
                // NB: decorations are found by the type's identifier, so this one is of `Value`.
                try unsafeDowncast(decoration, to: TypedDecoration<Value>.self).body(&value, env)
            }
        }
    }
}
