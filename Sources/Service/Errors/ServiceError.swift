/// The typed error every resolve throws.
///
/// ```swift
/// do {
///     _ = try ServiceEnv(name: "errors").resolve(Int.self)
/// } catch .notRegistered(let serviceType) {
///     print(serviceType)  // "Int"
/// } catch {
///     print(error)
/// }
/// ```
public enum ServiceError: Error, CustomStringConvertible, Sendable {
    /// Nothing is registered for the type on the track that was asked.
    case notRegistered(serviceType: String)
    /// Resolving the type needs the type itself; `chain` ends with the repeated type.
    case circularDependency(serviceType: String, chain: [String])
    /// More services were under construction at once than `ServiceEnv.maxResolutionDepth` allows.
    case maxDepthExceeded(depth: Int, chain: [String])
    /// A factory threw an error that is not a `ServiceError`.
    case factoryFailed(serviceType: String, underlyingError: any Error)

    /// A readable explanation of the error, naming the types involved.
    public var description: String {
        switch self {
        case .notRegistered(let serviceType):
            return "Service '\(serviceType)' is not registered in ServiceEnv"
        case .circularDependency(let serviceType, let chain):
            return """
                Circular dependency detected for service '\(serviceType)'.
                Dependency chain: \(chain.joined(separator: " -> "))
                Check your service registration to break the cycle.
                """
        case .maxDepthExceeded(let depth, let chain):
            return """
                Maximum resolution depth (\(depth)) exceeded.
                Current chain: \(chain.joined(separator: " -> "))
                This may indicate a circular dependency or overly deep dependency graph.
                """
        case .factoryFailed(let serviceType, let underlyingError):
            return "Factory failed to create service '\(serviceType)': \(underlyingError)"
        }
    }
}

extension ServiceError {
    /// The error for a type that has no registration on the asked track.
    @usableFromInline
    static func notRegistered(_ type: Any.Type) -> ServiceError {
        .notRegistered(serviceType: String(describing: type))
    }

    /// Passes a `ServiceError` through unchanged and wraps anything else as `.factoryFailed`.
    @usableFromInline
    static func fromFactory(_ error: any Error, name: String) -> ServiceError {
        if let serviceError = error as? ServiceError {
            return serviceError
        }
        return .factoryFailed(serviceType: name, underlyingError: error)
    }
}
