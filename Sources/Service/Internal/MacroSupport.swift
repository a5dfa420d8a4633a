/// The runtime symbols that macro expansions refer to, under names no user type can shadow.
///
/// Generated code cannot write `Service.X`: the module also exports a type named `Service`.
@_documentation(visibility: private)
public enum __ServiceMacroSupport {
    public typealias InjectableType = Injectable
    public typealias MainInjectableType = MainInjectable
    public typealias AssistedInjectableType = AssistedInjectable
    public typealias Scope = ServiceScope
    public typealias Dependency = ServiceDependency
    public typealias Environment = ServiceEnv
    public typealias Failure = ServiceError
    public typealias Registration = AssemblyRegistration
    public typealias AssemblyType = DeclaredAssembly
    public typealias LazyDependency = Lazy
    public typealias ProviderDependency = ServiceProvider

    /// The edges of a service in an `@Assembly(checkCycles: true)` graph: naming the nodes
    /// makes the compiler resolve them, and a node that resolves through itself is a cycle.
    /// `Result` is always `Void`, so the types stay small however the graph is shaped.
    public struct CycleEdges<each Node> {
        public typealias Result = Void
    }

    /// Applies an assembly named in `includes:` as part of the `assemble` call in progress.
    @MainActor
    public static func include(_ assembly: some ServiceAssembly, in env: ServiceEnv) {
        AssemblySession.perform(in: env) { $0.apply(assembly) }
    }

    /// What an assembly's `Provided` class returns for a Sendable type: compile-time evidence
    /// that the type is provided, which also resolves it when called.
    public static func provide<T: Sendable>(_ type: T.Type, from env: ServiceEnv) -> T {
        do {
            return try env.resolve(type)
        } catch {
            fatalError(error.description)
        }
    }

    /// The MainActor-track form of `provide(_:from:)`.
    @MainActor
    public static func provideMain<T>(_ type: T.Type, from env: ServiceEnv) -> T {
        do {
            return try env.resolveMain(type)
        } catch {
            fatalError(error.description)
        }
    }

    /// What an assembly's `Provided` class returns for an optional dependency.
    public static func provideIfRegistered<T: Sendable>(_ type: T.Type, from env: ServiceEnv) -> T? {
        do {
            return try resolveIfRegistered(type, in: env)
        } catch {
            fatalError(error.description)
        }
    }

    /// Resolves an optional dependency: `nil` when `type` itself is not registered, the error
    /// when it is registered but cannot be built.
    public static func resolveIfRegistered<T: Sendable>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T? {
        do {
            return try env.resolve(type)
        } catch .notRegistered(let serviceType) where serviceType == String(describing: type) {
            return nil
        }
    }

    /// Resolves a dependency of a `@MainActor` service on whichever track it is registered.
    @MainActor
    public static func resolveOnEitherTrack<T>(_ type: T.Type, in env: ServiceEnv) throws(ServiceError) -> T {
        try env.storage.resolveOnEitherTrack(type, in: env)
    }

    /// The optional form of `resolveOnEitherTrack(_:in:)`: `nil` when `type` is not registered.
    @MainActor
    public static func resolveOnEitherTrackIfRegistered<T>(
        _ type: T.Type,
        in env: ServiceEnv,
    ) throws(ServiceError) -> T? {
        do {
            return try env.storage.resolveOnEitherTrack(type, in: env)
        } catch .notRegistered(let serviceType) where serviceType == String(describing: type) {
            return nil
        }
    }
}
