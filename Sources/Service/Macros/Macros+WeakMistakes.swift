// The `#register` and `#registerMain` forms with `.weak` that exist to be reported. Without them,
// a class that is not `@Injectable` (or not on the line's track) registered with `.weak` matched
// only the forms that take a `ServiceScope`, whose `.weak` is unavailable: its first line said
// that a value type cannot be held weakly, about a class. Through these, the `@Assembly` reports
// the line's real mistake first, as it does without `.weak`. A value type still matches none of
// them (`T: AnyObject`), and still gets that message, which is then right.

/// Takes `#register(_:scope: .weak)` of a class that is not `@Injectable`, or that is
/// `@MainActor`, which the `@Assembly` reports on the line as an error that names the type and
/// the fix.
///
/// ```swift
/// @Assembly struct DocumentAssembly {
///     #register(MemoryCache.self, scope: .weak)  // @Injectable final class MemoryCache: Sendable
/// }
/// ```
@freestanding(declaration)
public macro register<T: AnyObject>(_ type: T.Type, scope: WeakScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:as:scope: .weak)` of a class that is not `@Injectable`, or that is
/// `@MainActor`, which the `@Assembly` reports on the line.
///
/// ```swift
/// @Assembly struct DocumentAssembly {
///     #register(MemoryCache.self, as: (any DocumentCache).self, scope: .weak)  // @Injectable
/// }
/// ```
@freestanding(declaration)
public macro register<T: AnyObject, Key>(_ type: T.Type, as key: Key.Type, scope: WeakScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:tags:scope: .weak)` of a class that is not `@Injectable`, or that is
/// `@MainActor`, which the `@Assembly` reports on the line.
///
/// ```swift
/// @Assembly struct ImageAssembly {
///     #register(Thumbnails.self, tags: "small", scope: .weak)  // @Injectable final class Thumbnails
/// }
/// ```
@freestanding(declaration)
public macro register<T: AnyObject, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: WeakScope,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:as:tags:scope: .weak)` of a class that is not `@Injectable`, or that is
/// `@MainActor`, which the `@Assembly` reports on the line.
///
/// ```swift
/// @Assembly struct DocumentAssembly {
///     #register(MemoryCache.self, as: (any DocumentCache).self, tags: "b", scope: .weak)  // @Injectable
/// }
/// ```
@freestanding(declaration)
public macro register<T: AnyObject, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: WeakScope,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain(_:scope: .weak)` of a class that is not a `@MainActor` `@Injectable`
/// class, which the `@Assembly` reports on the line as an error that names the type and the fix.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(InspectorPanel.self, scope: .weak)  // @Injectable @MainActor final class InspectorPanel
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: AnyObject>(_ type: T.Type, scope: WeakScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain(_:as:scope: .weak)` of a class that is not a `@MainActor` `@Injectable`
/// class, which the `@Assembly` reports on the line.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(InspectorPanel.self, as: (any Panel).self, scope: .weak)  // @Injectable @MainActor
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: AnyObject, Key>(_ type: T.Type, as key: Key.Type, scope: WeakScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain(_:tags:scope: .weak)` of a class that is not a `@MainActor`
/// `@Injectable` class, which the `@Assembly` reports on the line.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(InspectorPanel.self, tags: "left", scope: .weak)  // @Injectable @MainActor
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: AnyObject, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: WeakScope,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain(_:as:tags:scope: .weak)` of a class that is not a `@MainActor`
/// `@Injectable` class, which the `@Assembly` reports on the line.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(InspectorPanel.self, as: (any Panel).self, tags: "left", scope: .weak)  // @Injectable @MainActor
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: AnyObject, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: WeakScope,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")
