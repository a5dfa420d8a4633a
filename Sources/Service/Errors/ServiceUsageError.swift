/// Why a registration that exists could not be built the way it was resolved.
///
/// It reaches callers as the underlying error of
/// ``ServiceError/factoryFailed(serviceType:underlyingError:)``, which keeps `ServiceError`'s
/// four cases (and every exhaustive `switch` over them) unchanged.
///
/// ```swift
/// struct Greeter: Sendable { let name: String }
/// let env = ServiceEnv(name: "usage")
/// env.register(Greeter.self) { (name: String) in Greeter(name: name) }
/// do {
///     _ = try env.resolve(Greeter.self, arguments: 42)
/// } catch .factoryFailed(_, let underlying as ServiceUsageError) {
///     print(underlying)  // "'Greeter' takes arguments (String) but was resolved with arguments (Int)"
/// } catch {
///     print(error)
/// }
/// ```
public enum ServiceUsageError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The resolve passed arguments of other types, or another number of them, than the
    /// registered factory takes.
    case argumentMismatch(serviceType: String, expected: [String], given: [String])
    /// The registered factory is `async`; resolve it with `resolveAsync`.
    case asyncFactory(serviceType: String)
    /// A ``ServiceProvider`` was called after the environment it resolves in was released.
    case environmentReleased(environment: String)
    /// A ``ServiceScope/scoped`` service was resolved in an environment that is not a scope.
    case outsideScope(serviceType: String, environment: String)
    /// A service that the environment `environment` shares with every scope (a singleton or
    /// custom-scoped service) needs a dependency that only a scope provides, so it would keep
    /// one scope's instance for all of them.
    case captiveDependency(serviceType: String, dependency: String, environment: String)
    /// A ``Lazy`` or ``ServiceProvider`` of a service that only `registerMain` registers in
    /// `environment` was resolved off the main actor, where that service is built and used.
    case mainActorService(serviceType: String, environment: String)

    /// A readable explanation naming the service and what to do instead.
    public var description: String {
        switch self {
        case .argumentMismatch(let serviceType, let expected, let given):
            return "'\(serviceType)' takes \(Self.describe(expected)) but was resolved with \(Self.describe(given))"
        case .asyncFactory(let serviceType):
            return "'\(serviceType)' has an async factory; resolve it with 'try await env.resolveAsync(_:)'"
        case .environmentReleased(let environment):
            return "the environment '\(environment)' was released before the provider was called"
        case .outsideScope(let serviceType, let environment):
            return """
                '\(serviceType)' is scoped, so it resolves only inside a scope, and '\(environment)' is not one; \
                resolve it in 'withScope(named:)' or a scope from 'makeScope(named:)'
                """
        case .captiveDependency(let serviceType, let dependency, let environment):
            return """
                '\(serviceType)' is shared by every scope of '\(environment)' but depends on '\(dependency)', \
                which each scope provides for itself; make '\(serviceType)' scoped or transient, \
                or provide '\(dependency)' in '\(environment)'
                """
        case .mainActorService(let serviceType, let environment):
            return """
                '\(serviceType)' is registered in '\(environment)' with registerMain, so a Lazy or ServiceProvider \
                of it resolves it on the main actor only; use it there, or register '\(serviceType)' with register
                """
        }
    }

    private static func describe(_ types: [String]) -> String {
        types.isEmpty ? "no arguments" : "arguments (\(types.joined(separator: ", ")))"
    }
}
