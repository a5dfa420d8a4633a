// MARK: - Registering an Injectable class weakly under another key or tags

extension ServiceEnv {
    /// Registers an ``Injectable`` class under `key`, a type it converts to (a protocol it
    /// conforms to, say), with the weak scope: one instance, shared while something else holds
    /// it, built again by its `make(resolver:)` after it is released.
    ///
    /// ```swift
    /// protocol DocumentCache: Sendable { var name: String { get } }
    ///
    /// final class MemoryCache: Injectable, DocumentCache {
    ///     static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> MemoryCache { MemoryCache() }
    ///     let name = "memory"
    /// }
    ///
    /// let env = ServiceEnv(name: "documents")
    /// env.register(MemoryCache.self, as: (any DocumentCache).self, scope: .weak) { $0 }
    /// let cache = try env.resolve((any DocumentCache).self)
    /// print(cache.name, try env.resolve((any DocumentCache).self) as AnyObject === cache as AnyObject)  // memory true
    /// ```
    ///
    /// `convert` must return the instance it is given, as `{ $0 }` does: the environment holds
    /// what it returns weakly, and anything else would be released at once and built again on
    /// every resolve. The type's own key stays unregistered. This is what `#register(T.self, as:
    /// Key.self, scope: .weak)` registers in an `@Assembly`.
    @inlinable
    public func register<S: Injectable & AnyObject, Key: Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        scope: WeakScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        install(InjectableRegistration(building: type, as: convert, scope: .custom(ServiceScope.weakName)), for: key)
    }

    /// Registers a ``MainInjectable`` class on the MainActor track under `key`, a type it
    /// converts to, with the weak scope: one instance, shared while something else holds it,
    /// built again on the main actor after it is released.
    ///
    /// ```swift
    /// @MainActor protocol Panel: AnyObject { var title: String { get } }
    ///
    /// @MainActor final class InspectorPanel: MainInjectable, Panel {
    ///     nonisolated static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> InspectorPanel { InspectorPanel() }
    ///     var title: String { "Inspector" }
    /// }
    ///
    /// @MainActor func showInspector() throws {
    ///     let env = ServiceEnv(name: "ui")
    ///     env.registerMain(InspectorPanel.self, as: (any Panel).self, scope: .weak) { $0 }
    ///     let panel = try env.resolveMain((any Panel).self)
    ///     print(panel.title, try env.resolveMain((any Panel).self) === panel)  // Inspector true
    /// }
    /// ```
    ///
    /// `convert` must return the instance it is given, as `{ $0 }` does (see
    /// ``register(_:as:scope:_:)-(_,_,WeakScope,_)``). This is what `#registerMain(T.self, as:
    /// Key.self, scope: .weak)` registers in an `@Assembly`.
    @MainActor @inlinable
    public func registerMain<S: MainInjectable & AnyObject, Key>(
        _ type: S.Type,
        as key: Key.Type,
        scope: WeakScope,
        _ convert: @escaping @MainActor @Sendable (S) -> Key,
    ) {
        let registration = MainRegistration(building: type, as: convert, scope: .custom(ServiceScope.weakName))
        storage.install(registration, for: key)
    }

    /// Registers an ``Injectable`` class under tags with the weak scope: one instance per key,
    /// shared while something else holds it.
    ///
    /// ```swift
    /// final class Thumbnails: Injectable {
    ///     static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> Thumbnails { Thumbnails() }
    /// }
    ///
    /// let env = ServiceEnv(name: "images")
    /// env.register(Thumbnails.self, tags: "small", scope: .weak)
    /// let small = try env.resolve(Thumbnails.self, tags: "small")
    /// print(try env.resolve(Thumbnails.self, tags: "small") === small)  // true
    /// ```
    @inlinable
    public func register<S: Injectable & AnyObject, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: WeakScope,
    ) {
        let registration = InjectableRegistration(building: type, as: { $0 }, scope: .custom(ServiceScope.weakName))
        install(registration, for: type, tags: repeat each tags)
    }

    /// Registers an ``Injectable`` class under `key` and tags with the weak scope.
    ///
    /// ```swift
    /// protocol DocumentCache: Sendable { var name: String { get } }
    ///
    /// final class DiskCache: Injectable, DocumentCache {
    ///     static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> DiskCache { DiskCache() }
    ///     let name = "disk"
    /// }
    ///
    /// let env = ServiceEnv(name: "documents")
    /// env.register(DiskCache.self, as: (any DocumentCache).self, tags: "disk", scope: .weak) { $0 }
    /// print(try env.resolve((any DocumentCache).self, tags: "disk").name)  // disk
    /// ```
    ///
    /// `convert` must return the instance it is given, as `{ $0 }` does (see
    /// ``register(_:as:scope:_:)-(_,_,WeakScope,_)``).
    @inlinable
    public func register<S: Injectable & AnyObject, Key: Sendable, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: WeakScope,
        _ convert: @escaping @Sendable (S) -> Key,
    ) {
        let registration = InjectableRegistration(building: type, as: convert, scope: .custom(ServiceScope.weakName))
        install(registration, for: key, tags: repeat each tags)
    }

    /// Registers a ``MainInjectable`` class on the MainActor track under tags with the weak
    /// scope.
    ///
    /// ```swift
    /// @MainActor final class Toolbar: MainInjectable {
    ///     nonisolated static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> Toolbar { Toolbar() }
    /// }
    ///
    /// @MainActor func showToolbar() throws {
    ///     let env = ServiceEnv(name: "ui")
    ///     env.registerMain(Toolbar.self, tags: "top", scope: .weak)
    ///     let toolbar = try env.resolveMain(Toolbar.self, tags: "top")
    ///     print(try env.resolveMain(Toolbar.self, tags: "top") === toolbar)  // true
    /// }
    /// ```
    @MainActor @inlinable
    public func registerMain<S: MainInjectable & AnyObject, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        tags: repeat each Tag,
        scope: WeakScope,
    ) {
        let registration = MainRegistration(building: type, as: { $0 }, scope: .custom(ServiceScope.weakName))
        storage.install(registration, for: type, tags: tagSet(repeat each tags))
    }

    /// Registers a ``MainInjectable`` class on the MainActor track under `key` and tags with the
    /// weak scope.
    ///
    /// ```swift
    /// @MainActor protocol Panel: AnyObject { var title: String { get } }
    ///
    /// @MainActor final class LayersPanel: MainInjectable, Panel {
    ///     nonisolated static let dependencies: [ServiceDependency] = []
    ///     static func make(resolver: ServiceEnv) throws(ServiceError) -> LayersPanel { LayersPanel() }
    ///     var title: String { "Layers" }
    /// }
    ///
    /// @MainActor func showLayers() throws {
    ///     let env = ServiceEnv(name: "ui")
    ///     env.registerMain(LayersPanel.self, as: (any Panel).self, tags: "layers", scope: .weak) { $0 }
    ///     print(try env.resolveMain((any Panel).self, tags: "layers").title)  // Layers
    /// }
    /// ```
    ///
    /// `convert` must return the instance it is given, as `{ $0 }` does (see
    /// ``register(_:as:scope:_:)-(_,_,WeakScope,_)``).
    @MainActor @inlinable
    public func registerMain<S: MainInjectable & AnyObject, Key, each Tag: Hashable & Sendable>(
        _ type: S.Type,
        as key: Key.Type,
        tags: repeat each Tag,
        scope: WeakScope,
        _ convert: @escaping @MainActor @Sendable (S) -> Key,
    ) {
        let registration = MainRegistration(building: type, as: convert, scope: .custom(ServiceScope.weakName))
        storage.install(registration, for: key, tags: tagSet(repeat each tags))
    }
}
