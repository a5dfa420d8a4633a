public import Synchronization

/// Weak constructions: the instance of a `WeakScope.weak` registration, shared while something
/// else holds it and built again, exactly once however many tasks ask at once, after its last
/// holder released it.
///
/// The slot keeps a weak reference in its locked state, not a pointer in its cache, so the
/// lock-free cached read never sees a weak service and every resolve of one comes here.
extension ServiceStorage {
    /// Returns the living instance, or builds one exactly once however many tasks ask at once.
    @inlinable
    func resolveWeak<Value>(
        _ type: Value.Type,
        slot: Slot,
        track: Track,
        frame: ResolutionFrame,
        below parent: FrameParent,
        in env: ServiceEnv,
        builtBy registration: Registration,
        make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        while true {
            let construction = Construction(frame: frame)
            var decision: WeakDecision?
            var built: Result<Value, ServiceError>?
            construction.latch.withLock { _ in
                decision = slot.decideWeak(for: construction)
                guard case .construct(let generation)? = decision else {
                    return
                }
                let result = Result { () throws(ServiceError) -> Value in
                    var running = SyncFrame(running: frame, of: slot, below: parent, in: env.storage)
                    return try running.construct(in: ThreadFrame.cell, make)
                }
                // NB: `WeakScope` registrations build class instances, so this is no box.
                let object = (try? result.get()).map { $0 as AnyObject }
                slot.finishWeakConstruction(generation: generation, publishing: object, builtBy: registration)
                built = result
            }
            if let built {
                construction.finish()
                return try built.get()
            }
            switch decision {
            case .alive(let object)?:
                // NB: the object was built as a `Value` by this slot's registration.
                return object as! Value
            case .wait(let running)? where running.isAsync:
                throw asyncConstructionInProgress(slot)
            case .wait(let running)?:
                try ConstructionCoordinator.shared.wait(for: running, from: frame)
            case .construct?, nil:
                preconditionFailure("a construction always records its result")
            }
        }
    }
}

/// What a resolve of a weak instance found under the slot lock.
@usableFromInline
enum WeakDecision {
    /// The instance is alive; the caller now holds it.
    case alive(AnyObject)
    /// Another resolution is building it.
    case wait(Construction)
    /// The caller builds it; `generation` is the slot's generation at the start.
    case construct(generation: UInt64)
}

extension Slot {
    /// Decides, under the slot lock, whether to return the living instance, wait, or build with
    /// `construction`.
    @usableFromInline
    func decideWeak(for construction: Construction) -> WeakDecision {
        withState { state in
            if let object = state.weakInstance {
                return .alive(object)
            }
            if let running = state.construction {
                return .wait(running)
            }
            state.construction = construction
            return .construct(generation: state.generation)
        }
    }

    /// Ends a weak construction and keeps a weak reference to `object`, unless a reset happened
    /// meanwhile or the slot no longer has the registration that built it (see
    /// `finishConstruction`).
    @usableFromInline
    func finishWeakConstruction(generation: UInt64, publishing object: AnyObject?, builtBy registration: Registration) {
        withState { state in
            state.construction = nil
            guard let object, mayPublish(now: state.generation, startedAt: generation, builtBy: registration) else {
                return
            }
            state.weakInstance = object
        }
    }
}
