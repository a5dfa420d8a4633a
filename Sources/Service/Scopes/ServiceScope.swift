/// How long a resolved service instance lives and who shares it.
///
/// ```swift
/// let env = ServiceEnv(name: "scopes")
/// env.register(Int.self, scope: .transient) { 42 }
/// env.register(String.self, scope: .custom("session")) { "token" }
/// env.resetScope(.custom("session"))
/// ```
public enum ServiceScope: Hashable, Sendable {
    /// One instance per environment, created on first resolve and kept until a reset.
    case singleton
    /// A new instance on every resolve.
    case transient
    /// One instance per top-level resolve, shared by every nested resolve inside it.
    case graph
    /// One instance per named cache, dropped by `resetScope(.custom(name))`.
    ///
    /// Registrations store a custom scope by its name's position in a table the process keeps
    /// for its lifetime, one entry per distinct name: name the lifetimes the code knows in
    /// advance (`"session"`, `"tenant"`), not one per user or per request. For a lifetime per
    /// request, use ``scoped`` and one scope per request.
    case custom(String)

    /// Whether instances of this scope live in the environment's cache.
    var isCachedInEnvironment: Bool {
        switch self {
        case .singleton, .custom: true
        case .transient, .graph: false
        }
    }
}

extension ServiceScope {
    /// One instance per scope: each scope opened with ``ServiceEnv/makeScope(named:)`` or
    /// `withScope(named:_:)` builds its own, which lives and dies with the scope.
    ///
    /// A scoped service resolves only inside a scope, and a singleton may not depend on one: it
    /// would capture one scope's instance for every scope. Both mistakes are errors, never a
    /// silently shared instance.
    ///
    /// `scoped` is spelled as a reserved `.custom` scope, so that every exhaustive `switch` over
    /// `ServiceScope` written against the four baseline cases keeps compiling.
    ///
    /// ```swift
    /// struct RequestLog: Sendable { let lines: [String] }
    ///
    /// let app = ServiceEnv(name: "app")
    /// app.register(RequestLog.self, scope: .scoped) { RequestLog(lines: []) }
    /// let request = app.makeScope(named: "request 1")
    /// let log = try request.resolve(RequestLog.self)  // one per request
    /// ```
    public static let scoped = ServiceScope.custom(scopedName)

    /// The reserved name of ``scoped``.
    @usableFromInline static let scopedName = "Service.scoped"

    /// Whether this is ``scoped``.
    @usableFromInline var isScoped: Bool { isCustom(named: ServiceScope.scopedName) }

    /// Whether this is the custom scope named `reserved`.
    func isCustom(named reserved: String) -> Bool {
        if case .custom(let name) = self {
            return name == reserved
        }
        return false
    }

    /// Whether this is one of the custom scopes the library reserves (``scoped``, ``immortal`` and
    /// the weak one), whose names mean nothing to a reader.
    var isReserved: Bool { isScoped || isWeak || isImmortal }

    /// The reserved name of the scope ``WeakScope/weak`` registers with.
    @usableFromInline static let weakName = "Service.weak"

    /// Whether this is the scope of ``WeakScope/weak``.
    var isWeak: Bool { isCustom(named: ServiceScope.weakName) }

    /// Whether a scope leaves instances of this lifetime to the environment that registered them:
    /// singletons and custom scopes other than ``scoped``.
    var isShared: Bool {
        switch self {
        case .singleton: true
        case .custom: !isScoped
        case .transient, .graph: false
        }
    }

    /// The lifetime as messages name it.
    var displayName: String {
        switch self {
        case .singleton: "singleton"
        case .transient: "transient"
        case .graph: "graph"
        case .custom where isScoped: "scoped"
        case .custom where isWeak: "weak"
        case .custom where isImmortal: "immortal"
        case .custom(let name): "custom(\"\(name)\")"
        }
    }
}
