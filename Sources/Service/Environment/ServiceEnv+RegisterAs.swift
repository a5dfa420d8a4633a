// MARK: - Registering an Injectable type under another key

extension ServiceEnv {
    /// Registers an ``Injectable`` type under `key`, a type it converts to (a protocol it
    /// conforms to, say), built by its `make(resolver:)` in the environment that resolves it.
    ///
    /// ```swift
    /// protocol TimeSource: Sendable { var now: Double { get } }
    ///
    /// struct SystemTime: Injectable, TimeSource {
    ///     static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> SystemTime { SystemTime() }
    ///     var now: Double { 0 }
    /// }
    ///
    /// let env = ServiceEnv(name: "time")
    /// env.register(SystemTime.self, as: (any TimeSource).self, scope: .transient) { $0 }
    /// print(try env.resolve((any TimeSource).self).now)  // 0.0
    /// ```
    ///
    /// `convert` turns the built instance into a `key`; `{ $0 }` does it for a protocol the type
    /// conforms to. The type's own key stays unregistered. This is what `#register(T.self, as:)`
    /// in an `@Assembly` registers: the factory is handed the environment it builds in, so a
    /// resolve of `key` costs about what a resolve of an `Injectable` type registered under its
    /// own type does (see <doc:Performance>).
    @inlinable
    public func register<S: Injectable, Key: Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        scope: ServiceScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        install(InjectableRegistration(building: type, as: convert, scope: scope), for: key)
    }

    /// Registers an ``Injectable`` type under `key` and `tags`: one member of an ``All``
    /// collection, or the tagged key a service asks for with ``Tags``.
    ///
    /// ```swift
    /// protocol HealthCheck: Sendable { var name: String { get } }
    ///
    /// struct DatabaseCheck: Injectable, HealthCheck {
    ///     static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> DatabaseCheck { DatabaseCheck() }
    ///     var name: String { "database" }
    /// }
    ///
    /// let env = ServiceEnv(name: "health")
    /// env.register(DatabaseCheck.self, as: (any HealthCheck).self, tags: "database", scope: .singleton) { $0 }
    /// print(try env.resolveAll((any HealthCheck).self).map(\.name))  // ["database"]
    /// ```
    ///
    /// Everything else is as for ``register(_:as:scope:_:)-8ps0z``.
    @inlinable
    public func register<S: Injectable, Key: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: ServiceScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        install(InjectableRegistration(building: type, as: convert, scope: scope), for: key, tags: repeat each tags)
    }
}

extension ServiceEnv {
    /// Registers an ``AsyncInjectable`` type, one whose initializer is `async`, under `key`, a
    /// type it converts to; resolve `key` with ``resolveAsync(_:tags:)-(_,Tag)``.
    ///
    /// ```swift
    /// protocol Feed: Sendable { var name: String { get } }
    ///
    /// struct RemoteFeed: AsyncInjectable, Feed {
    ///     static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) async throws(ServiceError) -> RemoteFeed { RemoteFeed() }
    ///     var name: String { "remote" }
    /// }
    ///
    /// func start() async throws {
    ///     let env = ServiceEnv(name: "feeds")
    ///     env.register(RemoteFeed.self, as: (any Feed).self, scope: .singleton) { $0 }
    ///     print(try await env.resolveAsync((any Feed).self).name)  // remote
    /// }
    /// ```
    ///
    /// This is what `#register(T.self, as:)` registers for a type whose initializer is `async`.
    public func register<S: AsyncInjectable, Key: Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        scope: ServiceScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        storage.install(AsyncRegistration(building: type, as: convert, scope: scope), for: key)
    }

    /// Registers an ``AsyncInjectable`` type under `key` and `tags`.
    ///
    /// ```swift
    /// protocol Feed: Sendable { var name: String { get } }
    ///
    /// struct RemoteFeed: AsyncInjectable, Feed {
    ///     static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) async throws(ServiceError) -> RemoteFeed { RemoteFeed() }
    ///     var name: String { "remote" }
    /// }
    ///
    /// func start() async throws {
    ///     let env = ServiceEnv(name: "feeds")
    ///     env.register(RemoteFeed.self, as: (any Feed).self, tags: "remote", scope: .singleton) { $0 }
    ///     print(try await env.resolveAllAsync((any Feed).self).map(\.name))  // ["remote"]
    /// }
    /// ```
    ///
    /// Everything else is as for ``register(_:as:scope:_:)-8hr1c``.
    public func register<S: AsyncInjectable, Key: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: ServiceScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        let registration = AsyncRegistration(building: type, as: convert, scope: scope)
        storage.install(registration, for: key, tags: tagSet(repeat each tags))
    }
}

extension AsyncRegistration {
    /// An `async` registration of `Value`, a key that `S` converts to with `convert`, built by
    /// `S`'s `make(resolver:)`; its metadata describes `S`.
    convenience init<S: AsyncInjectable>(
        building type: S.Type,
        as convert: @escaping @Sendable (S) -> Value,
        scope: ServiceScope,
    ) {
        self.init(scope: scope, argumentTypes: []) { packed in
            guard packed is Void else {
                return nil
            }
            return convert(try await S.make(resolver: ServiceEnv.current))
        }
        metadata = RegistrationMetadata(service: S.self)
    }
}

extension InjectableRegistration {
    /// A registration of `Value`, a key that `S` converts to with `convert`, built by `S`'s
    /// `make(resolver:)`; its metadata describes `S`, for `validate()` and the graph exports.
    ///
    /// NB: inlinable, so that the factory is specialised for `S` where it is registered.
    @inlinable
    convenience init<S: Injectable>(
        building type: S.Type,
        as convert: @escaping @Sendable (S) -> Value,
        scope: ServiceScope,
    ) {
        self.init(scope: scope) { env throws -> Value in convert(try S.make(resolver: env)) }
        metadata = RegistrationMetadata(service: S.self)
    }
}

// MARK: - Registering a MainInjectable type under another key

extension ServiceEnv {
    /// Registers a ``MainInjectable`` type on the MainActor track under `key`, a type it converts
    /// to (a protocol it conforms to, say), built by its `make(resolver:)` on the main actor.
    ///
    /// ```swift
    /// @MainActor protocol Screen: AnyObject { var title: String { get } }
    ///
    /// @MainActor final class SettingsScreen: MainInjectable, Screen {
    ///     nonisolated static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> SettingsScreen { SettingsScreen() }
    ///     var title: String { "Settings" }
    /// }
    ///
    /// @MainActor func showSettings() throws {
    ///     let env = ServiceEnv(name: "ui")
    ///     env.registerMain(SettingsScreen.self, as: (any Screen).self, scope: .transient) { $0 }
    ///     print(try env.resolveMain((any Screen).self).title)  // Settings
    /// }
    /// ```
    ///
    /// `convert` turns the built instance into a `key`; `{ $0 }` does it for a protocol the type
    /// conforms to. The type's own key stays unregistered. This is what `#registerMain(T.self,
    /// as:)` registers in an `@Assembly`.
    @MainActor @inlinable
    public func registerMain<S: MainInjectable, Key>(
        _ type: S.Type,
        as key: Key.Type,
        scope: ServiceScope,
        _ convert: @escaping @MainActor @Sendable (S) -> Key,
    ) {
        storage.install(MainRegistration(building: type, as: convert, scope: scope), for: key)
    }

    /// Registers a ``MainInjectable`` type on the MainActor track under `key` and `tags`.
    ///
    /// ```swift
    /// @MainActor protocol Screen: AnyObject { var title: String { get } }
    ///
    /// @MainActor final class SettingsScreen: MainInjectable, Screen {
    ///     nonisolated static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> SettingsScreen { SettingsScreen() }
    ///     var title: String { "Settings" }
    /// }
    ///
    /// @MainActor func showSettings() throws {
    ///     let env = ServiceEnv(name: "ui")
    ///     env.registerMain(SettingsScreen.self, as: (any Screen).self, tags: "settings", scope: .singleton) { $0 }
    ///     print(try env.resolveMain((any Screen).self, tags: "settings").title)  // Settings
    /// }
    /// ```
    ///
    /// Everything else is as for ``registerMain(_:as:scope:_:)-9b837``.
    @MainActor @inlinable
    public func registerMain<S: MainInjectable, Key, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: ServiceScope,
        _ convert: @escaping @MainActor @Sendable (S) -> Key,
    ) {
        let registration = MainRegistration(building: type, as: convert, scope: scope)
        storage.install(registration, for: key, tags: tagSet(repeat each tags))
    }

    /// Registers a ``MainAsyncInjectable`` type, one whose initializer is `async`, on the
    /// MainActor track under `key`; resolve `key` with ``resolveAsync(_:tags:)-(_,Tag)``.
    ///
    /// ```swift
    /// @MainActor protocol Catalog: Sendable { var count: Int { get } }
    ///
    /// @MainActor final class LocalCatalog: MainAsyncInjectable, Catalog {
    ///     nonisolated static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) async throws(ServiceError) -> LocalCatalog { LocalCatalog() }
    ///     var count: Int { 3 }
    /// }
    ///
    /// @MainActor func openCatalog() async throws {
    ///     let env = ServiceEnv(name: "ui")
    ///     env.registerMain(LocalCatalog.self, as: (any Catalog).self, scope: .singleton) { $0 }
    ///     print(try await env.resolveAsync((any Catalog).self).count)  // 3
    /// }
    /// ```
    ///
    /// This is what `#registerMain(T.self, as:)` registers for a type whose initializer is `async`.
    @MainActor
    public func registerMain<S: MainAsyncInjectable, Key: Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        scope: ServiceScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        storage.install(AsyncRegistration(building: type, as: convert, scope: scope), for: key)
    }

    /// Registers a ``MainAsyncInjectable`` type on the MainActor track under `key` and `tags`.
    ///
    /// ```swift
    /// @MainActor protocol Catalog: Sendable { var count: Int { get } }
    ///
    /// @MainActor final class LocalCatalog: MainAsyncInjectable, Catalog {
    ///     nonisolated static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) async throws(ServiceError) -> LocalCatalog { LocalCatalog() }
    ///     var count: Int { 3 }
    /// }
    ///
    /// @MainActor func openCatalog() async throws {
    ///     let env = ServiceEnv(name: "ui")
    ///     env.registerMain(LocalCatalog.self, as: (any Catalog).self, tags: "local", scope: .singleton) { $0 }
    ///     print(try await env.resolveAllAsync((any Catalog).self).map(\.count))  // [3]
    /// }
    /// ```
    ///
    /// Everything else is as for ``registerMain(_:as:scope:_:)-8ys0f``.
    @MainActor
    public func registerMain<S: MainAsyncInjectable, Key: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: ServiceScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        let registration = AsyncRegistration(building: type, as: convert, scope: scope)
        storage.install(registration, for: key, tags: tagSet(repeat each tags))
    }
}

extension MainRegistration {
    /// A MainActor-track registration of `Value`, a key that `S` converts to with `convert`,
    /// built by `S`'s `make(resolver:)`; its metadata describes `S`.
    @inlinable
    convenience init<S: MainInjectable>(
        building type: S.Type,
        as convert: @escaping @MainActor @Sendable (S) -> Value,
        scope: ServiceScope,
    ) {
        self.init(scope: scope) { () throws(ServiceError) -> Value in
            convert(try S.make(resolver: ServiceEnv.current))
        }
        metadata = RegistrationMetadata(service: S.self)
    }
}

extension AsyncRegistration {
    /// An `async` MainActor-track registration of `Value`, a key that `S` converts to with
    /// `convert`, built by `S`'s `make(resolver:)` on the main actor; its metadata describes `S`.
    convenience init<S: MainAsyncInjectable>(
        building type: S.Type,
        as convert: @escaping @Sendable (S) -> Value,
        scope: ServiceScope,
    ) {
        self.init(scope: scope, track: .main, argumentTypes: []) { packed in
            guard packed is Void else {
                return nil
            }
            return convert(try await S.make(resolver: ServiceEnv.current))
        }
        metadata = RegistrationMetadata(service: S.self)
    }
}
