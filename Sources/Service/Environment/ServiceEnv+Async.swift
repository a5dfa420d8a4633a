// MARK: - Registering async factories

extension ServiceEnv {
    /// Registers an `async` factory for a Sendable service, optionally under tags.
    ///
    /// Resolve it with ``resolveAsync(_:tags:)-(_,Tag)``; a synchronous ``resolve(_:)-4e43e`` of it throws
    /// ``ServiceError/factoryFailed(serviceType:underlyingError:)`` with
    /// ``ServiceUsageError/asyncFactory(serviceType:)``. A singleton is built exactly once even
    /// when many tasks await it first at the same time; they suspend, they do not block.
    ///
    /// ```swift
    /// struct Catalog: Sendable { let items: [String] }
    /// let env = ServiceEnv(name: "async")
    /// env.register(Catalog.self) { () async throws -> Catalog in
    ///     try await Task.sleep(for: .milliseconds(1))
    ///     return Catalog(items: ["tea"])
    /// }
    /// let catalog = try await env.resolveAsync(Catalog.self)
    /// ```
    public func register<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: ServiceScope = .singleton,
        factory: @escaping @Sendable () async throws -> S,
    ) {
        let registration = AsyncRegistration<S>(scope: scope, argumentTypes: []) { packed in
            guard packed is Void else {
                return nil
            }
            return try await factory()
        }
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }

    /// Registers an `async` factory that runs on the main actor, for a Sendable service of the
    /// MainActor track (a `@MainActor` class, say), optionally under tags.
    ///
    /// Resolve it with ``resolveAsync(_:tags:)-(_,Tag)`` from any isolation: the factory runs on the main
    /// actor, and a singleton is built exactly once even when many tasks await it first at the
    /// same time. Once built, ``resolveMain(_:)`` returns the cached instance too; before, it
    /// throws ``ServiceError/factoryFailed(serviceType:underlyingError:)`` with
    /// ``ServiceUsageError/asyncFactory(serviceType:)``.
    ///
    /// ```swift
    /// @MainActor final class Library {
    ///     let titles: [String]
    ///     init(titles: [String]) { self.titles = titles }
    /// }
    /// @MainActor func setUp(env: ServiceEnv) async throws {
    ///     env.registerMain(Library.self) { () async throws -> Library in
    ///         try await Task.sleep(for: .milliseconds(1))
    ///         return Library(titles: ["Dune"])
    ///     }
    ///     let library = try await env.resolveAsync(Library.self)
    ///     _ = library
    /// }
    /// ```
    @MainActor
    public func registerMain<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: ServiceScope = .singleton,
        factory: @escaping @MainActor () async throws -> S,
    ) {
        let registration = AsyncRegistration<S>(scope: scope, track: .main, argumentTypes: []) { packed in
            guard packed is Void else {
                return nil
            }
            return try await factory()
        }
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }

    /// Registers an `async` factory that takes arguments when it is resolved.
    ///
    /// Scopes with arguments behave as for the synchronous factory that takes arguments,
    /// ``register(_:tags:scope:factory:)-27pjy``.
    ///
    /// ```swift
    /// struct Page: Sendable { let number: Int }
    /// let env = ServiceEnv(name: "async-arguments")
    /// env.register(Page.self) { (number: Int) async in Page(number: number) }
    /// let page = try await env.resolveAsync(Page.self, arguments: 2)
    /// ```
    public func register<S: Sendable, each Tag: Hashable & Sendable, A1: Sendable, each A: Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: ServiceScope = .transient,
        factory: @escaping @Sendable (A1, repeat each A) async throws -> S,
    ) {
        let registration = AsyncRegistration<S>(
            scope: scope,
            argumentTypes: argumentTypes(A1.self, repeat (each A).self),
        ) { packed in
            guard let arguments = packed as? (A1, (repeat each A)) else {
                return nil
            }
            return try await factory(arguments.0, repeat each arguments.1)
        }
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }
}

// MARK: - Resolving with await

extension ServiceEnv {
    /// Returns the instance of a Sendable service, awaiting its factory if it is `async`.
    ///
    /// Works for every Sendable-track registration, synchronous ones included. The resolution
    /// chain, cycle detection and the graph scope carry across the factory's suspensions.
    ///
    /// While another task builds the same singleton, this one suspends until it is built; if this
    /// task is cancelled meanwhile, it stops waiting and throws
    /// ``ServiceError/factoryFailed(serviceType:underlyingError:)`` with a `CancellationError`.
    /// The other task's construction goes on, and is cached.
    ///
    /// It is not an overload of `resolve`: in an `async` function, Swift would prefer an `async`
    /// overload and turn every existing `try env.resolve(T.self)` into a compile error.
    ///
    /// ```swift
    /// struct Catalog: Sendable {}
    /// func load(env: ServiceEnv) async throws {
    ///     let catalog = try await env.resolveAsync(Catalog.self)
    ///     _ = catalog
    /// }
    /// ```
    ///
    /// - Throws: the errors of ``resolve(_:)-4e43e``.
    @inlinable @inline(__always) @discardableResult
    public func resolveAsync<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) async throws(ServiceError) -> S {
        // NB: inlined with what it calls, so that a cached instance costs its caller no frame
        // in the task.
        try await resolveAsync(type, tagSet: tagSet(repeat each tags))
    }

    /// `resolveAsync(_:tags:)` for tags already made. Inlined, as what it calls is (see
    /// `ServiceStorage.resolveAsyncIfRegistered(_:tags:in:)`).
    @inlinable @inline(__always)
    func resolveAsync<S: Sendable>(_ type: S.Type, tagSet tags: TagSet) async throws(ServiceError) -> S {
        guard let value = try await storage.resolveAsyncIfRegistered(type, tags: tags, in: self) else {
            throw .notRegistered(type, tags: tags)
        }
        return value
    }

    /// Returns the instance of a Sendable service built with `arguments`, awaiting its factory
    /// if it is `async`.
    ///
    /// ```swift
    /// struct Page: Sendable {}
    /// func open(env: ServiceEnv) async throws {
    ///     let page = try await env.resolveAsync(Page.self, arguments: 2)
    ///     _ = page
    /// }
    /// ```
    @inlinable @discardableResult
    public func resolveAsync<S: Sendable, each Tag: Hashable & Sendable, A1: Sendable, each A: Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        arguments first: A1,
        _ rest: repeat each A,
    ) async throws(ServiceError) -> S {
        let tags = tagSet(repeat each tags)
        let value = try await storage.resolveAsyncIfRegistered(
            type,
            tags: tags,
            arguments: (first, (repeat each rest)),
            argumentTypes: { argumentTypes(A1.self, repeat (each A).self) },
            in: self,
        )
        guard let value else {
            throw .notRegistered(type, tags: tags)
        }
        return value
    }

    /// Returns the instance of a Sendable service, or `nil` when nothing is registered for it,
    /// awaiting its factory if it is `async`.
    ///
    /// ```swift
    /// struct Catalog: Sendable {}
    /// func load(env: ServiceEnv) async throws {
    ///     let catalog = try await env.resolveAsyncIfRegistered(Catalog.self)  // nil when absent
    ///     _ = catalog
    /// }
    /// ```
    @inlinable @inline(__always)
    public func resolveAsyncIfRegistered<S: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
    ) async throws(ServiceError) -> S? {
        try await storage.resolveAsyncIfRegistered(type, tags: tagSet(repeat each tags), in: self)
    }
}
