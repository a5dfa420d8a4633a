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
/// finds, in any order. `@Injectable` makes one for each `@Tags` parameter of a type whose
/// initializer is synchronous and that is not `@MainActor`.
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
