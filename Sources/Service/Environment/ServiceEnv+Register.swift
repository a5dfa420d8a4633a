// MARK: - Sendable track

extension ServiceEnv {
    /// Registers a factory for a Sendable service; registering the type again replaces it.
    ///
    /// An instance cached under the earlier registration stays until a reset if the scope is
    /// unchanged; a registration with another scope drops it.
    ///
    /// ```swift
    /// struct Database: Sendable { let url: String }
    /// ServiceEnv.current.register(Database.self) { Database(url: "sqlite://app.db") }
    /// ```
    @inlinable
    public func register<S: Sendable>(
        _ type: S.Type,
        scope: ServiceScope = .singleton,
        factory: @escaping @Sendable () throws -> S,
    ) {
        // NB: inlinable, so that a registration that needs an object specialises its class where
        // the call is: its metadata comes from a cache at the call site, not the runtime's table
        // of every generic instantiation, which an unspecialised call searches by `S`.
        storage.install(factory, scope: scope, for: type)
    }

    /// Registers a ``ServiceKey`` type as a singleton built from its `default`.
    ///
    /// ```swift
    /// struct Clock: ServiceKey { static var `default`: Clock { Clock() } }
    /// ServiceEnv.current.register(Clock.self)
    /// ```
    public func register<S: ServiceKey>(_ type: S.Type) {
        register(type, scope: .singleton)
    }

    /// Registers a ``ServiceKey`` type with `scope`, built from its `default`.
    ///
    /// ```swift
    /// struct RequestID: ServiceKey { static var `default`: RequestID { RequestID() } }
    /// ServiceEnv.current.register(RequestID.self, scope: .transient)
    /// ```
    public func register<S: ServiceKey>(_ type: S.Type, scope: ServiceScope) {
        register(type, scope: scope) { S.default }
    }

    /// Registers an existing instance as the singleton of its type.
    ///
    /// ```swift
    /// struct Config: Sendable { let retries: Int }
    /// ServiceEnv.current.register(Config(retries: 3))
    /// ```
    @inlinable
    public func register<S: Sendable>(_ instance: S) {
        // NB: no metadata: the graph knows an instance (no dependencies) from `isInstance`.
        storage.install(instance: instance, for: S.self)
    }
}

// MARK: - MainActor track

extension ServiceEnv {
    /// Registers a factory for a MainActor-isolated service, which need not be Sendable.
    ///
    /// A type is registered on one track at a time: registering it here replaces a
    /// Sendable-track registration, after which `resolve` reports it as not registered.
    ///
    /// ```swift
    /// @MainActor final class ViewModel { var title = "" }
    /// @MainActor func setUp() {
    ///     ServiceEnv.current.registerMain(ViewModel.self) { ViewModel() }
    /// }
    /// ```
    @MainActor @inlinable
    public func registerMain<S>(
        _ type: S.Type,
        scope: ServiceScope = .singleton,
        factory: @escaping @MainActor () throws -> S,
    ) {
        // NB: inlinable for the reason `register(_:scope:factory:)` is.
        storage.install(MainRegistration(scope: scope, factory: factory), for: type)
    }

    /// Registers a ``ServiceKey`` type on the MainActor track, built from its `default`.
    ///
    /// ```swift
    /// struct Theme: ServiceKey { static var `default`: Theme { Theme() } }
    /// @MainActor func setUp() { ServiceEnv.current.registerMain(Theme.self) }
    /// ```
    @MainActor
    public func registerMain<S: ServiceKey>(_ type: S.Type) {
        registerMain(type, scope: .singleton)
    }

    /// Registers a ``ServiceKey`` type on the MainActor track with `scope`.
    ///
    /// ```swift
    /// struct Theme: ServiceKey { static var `default`: Theme { Theme() } }
    /// @MainActor func setUp() { ServiceEnv.current.registerMain(Theme.self, scope: .transient) }
    /// ```
    @MainActor
    public func registerMain<S: ServiceKey>(_ type: S.Type, scope: ServiceScope) {
        registerMain(type, scope: scope) { S.default }
    }

    /// Registers an existing MainActor instance as the singleton of its type.
    ///
    /// ```swift
    /// @MainActor final class Router {}
    /// @MainActor func setUp() { ServiceEnv.current.registerMain(Router()) }
    /// ```
    @MainActor @inlinable
    public func registerMain<S>(_ instance: S) {
        let registration = MainRegistration(scope: .singleton, isInstance: true) { instance }
        storage.install(registration, for: S.self)
    }
}

// MARK: - A type that cannot build itself, registered without a factory

extension ServiceEnv {
    /// Catches a type registered without a factory that cannot build itself (it is neither
    /// ``Injectable`` nor a ``ServiceKey``), and says how to register it: where no overload
    /// matched, the compiler listed every one.
    ///
    /// ```swift
    /// struct Config: Sendable { let retries: Int }
    /// ServiceEnv.current.register(Config.self, scope: .transient) { Config(retries: 3) }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "a type that is not Injectable or a ServiceKey is registered with a factory: 'register(_:scope:factory:)'; or make it '@Injectable'"
    )
    public func register<S>(_ type: S.Type, scope: ServiceScope) {
        preconditionFailure("unavailable")
    }

    /// Catches a type registered under tags without a factory that cannot build itself, and says
    /// how to register it.
    ///
    /// ```swift
    /// struct Endpoint: Sendable { let url: String }
    /// ServiceEnv.current.register(Endpoint.self, tags: "backup") { Endpoint(url: "https://backup.example.com") }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "a type that is not Injectable is registered with a factory: 'register(_:tags:scope:factory:)'; or make it '@Injectable'"
    )
    public func register<S, each Tag: Hashable & Sendable>(_ type: S.Type, tags: repeat each Tag, scope: ServiceScope) {
        preconditionFailure("unavailable")
    }

    /// Catches a type registered on the MainActor track without a factory that cannot build
    /// itself (it is neither ``MainInjectable`` nor a ``ServiceKey``), and says how to register it.
    ///
    /// ```swift
    /// @MainActor final class Palette {}
    /// @MainActor func setUp() { ServiceEnv.current.registerMain(Palette.self, scope: .transient) { Palette() } }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "a type that is not MainInjectable or a ServiceKey is registered with a factory: 'registerMain(_:scope:factory:)'; or make it '@Injectable' and '@MainActor'"
    )
    public func registerMain<S>(_ type: S.Type, scope: ServiceScope) {
        preconditionFailure("unavailable")
    }

    /// Catches a type registered on the MainActor track under tags without a factory that
    /// cannot build itself, and says how to register it.
    ///
    /// ```swift
    /// @MainActor final class Banner {}
    /// @MainActor func setUp() { ServiceEnv.current.registerMain(Banner.self, tags: "welcome") { Banner() } }
    /// ```
    // swift-format-ignore
    @available(
        *,
        unavailable,
        message: "a type that is not MainInjectable is registered with a factory: 'registerMain(_:tags:scope:factory:)'; or make it '@Injectable' and '@MainActor'"
    )
    public func registerMain<S, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: ServiceScope,
    ) {
        preconditionFailure("unavailable")
    }
}
