import Synchronization

/// The resolve paths taken when no cached instance exists yet.
///
/// These generic functions are `@inlinable` and deliberately thin, so that the compiler
/// specialises them where `resolve` is called; unspecialised generic code would look up the
/// metadata of `ValueBox<Value>`, `Result<Value, …>` and friends on every call. The work that
/// does not depend on the value's type lives in non-generic helpers.
extension ServiceStorage {
    /// `resolveUncached` without the resolution trace.
    @inlinable
    func resolveUncachedUntraced<Value: Sendable>(
        _ type: Value.Type,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        if isScope {
            // NB: consumed, so that an inline factory moves out of it and is not copied.
            let entry = scopeEntry(type)
            switch consume entry {
            case .instance(let value):
                return value
            case .build(let slot, let registration):
                let slot = slot ?? self.slot(creating: type, tags: .empty)
                return try buildOwn(type, slot: slot, registration, in: env)
            case .buildInline(let slot, let source, let factory):
                let slot = slot ?? self.slot(creating: type, tags: .empty)
                return try build(type, slot: slot, inline: factory, from: source, in: env)
            case .undecided:
                break
            }
        } else if let (source, factory) = inheritedInline(type) {
            // NB: as `registration(for:)` decides for an environment that is not a scope: it
            // builds an inherited registration in its own slot.
            let slot = lookup(ObjectIdentifier(type)) ?? self.slot(creating: type, tags: .empty)
            return try build(type, slot: slot, inline: factory, from: source, in: env)
        }
        guard let (slot, registration, owner) = registration(for: type) else {
            throw .notRegistered(type)
        }
        guard owner === self else {
            guard registration.track == .sendable else {
                throw .notRegistered(type)
            }
            if let cached = owner.cachedValue(type, in: slot, track: .sendable) {
                return cached
            }
            return try delegate(type, tags: .empty, to: owner) { env throws(ServiceError) in try env.resolve(type) }
        }
        return try buildOwn(type, slot: slot, registration, in: env)
    }

    /// Builds `type` in `slot`, this storage's own, with `registration`, which a resolve without
    /// arguments can build only if it is a plain Sendable-track one.
    @inlinable
    func buildOwn<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        _ registration: Registration,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        guard registration.track == .sendable else {
            throw .notRegistered(type)
        }
        switch registration.form {
        case .plain where registration.isInline:
            let inline = unsafeDowncast(registration, to: InlineRegistration.self)
            return try build(type, slot: slot, inline: inline.factory(Value.self), from: inline.source, in: env)
        case .plain, .environment:
            return try build(type, slot: slot, registration, in: env) as Value
        case .arguments, .async:
            throw mismatch(slot, registration, given: [])
        }
    }

    /// `resolveIfRegistered` without the resolution trace.
    @inlinable
    func resolveIfRegisteredUntraced<Value: Sendable>(
        _ type: Value.Type,
        tags: TagSet,
        arguments: any Sendable,
        argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value? {
        let entry = directEntry(type, tags: tags)
        switch consume entry {
        case .instance(let value):
            return value
        case .build(let slot, let registration):
            guard registration.track == .sendable else {
                return nil
            }
            let slot = slot ?? self.slot(creating: type, tags: tags)
            return try resolve(type, slot: slot, registration, arguments: arguments, given: argumentTypes, in: env)
        case .buildInline(let slot, let source, let factory):
            let slot = slot ?? self.slot(creating: type, tags: tags)
            return try resolve(type, slot: slot, inline: factory, from: source, given: argumentTypes, in: env)
        case .undecided:
            break
        }
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

    /// `resolve(_:slot:_:arguments:given:in:)` for the registration `source` holds inline.
    @inlinable
    func resolve<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        inline factory: @escaping @Sendable () throws -> Value,
        from source: Slot,
        given argumentTypes: () -> [Any.Type],
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        let given = argumentTypes()
        guard given.isEmpty else {
            throw mismatch(slot, InlineRegistration(of: source, factory: factory), given: given)
        }
        return try build(type, slot: slot, inline: factory, from: source, in: env)
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
            guard !registration.isInline else {
                let inline = unsafeDowncast(registration, to: InlineRegistration.self)
                return try build(type, slot: slot, inline: inline.factory(Value.self), from: inline.source, in: env)
            }
            let factory = unsafeDowncast(registration, to: SendableRegistration<Value>.self).factory
            return try resolve(type, slot: slot, registration, track: .sendable, in: env, make: factory)
        case .environment:
            let given = argumentTypes()
            guard given.isEmpty else {
                throw mismatch(slot, registration, given: given)
            }
            if let value = forwardedInstance(type, by: registration, in: env) {
                return value
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

    /// `resolveMainUncached` without the resolution trace.
    @inlinable @MainActor
    func resolveMainUncachedUntraced<Value>(
        _ type: Value.Type,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        guard let (slot, registration, owner) = registration(for: type), registration.track == .main else {
            throw .notRegistered(type)
        }
        guard owner === self else {
            return try delegate(type, tags: .empty, to: owner) { env throws(ServiceError) in try env.resolveMain(type) }
        }
        guard registration.form == .plain else {
            throw mismatch(slot, registration, given: [])
        }
        let factory = unsafeDowncast(registration, to: MainRegistration<Value>.self).factory
        return try resolve(type, slot: slot, registration, track: .main, in: env) { try factory() }
    }

    /// `resolveMainIfRegistered` without the resolution trace.
    @inlinable @MainActor
    func resolveMainIfRegisteredUntraced<Value>(
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

    /// Resolves a service from the main actor on whichever track it is registered (under `tags`).
    ///
    /// Generated code uses this for the dependencies of a `@MainActor` service, which may be
    /// Sendable services or MainActor services.
    @inlinable @MainActor
    func resolveOnEitherTrack<Value>(
        _ type: Value.Type,
        tags: TagSet = .empty,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        if let value = cachedValueOnEitherTrack(type, tags: tags) {
            return value
        }
        guard let (slot, registration, owner) = registration(for: type, tags: tags) else {
            throw .notRegistered(type, tags: tags)
        }
        guard owner === self else {
            return try delegate(type, tags: tags, to: owner) { env throws(ServiceError) in
                try owner.resolveOnEitherTrack(type, tags: tags, in: env)
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
        try resolve(type, slot: slot, Builder(registration), track: track, in: env, make: make)
    }

    /// `resolve(_:slot:_:track:in:make:)` with what it reads of the registration.
    @inlinable
    func resolve<Value>(
        _ type: Value.Type,
        slot: Slot,
        _ builder: Builder,
        track: Track,
        in env: ServiceEnv,
        make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        let key = ObjectIdentifier(type)
        let cell = ThreadFrame.cell
        let parent = FrameParent.active(in: cell)
        switch builder.sharing {
        case .none:
            var frame = try SyncFrame(slot, key: key, below: parent, in: env.storage)
            return try frame.construct(in: cell) { try env.storage.made(by: make, track: track, in: env) }
        case .graph:
            let graphKey = GraphKey(slot, track: track)
            if let object = parent.graphObject(for: graphKey) {
                return GraphValue.value(of: object, as: Value.self)
            }
            var frame = try SyncFrame(slot, key: key, below: parent, in: env.storage)
            let value = try frame.construct(in: cell) { try env.storage.made(by: make, track: track, in: env) }
            parent.storeGraphObject(GraphValue.object(for: value), for: graphKey)
            return value
        case .cached, .weak:
            if !isWithinScope && builder.isScoped {
                throw outsideScope(slot)
            }
            let frame = try ResolutionFrame.beginConstruction(
                type,
                tags: slot.tags,
                key: key,
                below: parent,
                isAsync: false,
            )
            return try resolveShared(
                type,
                slot: slot,
                track: track,
                frame: frame,
                below: parent,
                in: env,
                builtBy: builder,
                make: { try env.storage.made(by: make, track: track, in: env) },
            )
        }
    }

    /// The cached instance in `slot` on `track`, if any.
    @inlinable
    func cachedValue<Value>(_ type: Value.Type, in slot: Slot, track: Track) -> Value? {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        return slot.cachedValue(type, on: track)
    }
}
