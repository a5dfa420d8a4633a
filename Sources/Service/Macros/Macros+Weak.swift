/// Registers an `@Injectable` class in an `@Assembly` under another type, usually a protocol,
/// with the weak scope: one instance, shared while something else holds it (see ``WeakScope``).
///
/// ```swift
/// @Assembly struct DocumentAssembly {
///     #register(MemoryCache.self, as: (any DocumentCache).self, scope: .weak)
/// }
/// ```
@freestanding(declaration)
public macro register<T: Injectable & AnyObject, Key>(_ type: T.Type, as key: Key.Type, scope: WeakScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` class on the MainActor track of an `@Assembly` under
/// another type, usually a protocol, with the weak scope: one instance, shared while something
/// else holds it (see ``WeakScope``).
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(InspectorPanel.self, as: (any Panel).self, scope: .weak)
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainInjectable & AnyObject, Key>(_ type: T.Type, as key: Key.Type, scope: WeakScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` class in an `@Assembly` under tags with the weak scope.
///
/// ```swift
/// @Assembly struct ImageAssembly {
///     #register(Thumbnails.self, tags: "small", scope: .weak)
/// }
/// ```
@freestanding(declaration)
public macro register<T: Injectable & AnyObject, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: WeakScope,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` class in an `@Assembly` under another type and tags with the weak
/// scope.
///
/// ```swift
/// @Assembly struct DocumentAssembly {
///     #register(DiskCache.self, as: (any DocumentCache).self, tags: "disk", scope: .weak)
/// }
/// ```
@freestanding(declaration)
public macro register<T: Injectable & AnyObject, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: WeakScope,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` class on the MainActor track of an `@Assembly` under
/// tags with the weak scope.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(Toolbar.self, tags: "top", scope: .weak)
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainInjectable & AnyObject, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: WeakScope,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` class on the MainActor track of an `@Assembly` under
/// another type and tags with the weak scope.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(LayersPanel.self, as: (any Panel).self, tags: "layers", scope: .weak)
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainInjectable & AnyObject, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: WeakScope,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")
