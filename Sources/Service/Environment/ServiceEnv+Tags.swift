// MARK: - Registering under tags

extension ServiceEnv {
    /// Registers a factory for a Sendable service under one or more tags.
    ///
    /// The type and its set of tags form the registration's key: the order and repetition of
    /// tags do not matter, and registrations of one type under other tags (or under none)
    /// coexist with it. Registering the same key again replaces it.
    ///
    /// ```swift
    /// struct Endpoint: Sendable { let url: String }
    /// enum Region: Hashable, Sendable { case eu, us }
    ///
    /// let env = ServiceEnv(name: "tags")
    /// env.register(Endpoint.self, tags: Region.eu) { Endpoint(url: "https://eu.example.com") }
    /// env.register(Endpoint.self, tags: Region.us, "primary") { Endpoint(url: "https://us.example.com") }
    /// let eu = try env.resolve(Endpoint.self, tags: Region.eu)
    /// ```
    public func register<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: ServiceScope = .singleton,
        factory: @escaping @Sendable () throws -> S,
    ) {
        let registration = SendableRegistration(scope: scope, factory: factory)
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }

    /// Registers a factory for a MainActor-isolated service under one or more tags.
    ///
    /// ```swift
    /// @MainActor final class Banner { let text: String; init(text: String) { self.text = text } }
    /// @MainActor func setUp() throws {
    ///     let env = ServiceEnv(name: "main-tags")
    ///     env.registerMain(Banner.self, tags: "welcome") { Banner(text: "Hello") }
    ///     let banner = try env.resolveMain(Banner.self, tags: "welcome")
    ///     _ = banner
    /// }
    /// ```
    @MainActor
    public func registerMain<S, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: ServiceScope = .singleton,
        factory: @escaping @MainActor () throws -> S,
    ) {
        storage.install(MainRegistration(scope: scope, factory: factory), for: type, tags: tagSet(repeat each tags))
    }
}

// MARK: - Resolving under tags

extension ServiceEnv {
    /// Returns the instance of a Sendable service registered under exactly `tags`.
    ///
    /// ```swift
    /// struct Endpoint: Sendable { let url: String }
    /// let env = ServiceEnv(name: "tags")
    /// env.register(Endpoint.self, tags: "backup") { Endpoint(url: "https://backup.example.com") }
    /// let backup = try env.resolve(Endpoint.self, tags: "backup")
    /// ```
    ///
    /// - Throws: ``ServiceError/notRegistered(serviceType:)`` naming the type and tags when
    ///   nothing is registered under them, and the errors of ``resolve(_:)-4e43e``.
    @inlinable @discardableResult
    public func resolve<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) throws(ServiceError) -> S {
        let tags = tagSet(repeat each tags)
        return try resolve(type, tagSet: tags)
    }

    /// `resolve(_:tags:)` for tags already made: the public forms' and `require`'s.
    @inlinable
    func resolve<S: Sendable>(_ type: S.Type, tagSet tags: TagSet) throws(ServiceError) -> S {
        guard
            let value = try storage.resolveIfRegistered(
                type,
                tags: tags,
                arguments: (),
                argumentTypes: { [] },
                in: self,
            )
        else {
            throw .notRegistered(type, tags: tags)
        }
        return value
    }

    /// Returns the instance of a MainActor-track service registered under exactly `tags`.
    ///
    /// ```swift
    /// @MainActor final class Banner {}
    /// @MainActor func show(env: ServiceEnv) throws {
    ///     let banner = try env.resolveMain(Banner.self, tags: "welcome")
    ///     _ = banner
    /// }
    /// ```
    @MainActor @inlinable @discardableResult
    public func resolveMain<S, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) throws(ServiceError) -> S {
        try resolveMain(type, tagSet: tagSet(repeat each tags))
    }

    /// `resolveMain(_:tags:)` for tags already made.
    @MainActor @inlinable
    func resolveMain<S>(_ type: S.Type, tagSet tags: TagSet) throws(ServiceError) -> S {
        guard
            let value = try storage.resolveMainIfRegistered(
                type,
                tags: tags,
                arguments: (),
                argumentTypes: { [] },
                in: self,
            )
        else {
            throw .notRegistered(type, tags: tags)
        }
        return value
    }

    /// Returns the instance of a Sendable service, or `nil` when nothing is registered for it
    /// (under `tags`) on the Sendable track.
    ///
    /// A registration that exists but fails still throws: `nil` means "absent", never "broken".
    /// (`resolve(T?.self)` keeps its meaning: it resolves a registration of the type `T?`.)
    ///
    /// ```swift
    /// struct Analytics: Sendable {}
    /// let env = ServiceEnv(name: "optional")
    /// let analytics = try env.resolveIfRegistered(Analytics.self)  // nil: not registered
    /// ```
    @inlinable
    public func resolveIfRegistered<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) throws(ServiceError) -> S? {
        try storage.resolveIfRegistered(
            type,
            tags: tagSet(repeat each tags),
            arguments: (),
            argumentTypes: { [] },
            in: self,
        )
    }

    /// Returns the instance of a MainActor-track service, or `nil` when nothing is registered
    /// for it (under `tags`) on the MainActor track.
    ///
    /// ```swift
    /// @MainActor final class Banner {}
    /// @MainActor func show(env: ServiceEnv) throws {
    ///     if let banner = try env.resolveMainIfRegistered(Banner.self) { _ = banner }
    /// }
    /// ```
    @MainActor @inlinable
    public func resolveMainIfRegistered<S, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) throws(ServiceError) -> S? {
        try storage.resolveMainIfRegistered(
            type,
            tags: tagSet(repeat each tags),
            arguments: (),
            argumentTypes: { [] },
            in: self,
        )
    }

    /// Returns one instance per registration of `type` whose tags include all of `tags`, in the
    /// order the registrations' keys were first made (a parent's before the child's own).
    ///
    /// With no tags, every registration of the type counts, tagged or not. Registrations whose
    /// factories take arguments are skipped, since there are no arguments to give them.
    ///
    /// ```swift
    /// protocol Plugin: Sendable { var name: String { get } }
    /// struct Search: Plugin { let name = "search" }
    /// struct Share: Plugin { let name = "share" }
    ///
    /// let env = ServiceEnv(name: "plugins")
    /// env.register((any Plugin).self, tags: "toolbar", 1) { Search() }
    /// env.register((any Plugin).self, tags: "toolbar", 2) { Share() }
    /// let toolbar = try env.resolveAll((any Plugin).self, tags: "toolbar")  // [Search, Share]
    /// ```
    ///
    /// - Throws: the first error of a registration that fails to build.
    public func resolveAll<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) throws(ServiceError) -> [S] {
        try resolveAll(type, including: tagSet(repeat each tags))
    }

    /// `resolveAll(_:tags:)` for tags already made.
    func resolveAll<S: Sendable>(_ type: S.Type, including tags: TagSet) throws(ServiceError) -> [S] {
        var values: [S] = []
        for (key, slot, registration, owner) in storage.registrations(of: type, including: tags)
        where registration.track == .sendable {
            let value = try storage.delegate(type, tags: key, to: owner) { env throws(ServiceError) in
                try owner.resolve(type, slot: slot, registration, arguments: (), given: { [] }, in: env)
            }
            values.append(value)
        }
        return values
    }
}

extension ServiceEnv {
    /// Returns one instance per registration of `type` whose tags include all of `tags`, awaiting
    /// the factories that are `async`, in the order ``resolveAll(_:tags:)-(_,Tag)`` returns them.
    ///
    /// It finds what ``resolveAsync(_:tags:)-(_,Tag)`` finds: the Sendable track's registrations, and
    /// those with an `async` factory on either track. Registrations whose factories take
    /// arguments are skipped.
    ///
    /// ```swift
    /// protocol HealthCheck: Sendable { var name: String { get } }
    /// actor DatabaseCheck: HealthCheck {
    ///     nonisolated let name = "database"
    ///     static func connect() async throws -> DatabaseCheck { DatabaseCheck() }
    /// }
    /// struct QueueCheck: HealthCheck { let name = "queue" }
    ///
    /// func checks(env: ServiceEnv) async throws -> [String] {
    ///     env.register((any HealthCheck).self, tags: "database") { try await DatabaseCheck.connect() }
    ///     env.register((any HealthCheck).self, tags: "queue") { QueueCheck() }
    ///     return try await env.resolveAllAsync((any HealthCheck).self).map(\.name)  // ["database", "queue"]
    /// }
    /// ```
    ///
    /// - Throws: the first error of a registration that fails to build.
    public func resolveAllAsync<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) async throws(ServiceError) -> [S] {
        try await resolveAllAsync(type, including: tagSet(repeat each tags))
    }

    /// `resolveAllAsync(_:tags:)` for tags already made.
    func resolveAllAsync<S: Sendable>(_ type: S.Type, including tags: TagSet) async throws(ServiceError) -> [S] {
        var values: [S] = []
        for (key, _, registration, _) in storage.registrations(of: type, including: tags)
        where registration.track == .sendable || registration.form == .async {
            if let value = try await storage.resolveAsync(type, exactly: key, in: self) {
                values.append(value)
            }
        }
        return values
    }
}

extension ServiceError {
    /// The error for a key that has no registration on the asked track.
    @usableFromInline
    static func notRegistered(_ type: Any.Type, tags: TagSet) -> ServiceError {
        .notRegistered(serviceType: serviceName(type, tags: tags))
    }
}
