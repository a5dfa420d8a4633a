/// What a scope does differently: it leaves shared services to the environment that registered
/// them, and it turns a dependency that only a scope can provide into a named error; and the
/// errors of a service resolved where, or in a way, it cannot be built.
extension ServiceStorage {
    /// Resolves a service that a scope leaves to `owner`, with `owner` as the environment its
    /// factory resolves in; a dependency `owner` cannot provide but a scope can is reported as
    /// a captive dependency.
    @usableFromInline
    func delegate<Value>(
        _ type: Any.Type,
        tags: TagSet,
        to owner: ServiceStorage,
        _ resolve: (ServiceEnv) throws(ServiceError) -> Value,
    ) throws(ServiceError) -> Value {
        do {
            return try resolve(ServiceEnv(storage: owner))
        } catch {
            throw captive(error, building: type, tags: tags, in: owner)
        }
    }

    /// The async form of `delegate(_:tags:to:_:)`.
    @usableFromInline
    func delegateAsync<Value>(
        _ type: Any.Type,
        tags: TagSet,
        to owner: ServiceStorage,
        _ resolve: (ServiceEnv) async throws(ServiceError) -> Value,
    ) async throws(ServiceError) -> Value {
        do {
            return try await resolve(ServiceEnv(storage: owner))
        } catch {
            throw captive(error, building: type, tags: tags, in: owner)
        }
    }

    /// `error`, or a captive-dependency error when it says that `owner`, building `type` for this
    /// scope, missed a dependency that this scope (or a scope between it and `owner`) provides.
    func captive(_ error: ServiceError, building type: Any.Type, tags: TagSet, in owner: ServiceStorage) -> ServiceError
    {
        let dependency: String
        switch error {
        case .notRegistered(let name):
            guard providesInScope(name, below: owner) else {
                return error
            }
            dependency = name
        case .factoryFailed(_, let underlying as ServiceUsageError):
            guard case .outsideScope(let name, _) = underlying else {
                return error
            }
            dependency = name
        default:
            return error
        }
        let service = serviceName(type, tags: tags)
        let reason = ServiceUsageError.captiveDependency(
            serviceType: service,
            dependency: dependency,
            environment: owner.name,
        )
        return .factoryFailed(serviceType: service, underlyingError: reason)
    }

    /// Whether a scope from this storage up to (not including) `owner` registers a key named `name`.
    private func providesInScope(_ name: String, below owner: ServiceStorage) -> Bool {
        var storage: ServiceStorage? = self
        while let current = storage, current !== owner {
            if current.isScope
                && current.ownRegistrations().contains(where: { serviceName($0.type, tags: $0.tags) == name })
            {
                return true
            }
            storage = current.parent
        }
        return false
    }

    /// The error for a `.scoped` service resolved in an environment that is not (inside) a scope.
    @usableFromInline
    func outsideScope(_ slot: Slot) -> ServiceError {
        .factoryFailed(
            serviceType: slot.name,
            underlyingError: ServiceUsageError.outsideScope(serviceType: slot.name, environment: name),
        )
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
