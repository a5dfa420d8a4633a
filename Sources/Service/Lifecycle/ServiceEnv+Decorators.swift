// MARK: - Decorators

extension ServiceEnv {
    /// Adds a decorator: code that runs on every newly built instance of a Sendable service,
    /// before anyone else sees it.
    ///
    /// A decorator suits what a factory cannot do itself: property injection into an object a
    /// framework makes, wiring a back-reference, logging each construction. It runs once per
    /// construction and never on a cache hit; for every registration of the type, tagged or not;
    /// in the environment that builds the instance, which passes itself as `env`, so the
    /// decorator may resolve other services (a decorator that resolves the service it decorates is
    /// a ``ServiceError/circularDependency(serviceType:chain:)``). A decorator's error is the
    /// construction's: the resolve throws ``ServiceError/factoryFailed(serviceType:underlyingError:)``
    /// and caches nothing.
    ///
    /// Child environments and scopes inherit their parents' decorators: the farthest ancestor's
    /// run first, then each nearer environment's, each environment's in the order they were added.
    /// An instance that is already cached is not decorated again, and an instance given to
    /// ``register(_:)-9ps5t`` is not built, so it is not decorated. ``resetAll()`` removes the
    /// decorators with the registrations.
    ///
    /// ```swift
    /// struct Repository: Sendable {
    ///     var label = ""
    /// }
    ///
    /// let env = ServiceEnv(name: "decorated")
    /// env.register(Repository.self, scope: .transient) { Repository() }
    /// env.decorate(Repository.self) { repository, env in
    ///     repository.label = "notes in \(env.name)"
    /// }
    /// print(try env.resolve(Repository.self).label)  // "notes in decorated"
    /// ```
    public func decorate<S: Sendable>(
        _ type: S.Type,
        with decorator: @escaping @Sendable (inout S, ServiceEnv) throws -> Void,
    ) {
        storage.add(TypedDecoration<S>(track: .sendable, body: decorator))
    }

    /// Adds a decorator of a MainActor-isolated service, registered with `registerMain`; it runs
    /// on the main actor, as that service's factory does. See ``decorate(_:with:)``.
    ///
    /// ```swift
    /// @MainActor final class ViewModel { var title = "" }
    /// @MainActor func setUp(_ env: ServiceEnv) {
    ///     env.registerMain(ViewModel.self, scope: .transient) { ViewModel() }
    ///     env.decorateMain(ViewModel.self) { model, _ in model.title = "Notes" }
    /// }
    /// ```
    @MainActor
    public func decorateMain<S>(
        _ type: S.Type,
        with decorator: @escaping @MainActor (inout S, ServiceEnv) throws -> Void,
    ) {
        storage.add(
            TypedDecoration<S>(track: .main) { value, env in
                // NB: a MainActor-track construction runs on the main actor, where its instance
                // stays: it is not sent anywhere, so the checker may be told so.
                nonisolated(unsafe) var instance = value
                try MainActor.assumeIsolated { try decorator(&instance, env) }
                value = instance
            }
        )
    }
}
