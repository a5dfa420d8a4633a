/// A dependency that resolves its service again on every call, in the environment it was
/// created in; the registered scope decides whether a call builds a new instance.
///
/// Where ``Lazy`` resolves once and keeps the value, a provider is a factory: take a
/// `ServiceProvider<Request>` to make a fresh transient `Request` per call. Like `Lazy`, it
/// resolves nothing when it is created, so it also breaks a construction cycle.
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
    private let env: ServiceEnv

    /// A provider of `type`, resolving in `env` (by default the current one).
    public init(_ type: Value.Type = Value.self, in env: ServiceEnv = .current) {
        self.env = env
    }

    /// Resolves the service now.
    ///
    /// - Throws: the ``ServiceError`` of the resolution.
    public func callAsFunction() throws(ServiceError) -> Value {
        try env.resolve(Value.self)
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
        try await env.resolveAsync(Value.self)
    }
}
