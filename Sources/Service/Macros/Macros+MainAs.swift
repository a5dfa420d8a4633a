/// Registers a `@MainActor` `@Injectable` type on the MainActor track of an `@Assembly` under
/// another type, usually a protocol; resolve that type with `resolveMain`.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(SettingsScreen.self, as: (any Screen).self)
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainInjectable, Key>(_ type: T.Type, as key: Key.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` type on the MainActor track of an `@Assembly` under
/// another type and tags.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(SettingsScreen.self, as: (any Screen).self, tags: "settings")
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainInjectable, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` type whose initializer is `async` on the MainActor
/// track of an `@Assembly` under another type, which must be Sendable; resolve it with
/// `resolveAsync`.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(LocalCatalog.self, as: (any Catalog).self)
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainAsyncInjectable, Key: Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` type whose initializer is `async` on the MainActor
/// track of an `@Assembly` under another type and tags.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(LocalCatalog.self, as: (any Catalog).self, tags: "local")
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainAsyncInjectable, Key: Sendable, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain(_:as:)` of a type that is not a `@MainActor` `@Injectable` type, which
/// the `@Assembly` reports on the line as an error that names the type and the fix.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(SettingsScreen.self, as: (any Screen).self)  // @Injectable @MainActor final class SettingsScreen
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T, Key>(_ type: T.Type, as key: Key.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain(_:as:tags:)` of a type that is not a `@MainActor` `@Injectable` type,
/// which the `@Assembly` reports on the line.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(SettingsScreen.self, as: (any Screen).self, tags: "settings")  // @Injectable @MainActor
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")
