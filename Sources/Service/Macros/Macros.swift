// NB: kept unformatted: a trailing comma is not valid in an attribute's argument list. No member
// role: every role is a request to the macro plugin for every type that uses the macro, and only
// the initializer `Injectable(_:)` generates is a member.
// swift-format-ignore
/// Makes a struct, final class or actor injectable: `env.register(T.self)` needs no closure.
///
/// The macro picks the initializer marked `@Inject`, else the only initializer, else a struct's
/// memberwise one. A type that declares no initializer can mark the stored properties to inject
/// with `@Inject`: a struct is then built with its memberwise initializer, and a class or actor,
/// whose initializer an extension cannot declare, is written `@Injectable(.memberwise)`, which
/// generates it (see ``Injectable(_:)``). Parameters with default values are not injected; `T?` parameters are `nil` when `T` is not
/// registered; `Lazy<T>` parameters are resolved on first use, `ServiceProvider<T>` ones on every
/// call; `@Assisted` parameters are resolve-time arguments (the type becomes
/// ``AssistedInjectable``, with a `register(in:scope:)` taking them). It expands to an extension with the ``Injectable`` conformance
/// (``MainInjectable`` for a `@MainActor` type), `dependencies` metadata, the `__ProviderChecks`
/// protocol an assembly's `#register` line checks its dependencies with, an
/// `InjectionRequirements` protocol for `make(graph:)`, and `make(resolver:)`.
///
/// ```swift
/// @Injectable
/// final class UserRepository: Sendable {
///     let database: Database
///     init(database: Database) { self.database = database }
/// }
/// // extension UserRepository: __ServiceMacroSupport.InjectableType {
/// //     protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
/// //         associatedtype D0 = Database; func check(_ type: Database.Type) -> D0
/// //     }
/// //     protocol InjectionRequirements { func provide(_ type: Database.Type) -> Database }
/// //     static var dependencies: [__ServiceMacroSupport.Dependency] { [ … ] }
/// //     static func make(resolver: …) throws(…) -> Self { Self(database: try resolver.resolve(Database.self)) }
/// // }
/// ```
///
/// An `async` initializer makes the type ``AsyncInjectable``: registered without a closure, it is
/// built by `resolveAsync`, which resolves its dependencies with `resolveAsync` too. On a
/// `@MainActor` class it makes the type ``MainAsyncInjectable``: registered with `registerMain`,
/// built on the main actor by `resolveAsync` from any isolation.
///
/// Errors: applied to anything but a struct, class or actor; a generic type; a non-final class
/// (fix-it: add `final`); several initializers and none marked `@Inject` (a fix-it per
/// initializer); more than one `@Inject` initializer; an `async` initializer with `@Assisted`
/// parameters; a failable or generic initializer; a variadic or `inout` parameter, or one of a
/// `some` type (fix-it: write `any`); `@Inject` on a property without a type annotation or on a
/// static property; in property-injection mode, a stored property with neither a default value
/// nor `@Inject` (fix-it: mark it `@Inject`); a class or actor with `@Inject` properties and no
/// initializer (fix-it: write `@Injectable(.memberwise)`). When the initializer is the problem,
/// the type still conforms, so that its error is the only one.
@attached(
    extension,
    conformances: Injectable, MainInjectable, AssistedInjectable, AsyncInjectable, MainAsyncInjectable,
    names: named(InjectionRequirements), named(dependencies), named(make), named(register),
    named(__CycleRequirements), named(__CycleEdges), arbitrary
)
public macro Injectable() = #externalMacro(module: "ServiceMacrosPlugin", type: "InjectableMacro")

// NB: its extension role is `Injectable()`'s, word for word: keep the two in step.
// swift-format-ignore
/// Makes a type that declares no initializer injectable, and generates its initializer from the
/// stored properties marked `@Inject`.
///
/// An extension cannot declare a class's or an actor's initializer, so `@Injectable` alone cannot
/// build one whose dependencies are `@Inject` properties: write `@Injectable(.memberwise)`. The
/// generated initializer takes the `@Inject` properties in the order they are declared and has the
/// type's access level; every other stored property needs a default value (or is an optional
/// `var`). On a struct, `.memberwise` is needed only for that access level: without it, the
/// struct's own memberwise initializer builds it.
///
/// ```swift
/// @Injectable(.memberwise)
/// final class SettingsStore: Sendable {
///     @Inject let database: Database
///     @Inject let clock: any TimeSource
///     let pageSize = 50
/// }
/// // init(database: Database, clock: any TimeSource) {
/// //     self.database = database
/// //     self.clock = clock
/// // }
/// ```
///
/// Everything else is what ``Injectable()`` generates. `.memberwise` on a type that declares an
/// initializer, or has no `@Inject` property, is an error (fix-it: remove it).
@attached(member, names: named(init))
@attached(
    extension,
    conformances: Injectable, MainInjectable, AssistedInjectable, AsyncInjectable, MainAsyncInjectable,
    names: named(InjectionRequirements), named(dependencies), named(make), named(register),
    named(__CycleRequirements), named(__CycleEdges), arbitrary
)
public macro Injectable(_ initializer: InjectableInitializer) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "InjectableMacro")

/// The initializer ``Injectable(_:)`` generates.
///
/// ```swift
/// @Injectable(.memberwise)
/// actor Ledger {
///     @Inject let store: Database
///     var entries: [String] = []
/// }
/// ```
public enum InjectableInitializer: Sendable {
    /// An initializer with one parameter for each stored property marked `@Inject`, in the order
    /// they are declared, that assigns them.
    case memberwise
}

// NB: kept unformatted: a trailing comma is not valid in an attribute's argument list.
// swift-format-ignore
/// Turns a struct of `#register` lines into a ``DeclaredAssembly`` whose wiring the compiler checks.
///
/// Every `#register` of an `@Injectable` type must find each of that type's dependencies
/// provided by the assembly (registered, `#external`, or from `includes:`); a missing one is a
/// compiler error on that `#register` line that names the missing type. A Sendable service that
/// depends on a `#registerMain` service is an error there too.
///
/// ```swift
/// @Assembly
/// struct AppAssembly {
///     #register(Database.self)
///     #register(UserRepository.self, scope: .transient)
///     #register(Config.self) { Config(url: "https://example.com") }
///     #external(Logger.self)
/// }
/// // expands to: `static let registrations`, `assemble(env:)`, a `Provided` class with one
/// // `check(_:)` per provided type, and `__injectionGraphs()`, declaring one local `Provided`
/// // subclass per `#register` of an `@Injectable` type, named after that line
/// // (`` `#register(UserRepository.self)` ``), and checking the type's dependencies with it.
/// ```
///
/// A dependency the assembly does not provide fails on its `#register` line, one error per
/// missing dependency, that names the service, what it needs and the fix:
///
/// ```text
/// AppAssembly.swift:4:9: error: local function 'UserRepository.init' requires that 'Database' inherit from '`registered in the assembly, or declared with #external`'
/// ```
///
/// `includes:` names one assembly (usually from another module) whose provided types this one
/// may depend on; chain assemblies to include more.
///
/// `checkCycles: true` also makes a cycle of required dependencies among this assembly's
/// registrations and those of the assemblies it includes (from the same module) a compiler error
/// on the `#register` line of a service in the cycle, "type alias 'Ping needs itself through its
/// dependencies: take one of them as Lazy or ServiceProvider' references itself", with notes
/// naming the others (dependencies through `Lazy`, `ServiceProvider` and optionals are not
/// edges; dependencies provided elsewhere count as leaves). A cycle among the included
/// assembly's services alone is reported as "circular reference" in the `@Assembly` expansion (the
/// included assembly's own `checkCycles: true` names it). It is opt-in because it relies on each
/// dependency being spelled the same way in the initializer and in `#register` (`(any Clock)`
/// and `any Clock` match; a module-qualified spelling does not).
///
/// Errors: applied to anything but a struct; a duplicate registration (fix-it: remove it);
/// more than one included assembly.
@attached(
    member,
    names: named(init), named(registrations), named(__registrationTable), named(assemble), named(Provided),
    named(__injectionGraphs), named(__trackChecks), named(__InjectableChecks),
    named(__CycleGraph), named(__CycleNodes), named(__CycleExport), named(ProvidedToSharedServices),
    named(ProvidedToSendableServices), named(ProvidedToSharedMainActorServices), named(Registrations)
)
@attached(extension, conformances: DeclaredAssembly, NonisolatedAssembly)
public macro Assembly(includes: [any ServiceAssembly.Type] = [], checkCycles: Bool = false) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "AssemblyMacro")

/// Registers an `@Injectable` type in an `@Assembly`; expands to nothing (the assembly reads it).
///
/// ```swift
/// @Assembly struct CoreAssembly {
///     #register(Clock.self, scope: .singleton)
/// }
/// ```
@freestanding(declaration)
public macro register<T: Injectable>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` class in an `@Assembly` with the weak scope: one instance, shared
/// while something else holds it (see ``WeakScope``).
///
/// ```swift
/// @Injectable final class EditorSession: Sendable {
///     init() {}
/// }
///
/// @Assembly struct EditorAssembly {
///     #register(EditorSession.self, scope: .weak)
/// }
/// ```
@freestanding(declaration)
public macro register<T: Injectable & AnyObject>(_ type: T.Type, scope: WeakScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` type in an `@Assembly` under another type, usually a protocol.
///
/// ```swift
/// @Assembly struct CoreAssembly {
///     #register(SystemClock.self, as: (any Clock).self)
/// }
/// ```
@freestanding(declaration)
public macro register<T: Injectable, Key>(_ type: T.Type, as key: Key.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a closure-built service in an `@Assembly`.
///
/// ```swift
/// @Assembly struct CoreAssembly {
///     #register(Config.self) { Config(url: "https://example.com") }
/// }
/// ```
@freestanding(declaration)
public macro register<Key: Sendable>(
    _ type: Key.Type,
    scope: ServiceScope = .singleton,
    factory: @Sendable () throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a service built by an `async` closure in an `@Assembly`; resolve it with
/// `resolveAsync`. A singleton is built exactly once, however many tasks await it first.
///
/// ```swift
/// @Assembly struct StorageAssembly {
///     #register(NoteStore.self) { () async throws -> NoteStore in try await NoteStore.open() }
/// }
/// ```
@freestanding(declaration)
public macro register<Key: Sendable>(
    _ type: Key.Type,
    scope: ServiceScope = .singleton,
    factory: @Sendable () async throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a service built by an `async` closure in an `@Assembly` under tags.
///
/// ```swift
/// @Assembly struct StorageAssembly {
///     #register(NoteStore.self, tags: "archive") { () async throws -> NoteStore in try await NoteStore.open() }
/// }
/// ```
@freestanding(declaration)
public macro register<Key: Sendable, each Tag: Hashable & Sendable>(
    _ type: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
    factory: @Sendable () async throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` type with `@Assisted` parameters in an `@Assembly`; resolve it
/// with its arguments. Write the scope you want: `.transient` builds one instance per resolve.
///
/// ```swift
/// @Assembly struct DetailAssembly {
///     #register(DetailModel.self, scope: .transient)
/// }
/// ```
@freestanding(declaration)
public macro register<T: AssistedInjectable>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` type whose initializer is `async` in an `@Assembly`; resolve it
/// with `resolveAsync`. Its dependencies are checked like any other's.
///
/// ```swift
/// @Assembly struct StorageAssembly {
///     #register(NoteDatabase.self)  // @Injectable, init(settings: Settings) async throws
/// }
/// ```
@freestanding(declaration)
public macro register<T: AsyncInjectable>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` type whose initializer is `async` in an `@Assembly` under tags.
///
/// ```swift
/// @Assembly struct StorageAssembly {
///     #register(NoteDatabase.self, tags: "archive")
/// }
/// ```
@freestanding(declaration)
public macro register<T: AsyncInjectable, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` type in an `@Assembly` under tags. A tagged registration does not
/// provide its type to other services' untagged dependencies; resolve it with its tags.
///
/// ```swift
/// @Assembly struct StorageAssembly {
///     #register(Database.self, tags: "replica")
/// }
/// ```
@freestanding(declaration)
public macro register<T: Injectable, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers an `@Injectable` type in an `@Assembly` under another type and tags.
///
/// ```swift
/// @Assembly struct StorageAssembly {
///     #register(SQLiteStore.self, as: (any Store).self, tags: "cache")
/// }
/// ```
@freestanding(declaration)
public macro register<T: Injectable, Key, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    as key: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a closure-built service in an `@Assembly` under tags.
///
/// ```swift
/// @Assembly struct ConfigAssembly {
///     #register(Config.self, tags: "staging") { Config(url: "https://staging.example.com") }
/// }
/// ```
@freestanding(declaration)
public macro register<Key: Sendable, each Tag: Hashable & Sendable>(
    _ type: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
    factory: @Sendable () throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` type whose initializer is `async` on the MainActor
/// track of an `@Assembly`; resolve it with `resolveAsync`.
///
/// ```swift
/// @Assembly struct LibraryAssembly {
///     #registerMain(Library.self)  // @Injectable @MainActor, init(settings: Settings) async
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainAsyncInjectable>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` type on the MainActor track of an `@Assembly`.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(HomeViewModel.self)
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainInjectable>(_ type: T.Type, scope: ServiceScope = .singleton) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` class on the MainActor track of an `@Assembly` with
/// the weak scope: one instance, shared while something else holds it (see ``WeakScope``).
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(Inspector.self, scope: .weak)
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainInjectable & AnyObject>(_ type: T.Type, scope: WeakScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` type on the MainActor track of an `@Assembly` under
/// tags; a `@MainActor` service's `@Tags` parameter with the same tags depends on it.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(Banner.self, tags: "welcome")
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainInjectable, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a `@MainActor` `@Injectable` type whose initializer is `async` on the MainActor
/// track of an `@Assembly` under tags; resolve it with `resolveAsync` and the same tags.
///
/// ```swift
/// @Assembly struct LibraryAssembly {
///     #registerMain(Library.self, tags: "archive")  // init(settings: Settings) async
/// }
/// ```
@freestanding(declaration)
public macro registerMain<T: MainAsyncInjectable, each Tag: Hashable & Sendable>(
    _ type: T.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a closure-built service on the MainActor track of an `@Assembly`: the closure runs
/// on the main actor, and the type need not be `Sendable`.
///
/// ```swift
/// @MainActor final class Palette {}
///
/// @Assembly struct UIAssembly {
///     #registerMain(Palette.self) { Palette() }
/// }
/// ```
@freestanding(declaration)
public macro registerMain<Key>(
    _ type: Key.Type,
    scope: ServiceScope = .singleton,
    factory: @MainActor () throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a service built by an `async` closure on the MainActor track of an `@Assembly`;
/// resolve it with `resolveAsync`.
///
/// ```swift
/// @Assembly struct LibraryAssembly {
///     #registerMain(Catalog.self) { () async throws -> Catalog in try await Catalog.load() }
/// }
/// ```
@freestanding(declaration)
public macro registerMain<Key: Sendable>(
    _ type: Key.Type,
    scope: ServiceScope = .singleton,
    factory: @MainActor () async throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a closure-built service on the MainActor track of an `@Assembly` under tags.
///
/// ```swift
/// @Assembly struct UIAssembly {
///     #registerMain(Palette.self, tags: "dark") { Palette() }
/// }
/// ```
@freestanding(declaration)
public macro registerMain<Key, each Tag: Hashable & Sendable>(
    _ type: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
    factory: @MainActor () throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Registers a service built by an `async` closure on the MainActor track of an `@Assembly`
/// under tags; resolve it with `resolveAsync` and the same tags.
///
/// ```swift
/// @Assembly struct LibraryAssembly {
///     #registerMain(Catalog.self, tags: "archive") { () async throws -> Catalog in try await Catalog.load() }
/// }
/// ```
@freestanding(declaration)
public macro registerMain<Key: Sendable, each Tag: Hashable & Sendable>(
    _ type: Key.Type,
    tags: repeat each Tag,
    scope: ServiceScope = .singleton,
    factory: @MainActor () async throws -> Key,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Declares that a Sendable service is registered by hand elsewhere, so dependents may use it.
///
/// ```swift
/// @Assembly struct AppAssembly {
///     #external(Logger.self)
/// }
/// ```
@freestanding(declaration)
public macro external<T: Sendable>(_ type: T.Type) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Declares that a Sendable service is registered by hand elsewhere with `scope`; with
/// ``ServiceScope/scoped``, that each scope registers its own (a request's context, say).
///
/// `validate()` does not report a per-scope declaration missing on the application's
/// environment, checks it inside a scope, and reports a singleton that depends on it; a
/// singleton of the same assembly that depends on it directly does not compile.
///
/// ```swift
/// @Assembly struct ServerAssembly {
///     #external(RequestContext.self, scope: .scoped)
/// }
/// ```
@freestanding(declaration)
public macro external<T: Sendable>(_ type: T.Type, scope: ServiceScope) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Declares a static property read through a peer `static let $name` of type `Binding`, as
/// `@TaskLocal` does with `TaskLocal`; `Binding` has `init(wrappedValue:)` and `get()`. For this
/// module's own task-local bindings (``ServiceEnv/current``, ``ServiceEnv/maxResolutionDepth``).
@attached(accessor)
@attached(peer, names: prefixed(`$`))
macro TaskLocalBinding<Binding>(_ binding: Binding.Type) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "TaskLocalBindingMacro")
