extension ServiceEnv {
    /// Opens a scope: a cheap child environment for one unit of work (a request, a job, a session).
    ///
    /// A scope shares its parent's services instead of rebuilding them:
    /// - a singleton or custom-scoped service registered in the parent (or above) is built and
    ///   cached **once, by the parent**, and every scope gets that one instance;
    /// - a ``ServiceScope/scoped`` service gets one instance per scope;
    /// - a transient or graph-scoped service is built in the scope, so it sees what the scope
    ///   registers (the request's context, say);
    /// - what the scope registers itself lives and dies with the scope.
    ///
    /// A shared service that depends on something only a scope provides would keep one scope's
    /// value for every scope: resolving it throws
    /// ``ServiceUsageError/captiveDependency(serviceType:dependency:environment:)`` instead.
    ///
    /// Compare ``init(name:parent:)``, an *override* environment, which builds and caches its
    /// own instance of everything it inherits, so that a test's overrides reach inherited
    /// services. Use a scope for work that must share the application's state; use an override
    /// environment to replace services in tests.
    ///
    /// ```swift
    /// struct RequestContext: Sendable { let id: Int }
    /// final class NoteStore: Sendable {}
    ///
    /// let app = ServiceEnv(name: "app")
    /// app.register(NoteStore.self) { NoteStore() }
    ///
    /// let request = app.makeScope(named: "request 1")
    /// request.register(RequestContext(id: 1))
    /// let store = try request.resolve(NoteStore.self)  // the app's one NoteStore
    /// ```
    public func makeScope(named name: String) -> ServiceEnv {
        ServiceEnv(storage: ServiceStorage(name: name, parent: .passUnretained(storage), isScope: true))
    }

    /// Whether this environment is a scope opened with ``makeScope(named:)`` or
    /// `withScope(named:_:)`.
    ///
    /// ```swift
    /// print(ServiceEnv.online.makeScope(named: "job").isScope)  // true
    /// ```
    public var isScope: Bool { storage.isScope }

    /// Opens a scope, binds it as ``current`` while `body` runs, and hands it to `body`.
    ///
    /// Register the unit of work's own values on the scope first; every resolve, `@Service`
    /// wrapper and factory inside `body` then sees them, and shares the parent's singletons.
    ///
    /// ```swift
    /// struct RequestContext: Sendable { let id: Int }
    ///
    /// let app = ServiceEnv(name: "app")
    /// let id = try app.withScope(named: "request 7") { scope in
    ///     scope.register(RequestContext(id: 7))
    ///     return try ServiceEnv.current.resolve(RequestContext.self).id  // 7
    /// }
    /// ```
    public func withScope<Value>(
        named name: String,
        _ body: (ServiceEnv) throws -> Value,
    ) rethrows -> Value {
        let scope = makeScope(named: name)
        return try ServiceEnv.$current.withValue(scope) { try body(scope) }
    }

    /// Opens a scope, binds it as ``current`` while the `async` `body` runs, and hands it to `body`.
    ///
    /// `body` runs on the caller's actor (`isolation`, which defaults to it), so a handler on the
    /// main actor, or on any actor, does not hop executors to open the scope.
    ///
    /// ```swift
    /// struct RequestContext: Sendable { let id: Int }
    ///
    /// func handle(id: Int, app: ServiceEnv) async throws -> Int {
    ///     try await app.withScope(named: "request \(id)") { scope in
    ///         scope.register(RequestContext(id: id))
    ///         return try await ServiceEnv.current.resolveAsync(RequestContext.self).id
    ///     }
    /// }
    /// ```
    public func withScope<Value>(
        named name: String,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (ServiceEnv) async throws -> Value,
    ) async rethrows -> Value {
        let scope = makeScope(named: name)
        // NB: the task-local itself, as `$current.withValue` would (no synchronous construction
        // runs around an asynchronous body), one async frame fewer; on the caller's actor, so
        // that neither the scope nor the body hops executors.
        let local = ServiceEnv.$current.local
        return try await local.withValue(scope, operation: { try await body(scope) }, isolation: isolation)
    }
}
