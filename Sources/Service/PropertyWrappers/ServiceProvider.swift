/// A dependency that resolves its service again on every call, in the environment it was
/// created in; the registered scope decides whether a call builds a new instance.
///
/// Where ``Lazy`` resolves once and keeps the value, a provider is a factory: take a
/// `ServiceProvider<Request>` to make a fresh transient `Request` per call. Like `Lazy`, it
/// resolves nothing when it is created, so it also breaks a construction cycle.
///
/// A type only `registerMain` registers resolves on the MainActor track: a call on the main actor
/// resolves it there, ``resolveAsync()`` hops to the main actor, and a call elsewhere fails with
/// ``ServiceUsageError/mainActorService(serviceType:environment:)``.
///
/// ```swift
/// struct Request: Sendable { let id = Int.random(in: 0..<1_000) }
///
/// let env = ServiceEnv(name: "provider")
/// env.register(Request.self, scope: .transient) { Request() }
/// let makeRequest = ServiceProvider(Request.self, in: env)
/// let first = try makeRequest()   // a new Request
/// let second = try makeRequest()  // another one
/// ```
public struct ServiceProvider<Value: Sendable>: Sendable {
    private let environment: WeakEnvironment

    /// A provider of `type`, resolving in `env` (by default the current one).
    ///
    /// The provider does not keep `env` alive: a service cached in `env` that holds a provider of
    /// its own environment would otherwise keep both alive forever. Calling a provider whose
    /// environment is gone throws ``ServiceUsageError/environmentReleased(environment:)``.
    public init(_ type: Value.Type = Value.self, in env: ServiceEnv = .current) {
        self.environment = WeakEnvironment(env)
    }

    /// Resolves the service now.
    ///
    /// - Throws: the ``ServiceError`` of the resolution.
    public func callAsFunction() throws(ServiceError) -> Value {
        try environment.get(for: Value.self).resolveDeferred(Value.self)
    }

    /// Resolves the service now, awaiting its factory if it is `async`.
    ///
    /// ```swift
    /// struct Page: Sendable {}
    /// func next(pages: ServiceProvider<Page>) async throws -> Page {
    ///     try await pages.resolveAsync()
    /// }
    /// ```
    public func resolveAsync() async throws(ServiceError) -> Value {
        try await environment.get(for: Value.self).resolveDeferredAsync(Value.self)
    }
}

/// An environment referenced without keeping its storage alive.
struct WeakEnvironment: Sendable {
    let name: String
    weak let storage: ServiceStorage?

    init(_ env: ServiceEnv) {
        self.name = env.name
        self.storage = env.storage
    }

    /// The environment, or the error for resolving `type` after it was released.
    func get(for type: Any.Type) throws(ServiceError) -> ServiceEnv {
        guard let storage else {
            throw .factoryFailed(
                serviceType: String(describing: type),
                underlyingError: ServiceUsageError.environmentReleased(environment: name),
            )
        }
        return ServiceEnv(storage: storage)
    }
}
