/// The `async` resolve paths taken when no cached instance exists yet: what
/// `resolveAsyncIfRegistered` does after its first, synchronous read of the cache (see
/// `ServiceStorage+Traced.swift`), and the `async` form of the shared and unshared builds. As
/// in `ServiceStorage+Resolve.swift`, generic and `@inlinable`, so that callers specialise them.
extension ServiceStorage {
    /// `resolveAsyncIfRegistered` without the resolution trace.
    @inlinable
    func resolveAsyncIfRegisteredUntraced<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) async throws(ServiceError) -> Value? {
        // NB: without this, a request's `resolveAsync` of the application's singleton looked the
        // registration up in the scope and again in the application, retaining both, and bound
        // the application as current around a read of its cache.
        try await resolveAsyncIfRegistered(
            type,
            tags: tags,
            entry: directEntry(type, tags: tags),
            arguments: arguments,
            argumentTypes: argumentTypes,
            in: env,
        )
    }

    /// `resolveAsyncIfRegisteredUntraced` from what `directEntry(_:tags:)` found.
    @inlinable
    func resolveAsyncIfRegistered<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        entry: consuming DirectEntry<Value>,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) async throws(ServiceError) -> Value? {
        let (slot, registration): (Slot, Registration)
        switch consume entry {
        case .instance(let value):
            return value
        case .build(let own, let found):
            (slot, registration) = (own ?? self.slot(creating: type, tags: tags), found)
        case .buildInline(let own, let source, let factory):
            let slot = own ?? self.slot(creating: type, tags: tags)
            return try resolve(type, slot: slot, inline: factory, from: source, given: argumentTypes, in: env)
        case .undecided:
            guard let (found, foundRegistration, owner) = self.registration(for: type, tags: tags) else {
                return nil
            }
            guard owner === self else {
                guard foundRegistration.track == .sendable || foundRegistration.form == .async else {
                    return nil
                }
                return try await delegateAsync(type, tags: tags, to: owner) { env async throws(ServiceError) in
                    try await owner.resolveAsyncIfRegistered(
                        type,
                        tags: tags,
                        arguments: arguments,
                        argumentTypes: argumentTypes,
                        in: env,
                    )
                }
            }
            (slot, registration) = (found, foundRegistration)
        }
        return try await resolveAsync(
            type,
            slot: slot,
            registration,
            arguments: arguments,
            given: argumentTypes,
            in: env,
        )
    }

    /// The `async` form of `resolve(_:slot:_:arguments:given:in:)`: builds (or returns the cached
    /// instance of) `registration` in `slot`, this storage's own; nil if `registration` is on the
    /// MainActor track and not `async`.
    @inlinable
    func resolveAsync<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        _ registration: Registration,
        arguments: any Sendable,
        given argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) async throws(ServiceError) -> Value? {
        // NB: of the MainActor track, only `async` registrations resolve here.
        guard registration.track == .sendable || registration.form == .async else {
            return nil
        }
        guard registration.form == .async else {
            return try resolve(type, slot: slot, registration, arguments: arguments, given: argumentTypes, in: env)
        }
        let track = registration.track
        if let cached = cachedValue(Value.self, in: slot, track: track) {
            return cached
        }
        let factory = unsafeDowncast(registration, to: AsyncRegistration<Value>.self).factory
        let given = argumentTypes()
        return try await resolveAsync(
            type,
            slot: slot,
            registration,
            track: track,
            arguments: arguments,
            given: given,
            in: env,
        ) { () async throws -> Value in
            guard let value = try await factory(arguments) else {
                throw mismatch(slot, registration, given: given)
            }
            return value
        }
    }

    /// The async form of `resolve(_:slot:_:track:in:make:)`; on the MainActor track, for the
    /// `async` factories of `registerMain`, whose instances are Sendable. `make` calls the
    /// factory with `arguments`, whose types are `given` (see `resolveReplacedAsync`).
    @inlinable
    func resolveAsync<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        _ registration: Registration,
        track: Track = .sendable,
        arguments: any Sendable,
        given: [Any.Type],
        in env: ServiceEnv,
        make: () async throws -> Value,
    ) async throws(ServiceError) -> Value {
        let key = ObjectIdentifier(type)
        let tags = slot.tags
        // NB: an asynchronous construction needs a heap frame, and so does its parent.
        let parent = ResolutionFrame.activeParent.heapFrame()
        switch registration.sharing {
        case .none:
            return try await ResolutionFrame.begin(type, tags: tags, key: key, below: .init(parent))
                .constructAsync(in: env) { try await env.storage.made(by: make, in: env) }
        case .graph:
            let graphKey = GraphKey(slot, track: track)
            if let parent, let object = parent.root.graphObject(for: graphKey) {
                return GraphValue.value(of: object, as: Value.self)
            }
            let frame = try ResolutionFrame.begin(type, tags: tags, key: key, below: .init(parent))
            let value = try await frame.constructAsync(in: env) { try await env.storage.made(by: make, in: env) }
            if parent != nil {
                frame.root.storeGraphObject(GraphValue.object(for: value), for: graphKey)
            }
            return value
        case .cached, .weak:
            if !isWithinScope && registration.isScoped {
                throw outsideScope(slot)
            }
            let frame = try ResolutionFrame.beginConstruction(
                type,
                tags: tags,
                key: key,
                below: .init(parent),
                isAsync: true,
            )
            return try await resolveSharedAsync(
                type,
                slot: slot,
                track: track,
                frame: frame,
                in: env,
                builtBy: Builder(registration),
                arguments: arguments,
                given: given,
                make: { try await env.storage.made(by: make, in: env) },
            )
        }
    }
}
