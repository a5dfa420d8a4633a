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
        switch storage.entry(type) {
        case .cached(let value):
            return value
        case .build(let slot, let registration):
            defer { registration.release() }
            return try storage.build(type, slot: slot, registration, in: self)
        case .other:
            return try storage.resolveUncached(type, in: self)
        }
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
    /// - Throws: the same errors as ``resolve(_:)``.
    @MainActor @inlinable @discardableResult
    public func resolveMain<S>(_ type: S.Type) throws(ServiceError) -> S {
        if let value = storage.cachedValue(type, track: .main) {
            return value
        }
        return try storage.resolveMainUncached(type, in: self)
    }
}
