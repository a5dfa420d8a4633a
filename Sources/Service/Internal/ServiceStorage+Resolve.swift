import Synchronization

/// The resolve paths taken when no cached instance exists yet.
extension ServiceStorage {
    /// Resolves a Sendable-track service whose instance is not cached.
    @usableFromInline
    func resolveUncached<Value: Sendable>(_ type: Value.Type, in env: ServiceEnv) throws(ServiceError) -> Value {
        guard let (slot, registration) = registration(for: type), registration.track == .sendable else {
            throw .notRegistered(type)
        }
        let factory = unsafeDowncast(registration, to: SendableRegistration<Value>.self).factory
        return try resolve(type, slot: slot, scope: registration.scope, track: .sendable, in: env, make: factory)
    }

    /// Resolves a MainActor-track service whose instance is not cached.
    @usableFromInline @MainActor
    func resolveMainUncached<Value>(_ type: Value.Type, in env: ServiceEnv) throws(ServiceError) -> Value {
        guard let (slot, registration) = registration(for: type), registration.track == .main else {
            throw .notRegistered(type)
        }
        let factory = unsafeDowncast(registration, to: MainRegistration<Value>.self).factory
        return try resolve(type, slot: slot, scope: registration.scope, track: .main, in: env) { try factory() }
    }

    /// Dispatches on the scope: build, share within the graph, or share through the slot cache.
    private func resolve<Value>(
        _ type: Value.Type,
        slot: Slot,
        scope: ServiceScope,
        track: Track,
        in env: ServiceEnv,
        make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        let key = ObjectIdentifier(type)
        let parent = ResolutionFrame.active
        switch scope {
        case .transient:
            return try ResolutionFrame.begin(type, key: key, below: parent).run(in: env, make)
        case .graph:
            let graphKey = GraphKey(storage: ObjectIdentifier(self), key: key, track: track)
            if let parent, let box = parent.root.graph.withLock({ $0[graphKey] }) {
                return unsafeDowncast(box, to: ValueBox<Value>.self).value
            }
            let frame = try ResolutionFrame.begin(type, key: key, below: parent)
            let value = try frame.run(in: env, make)
            if parent != nil {
                let box = ValueBox(value)
                frame.root.graph.withLock { $0[graphKey] = box }
            }
            return value
        case .singleton, .custom:
            let frame = try ResolutionFrame.begin(type, key: key, below: parent)
            return try resolveShared(type, slot: slot, track: track, frame: frame, in: env, make: make)
        }
    }

    /// What a resolve of a shared (singleton or custom) instance found under the slot lock.
    private enum Decision {
        case cached(UInt)
        case wait(Construction)
        case construct(generation: UInt64)
    }

    /// What `resolveShared` did while it held its construction latch.
    private enum Outcome<Value> {
        case decided(Decision)
        case built(Result<Value, ServiceError>, unpublished: UInt)
    }

    /// Returns the cached instance, or builds it exactly once however many tasks ask at once.
    private func resolveShared<Value>(
        _ type: Value.Type,
        slot: Slot,
        track: Track,
        frame: ResolutionFrame,
        in env: ServiceEnv,
        make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        while true {
            let construction = Construction(frame: frame)
            var outcome: Outcome<Value>?
            construction.latch.withLock { _ in
                let decision = slot.state.withLock { state -> Decision in
                    let bits = slot.loadCache(track)
                    if bits != 0 {
                        _ = RetainedBits.object(bits, as: Box.self).retain()
                        return .cached(bits)
                    }
                    if let running = state.construction {
                        return .wait(running)
                    }
                    state.construction = construction
                    return .construct(generation: state.generation)
                }
                guard case .construct(let generation) = decision else {
                    outcome = .decided(decision)
                    return
                }
                let result = Result { () throws(ServiceError) -> Value in try frame.run(in: env, make) }
                let built = (try? result.get()).map { RetainedBits.retain(ValueBox($0)) } ?? 0
                let unpublished = slot.state.withLock { state -> UInt in
                    state.construction = nil
                    guard built != 0, state.generation == generation else {
                        return built
                    }
                    return slot.exchangeCache(track, with: built)
                }
                outcome = .built(result, unpublished: unpublished)
            }
            switch outcome {
            case .built(let result, let unpublished):
                if unpublished != 0 {
                    retire([unpublished])
                }
                return try result.get()
            case .decided(.cached(let bits)):
                return RetainedBits.object(bits, as: ValueBox<Value>.self).takeRetainedValue().value
            case .decided(.wait(let running)):
                try ConstructionCoordinator.shared.wait(for: running, from: frame)
            case .decided(.construct), nil:
                preconditionFailure("a construction always records its outcome")
            }
        }
    }
}
