/// Resolves a Sendable service on every access; the registered scope decides caching.
///
/// ```swift
/// struct RequestHandler: Sendable {}
/// struct Tracker: Sendable {}
///
/// struct Controller: Sendable {
///     @Provider var handler: RequestHandler  // transient: a new one per access
///     @Provider var tracker: Tracker?        // nil when not registered
/// }
/// ```
@propertyWrapper
public struct Provider<S: Sendable>: Sendable {
    private let env: ServiceEnv
    private let resolver: @Sendable (ServiceEnv) throws(ServiceError) -> S

    /// The service, resolved anew on each access; a failed resolve traps with a message that
    /// names the environment and the chain.
    public var wrappedValue: S {
        do {
            return try get()
        } catch {
            fatalError(error.description)
        }
    }

    /// The wrapper itself, so that `$property.get()` can resolve with a throwing access.
    ///
    /// ```swift
    /// struct Job: Sendable {}
    /// struct Worker: Sendable {
    ///     @Provider var job: Job
    ///     func run() throws(ResolutionFailure) { _ = try $job.get() }
    /// }
    /// ```
    public var projectedValue: Self { self }

    /// The service, resolved anew like ``wrappedValue``, or a ``ResolutionFailure`` naming the
    /// environment and the chain instead of a trap.
    ///
    /// ```swift
    /// struct Job: Sendable {}
    /// struct Worker: Sendable {
    ///     @Provider var job: Job
    ///     func run() -> Bool { (try? $job.get()) != nil }
    /// }
    /// ```
    public func get() throws(ResolutionFailure) -> S {
        try FailureTrace.locating(in: env, asking: S.self, on: .sendable) { () throws(ServiceError) -> S in
            try resolver(env)
        }
    }

    /// Resolves the property's type.
    @_disfavoredOverload
    public init() {
        self.init(resolver: { env throws(ServiceError) in try env.resolve(S.self) })
    }

    /// Resolves `type`.
    @_disfavoredOverload
    public init(_ type: S.Type) {
        self.init(resolver: { env throws(ServiceError) in try env.resolve(type) })
    }

    /// Resolves the wrapped type of an optional property, or `nil` when resolution fails.
    public init<Wrapped: Sendable>() where S == Wrapped? {
        self.init(resolver: { env in try? env.resolve(Wrapped.self) })
    }

    /// Resolves `type` for an optional property, or `nil` when resolution fails.
    public init<Wrapped: Sendable>(_ type: Wrapped.Type) where S == Wrapped? {
        self.init(resolver: { env in try? env.resolve(type) })
    }

    private init(resolver: @escaping @Sendable (ServiceEnv) throws(ServiceError) -> S) {
        self.env = ServiceEnv.current
        self.resolver = resolver
    }
}

/// Resolves a MainActor service on every access; the registered scope decides caching.
///
/// ```swift
/// @MainActor final class Presenter {}
///
/// @MainActor final class Screen {
///     @MainProvider var presenter: Presenter
/// }
/// ```
@MainActor
@propertyWrapper
public struct MainProvider<S> {
    private let env: ServiceEnv
    private let resolver: @MainActor (ServiceEnv) throws(ServiceError) -> S

    /// The service, resolved anew on each access; a failed resolve traps with a message that
    /// names the environment and the chain.
    public var wrappedValue: S {
        do {
            return try get()
        } catch {
            fatalError(error.description)
        }
    }

    /// The wrapper itself, so that `$property.get()` can resolve with a throwing access.
    ///
    /// ```swift
    /// @MainActor final class Row {}
    /// @MainActor final class List {
    ///     @MainProvider var row: Row
    ///     func add() throws(ResolutionFailure) { _ = try $row.get() }
    /// }
    /// ```
    public var projectedValue: Self { self }

    /// The service, resolved anew like ``wrappedValue``, or a ``ResolutionFailure`` naming the
    /// environment and the chain instead of a trap.
    ///
    /// ```swift
    /// @MainActor final class Row {}
    /// @MainActor final class List {
    ///     @MainProvider var row: Row
    ///     func add() -> Bool { (try? $row.get()) != nil }
    /// }
    /// ```
    public func get() throws(ResolutionFailure) -> S {
        try FailureTrace.locating(in: env, asking: S.self, on: .main) { () throws(ServiceError) -> S in
            try resolver(env)
        }
    }

    /// Resolves the property's type.
    @_disfavoredOverload
    public init() {
        self.init(resolver: { env throws(ServiceError) in try env.resolveMain(S.self) })
    }

    /// Resolves `type`.
    @_disfavoredOverload
    public init(_ type: S.Type) {
        self.init(resolver: { env throws(ServiceError) in try env.resolveMain(type) })
    }

    /// Resolves the wrapped type of an optional property, or `nil` when resolution fails.
    public init<Wrapped>() where S == Wrapped? {
        self.init(resolver: { env in try? env.resolveMain(Wrapped.self) })
    }

    /// Resolves `type` for an optional property, or `nil` when resolution fails.
    public init<Wrapped>(_ type: Wrapped.Type) where S == Wrapped? {
        self.init(resolver: { env in try? env.resolveMain(type) })
    }

    private init(resolver: @escaping @MainActor (ServiceEnv) throws(ServiceError) -> S) {
        self.env = ServiceEnv.current
        self.resolver = resolver
    }
}
