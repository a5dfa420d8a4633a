import Synchronization

/// A named set of service registrations and cached instances.
///
/// Resolution reads the task-local ``current`` environment, so a test can swap every
/// dependency of the code it calls without touching global state:
///
/// ```swift
/// struct Clock: Sendable { var now: Int }
///
/// let env = ServiceEnv(name: "test")
/// env.register(Clock.self) { Clock(now: 0) }
/// ServiceEnv.$current.withValue(env) {
///     let clock = try? ServiceEnv.current.resolve(Clock.self)
///     print(clock?.now ?? -1)  // 0
/// }
/// ```
///
/// Two environments are equal when their names are; each `init(name:)` call still creates
/// fresh, empty storage that only copies of that value share.
public struct ServiceEnv: Sendable, Hashable {
    /// The environment that resolves for the current task; `.online` unless bound.
    ///
    /// Inside a synchronous factory it is the environment that builds the service (see
    /// ``CurrentEnvironment``).
    ///
    /// ```swift
    /// ServiceEnv.$current.withValue(.test) {
    ///     print(ServiceEnv.current.name)  // "test"
    /// }
    /// ```
    @TaskLocalBinding(CurrentEnvironment.self) public static var current: ServiceEnv = .online

    /// How many services may be under construction inside one another before resolve throws.
    ///
    /// ```swift
    /// ServiceEnv.$maxResolutionDepth.withValue(10) {
    ///     _ = try? ServiceEnv.current.resolve(Int.self)
    /// }
    /// ```
    @TaskLocalBinding(ResolutionDepthLimit.self) public static var maxResolutionDepth: Int = DepthFloor.defaultLimit

    /// The production environment, and the default value of ``current``.
    ///
    /// Like ``test`` and ``dev``, it lives as long as the process, and (on platforms without
    /// Objective-C) is immortal as the Swift runtime's own never-freed objects are: passing it
    /// around only reads its reference count, so threads that all resolve through it share no
    /// written cache line.
    ///
    /// ```swift
    /// ServiceEnv.online.register(Int.self) { 1 }
    /// ```
    public static let online = ServiceEnv(name: "online").immortalized()

    /// A shared environment for tests; create `ServiceEnv(name:)` for isolation per test.
    ///
    /// ```swift
    /// ServiceEnv.test.register(Int.self) { 2 }
    /// ```
    public static let test = ServiceEnv(name: "test").immortalized()

    /// A shared environment for development builds.
    ///
    /// ```swift
    /// ServiceEnv.dev.register(Int.self) { 3 }
    /// ```
    public static let dev = ServiceEnv(name: "dev").immortalized()

    /// The environment's name, which alone decides equality and hashing.
    ///
    /// ```swift
    /// print(ServiceEnv(name: "staging").name)  // "staging"
    /// ```
    public var name: String { storage.name }

    @usableFromInline let storage: ServiceStorage

    /// Creates an environment with empty storage of its own.
    ///
    /// ```swift
    /// let staging = ServiceEnv(name: "staging")
    /// ```
    public init(name: String) {
        self.storage = ServiceStorage(name: name)
    }

    /// This environment, its storage made immortal: for the shared environments, which global
    /// `let`s keep for the life of the process.
    func immortalized() -> ServiceEnv {
        _ = ImmortalInstances.immortalized(storage)
        return self
    }

    /// Creates an *override* environment that inherits the registrations of `parent`: for tests
    /// that replace a few services.
    ///
    /// A type not registered here resolves with the parent's registration (searched up the
    /// chain); a registration here overrides the parent's. Instances are built and cached in the
    /// environment that resolves them, so an override here also applies to the dependencies of
    /// inherited services, and no instance is shared with the parent. The parent never sees
    /// the child's registrations.
    ///
    /// For a unit of work that must share the parent's state (a server's request, a job), open a
    /// scope with ``makeScope(named:)`` or `withScope(named:_:)` instead: a scope shares the
    /// parent's singletons, where this environment would build its own copy of each.
    ///
    /// ```swift
    /// struct Clock: Sendable { var now: Int }
    /// let production = ServiceEnv(name: "production")
    /// production.register(Clock.self) { Clock(now: 1_000) }
    ///
    /// let test = ServiceEnv(name: "test", parent: production)
    /// test.register(Clock.self) { Clock(now: 0) }  // overrides; everything else is inherited
    /// ```
    public init(name: String, parent: ServiceEnv) {
        self.storage = ServiceStorage(name: name, parent: .passUnretained(parent.storage))
    }

    /// The environment this one inherits registrations from, if it was created with one.
    ///
    /// ```swift
    /// let child = ServiceEnv(name: "child", parent: .online)
    /// print(child.parent?.name ?? "none")  // "online"
    /// ```
    public var parent: ServiceEnv? {
        storage.parent.map(ServiceEnv.init(storage:))
    }

    /// An environment value for existing storage (a parent reached through `parent`).
    init(storage: ServiceStorage) {
        self.storage = storage
    }

    /// Whether both environments have the same name.
    ///
    /// ```swift
    /// print(ServiceEnv(name: "a") == ServiceEnv(name: "a"))  // true
    /// ```
    public static func == (lhs: ServiceEnv, rhs: ServiceEnv) -> Bool {
        lhs.name == rhs.name
    }

    /// Hashes the environment's name.
    ///
    /// ```swift
    /// let environments: Set = [ServiceEnv.online, ServiceEnv.test]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// Drops every cached instance and keeps the registrations.
    ///
    /// ```swift
    /// let env = ServiceEnv(name: "reset")
    /// env.register(Int.self) { 1 }
    /// env.resetCaches()  // the next resolve runs the factory again
    /// ```
    public func resetCaches() {
        storage.reset(registrations: false) { _ in true }
    }

    /// Drops every cached instance, every registration and every decorator, and forgets which
    /// declared assemblies were applied.
    ///
    /// ```swift
    /// let env = ServiceEnv(name: "reset")
    /// env.register(Int.self) { 1 }
    /// env.resetAll()  // resolve now throws `.notRegistered`
    /// ```
    public func resetAll() {
        storage.reset(registrations: true) { _ in false }
        // NB: the old log is released after the lock: it holds registrations (see
        // `AssemblyLog.assembled`), whose factories' captures may have user deinits.
        _ = storage.withAssembly { log in
            defer { log = AssemblyLog() }
            return log
        }
        storage.removeDecorations()
    }

    /// Drops the cached instances of services registered with `scope`.
    ///
    /// ```swift
    /// let env = ServiceEnv(name: "session")
    /// env.register(String.self, scope: .custom("user")) { "token" }
    /// env.resetScope(.custom("user"))
    /// ```
    public func resetScope(_ scope: ServiceScope) {
        // NB: a custom scope no registration ever used has no stored form, and nothing to drop.
        guard let stored = StoredScope.existing(scope) else {
            return
        }
        storage.reset(registrations: false) { $0 == stored }
    }

    /// Drops the instance this environment caches for one service (`type` under exactly `tags`),
    /// and keeps its registration and every other cached instance: the next resolve builds it again.
    ///
    /// Use it to replace one singleton while the rest stay, as a server does when a credential
    /// rotates or a configuration is reloaded. Services already built from the old instance keep
    /// it; an ``AsyncDisposable`` one is disposed once nothing can read it from the cache, as a
    /// reset disposes. A factory that is running while the cache is dropped returns its instance
    /// to its caller and does not cache it. A scope caches only its own services: reset an
    /// inherited singleton in the environment that caches it.
    ///
    /// ```swift
    /// struct Credentials: Sendable { let token: String }
    ///
    /// let env = ServiceEnv(name: "server")
    /// env.register(Credentials.self) { Credentials(token: "rotated at \(ContinuousClock.now)") }
    /// let first = try env.resolve(Credentials.self)
    /// env.resetCache(for: Credentials.self)  // the token rotated
    /// let second = try env.resolve(Credentials.self)  // built again; other singletons stay
    /// ```
    public func resetCache<S, each Tag: Hashable & Sendable>(for type: S.Type, tags: repeat each Tag) {
        storage.resetCache(of: type, tags: tagSet(repeat each tags))
    }
}
