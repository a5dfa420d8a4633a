// The `#register` and `#registerMain` forms that exist to be reported: each takes a mistake the
// compiler would otherwise answer with "no exact matches in call to macro 'register'" and a note
// per overload, pointing into this module, so that the `@Assembly` can report it on the line
// instead, naming the type and the fix.

/// Takes `#register` of a `@MainActor` `@Injectable` type, which the `@Assembly` reports on the
/// line as an error that names the type and `#registerMain`.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(HomeViewModel.self)  // not #register
/// }
/// ```
@freestanding(declaration)
public macro register<T: MainInjectable>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register` of a `@MainActor` `@Injectable` type whose initializer is `async`, which the
/// `@Assembly` reports on the line as an error that names the type and `#registerMain`.
///
/// ```swift
/// @Assembly struct LibraryAssembly {
///     #registerMain(Library.self)  // not #register
/// }
/// ```
@freestanding(declaration)
public macro register<T: MainAsyncInjectable>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register` of a type that is not `@Injectable`, with no closure to build it, which the
/// `@Assembly` reports on the line as an error that names the type and both fixes: `@Injectable`
/// on the type, or a closure on the line.
///
/// ```swift
/// struct Config: Sendable {
///     let greeting: String
/// }
///
/// @Assembly struct AppAssembly {
///     #register(Config.self) { Config(greeting: "Hello") }  // not @Injectable: a closure builds it
/// }
/// ```
@freestanding(declaration)
public macro register<T>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:as:)` of a type that is not `@Injectable`, which the `@Assembly` reports on
/// the line as an error that names the type and both fixes.
///
/// ```swift
/// @Assembly struct ClockAssembly {
///     #register((any Clock).self) { SystemClock() }  // not @Injectable: a closure builds it
/// }
/// ```
@freestanding(declaration)
public macro register<T, Key>(_ type: T.Type, as key: Key.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:tags:)` of a type that is not `@Injectable`, which the `@Assembly` reports
/// on the line as an error that names the type and both fixes.
///
/// ```swift
/// @Assembly struct StorageAssembly {
///     #register(Config.self, tags: "backup") { Config(greeting: "Hello") }  // a closure builds it
/// }
/// ```
@freestanding(declaration)
public macro register<T, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:as:tags:)` of a type that is not `@Injectable`, which the `@Assembly`
/// reports on the line as an error that names the type and both fixes.
///
/// ```swift
/// @Assembly struct ClockAssembly {
///     #register((any Clock).self, tags: "utc") { SystemClock() }  // a closure builds it
/// }
/// ```
@freestanding(declaration)
public macro register<T, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain` of a type that is not `@Injectable`, with no closure to build it, which
/// the `@Assembly` reports on the line as an error that names the type and both fixes.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(HomeViewModel.self)  // @Injectable @MainActor final class HomeViewModel
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain(_:tags:)` of a type that is not `@Injectable`, which the `@Assembly`
/// reports on the line as an error that names the type and both fixes.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(Banner.self, tags: "welcome")  // @Injectable @MainActor final class Banner
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain` of an `@Injectable` type that is not `@MainActor`, which the `@Assembly`
/// reports on the line as an error that names the type, `@MainActor` and `#register`.
///
/// ```swift
/// @Assembly struct CoreAssembly {
///     #register(NoteStore.self)  // a Sendable service: not #registerMain
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: Injectable>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:as:)` with a closure, which `as:` does not take, and which the `@Assembly`
/// reports on the line: a closure registers the type its result is stored as, named first.
///
/// ```swift
/// @Assembly struct ClockAssembly {
///     #register((any Clock).self) { SystemClock() }  // not #register(SystemClock.self, as: (any Clock).self) { … }
/// }
/// ```
@freestanding(declaration)
public macro register<T, Key>(
    _ type: T.Type,
    as key: Key.Type,
    scope: ServiceScope = .singleton,
    factory: @Sendable () async throws -> T,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:as:tags:)` with a closure, which `as:` does not take, and which the
/// `@Assembly` reports on the line, as `register(_:as:scope:factory:)`.
///
/// ```swift
/// @Assembly struct ClockAssembly {
///     #register((any Clock).self, tags: "utc") { SystemClock() }
/// }
/// ```
@freestanding(declaration)
public macro register<T, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
    factory: @Sendable () async throws -> T,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#register(_:scope:tags:)` with a closure, `scope:` written before the tags, which the
/// `@Assembly` reports on the line with a fix-it that writes the tags first, as every form of
/// `#register` takes them.
///
/// ```swift
/// @Assembly struct StorageAssembly {
///     #register(Config.self, tags: "backup", scope: .transient) { Config(greeting: "Hello") }
/// }
/// ```
@freestanding(declaration)
public macro register<Key, each Tag: Hashable & Sendable>(
    _ type: Key.Type,
    scope: ServiceScope,
    tags: repeat each Tag,
    factory: @Sendable () async throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Takes `#registerMain(_:scope:tags:)` with a closure, `scope:` written before the tags, which
/// the `@Assembly` reports on the line, as `register(_:scope:tags:factory:)`.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(Palette.self, tags: "dark", scope: .transient) { Palette() }
/// }
/// ```
@freestanding(declaration)
public macro registerMain<Key, each Tag: Hashable & Sendable>(
    _ type: Key.Type,
    scope: ServiceScope,
    tags: repeat each Tag,
    factory: @MainActor () async throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")
