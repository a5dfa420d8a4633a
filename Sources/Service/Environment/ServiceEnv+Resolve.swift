extension ServiceEnv {
    /// Returns the instance of a Sendable service, building it if its scope requires.
    ///
    /// A cached singleton or custom-scoped instance is returned without locks or allocation.
    /// Factories that resolve their own dependencies through ``current`` resolve in this
    /// environment.
    ///
    /// ```swift
    /// let env = ServiceEnv(name: "resolve")
    /// env.register(Int.self) { 42 }
    /// let answer = try env.resolve(Int.self)
    /// ```
    ///
    /// - Throws: ``ServiceError/notRegistered(serviceType:)``,
    ///   ``ServiceError/circularDependency(serviceType:chain:)``,
    ///   ``ServiceError/maxDepthExceeded(depth:chain:)`` or
    ///   ``ServiceError/factoryFailed(serviceType:underlyingError:)``.
    @inlinable @discardableResult
    public func resolve<S: Sendable>(_ type: S.Type) throws(ServiceError) -> S {
        // NB: while a trace is on, `entry` finds nothing, so the resolve takes `resolveUncached`,
        // which traces it.
        try storage.resolve(type, from: storage.entry(type), in: self)
    }

    /// Returns the instance of an `@Injectable` service, building it if its scope requires.
    ///
    /// The same as the generic `resolve(_:)`, chosen by the compiler when the type is known to be
    /// ``Injectable``: when the environment registered it with ``register(_:scope:)-44rpa`` (as
    /// `#register` and `@Assembly` do), the instance is built by a direct call of its generated
    /// `make(resolver:)`, with no factory closure in between. Overrides, scopes, cycle detection
    /// and the depth limit apply exactly as they do to any other resolve.
    ///
    /// ```swift
    /// @Injectable
    /// final class Clock: Sendable {
    ///     init() {}
    /// }
    ///
    /// let env = ServiceEnv(name: "injectable")
    /// env.register(Clock.self, scope: .transient)
    /// let clock = try env.resolve(Clock.self)
    /// ```
    ///
    /// - Throws: ``ServiceError/notRegistered(serviceType:)``,
    ///   ``ServiceError/circularDependency(serviceType:chain:)``,
    ///   ``ServiceError/maxDepthExceeded(depth:chain:)`` or
    ///   ``ServiceError/factoryFailed(serviceType:underlyingError:)``.
    @inlinable @discardableResult
    public func resolve<S: Injectable>(_ type: S.Type) throws(ServiceError) -> S {
        // NB: while a trace is on, `resolveUncached` traces the resolve.
        guard !ResolutionTracing.isOn, let slot = storage.lookup(ObjectIdentifier(type)) else {
            return try storage.resolveUncached(type, in: self)
        }
        // NB: the slot says how it was registered, so the registration is not read (or retained)
        // when the type's own `make(resolver:)` builds it; with a decorator on, the general path
        // builds it and runs them.
        let direct = slot.directBuild
        if direct != .no && !ConstructionHooks.areOn {
            return try storage.buildUnshared(type, slot: slot, inGraph: direct == .graph, in: self) {
                env throws -> S in try S.make(resolver: env)
            }
        }
        return try storage.resolve(type, from: storage.entry(type, in: slot), in: self)
    }

    /// Returns the instance of a MainActor-track service, building it if its scope requires.
    ///
    /// ```swift
    /// @MainActor final class ViewModel {}
    /// @MainActor func show() throws {
    ///     let viewModel = try ServiceEnv.current.resolveMain(ViewModel.self)
    ///     _ = viewModel
    /// }
    /// ```
    ///
    /// - Throws: the same errors as ``resolve(_:)-4e43e``.
    @MainActor @inlinable @discardableResult
    public func resolveMain<S>(_ type: S.Type) throws(ServiceError) -> S {
        if !ResolutionTracing.isOn, let value = storage.cachedValue(type, track: .main) {
            return value
        }
        return try storage.resolveMainUncached(type, in: self)
    }

    /// `resolve(_:)` with the resolution trace: the cached instance, or what `resolveUncached`
    /// finds; outlined, so that the inlined path stays small.
    @usableFromInline
    func resolveTraced<S: Sendable>(_ type: S.Type) throws(ServiceError) -> S {
        try traced(type, tags: .empty) { () throws(ServiceError) -> S in
            if let value = storage.cachedValue(type, track: .sendable) {
                return value
            }
            return try storage.resolveUncachedUntraced(type, in: self)
        }
    }

    /// `resolveMain(_:)` with the resolution trace.
    @usableFromInline @MainActor
    func resolveMainTraced<S>(_ type: S.Type) throws(ServiceError) -> S {
        try traced(type, tags: .empty) { () throws(ServiceError) -> S in
            if let value = storage.cachedValue(type, track: .main) {
                return value
            }
            return try storage.resolveMainUncachedUntraced(type, in: self)
        }
    }
}
