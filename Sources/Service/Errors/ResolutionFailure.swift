/// A ``ServiceError`` together with where it happened: the environment that was asked and the
/// services that were being built.
///
/// ``ServiceError`` keeps the cases and `description` texts of the original library, so it cannot
/// carry more; the calls that report where a failure happened throw this instead:
/// ``ServiceEnv/require(_:)``, ``ServiceEnv/requireAsync(_:)``, ``ServiceEnv/requireMain(_:)``,
/// and the `get()` of every property wrapper, whose trap message is this error's description.
///
/// ```swift
/// struct RequestContext: Sendable {}
/// struct NoteService: Sendable { let context: RequestContext }
///
/// let app = ServiceEnv(name: "app")
/// app.register(NoteService.self) { NoteService(context: try ServiceEnv.current.resolve(RequestContext.self)) }
/// do {
///     _ = try app.makeScope(named: "request 42").require(NoteService.self)
/// } catch {
///     print(error.environment)  // "request 42"
///     print(error.chain)        // ["NoteService", "RequestContext"]
///     print(error)  // Service 'RequestContext' is not registered in ServiceEnv (environment 'request 42';
///                   // resolving NoteService -> RequestContext)
/// }
/// ```
public struct ResolutionFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, exactly as `resolve` throws it.
    public let error: ServiceError
    /// The name of the environment that was asked.
    public let environment: String
    /// The services that were being built, outermost first, ending with the one that failed
    /// (for ``ServiceError/notRegistered(serviceType:)``, the missing one).
    public let chain: [String]
    /// How to fix the failure, when the environment knows more than the error says: for a
    /// service that is not registered, that it is registered on the other track, that an
    /// assembly declares it `#external` (per scope, or for you to register), that its type is
    /// registered under other tags, or for an array, that its element type is registered (take
    /// every one with ``All``). Nil otherwise.
    ///
    /// ```swift
    /// @MainActor final class ViewModel {}
    /// @MainActor func show(env: ServiceEnv) {
    ///     env.registerMain(ViewModel.self) { ViewModel() }
    ///     do {
    ///         _ = try env.require(ViewModel.self)  // the Sendable track
    ///     } catch {
    ///         print(error.hint ?? "")  // it is registered with registerMain, on the MainActor track: …
    ///     }
    /// }
    /// ```
    public let hint: String?

    /// Creates a failure; the library creates these, tests may too.
    ///
    /// ```swift
    /// let failure = ResolutionFailure(
    ///     error: .notRegistered(serviceType: "Clock"),
    ///     environment: "app",
    ///     chain: ["Clock"],
    /// )
    /// ```
    public init(error: ServiceError, environment: String, chain: [String], hint: String? = nil) {
        self.error = error
        self.environment = environment
        self.chain = chain
        self.hint = hint
    }

    /// The error's description followed by the environment and the chain, and the hint if there
    /// is one.
    ///
    /// ```swift
    /// let failure = ResolutionFailure(error: .notRegistered(serviceType: "Clock"), environment: "app", chain: ["Clock"])
    /// print(failure)  // Service 'Clock' is not registered in ServiceEnv (environment 'app'; resolving Clock)
    /// ```
    public var description: String {
        let base = error.description
        let location = "(environment '\(environment)'; resolving \(chain.joined(separator: " -> ")))"
        let located = base.contains("\n") ? base + "\n" + location : base + " " + location
        return hint.map { "\(located): \($0)" } ?? located
    }
}

extension ServiceEnv {
    /// Resolves a Sendable service like ``resolve(_:)-4e43e``, but a failure says where it happened.
    ///
    /// Use it where an error is reported rather than handled: a server handler that turns a
    /// missing registration into an error response and a log line naming the environment and
    /// the chain.
    ///
    /// ```swift
    /// struct Clock: Sendable {}
    /// let env = ServiceEnv(name: "app")
    /// do {
    ///     _ = try env.require(Clock.self)
    /// } catch {
    ///     print(error)  // Service 'Clock' is not registered in ServiceEnv (environment 'app'; resolving Clock)
    /// }
    /// ```
    @inlinable @discardableResult
    public func require<S: Sendable>(_ type: S.Type) throws(ResolutionFailure) -> S {
        try FailureTrace.locating(in: self, asking: type, on: .sendable) { () throws(ServiceError) -> S in
            try resolve(type)
        }
    }

    /// Resolves a Sendable service registered under exactly `tags` like
    /// ``resolve(_:tags:)-(_,Tag)``, but a failure says where it happened.
    ///
    /// ```swift
    /// struct Endpoint: Sendable { let host: String }
    /// let env = ServiceEnv(name: "app")
    /// env.register(Endpoint.self, tags: "backup") { Endpoint(host: "backup.example.com") }
    /// do {
    ///     _ = try env.require(Endpoint.self, tags: "replica")
    /// } catch {
    ///     print(error)  // Service 'Endpoint[tag: "replica"]' is not registered in ServiceEnv (environment 'app';
    ///                   // resolving Endpoint[tag: "replica"]): its type is registered only as …
    /// }
    /// ```
    @inlinable @discardableResult
    public func require<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) throws(ResolutionFailure) -> S {
        let tagSet = tagSet(repeat each tags)
        return try FailureTrace.locating(in: self, asking: type, tags: tagSet, on: .sendable) {
            () throws(ServiceError) -> S in
            try resolve(type, tagSet: tagSet)
        }
    }

    /// Resolves a Sendable service like ``resolveAsync(_:tags:)-(_,Tag)``, but a failure says where it
    /// happened.
    ///
    /// ```swift
    /// struct Catalog: Sendable {}
    /// func load(env: ServiceEnv) async throws(ResolutionFailure) -> Catalog {
    ///     try await env.requireAsync(Catalog.self)
    /// }
    /// ```
    @inlinable @discardableResult
    public func requireAsync<S: Sendable>(_ type: S.Type) async throws(ResolutionFailure) -> S {
        try await FailureTrace.locatingAsync(in: self, asking: type) { () async throws(ServiceError) -> S in
            try await resolveAsync(type)
        }
    }

    /// Resolves a MainActor-track service like ``resolveMain(_:)``, but a failure says where it
    /// happened.
    ///
    /// ```swift
    /// @MainActor final class ViewModel {}
    /// @MainActor func show(env: ServiceEnv) throws(ResolutionFailure) {
    ///     _ = try env.requireMain(ViewModel.self)
    /// }
    /// ```
    @MainActor @inlinable @discardableResult
    public func requireMain<S>(_ type: S.Type) throws(ResolutionFailure) -> S {
        try FailureTrace.locating(in: self, asking: type, on: .main) { () throws(ServiceError) -> S in
            try resolveMain(type)
        }
    }

    /// Resolves a Sendable service registered under exactly `tags` like
    /// ``resolveAsync(_:tags:)-(_,Tag)``, but a failure says where it happened.
    ///
    /// ```swift
    /// struct Catalog: Sendable {}
    /// func load(env: ServiceEnv) async throws(ResolutionFailure) -> Catalog {
    ///     try await env.requireAsync(Catalog.self, tags: "archive")
    /// }
    /// ```
    @inlinable @discardableResult
    public func requireAsync<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) async throws(ResolutionFailure) -> S {
        let tagSet = tagSet(repeat each tags)
        return try await FailureTrace.locatingAsync(in: self, asking: type, tags: tagSet) {
            () async throws(ServiceError) -> S in
            try await resolveAsync(type, tagSet: tagSet)
        }
    }

    /// Resolves a MainActor-track service registered under exactly `tags` like
    /// ``resolveMain(_:tags:)-(_,Tag)``, but a failure says where it happened.
    ///
    /// ```swift
    /// @MainActor final class Banner {}
    /// @MainActor func show(env: ServiceEnv) throws(ResolutionFailure) {
    ///     _ = try env.requireMain(Banner.self, tags: "welcome")
    /// }
    /// ```
    @MainActor @inlinable @discardableResult
    public func requireMain<S, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) throws(ResolutionFailure) -> S {
        let tagSet = tagSet(repeat each tags)
        return try FailureTrace.locating(in: self, asking: type, tags: tagSet, on: .main) {
            () throws(ServiceError) -> S in
            try resolveMain(type, tagSet: tagSet)
        }
    }
}
