public import Synchronization

/// The resolve paths taken when no cached instance exists yet.
///
/// These generic functions are `@inlinable` and deliberately thin, so that the compiler
/// specialises them where `resolve` is called; unspecialised generic code would look up the
/// metadata of `ValueBox<Value>`, `Result<Value, …>` and friends on every call. The work that
/// does not depend on the value's type lives in non-generic helpers.
extension ServiceStorage {
    /// Resolves a Sendable-track service whose instance is not cached.
    @inlinable
    func resolveUncached<Value: Sendable>(_ type: Value.Type, in env: ServiceEnv) throws(ServiceError) -> Value {
        guard let (slot, registration, owner) = registration(for: type), registration.track == .sendable else {
            throw .notRegistered(type)
        }
        guard owner === self else {
            if let cached = owner.cachedValue(type, in: slot, track: .sendable) {
                return cached
            }
            return try delegate(type, tags: [], to: owner) { env throws(ServiceError) in try env.resolve(type) }
        }
        switch registration.form {
        case .plain, .environment:
            return try build(type, slot: slot, registration, in: env) as Value
        case .arguments, .async:
            throw mismatch(slot, registration, given: [])
        }
    }

    /// The cached instance of `type` on the Sendable track, or else its slot and its own untagged
    /// registration when that is a synchronous one without arguments; `.other` for every other
    /// case, which `resolveUncached` handles.
    ///
    /// Both are read in one gate section. The slot is not retained (slots live as long as their
    /// storage); the registration is, once, since a new registration may replace it and the gate
    /// may reclaim it as soon as the section ends.
    @inlinable @inline(__always)
    func entry<Value: Sendable>(_ type: Value.Type) -> Entry<Value> {
        guard let slot = lookup(ObjectIdentifier(type)) else {
            return .other
        }
        return entry(type, in: slot)
    }

    /// What `entry(_:)` finds in `slot`, the slot of `type` in this storage.
    @inlinable @inline(__always)
    func entry<Value: Sendable>(_ type: Value.Type, in slot: Unmanaged<Slot>) -> Entry<Value> {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        let (cache, bits) = slot._withUnsafeGuaranteedRef {
            ($0.loadCache(.sendable), $0.registration.load(ordering: .sequentiallyConsistent))
        }
        #if DEBUG
            ReaderGate.yieldInsideSectionForTesting(in: self) {
                slot._withUnsafeGuaranteedRef { $0.loadCache(.sendable) } != cache
            }
        #endif
        if cache != 0 {
            return .cached(RetainedBits.object(cache, as: ValueBox<Value>.self)._withUnsafeGuaranteedRef { $0.value })
        }
        guard bits != 0 else {
            return .other
        }
        let registration = RetainedBits.object(bits, as: Registration.self)
        let buildsHere = registration._withUnsafeGuaranteedRef {
            $0.track == .sendable && ($0.form == .plain || $0.form == .environment)
        }
        guard buildsHere else {
            return .other
        }
        return .build(slot, registration.retain())
    }

    /// Finishes a resolve from what `entry(_:)` found.
    @inlinable @inline(__always)
    func resolve<Value: Sendable>(
        _ type: Value.Type,
        from entry: Entry<Value>,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        switch entry {
        case .cached(let value):
            return value
        case .build(let slot, let registration):
            defer { registration.release() }
            return try build(type, slot: slot, registration, in: env)
        case .other:
            return try resolveUncached(type, in: env)
        }
    }

    @inlinable @inline(__always)
    func build<Value: Sendable>(
        _ type: Value.Type,
        slot: Unmanaged<Slot>,
        _ registration: Unmanaged<Registration>,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        let (sharing, isInstance) = registration._withUnsafeGuaranteedRef { ($0.sharing, $0.isInstance) }
        if sharing != .cached && !isInstance {
            return try buildUnshared(type, slot: slot, registration, inGraph: sharing == .graph, in: env)
        }
        return try build(type, slot: slot.takeUnretainedValue(), registration.takeUnretainedValue(), in: env)
    }

    /// `build(_:slot:_:in:)` for strong references, and for every sharing.
    @inlinable
    func build<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        _ registration: Registration,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        if registration.form == .environment {
            let make = unsafeDowncast(registration, to: InjectableRegistration<Value>.self).make
            return try resolve(type, slot: slot, registration, track: .sendable, in: env) { try make(env) }
        }
        let factory = unsafeDowncast(registration, to: SendableRegistration<Value>.self).factory
        if registration.isInstance {
            return try publishInstance(slot, factory)
        }
        return try resolve(type, slot: slot, registration, track: .sendable, in: env, make: factory)
    }

    /// Builds a transient instance of the synchronous, argument-free Sendable-track
    /// `registration` of `slot` in `env`, or, `inGraph`, returns the one this resolution already
    /// built: the path every link of a generated graph takes.
    ///
    /// Written out without the closures of the general path, so that, specialised for `Value`,
    /// it retains nothing: the frame is trivial and lives on this function's stack, `slot` and
    /// `registration` are kept alive by the caller.
    @inlinable @inline(__always)
    func buildUnshared<Value: Sendable>(
        _ type: Value.Type,
        slot: Unmanaged<Slot>,
        _ registration: Unmanaged<Registration>,
        inGraph: Bool,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        try buildUnshared(type, slot: slot, inGraph: inGraph, in: env) { env throws -> Value in
            try registration._withUnsafeGuaranteedRef { registration throws -> Value in
                if registration.form == .environment {
                    return try unsafeDowncast(registration, to: InjectableRegistration<Value>.self).make(env)
                }
                return try unsafeDowncast(registration, to: SendableRegistration<Value>.self).factory()
            }
        }
    }

    /// Builds a transient or graph-scoped instance with `make`, in a frame published on the
    /// thread: no closure context, task-local or allocation besides the instance (and, for the
    /// graph scope, its entry in the root frame).
    @inlinable @inline(__always)
    func buildUnshared<Value: Sendable>(
        _ type: Value.Type,
        slot: Unmanaged<Slot>,
        inGraph: Bool,
        in env: ServiceEnv,
        make: (ServiceEnv) throws -> Value,
    ) throws(ServiceError) -> Value {
        let cell = ThreadFrame.cell
        let parent: FrameParent
        if let outer = cell.pointee {
            parent = .sync(outer.assumingMemoryBound(to: SyncFrame.self))
        } else if ResolutionFrame.asyncRuns == 0 {
            parent = .none
        } else {
            parent = ResolutionFrame.asyncParent
        }
        let graphKey = GraphKey(slot, track: .sendable)
        if inGraph, let object = parent.graphObject(for: graphKey) {
            return GraphValue.value(of: object, as: Value.self)
        }
        var frame = try SyncFrame(slot, key: ObjectIdentifier(type), below: parent, in: env.storage)
        let value = try withUnsafeMutablePointer(to: &frame) { frame throws(ServiceError) -> Value in
            let outer = SyncFrame.publish(frame, in: cell)
            defer { SyncFrame.unpublish(frame, restoring: outer, in: cell) }
            let built: Result<Value, any Error>
            do {
                built = .success(try make(env))
            } catch {
                built = .failure(error)
            }
            switch built {
            case .success(let value):
                return value
            case .failure(let error):
                throw frame.pointee.failure(error)
            }
        }
        if inGraph {
            parent.storeGraphObject(GraphValue.object(for: value), for: graphKey)
        }
        return value
    }

    @inlinable
    func resolveIfRegistered<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value? {
        guard let (slot, registration, owner) = registration(for: type, tags: tags), registration.track == .sendable
        else {
            return nil
        }
        guard owner === self else {
            return try delegate(type, tags: tags, to: owner) { env throws(ServiceError) in
                try owner.resolve(type, slot: slot, registration, arguments: arguments, given: argumentTypes, in: env)
            }
        }
        return try resolve(type, slot: slot, registration, arguments: arguments, given: argumentTypes, in: env)
    }

    /// Builds (or returns the cached instance of) a Sendable-track registration already looked up;
    /// `given` lists the types of `arguments`, for errors.
    @inlinable
    func resolve<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        _ registration: Registration,
        arguments: any Sendable,
        given argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        if let cached = cachedValue(Value.self, in: slot, track: .sendable) {
            return cached
        }
        switch registration.form {
        case .plain:
            let given = argumentTypes()
            guard given.isEmpty else {
                throw mismatch(slot, registration, given: given)
            }
            let factory = unsafeDowncast(registration, to: SendableRegistration<Value>.self).factory
            return try resolve(type, slot: slot, registration, track: .sendable, in: env, make: factory)
        case .environment:
            let given = argumentTypes()
            guard given.isEmpty else {
                throw mismatch(slot, registration, given: given)
            }
            let make = unsafeDowncast(registration, to: InjectableRegistration<Value>.self).make
            return try resolve(type, slot: slot, registration, track: .sendable, in: env) { try make(env) }
        case .arguments:
            let factory = unsafeDowncast(registration, to: ArgumentRegistration<Value>.self).factory
            return try resolve(type, slot: slot, registration, track: .sendable, in: env) { () throws -> Value in
                guard let value = try factory(arguments) else {
                    throw mismatch(slot, registration, given: argumentTypes())
                }
                return value
            }
        case .async:
            throw mismatch(slot, registration, given: argumentTypes())
        }
    }

    /// The async form of `resolveIfRegistered`, which also builds `async` registrations.
    @inlinable
    func resolveAsyncIfRegistered<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) async throws(ServiceError) -> Value? {
        guard let (slot, registration, owner) = registration(for: type, tags: tags), registration.track == .sendable
        else {
            return nil
        }
        guard owner === self else {
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
        guard registration.form == .async else {
            return try resolve(type, slot: slot, registration, arguments: arguments, given: argumentTypes, in: env)
        }
        if let cached = cachedValue(Value.self, in: slot, track: .sendable) {
            return cached
        }
        let factory = unsafeDowncast(registration, to: AsyncRegistration<Value>.self).factory
        let given = argumentTypes()
        return try await resolveAsync(type, slot: slot, registration, in: env) {
            () async throws -> Value in
            guard let value = try await factory(arguments) else {
                throw mismatch(slot, registration, given: given)
            }
            return value
        }
    }

    /// Resolves a MainActor-track service whose instance is not cached.
    @inlinable @MainActor
    func resolveMainUncached<Value>(_ type: Value.Type, in env: ServiceEnv) throws(ServiceError) -> Value {
        guard let (slot, registration, owner) = registration(for: type), registration.track == .main else {
            throw .notRegistered(type)
        }
        guard owner === self else {
            return try delegate(type, tags: [], to: owner) { env throws(ServiceError) in try env.resolveMain(type) }
        }
        guard registration.form == .plain else {
            throw mismatch(slot, registration, given: [])
        }
        let factory = unsafeDowncast(registration, to: MainRegistration<Value>.self).factory
        return try resolve(type, slot: slot, registration, track: .main, in: env) { try factory() }
    }

    /// The MainActor-track form of `resolveIfRegistered`.
    @inlinable @MainActor
    func resolveMainIfRegistered<Value>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value? {
        guard let (slot, registration, owner) = registration(for: type, tags: tags), registration.track == .main else {
            return nil
        }
        guard owner === self else {
            return try delegate(type, tags: tags, to: owner) { env throws(ServiceError) in
                try owner.resolveMainIfRegistered(
                    type,
                    tags: tags,
                    arguments: arguments,
                    argumentTypes: argumentTypes,
                    in: env,
                )
            }
        }
        if let cached = cachedValue(Value.self, in: slot, track: .main) {
            return cached
        }
        switch registration.form {
        case .plain:
            let given = argumentTypes()
            guard given.isEmpty else {
                throw mismatch(slot, registration, given: given)
            }
            let factory = unsafeDowncast(registration, to: MainRegistration<Value>.self).factory
            return try resolve(type, slot: slot, registration, track: .main, in: env) { try factory() }
        case .arguments:
            let factory = unsafeDowncast(registration, to: MainArgumentRegistration<Value>.self).factory
            return try resolve(type, slot: slot, registration, track: .main, in: env) { () throws -> Value in
                guard let value = try factory(arguments) else {
                    throw mismatch(slot, registration, given: argumentTypes())
                }
                return value
            }
        case .async, .environment:
            // NB: the MainActor track has no `.environment` registrations.
            throw mismatch(slot, registration, given: argumentTypes())
        }
    }

    /// Resolves a service from the main actor on whichever track it is registered.
    ///
    /// Generated code uses this for the dependencies of a `@MainActor` service, which may be
    /// Sendable services or MainActor services.
    @inlinable @MainActor
    func resolveOnEitherTrack<Value>(_ type: Value.Type, in env: ServiceEnv) throws(ServiceError) -> Value {
        if let value = cachedValue(type, track: .main) ?? cachedValue(type, track: .sendable) {
            return value
        }
        guard let (slot, registration, owner) = registration(for: type) else {
            throw .notRegistered(type)
        }
        guard owner === self else {
            return try delegate(type, tags: [], to: owner) { env throws(ServiceError) in
                try owner.resolveOnEitherTrack(type, in: env)
            }
        }
        guard registration.form == .plain || registration.form == .environment else {
            throw mismatch(slot, registration, given: [])
        }
        switch registration.track {
        case .main:
            let factory = unsafeDowncast(registration, to: MainRegistration<Value>.self).factory
            return try resolve(type, slot: slot, registration, track: .main, in: env) { try factory() }
        case .sendable:
            return try resolve(type, slot: slot, registration, track: .sendable, in: env) {
                try registration.makeValue(as: Value.self, in: env)
            }
        }
    }

    /// Dispatches on how `registration` shares instances: build, share within the graph, or share
    /// through the slot cache.
    @inlinable
    func resolve<Value>(
        _ type: Value.Type,
        slot: Slot,
        _ registration: Registration,
        track: Track,
        in env: ServiceEnv,
        make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        let key = ObjectIdentifier(type)
        let cell = ThreadFrame.cell
        let parent = FrameParent.active(in: cell)
        switch registration.sharing {
        case .none:
            var frame = try SyncFrame(slot, key: key, below: parent, in: env.storage)
            return try frame.construct(in: cell, make)
        case .graph:
            let graphKey = GraphKey(slot, track: track)
            if let object = parent.graphObject(for: graphKey) {
                return GraphValue.value(of: object, as: Value.self)
            }
            var frame = try SyncFrame(slot, key: key, below: parent, in: env.storage)
            let value = try frame.construct(in: cell, make)
            parent.storeGraphObject(GraphValue.object(for: value), for: graphKey)
            return value
        case .cached:
            if !isWithinScope && registration.scope.isScoped {
                throw outsideScope(slot)
            }
            let frame = try ResolutionFrame.begin(type, tags: slot.tags, key: key, below: parent)
            return try resolveShared(
                type,
                slot: slot,
                track: track,
                frame: frame,
                below: parent,
                in: env,
                builtBy: registration,
                make: make,
            )
        }
    }

    /// The async form of `resolve(_:slot:_:track:in:make:)`, for the Sendable track.
    @inlinable
    func resolveAsync<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        _ registration: Registration,
        in env: ServiceEnv,
        make: () async throws -> Value,
    ) async throws(ServiceError) -> Value {
        let scope = registration.scope
        let key = ObjectIdentifier(type)
        let tags = slot.tags
        // NB: an asynchronous construction needs a heap frame, and so does its parent.
        let parent = ResolutionFrame.activeParent.heapFrame()
        switch scope {
        case .transient:
            return try await ResolutionFrame.begin(type, tags: tags, key: key, below: .init(parent))
                .constructAsync(in: env, make)
        case .graph:
            let graphKey = GraphKey(slot, track: .sendable)
            if let parent, let object = parent.root.graphObject(for: graphKey) {
                return GraphValue.value(of: object, as: Value.self)
            }
            let frame = try ResolutionFrame.begin(type, tags: tags, key: key, below: .init(parent))
            let value = try await frame.constructAsync(in: env, make)
            if parent != nil {
                frame.root.storeGraphObject(GraphValue.object(for: value), for: graphKey)
            }
            return value
        case .singleton, .custom:
            if !isWithinScope && scope.isScoped {
                throw outsideScope(slot)
            }
            let frame = try ResolutionFrame.begin(type, tags: tags, key: key, below: .init(parent))
            return try await resolveSharedAsync(
                type,
                slot: slot,
                frame: frame,
                in: env,
                builtBy: registration,
                make: make,
            )
        }
    }

    /// The cached instance in `slot` on `track`, if any.
    @inlinable
    func cachedValue<Value>(_ type: Value.Type, in slot: Slot, track: Track) -> Value? {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        let bits = slot.loadCache(track)
        guard bits != 0 else {
            return nil
        }
        return RetainedBits.object(bits, as: ValueBox<Value>.self)._withUnsafeGuaranteedRef { $0.value }
    }

    /// The error for a registration that exists but cannot be built the way it was resolved.
    @usableFromInline
    func mismatch(_ slot: Slot, _ registration: Registration, given: [Any.Type]) -> ServiceError {
        let reason: ServiceUsageError =
            switch registration.form {
            case .async where given.map(ObjectIdentifier.init) == registration.argumentTypes.map(ObjectIdentifier.init):
                .asyncFactory(serviceType: slot.name)
            default:
                .argumentMismatch(
                    serviceType: slot.name,
                    expected: registration.argumentTypes.map { String(describing: $0) },
                    given: given.map { String(describing: $0) },
                )
            }
        return .factoryFailed(serviceType: slot.name, underlyingError: reason)
    }

    /// The error for a synchronous resolve that meets an `async` construction of the instance.
    @usableFromInline
    func asyncConstructionInProgress(_ slot: Slot) -> ServiceError {
        .factoryFailed(serviceType: slot.name, underlyingError: ServiceUsageError.asyncFactory(serviceType: slot.name))
    }
}

/// What `entry(_:)` found.
@usableFromInline
enum Entry<Value: Sendable> {
    /// The cached instance.
    case cached(Value)
    /// No cached instance; the slot and its registration (retained once: release it when done)
    /// to build one with `build(_:slot:_:in:)`.
    case build(Unmanaged<Slot>, Unmanaged<Registration>)
    /// Anything else: not registered here, inherited, tagged, with arguments, `async` or on the
    /// MainActor track.
    case other
}
