/// A unit of registrations, applied to an environment in one call.
///
/// ```swift
/// struct NetworkAssembly: ServiceAssembly {
///     func assemble(env: ServiceEnv) {
///         env.register(String.self) { "https://api.example.com" }
///     }
/// }
/// @MainActor func setUp() { ServiceEnv.current.assemble(NetworkAssembly()) }
/// ```
@MainActor
public protocol ServiceAssembly {
    /// Registers this assembly's services in `env`.
    func assemble(env: ServiceEnv)
}

extension ServiceEnv {
    /// Applies one assembly to this environment.
    ///
    /// ```swift
    /// struct CoreAssembly: ServiceAssembly {
    ///     func assemble(env: ServiceEnv) { env.register(Int.self) { 1 } }
    /// }
    /// @MainActor func setUp() { ServiceEnv.current.assemble(CoreAssembly()) }
    /// ```
    @MainActor
    public func assemble(_ assembly: any ServiceAssembly) {
        assembly.assemble(env: self)
    }

    /// Applies assemblies to this environment in order.
    ///
    /// ```swift
    /// struct CoreAssembly: ServiceAssembly {
    ///     func assemble(env: ServiceEnv) { env.register(Int.self) { 1 } }
    /// }
    /// @MainActor func setUp() { ServiceEnv.current.assemble([CoreAssembly(), CoreAssembly()]) }
    /// ```
    @MainActor
    public func assemble(_ assemblies: [any ServiceAssembly]) {
        for assembly in assemblies {
            assembly.assemble(env: self)
        }
    }

    /// Applies assemblies to this environment in order.
    ///
    /// ```swift
    /// struct CoreAssembly: ServiceAssembly {
    ///     func assemble(env: ServiceEnv) { env.register(Int.self) { 1 } }
    /// }
    /// @MainActor func setUp() { ServiceEnv.current.assemble(CoreAssembly(), CoreAssembly()) }
    /// ```
    @MainActor
    public func assemble(_ assemblies: any ServiceAssembly...) {
        assemble(assemblies)
    }
}
