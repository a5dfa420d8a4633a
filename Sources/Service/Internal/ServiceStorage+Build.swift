/// The hot path of a synchronous Sendable-track resolve: the cached instance, or a transient or
/// graph-scoped build, with no closure context, task-local or allocation besides the instance.
///
/// Like the rest of the resolve paths these are `@inlinable` and thin, so that they are
/// specialised where `resolve` is called.
extension ServiceStorage {
    /// The cached instance of `type` on the Sendable track, or else its slot and its own untagged
    /// registration when that is a synchronous one without arguments; `.other` for every other
    /// case, and for every resolve while a resolution trace is on, which `resolveUncached`
    /// handles.
    ///
    /// Both are read in one gate section, after a look at the cache word for `immortalTag`, whose
    /// instance needs none. The slot is not retained (slots live as long as their storage); the
    /// registration is, once, since a new registration may replace it and the gate may reclaim it
    /// as soon as the section ends.
    @inlinable @inline(__always)
    func entry<Value: Sendable>(_ type: Value.Type) -> Entry<Value> {
        guard let slot = lookup(ObjectIdentifier(type)) else {
            return .other
        }
        return entry(type, in: slot)
    }

    /// What `entry(_:)` finds in `slot`, the slot of `type` in this storage.
    @inlinable @inline(__always)
    func entry<Value: Sendable>(_ type: Value.Type, in slot: Slot) -> Entry<Value> {
        // NB: a traced resolve takes the `.other` path, which traces it.
        guard !ResolutionTracing.isOn else {
            return .other
        }
        // NB: before the section, which a tagged cache does not need.
        if let value = slot.immortalValue(type, on: .sendable) {
            return .cached(value)
        }
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        let cache = slot.loadCache(.sendable)
        #if DEBUG
            ReaderGate.yieldInsideSectionForTesting(in: self) {
                slot.loadCache(.sendable) != cache
            }
        #endif
        if cache != 0 {
            return .cached(RetainedBits.object(cache, as: ValueBox<Value>.self)._withUnsafeGuaranteedRef { $0.value })
        }
        // NB: read only when nothing is cached, in the same section.
        let bits = slot.registrationBits
        guard bits != 0 else {
            return .other
        }
        if bits & Slot.inlineBit != 0 {
            #if DEBUG
                // NB: as for the cache above: a replacement that retires the factory's context
                // runs while this reader is about to read it.
                ReaderGate.yieldInsideSectionForTesting(in: self) {
                    slot.registrationBits != bits
                }
            #endif
            return .buildInline(slot, slot.inlineFactory(Value.self))
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
        from entry: consuming Entry<Value>,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        // NB: consumed, so that the inline factory moves out of it and is not copied.
        switch consume entry {
        case .cached(let value):
            return value
        case .build(let slot, let registration):
            defer { registration.release() }
            return try build(type, slot: slot, registration, in: env)
        case .buildInline(let slot, let factory):
            return try build(type, slot: slot, inline: factory, from: slot, in: env)
        case .other:
            return try resolveUncached(type, in: env)
        }
    }

    /// Builds the instance `entry(_:)` found no cache for. Not inlined into `resolve`, so that
    /// the function a cached read runs stays small: specialised for two types, a larger one is
    /// merged by LLVM into one body behind a thunk, which costs a cached read a third more.
    @inlinable @inline(never)
    func build<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        _ registration: Unmanaged<Registration>,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        let (sharing, isInstance) = registration._withUnsafeGuaranteedRef { ($0.sharing, $0.isInstance) }
        // NB: with a decorator or a trace on, the general path runs them.
        if sharing.isUnshared && !isInstance && !ConstructionHooks.areOn {
            if let value = registration._withUnsafeGuaranteedRef({ forwardedInstance(Value.self, by: $0, in: env) }) {
                return value
            }
            return try buildUnshared(type, slot: slot, registration, inGraph: sharing == .graph, in: env)
        }
        return try build(type, slot: slot, registration.takeUnretainedValue(), in: env)
    }

    /// When `registration` is a forward (`ForwardRegistration`) and its target has an instance
    /// cached in `env`, that instance as the key; nil for any other registration, and while a
    /// decorator or a trace is on, which the forward's construction frame runs.
    ///
    /// NB: the frame is what names the key in a failure's chain and finds a cycle; reading a
    /// cached instance can do neither, so it needs none.
    @inlinable @inline(__always)
    func forwardedInstance<Value: Sendable>(
        _ type: Value.Type,
        by registration: Registration,
        in env: ServiceEnv,
    ) -> Value? {
        guard registration.origin == .forward, !ConstructionHooks.areOn else {
            return nil
        }
        return unsafeDowncast(registration, to: ForwardRegistration<Value>.self).cachedTarget(env.storage)
    }

    /// `build(_:slot:_:in:)` for the registration `source` holds inline (`slot` itself, or for a
    /// scope an ancestor's slot), whose `factory` was read in a gate section. Not inlined, as
    /// `build(_:slot:_:in:)` is not.
    @inlinable @inline(never)
    func build<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        inline factory: @escaping @Sendable () throws -> Value,
        from source: Slot,
        in env: ServiceEnv,
    ) throws(ServiceError) -> Value {
        let scope = source.inlineScope
        if scope == .instance {
            if source.inlineFacts.contains(.boxedInstance) {
                return publishBoxedInstance(slot, factory)
            }
            return try publishInstance(slot, factory)
        }
        let sharing = scope.sharing
        // NB: with a decorator or a trace on, the general path runs them.
        if sharing.isUnshared && !ConstructionHooks.areOn {
            return try buildUnshared(type, slot: slot, inGraph: sharing == .graph, in: env) { _ throws -> Value in
                try factory()
            }
        }
        return try resolve(type, slot: slot, Builder(inline: source), track: .sendable, in: env, make: factory)
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
            if let value = forwardedInstance(type, by: registration, in: env) {
                return value
            }
            let make = unsafeDowncast(registration, to: InjectableRegistration<Value>.self).make
            return try resolve(type, slot: slot, registration, track: .sendable, in: env) { try make(env) }
        }
        // NB: an `InlineRegistration` takes `build(_:slot:inline:from:in:)` (see `buildOwn`).
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
        slot: Slot,
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
    /// graph scope, its entry in the root frame). Callers take it only while no decorator and no
    /// trace is on (`ConstructionHooks`): it runs neither.
    @inlinable @inline(__always)
    func buildUnshared<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
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
}

/// What `entry(_:)` found.
@usableFromInline
enum Entry<Value: Sendable> {
    /// The cached instance.
    case cached(Value)
    /// No cached instance; the slot and its registration (retained once: release it when done)
    /// to build one with `build(_:slot:_:in:)`.
    case build(Slot, Unmanaged<Registration>)
    /// No cached instance; the slot and the factory of the registration it holds inline.
    case buildInline(Slot, @Sendable () throws -> Value)
    /// Anything else: not registered here, inherited, tagged, with arguments, `async` or on the
    /// MainActor track.
    case other
}
