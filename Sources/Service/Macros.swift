// NB: kept unformatted: a trailing comma is not valid in an attribute's argument list.
// swift-format-ignore
/// Makes a struct, final class or actor injectable: `env.register(T.self)` needs no closure.
///
/// The macro picks the initializer marked `@Inject`, else the only initializer, else a struct's
/// memberwise one. Parameters with default values are not injected; `T?` parameters are `nil`
/// when `T` is not registered. It expands to an extension with the ``Injectable`` conformance
/// (``MainInjectable`` for a `@MainActor` type), `dependencies` metadata, an
/// `InjectionRequirements` protocol with one `provide(_:)` requirement per required dependency,
/// and `make(resolver:)`.
///
/// ```swift
/// @Injectable
/// final class UserRepository: Sendable {
///     let database: Database
///     init(database: Database) { self.database = database }
/// }
/// // extension UserRepository: __ServiceMacroSupport.InjectableType {
/// //     protocol InjectionRequirements { func provide(_ type: Database.Type) -> Database }
/// //     static let dependencies: [__ServiceMacroSupport.Dependency] = [ … ]
/// //     static func make(resolver: …) throws(…) -> Self { Self(database: try resolver.resolve(Database.self)) }
/// // }
/// ```
///
/// Errors: applied to anything but a struct, class or actor; a generic type; a non-final class
/// (fix-it: add `final`); several initializers and none marked `@Inject` (a fix-it per
/// initializer); more than one `@Inject` initializer; an `async` or failable initializer; a
/// variadic parameter.
@attached(
    extension,
    conformances: Injectable, MainInjectable,
    names: named(InjectionRequirements), named(dependencies), named(make)
)
public macro Injectable() = #externalMacro(module: "ServiceMacrosPlugin", type: "InjectableMacro")

/// Marks the initializer `@Injectable` calls when a type has several; expands to nothing.
///
/// ```swift
/// @Injectable
/// struct Report: Sendable {
///     let title: String
///     @Inject init(clock: Clock) { title = "\(clock)" }
///     init(title: String) { self.title = title }
/// }
/// ```
@attached(peer)
public macro Inject() = #externalMacro(module: "ServiceMacrosPlugin", type: "InjectMacro")
