/// Resolves whose registration was replaced after they read it and before they began to build:
/// they build with the replacement, as a resolve begun after it would, so that the resolves of
/// one registration never build two instances between resets (see `Slot.decide`).
extension ServiceStorage {
    /// Resolves `type` with the slot's current registration, which replaced the one the caller
    /// read (`builder`'s) before it began to build.
    ///
    /// A replacement with another scope, track or form, or one of a resolve with arguments, which
    /// a resolve of the new one would handle otherwise, is built with `make`, the replaced
    /// registration's factory, and its instance is not cached, as for a replacement made while a
    /// factory runs. (`resolveReplacedAsync` is the form for `async` registrations.)
    @usableFromInline
    func resolveReplaced<Value>(
        _ type: Value.Type,
        slot: Slot,
        track: Track,
        frame: Construction,
        below parent: FrameParent,
        in env: ServiceEnv,
        builtBy builder: Builder,
        make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        guard let current = currentRegistration(of: slot), track == .sendable, current.track == .sendable,
            current.form == builder.form, current.form == .plain || current.form == .environment,
            current.storedScope == builder.storedScope
        else {
            return try resolveShared(
                type,
                slot: slot,
                track: track,
                frame: frame,
                below: parent,
                in: env,
                builtBy: builder,
                replacedMayBuild: true,
                make: make,
            )
        }
        return try resolveShared(
            type,
            slot: slot,
            track: track,
            frame: frame,
            below: parent,
            in: env,
            builtBy: Builder(current),
        ) {
            try env.storage.made(by: { try current.makeValue(as: Value.self, in: env) }, track: track, in: env)
        }
    }

    /// The registration `slot` holds now, retained, or nil.
    func currentRegistration(of slot: Slot) -> Registration? {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        let bits = slot.registrationBits
        return bits == 0 ? nil : slot.registration(at: bits)
    }

    /// The async form of `resolveReplaced`: an `async` registration replaced by another of the
    /// same scope and track, which builds the same type, is built with `arguments` (whose types
    /// are `given`, for the error if its factory does not take them).
    @usableFromInline
    func resolveReplacedAsync<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        track: Track,
        frame: Construction,
        in env: ServiceEnv,
        builtBy builder: Builder,
        arguments: any Sendable,
        given: [Any.Type],
        make: () async throws -> Value,
    ) async throws(ServiceError) -> Value {
        guard let current = currentRegistration(of: slot), current.track == track, current.form == .async,
            current.storedScope == builder.storedScope, let replacement = current as? AsyncRegistration<Value>
        else {
            return try await resolveSharedAsync(
                type,
                slot: slot,
                track: track,
                frame: frame,
                in: env,
                builtBy: builder,
                arguments: arguments,
                given: given,
                replacedMayBuild: true,
                make: make,
            )
        }
        let factory = replacement.factory
        return try await resolveSharedAsync(
            type,
            slot: slot,
            track: track,
            frame: frame,
            in: env,
            builtBy: Builder(current),
            arguments: arguments,
            given: given,
        ) {
            try await env.storage.made(
                by: { () async throws -> Value in
                    guard let value = try await factory(arguments) else {
                        throw mismatch(slot, current, given: given)
                    }
                    return value
                },
                in: env,
            )
        }
    }
}
