/// Marks the initializer `@Injectable` calls when a type has several, or a stored property
/// `@Injectable(.memberwise)` takes as a parameter; expands to nothing.
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

/// Marks a stored property `@Injectable(.memberwise)` takes as a parameter, and says whether that
/// parameter is `@escaping`.
///
/// The generated initializer stores each parameter, so one of a function type must be
/// `@escaping`. The macro sees a function type where the property spells one
/// (`let onSave: @Sendable (Note) -> Void`), but not behind a type alias, which only the compiler
/// resolves: for a property whose type is an alias of a function type, write
/// `@Inject(escaping: true)`.
///
/// ```swift
/// typealias NoteHandler = @Sendable (String) -> Void
///
/// @Injectable(.memberwise)
/// final class NoteInbox: Sendable {
///     @Inject(escaping: true) let onReceive: NoteHandler
///     @Inject let store: Database
/// }
/// // init(onReceive: @escaping NoteHandler, store: Database) {
/// //     self.onReceive = onReceive
/// //     self.store = store
/// // }
/// ```
///
/// Without it, the compiler reports "assigning non-escaping parameter 'onReceive' to an
/// '@escaping' closure" on the property's line. An optional closure is escaping already, so
/// the argument changes nothing for `NoteHandler?`. On an initializer, which writes `@escaping` on
/// its own parameters, it is an error, and so is a value that is not `true` or `false` as written.
@attached(peer)
public macro Inject(escaping: Bool) = #externalMacro(module: "ServiceMacrosPlugin", type: "InjectMacro")
