/// A set of tags made once, to resolve with where a resolve runs often.
///
/// Each tag of a resolve's `tags:` is put in a box and hashed, on every resolve; a `ServiceTags`
/// does that once, when it is made. Make it where it lives as long as the code that resolves
/// with it, a `static let`:
///
/// ```swift
/// struct Endpoint: Sendable { let url: String }
///
/// enum EndpointTags {
///     static let backup = ServiceTags("backup")
/// }
///
/// let env = ServiceEnv(name: "tags")
/// env.register(Endpoint.self, tags: "backup") { Endpoint(url: "https://backup.example.com") }
/// let backup = try env.resolve(Endpoint.self, tags: EndpointTags.backup)
/// print(backup.url)  // https://backup.example.com
/// ```
///
/// It is the same key as the tags written out: `ServiceTags("a", 1)` finds what `tags: "a", 1`
/// finds, in any order. `@Injectable` makes one for each `@Tags` and `@All(tags:)` parameter.
/// Every form of resolve that takes tags takes one: `resolve`, `resolveIfRegistered`,
/// `resolveAll` and `require`, their `async` forms and their MainActor forms.
public struct ServiceTags: Sendable, CustomStringConvertible {
    @usableFromInline let key: TagSet

    /// Tags made once: each boxed and hashed now.
    ///
    /// ```swift
    /// enum Region: Hashable, Sendable { case eu, us }
    /// let primaryEU = ServiceTags(Region.eu, "primary")
    /// ```
    public init<each Tag: Hashable & Sendable>(_ tags: repeat each Tag) {
        key = tagSet(repeat each tags)
    }

    /// The tags, as errors name them: `"backup", 1`.
    ///
    /// ```swift
    /// print(ServiceTags("backup", 1))  // "backup", 1
    /// ```
    public var description: String {
        key.map(\.description).joined(separator: ", ")
    }
}

extension ServiceEnv {
    /// Returns the instance of a Sendable service registered under exactly `tags`, made once.
    ///
    /// ```swift
    /// struct Endpoint: Sendable { let url: String }
    /// let backupTags = ServiceTags("backup")
    /// let env = ServiceEnv(name: "tags")
    /// env.register(Endpoint.self, tags: "backup") { Endpoint(url: "https://backup.example.com") }
    /// let backup = try env.resolve(Endpoint.self, tags: backupTags)
    /// ```
    ///
    /// - Throws: what ``resolve(_:tags:)-(_,Tag)`` throws.
    @inlinable @discardableResult
    public func resolve<S: Sendable>(_ type: S.Type, tags: ServiceTags) throws(ServiceError) -> S {
        try resolve(type, tagSet: tags.key)
    }

    /// Resolves a Sendable service registered under exactly `tags`, made once, like
    /// ``resolve(_:tags:)-(_,ServiceTags)``, but a failure says where it happened.
    ///
    /// ```swift
    /// struct Endpoint: Sendable { let host: String }
    /// let replicaTags = ServiceTags("replica")
    /// let env = ServiceEnv(name: "app")
    /// env.register(Endpoint.self, tags: "backup") { Endpoint(host: "backup.example.com") }
    /// do {
    ///     _ = try env.require(Endpoint.self, tags: replicaTags)
    /// } catch {
    ///     print(error)  // Service 'Endpoint[tag: "replica"]' is not registered in ServiceEnv (environment 'app';
    ///                   // resolving Endpoint[tag: "replica"]): its type is registered only as …
    /// }
    /// ```
    @inlinable @discardableResult
    public func require<S: Sendable>(_ type: S.Type, tags: ServiceTags) throws(ResolutionFailure) -> S {
        try FailureTrace.locating(in: self, asking: type, tags: tags.key, on: .sendable) {
            () throws(ServiceError) -> S in
            try resolve(type, tagSet: tags.key)
        }
    }

    /// Returns the instance of a Sendable service registered under exactly `tags`, made once, or
    /// `nil` when nothing is registered under them.
    ///
    /// ```swift
    /// struct Endpoint: Sendable { let url: String }
    /// let auditTags = ServiceTags("audit")
    /// let env = ServiceEnv(name: "tags")
    /// let audit = try env.resolveIfRegistered(Endpoint.self, tags: auditTags)  // nil
    /// ```
    @inlinable
    public func resolveIfRegistered<S: Sendable>(_ type: S.Type, tags: ServiceTags) throws(ServiceError) -> S? {
        try storage.resolveIfRegistered(type, tags: tags.key, arguments: (), argumentTypes: { [] }, in: self)
    }

    /// Returns one instance per registration of `type` whose tags include all of `tags`, made
    /// once, in the order ``resolveAll(_:tags:)-(_,Tag)`` returns them.
    ///
    /// ```swift
    /// protocol HealthCheck: Sendable { var name: String { get } }
    /// struct Database: HealthCheck { let name = "database" }
    /// let criticalTags = ServiceTags("critical")
    /// let env = ServiceEnv(name: "health")
    /// env.register((any HealthCheck).self, tags: "critical") { Database() }
    /// print(try env.resolveAll((any HealthCheck).self, tags: criticalTags).map(\.name))  // ["database"]
    /// ```
    public func resolveAll<S: Sendable>(_ type: S.Type, tags: ServiceTags) throws(ServiceError) -> [S] {
        try resolveAll(type, including: tags.key)
    }
}

extension ServiceEnv {
    /// Returns the instance of a Sendable service registered under exactly `tags`, made once,
    /// awaiting its factory if it is `async`.
    ///
    /// ```swift
    /// struct Mirror: Sendable { let url: String }
    /// enum MirrorTags {
    ///     static let nearest = ServiceTags("nearest")
    /// }
    ///
    /// func nearestMirror(env: ServiceEnv) async throws -> String {
    ///     env.register(Mirror.self, tags: "nearest") { () async -> Mirror in Mirror(url: "https://eu.example.com") }
    ///     return try await env.resolveAsync(Mirror.self, tags: MirrorTags.nearest).url  // https://eu.example.com
    /// }
    /// ```
    ///
    /// - Throws: what ``resolveAsync(_:tags:)-(_,Tag)`` throws.
    @inlinable @inline(__always) @discardableResult
    public func resolveAsync<S: Sendable>(_ type: S.Type, tags: ServiceTags) async throws(ServiceError) -> S {
        try await resolveAsync(type, tagSet: tags.key)
    }

    /// Returns the instance of a Sendable service registered under exactly `tags`, made once,
    /// awaiting its factory if it is `async`, or `nil` when nothing is registered under them.
    ///
    /// ```swift
    /// struct Mirror: Sendable { let url: String }
    /// let fallbackTags = ServiceTags("fallback")
    ///
    /// func fallbackMirror(env: ServiceEnv) async throws -> Mirror? {
    ///     try await env.resolveAsyncIfRegistered(Mirror.self, tags: fallbackTags)  // nil when absent
    /// }
    /// ```
    @inlinable @inline(__always)
    public func resolveAsyncIfRegistered<S: Sendable>(
        _ type: S.Type,
        tags: ServiceTags,
    ) async throws(ServiceError) -> S? {
        try await storage.resolveAsyncIfRegistered(type, tags: tags.key, in: self)
    }

    /// Returns one instance per registration of `type` whose tags include all of `tags`, made
    /// once, awaiting the factories that are `async`, as ``resolveAllAsync(_:tags:)-(_,Tag)``
    /// does.
    ///
    /// ```swift
    /// protocol HealthCheck: Sendable { var name: String { get } }
    /// struct QueueCheck: HealthCheck { let name = "queue" }
    /// let criticalTags = ServiceTags("critical")
    ///
    /// func criticalChecks(env: ServiceEnv) async throws -> [String] {
    ///     env.register((any HealthCheck).self, tags: "critical") { QueueCheck() }
    ///     return try await env.resolveAllAsync((any HealthCheck).self, tags: criticalTags).map(\.name)  // ["queue"]
    /// }
    /// ```
    public func resolveAllAsync<S: Sendable>(_ type: S.Type, tags: ServiceTags) async throws(ServiceError) -> [S] {
        try await resolveAllAsync(type, including: tags.key)
    }

    /// Resolves a Sendable service registered under exactly `tags`, made once, like
    /// ``resolveAsync(_:tags:)-(_,ServiceTags)``, but a failure says where it happened.
    ///
    /// ```swift
    /// struct Catalog: Sendable {}
    /// let archiveTags = ServiceTags("archive")
    ///
    /// func load(env: ServiceEnv) async throws(ResolutionFailure) -> Catalog {
    ///     try await env.requireAsync(Catalog.self, tags: archiveTags)
    /// }
    /// ```
    @inlinable @discardableResult
    public func requireAsync<S: Sendable>(_ type: S.Type, tags: ServiceTags) async throws(ResolutionFailure) -> S {
        try await FailureTrace.locatingAsync(in: self, asking: type, tags: tags.key) {
            () async throws(ServiceError) -> S in
            try await resolveAsync(type, tagSet: tags.key)
        }
    }

    /// Returns the instance of a MainActor-track service registered under exactly `tags`, made
    /// once.
    ///
    /// ```swift
    /// @MainActor final class Banner {}
    /// let welcomeTags = ServiceTags("welcome")
    ///
    /// @MainActor func show(env: ServiceEnv) throws {
    ///     env.registerMain(Banner.self, tags: "welcome") { Banner() }
    ///     let banner = try env.resolveMain(Banner.self, tags: welcomeTags)
    ///     _ = banner
    /// }
    /// ```
    ///
    /// - Throws: what ``resolveMain(_:tags:)-(_,Tag)`` throws.
    @MainActor @inlinable @discardableResult
    public func resolveMain<S>(_ type: S.Type, tags: ServiceTags) throws(ServiceError) -> S {
        try resolveMain(type, tagSet: tags.key)
    }

    /// Returns the instance of a MainActor-track service registered under exactly `tags`, made
    /// once, or `nil` when nothing is registered under them on the MainActor track.
    ///
    /// ```swift
    /// @MainActor final class Banner {}
    /// let promotionTags = ServiceTags("promotion")
    ///
    /// @MainActor func showPromotion(env: ServiceEnv) throws {
    ///     if let banner = try env.resolveMainIfRegistered(Banner.self, tags: promotionTags) { _ = banner }
    /// }
    /// ```
    @MainActor @inlinable
    public func resolveMainIfRegistered<S>(_ type: S.Type, tags: ServiceTags) throws(ServiceError) -> S? {
        try storage.resolveMainIfRegistered(type, tags: tags.key, arguments: (), argumentTypes: { [] }, in: self)
    }

    /// Resolves a MainActor-track service registered under exactly `tags`, made once, like
    /// ``resolveMain(_:tags:)-(_,ServiceTags)``, but a failure says where it happened.
    ///
    /// ```swift
    /// @MainActor final class Banner {}
    /// let welcomeTags = ServiceTags("welcome")
    ///
    /// @MainActor func show(env: ServiceEnv) throws(ResolutionFailure) {
    ///     _ = try env.requireMain(Banner.self, tags: welcomeTags)
    /// }
    /// ```
    @MainActor @inlinable @discardableResult
    public func requireMain<S>(_ type: S.Type, tags: ServiceTags) throws(ResolutionFailure) -> S {
        try FailureTrace.locating(in: self, asking: type, tags: tags.key, on: .main) {
            () throws(ServiceError) -> S in
            try resolveMain(type, tagSet: tags.key)
        }
    }
}
