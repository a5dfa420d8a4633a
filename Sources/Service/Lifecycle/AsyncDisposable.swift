/// A service that releases what it holds (a connection pool, a file, a pending flush) when the
/// environment drops it.
///
/// An instance that the environment built with a factory and cached (a singleton, a
/// custom-scoped or a `.scoped` service) is disposed once its cache is dropped: by
/// ``ServiceEnv/resetCaches()``, ``ServiceEnv/resetScope(_:)``, ``ServiceEnv/resetAll()``, a
/// registration that replaces its scope, track or factory form, the end of the scope that cached
/// it, or ``ServiceEnv/shutdown()``. Disposal runs after the instance has left the cache, once,
/// newest first (so a service is disposed before the services it was built from), one instance
/// at a time; the disposals of different scopes (requests, say) run side by side. A failure does
/// not stop the others: it is kept and thrown by the next ``ServiceEnv/shutdown()`` or
/// ``ServiceEnv/waitForDisposals()``, or handed to ``ServiceEnv/reportDisposalFailures(_:)``'s
/// handler as it happens.
///
/// Transient and graph-scoped instances are not cached, so the environment never disposes them;
/// nor instances handed to `register(_:)`, which the caller owns.
///
/// ```swift
/// actor ConnectionPool: AsyncDisposable {
///     private(set) var isOpen = true
///
///     func dispose() async throws {
///         isOpen = false  // a real pool would close its connections here
///     }
/// }
///
/// func serve() async throws {
///     let services = ServiceEnv(name: "server")
///     services.register(ConnectionPool.self) { ConnectionPool() }
///     let pool = try services.resolve(ConnectionPool.self)
///     // … serve requests until SIGTERM …
///     try await services.shutdown()
///     print(await pool.isOpen)  // false
/// }
/// ```
public protocol AsyncDisposable: Sendable {
    /// Releases what the instance holds. Called once, after the environment has dropped it.
    func dispose() async throws
}

extension ServiceEnv {
    /// Drops every cached instance of this environment and disposes the ``AsyncDisposable`` ones,
    /// newest first, then waits for every disposal this environment and its scopes started.
    ///
    /// Registrations stay: a later resolve builds a new instance. Call it when a server stops or a
    /// test ends; nothing is left half-closed, since a failing disposal does not stop the others.
    ///
    /// ```swift
    /// actor LogFile: AsyncDisposable {
    ///     func dispose() async throws {}  // flush and close
    /// }
    ///
    /// func stop(_ services: ServiceEnv) async {
    ///     do {
    ///         try await services.shutdown()
    ///     } catch {
    ///         print(error)  // every disposal that failed, with its service
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: ``ServiceDisposalError`` with every disposal that failed since the last
    ///   `shutdown()` or ``waitForDisposals()``.
    public func shutdown() async throws(ServiceDisposalError) {
        resetCaches()
        try await waitForDisposals()
    }

    /// Waits for the disposals that resets, replaced registrations and ended scopes started.
    ///
    /// ```swift
    /// actor Session: AsyncDisposable {
    ///     func dispose() async throws {}
    /// }
    ///
    /// func signOut(_ env: ServiceEnv) async throws {
    ///     env.resetScope(.custom("session"))  // starts disposing the session's services
    ///     try await env.waitForDisposals()  // …and waits until they are done
    /// }
    /// ```
    ///
    /// - Throws: ``ServiceDisposalError`` with every disposal that failed since the last
    ///   ``shutdown()`` or `waitForDisposals()`.
    public func waitForDisposals() async throws(ServiceDisposalError) {
        let (failures, omitted) = await storage.disposalReport.settle()
        if !failures.isEmpty {
            throw ServiceDisposalError(environment: name, failures: failures, omittedFailureCount: omitted)
        }
    }

    /// Hands each disposal that fails in this environment or its scopes to `handler` as it fails,
    /// instead of keeping it for the next ``shutdown()`` or ``waitForDisposals()``.
    ///
    /// A server that runs for weeks disposes every request's `.scoped` services as the request
    /// ends; without a handler, the environment keeps the first 1,000 failures and counts the
    /// rest until something collects them. With one, they reach the server's log as they happen,
    /// each with the scope that held the instance. Call it on the environment that owns the
    /// disposals (on a scope, it sets its environment's handler), before the failures it should
    /// see; failures kept before it stay for the next collection. The handler runs on the task that
    /// disposed the instance, outside every lock.
    ///
    /// ```swift
    /// final class RequestLog: AsyncDisposable {
    ///     struct DiskFull: Error {}
    ///     func dispose() async throws { throw DiskFull() }  // flushing failed
    /// }
    ///
    /// let app = ServiceEnv(name: "app")
    /// app.register(RequestLog.self, scope: .scoped) { RequestLog() }
    /// app.reportDisposalFailures { failure in
    ///     print("\(failure.serviceType) in \(failure.environment): \(failure.error)")
    ///     // RequestLog in request 7: DiskFull()
    /// }
    /// try app.withScope(named: "request 7") { _ in
    ///     _ = try ServiceEnv.current.resolve(RequestLog.self)
    /// }
    /// ```
    public func reportDisposalFailures(_ handler: @escaping @Sendable (ServiceDisposalError.Failure) -> Void) {
        storage.disposalReport.report(to: handler)
    }
}
