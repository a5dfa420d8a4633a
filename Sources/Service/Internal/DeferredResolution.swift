internal import Dispatch

extension ServiceEnv {
    /// Resolves `type` for a ``Lazy`` or a ``ServiceProvider``: on the Sendable track, and, where
    /// only the MainActor track registers it (`registerMain`), there, on the main actor.
    ///
    /// A `@MainActor` service takes a `Lazy` of another one to break a construction cycle between
    /// them, and the `Lazy` resolves later, where it is used; so the MainActor track is tried only
    /// once the Sendable one has no registration of the type, and only on the main actor, where
    /// whatever uses a MainActor service runs: elsewhere the error says so.
    func resolveDeferred<Value: Sendable>(_ type: Value.Type) throws(ServiceError) -> Value {
        do {
            return try resolve(type)
        } catch {
            guard isRegisteredOnlyOnMainActor(type, failure: error) else {
                throw error
            }
            guard MainQueue.isCurrent else {
                let serviceType = String(describing: type)
                throw .factoryFailed(
                    serviceType: serviceType,
                    underlyingError: ServiceUsageError.mainActorService(serviceType: serviceType, environment: name),
                )
            }
            let result = MainActor.assumeIsolated { () -> Result<Value, ServiceError> in
                Result { () throws(ServiceError) -> Value in try resolveMain(type) }
            }
            return try result.get()
        }
    }

    /// `resolveDeferred(_:)` for an `async` resolve, which hops to the main actor when only the
    /// MainActor track registers the type.
    func resolveDeferredAsync<Value: Sendable>(_ type: Value.Type) async throws(ServiceError) -> Value {
        do {
            return try await resolveAsync(type)
        } catch {
            guard isRegisteredOnlyOnMainActor(type, failure: error) else {
                throw error
            }
            let result = await MainActor.run { [self] () -> Result<Value, ServiceError> in
                Result { () throws(ServiceError) -> Value in try resolveMain(type) }
            }
            return try result.get()
        }
    }

    /// Whether `failure`, of resolving `type` on the Sendable track, is that only the MainActor
    /// track registers it (not that a dependency of it is missing).
    ///
    /// NB: `registrar(of:tags:)` only reads, where `registration(for:)` would give a scope a slot
    /// for a shared service found above it, which a resolve off the main actor then never fills.
    private func isRegisteredOnlyOnMainActor(_ type: Any.Type, failure: ServiceError) -> Bool {
        guard case .notRegistered(let missing) = failure, missing == String(describing: type) else {
            return false
        }
        return storage.registrar(of: type, tags: .empty)?.1.track == .main
    }
}

/// Whether the caller runs on the main dispatch queue, where the main actor's executor runs its
/// jobs, on Linux on whichever thread drains that queue (after `dispatchMain()`, not the
/// process's main thread).
///
/// NB: the main actor's own checks (`MainActor.assumeIsolated`, `preconditionIsolated`) trap
/// off it, through `dispatch_assert_queue`, without a message; this one asks the queue. With a
/// custom main executor that runs jobs elsewhere it says no, and the caller throws instead.
private enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }
}
