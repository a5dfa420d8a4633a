/// The track a registration lives on: any thread, or the main actor only.
@usableFromInline
enum Track: Sendable {
    case sendable
    case main
}

/// What `register` stored for one type: its scope, track and factory.
@usableFromInline
class Registration: @unchecked Sendable {
    // Safety: immutable after `init`; subclasses only add `let` properties of Sendable types.
    @usableFromInline let scope: ServiceScope
    @usableFromInline let track: Track

    init(scope: ServiceScope, track: Track) {
        self.scope = scope
        self.track = track
    }

    /// Runs a Sendable-track factory for a caller that knows the value type only generically
    /// (a MainActor service's dependency); `type` must be the registered type.
    @usableFromInline
    func makeValue<T>(as type: T.Type) throws -> T {
        preconditionFailure("only Sendable-track registrations are built this way")
    }
}

/// A registration on the Sendable track.
@usableFromInline
final class SendableRegistration<Value: Sendable>: Registration, @unchecked Sendable {
    @usableFromInline let factory: @Sendable () throws -> Value

    init(scope: ServiceScope, factory: @escaping @Sendable () throws -> Value) {
        self.factory = factory
        super.init(scope: scope, track: .sendable)
    }

    @usableFromInline
    override func makeValue<T>(as type: T.Type) throws -> T {
        // NB: the slot is keyed by the type, so `T` is `Value` here.
        unsafeBitCast(try factory(), to: T.self)
    }
}

/// A registration on the MainActor track.
@usableFromInline
final class MainRegistration<Value>: Registration, @unchecked Sendable {
    @usableFromInline let factory: @MainActor @Sendable () throws -> Value

    init(scope: ServiceScope, factory: @escaping @MainActor @Sendable () throws -> Value) {
        self.factory = factory
        super.init(scope: scope, track: .main)
    }
}
