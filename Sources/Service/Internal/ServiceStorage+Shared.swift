public import Synchronization

/// Shared constructions: singletons, custom-scoped (`.scoped` included) and weak instances, built
/// exactly once however many tasks ask at once, and instances given to `register(_:)`, published
/// as they are.
extension ServiceStorage {
    /// Returns the cached instance, or builds it exactly once however many tasks ask at once.
    @inlinable
    func resolveShared<Value>(
        _ type: Value.Type,
        slot: Slot,
        track: Track,
        frame: Construction,
        below parent: FrameParent,
        in env: ServiceEnv,
        builtBy builder: Builder,
        replacedMayBuild: Bool = false,
        make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        // NB: the frame is the construction the slot keeps while this builds; a decision other
        // than `.construct` leaves it out of the slot, so the next turn offers it again.
        let construction = frame
        while true {
            var decision: SharedDecision?
            var built: Result<Value, ServiceError>?
            var unpublished: UInt = 0
            var held: UInt = 0
            construction.latch.withLock { _ in
                let isWeak = builder.sharing == .weak
                decision = slot.decide(
                    on: track,
                    for: construction,
                    weak: isWeak,
                    builtBy: replacedMayBuild ? 0 : builder.bits,
                )
                guard case .construct? = decision else {
                    return
                }
                let result = Result { () throws(ServiceError) -> Value in
                    var running = SyncFrame(running: frame, of: slot, below: parent, in: env.storage)
                    return try running.construct(in: ThreadFrame.cell, make)
                }
                let value = try? result.get()
                if isWeak {
                    // NB: `WeakScope` registrations build class instances, so this is no box.
                    let object = value.map { $0 as AnyObject }
                    slot.finishWeakConstruction(construction, publishing: object, builtBy: builder.identity)
                    built = result
                    return
                }
                let bits = value.map { RetainedBits.retain(ValueBox($0)) } ?? 0
                held = builder.storedScope == .immortal ? ImmortalInstances.hold(bits) : 0
                unpublished = slot.finishConstruction(
                    construction,
                    on: track,
                    publishing: bits,
                    builtBy: builder.identity,
                    recording: value.flatMap { Self.disposable($0) },
                    in: self,
                )
                built = result
            }
            if let built {
                construction.finish()
                if unpublished != 0 {
                    retire([unpublished])
                }
                if held != 0 {
                    ImmortalInstances.keep(Value.self, held: held, published: unpublished == 0, in: slot, on: track)
                }
                return try built.get()
            }
            switch decision {
            case .cached(let bits)?:
                return RetainedBits.object(bits, as: ValueBox<Value>.self).takeRetainedValue().value
            case .alive(let object)?:
                // NB: the object was built as a `Value` by this slot's registration.
                return object as! Value
            case .wait(let running)? where running.isAsync:
                throw asyncConstructionInProgress(slot)
            case .wait(let running)?:
                try ConstructionCoordinator.shared.wait(for: running, from: frame)
            case .replaced?:
                return try resolveReplaced(
                    type,
                    slot: slot,
                    track: track,
                    frame: frame,
                    below: parent,
                    in: env,
                    builtBy: builder,
                    make: make,
                )
            case .construct?, nil:
                preconditionFailure("a construction always records its result")
            }
        }
    }

    /// The async form of `resolveShared`: waiters suspend instead of blocking.
    @inlinable
    func resolveSharedAsync<Value: Sendable>(
        _ type: Value.Type,
        slot: Slot,
        track: Track = .sendable,
        frame: Construction,
        in env: ServiceEnv,
        builtBy builder: Builder,
        arguments: any Sendable,
        given: [Any.Type],
        replacedMayBuild: Bool = false,
        make: () async throws -> Value,
    ) async throws(ServiceError) -> Value {
        // NB: as in `resolveShared`, the frame is the construction, offered again each turn.
        let construction = frame
        while true {
            // NB: a weak registration has no async factory.
            let registration = replacedMayBuild ? 0 : builder.bits
            switch slot.decide(on: track, for: construction, weak: false, builtBy: registration) {
            case .cached(let bits):
                return RetainedBits.object(bits, as: ValueBox<Value>.self).takeRetainedValue().value
            case .alive(let object):
                return object as! Value
            case .wait(let running):
                try await ConstructionCoordinator.shared.waitAsync(for: running, from: frame)
            case .replaced:
                return try await resolveReplacedAsync(
                    type,
                    slot: slot,
                    track: track,
                    frame: frame,
                    in: env,
                    builtBy: builder,
                    arguments: arguments,
                    given: given,
                    make: make,
                )
            case .construct:
                let result: Result<Value, ServiceError>
                do {
                    result = .success(try await frame.constructAsync(in: env, make))
                } catch {
                    result = .failure(error)
                }
                let value = try? result.get()
                let bits = value.map { RetainedBits.retain(ValueBox($0)) } ?? 0
                let held = builder.storedScope == .immortal ? ImmortalInstances.hold(bits) : 0
                let unpublished = slot.finishConstruction(
                    construction,
                    on: track,
                    publishing: bits,
                    builtBy: builder.identity,
                    recording: value.flatMap { Self.disposable($0) },
                    in: self,
                )
                construction.finish()
                if unpublished != 0 {
                    retire([unpublished])
                }
                if held != 0 {
                    ImmortalInstances.keep(Value.self, held: held, published: unpublished == 0, in: slot, on: track)
                }
                return try result.get()
            }
        }
    }

    /// Publishes the instance that `register(_:)` was given as the cached one of `slot`: there is
    /// nothing to build, so no frame or construction is needed.
    @inlinable
    func publishInstance<Value: Sendable>(
        _ slot: Slot,
        _ instance: () throws -> Value,
    ) throws(ServiceError) -> Value {
        let value: Value
        do {
            value = try instance()
        } catch {
            throw instanceFailure(error, slot: slot)
        }
        publish(ValueBox(value), in: slot)
        return value
    }

    /// `publishInstance(_:_:)` for the factory of a slot with `InlineFacts.boxedInstance`, whose
    /// context is the `ValueBox` holding the instance: publishes that box, retained for the cache.
    @inlinable
    func publishBoxedInstance<Value: Sendable>(
        _ slot: Slot,
        _ factory: @escaping @Sendable () throws -> Value,
    ) -> Value {
        // NB: `factory` holds a retain of its context, so the box is alive while this runs.
        let context = unsafeBitCast(factory, to: (UInt, UInt).self).1
        let box = RetainedBits.object(context, as: ValueBox<Value>.self).takeUnretainedValue()
        publish(box, in: slot)
        return box.value
    }

    /// The error of an instance registration's factory, which never throws in practice.
    @usableFromInline
    func instanceFailure(_ error: any Error, slot: Slot) -> ServiceError {
        .fromFactory(error, name: slot.name)
    }

    /// `value` as an instance to dispose when its cache is dropped, if it is one: a reference, so
    /// that passing "none" through `finishConstruction` copies no existential. A type found not
    /// to conform is remembered (see `NonDisposableTypes`), so its next instance is not cast.
    @inlinable
    static func disposable<Value>(_ value: Value) -> DisposableInstance? {
        // NB: `as Any` opens an existential `Value`; `type(of: value)` would give `Value` itself.
        let dynamicType = unsafeBitCast(type(of: value as Any), to: UInt.self)
        let nonDisposable = NonDisposableTypes.shared
        if nonDisposable.contains(dynamicType) {
            return nil
        }
        guard let disposable = value as? any AsyncDisposable else {
            nonDisposable.insert(dynamicType)
            return nil
        }
        return DisposableInstance(disposable)
    }

    /// Makes `box` the cached instance of `slot` on the Sendable track unless one is cached or
    /// being built.
    @usableFromInline
    func publish(_ box: Box, in slot: Slot) {
        let bits = RetainedBits.retain(box)
        let published = slot.withState { state in
            guard state.construction == nil, slot.loadCache(.sendable) == 0 else {
                return false
            }
            _ = slot.exchangeCache(.sendable, with: bits)
            return true
        }
        if !published {
            RetainedBits.release(bits)
        }
    }
}

/// What a resolve of a shared (singleton or custom) instance found under the slot lock.
@usableFromInline
enum SharedDecision {
    /// The instance is cached; the bits carry one extra retain for the caller.
    case cached(UInt)
    /// The instance of a weak registration is alive; the caller now holds it.
    case alive(AnyObject)
    /// Another resolution is building it.
    case wait(Construction)
    /// The caller builds it, with the construction it offered, now the slot's.
    case construct
    /// Nothing is cached or being built, and the slot no longer has the registration the caller
    /// read: it builds with the one that replaced it (see `resolveReplaced`).
    case replaced
}

extension Slot {
    /// Decides, under the slot lock, whether to return the cache (for a `weak` registration, the
    /// living instance), wait, or build with `construction`; or, when the caller read the
    /// registration whose `Builder/bits` are given (zero: skip the check) and the slot now has
    /// another, that it must build with that one.
    @usableFromInline
    func decide(
        on track: Track,
        for construction: Construction,
        weak: Bool,
        builtBy bits: UInt,
    ) -> SharedDecision {
        withState { state in
            if weak {
                if let object = state.weakObject {
                    return .alive(object)
                }
            } else {
                let bits = loadCache(track)
                if bits != 0 {
                    _ = RetainedBits.object(bits, as: Box.self).retain()
                    return .cached(bits)
                }
            }
            if let running = state.construction {
                return .wait(running)
            }
            // NB: `bits` is the registration word itself but for an object that stands for an
            // inline registration, whose `identity` is the word.
            let current = registrationBits
            if bits != 0, current != 0, current != bits, current != Builder.identity(of: bits) {
                return .replaced
            }
            state.construction = construction
            return .construct
        }
    }

    /// Ends `construction` and publishes `bits` unless a reset happened meanwhile, or the slot no
    /// longer has the registration (of `identity`, see `Registration.identity`) whose factory
    /// built them.
    ///
    /// A resolve reads the registration before it decides to build, so a registration installed
    /// in between (keeping the cache, since its scope is the same) would otherwise see the
    /// instance of the one it replaced published after it: the caller still gets that instance,
    /// as if its resolve had finished first, but the next resolve builds with the new one (and
    /// so does a resolve that waited for this one: see `decide`).
    ///
    /// A published `disposable` is recorded in `storage` under the same lock, so that a reset
    /// cannot drop the instance between its publication and its record.
    ///
    /// Returns the retained pointer the caller must retire: `bits` when it was not published,
    /// otherwise whatever the cache held before (normally nothing).
    @usableFromInline
    func finishConstruction(
        _ construction: Construction,
        on track: Track,
        publishing bits: UInt,
        builtBy identity: UInt,
        recording disposable: DisposableInstance?,
        in storage: ServiceStorage,
    ) -> UInt {
        withState { state in
            state.construction = nil
            guard bits != 0, mayPublish(construction, builtBy: identity) else {
                return bits
            }
            if let disposable {
                storage.record(disposable.instance, service: name, bits: bits)
            }
            return exchangeCache(track, with: bits)
        }
    }
}

extension Slot {
    /// Whether `construction` may publish what the registration whose `identity` is given built:
    /// no reset dropped the slot's caches while it ran, and the slot still has that registration
    /// (or, caching an inherited one, none of its own). Call only while the slot's state is
    /// locked.
    func mayPublish(_ construction: Construction, builtBy identity: UInt) -> Bool {
        let current = registrationBits
        return !construction.isStale && (current == 0 || current == identity)
    }

    /// Ends a weak construction and keeps a weak reference to `object` in the slot's locked state
    /// (never in its cache, so the lock-free cached read never sees a weak service), unless a
    /// reset happened meanwhile or the slot no longer has the registration that built it.
    @usableFromInline
    func finishWeakConstruction(
        _ construction: Construction,
        publishing object: AnyObject?,
        builtBy identity: UInt,
    ) {
        // NB: the reference is made before the lock is taken, so the lock covers no allocation.
        let reference = object.map(WeakInstance.init)
        withState { state in
            state.construction = nil
            guard let reference, mayPublish(construction, builtBy: identity) else {
                return
            }
            state.keepWeakInstance(reference)
        }
    }
}
