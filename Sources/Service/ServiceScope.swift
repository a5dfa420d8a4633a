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
    case custom(String)

    /// Whether instances of this scope live in the environment's cache.
    var isCachedInEnvironment: Bool {
        switch self {
        case .singleton, .custom: true
        case .transient, .graph: false
        }
    }
}
