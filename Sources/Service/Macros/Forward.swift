/// Makes `key` another name for the registration of `target` in an `@Assembly`: resolving `key`
/// resolves `target` and returns that instance, so one instance serves every type it is known by.
///
/// A type registered twice, once per protocol it conforms to, is two registrations with an
/// instance each: what one of them stores, the other does not see. Register it once, under its
/// own type, and forward each protocol to it:
///
/// ```swift
/// protocol NoteReading: Sendable { func all() -> [String] }
/// protocol NoteWriting: Sendable { func add(_ note: String) }
///
/// @Injectable
/// final class NoteStore: NoteReading, NoteWriting {
///     private let notes = Mutex<[String]>([])
///     init() {}
///     func all() -> [String] { notes.withLock { $0 } }
///     func add(_ note: String) { notes.withLock { $0.append(note) } }
/// }
///
/// @Assembly
/// struct NotesAssembly {
///     #register(NoteStore.self)
///     #forward((any NoteReading).self, to: NoteStore.self)
///     #forward((any NoteWriting).self, to: NoteStore.self)
/// }
/// ```
///
/// The forward keeps no instance of its own: every resolve of `key` resolves `target` where it
/// is resolved, so `target`'s scope, an override of `target` in a child environment or a test,
/// and a reset of its cache are what `key` sees too. An override of `key` itself replaces the
/// forward. It registers ``ServiceEnv/forward(_:to:_:)``, so a resolve of `key` reads `target`'s
/// cached instance without a construction of its own. The assembly checks at compile time that it provides `target` (registered in it, in
/// an assembly it includes, or declared with `#external`), and that `target` is a `key`; a
/// forward to a type registered with `#registerMain` is registered on the main actor's track.
/// A forward resolves its target synchronously: to a target whose initializer is `async`, it
/// returns the instance once `resolveAsync` or ``ServiceEnv/warmUp()`` has built it, and throws
/// ``ServiceUsageError/asyncFactory(serviceType:)`` before.
/// `validate()` and the graph exports show the forward as a service that depends on `target`, and
/// `@Assembly(checkCycles: true)` follows a forward to a type the same assembly registers.
@freestanding(declaration)
public macro forward<Key, Target>(_ key: Key.Type, to target: Target.Type) =
    #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")

/// Makes `key`, registered under `tags`, another name for the registration of `target` in an
/// `@Assembly`: one instance of `target` that is also a member of an ``All`` collection, or the
/// tagged key a service asks for with ``Tags``.
///
/// A type registered once for itself and once more as a tagged member of a collection is two
/// registrations with an instance each: the health check would report on a store the
/// application does not use. Register it once and forward the tagged key to it:
///
/// ```swift
/// protocol HealthCheck: Sendable { var name: String { get } }
///
/// @Injectable
/// final class MetricsStore: HealthCheck {
///     let name = "metrics"
///     init() {}
/// }
///
/// @Assembly
/// struct MetricsAssembly {
///     #register(MetricsStore.self)
///     #forward((any HealthCheck).self, tags: "metrics", to: MetricsStore.self)
/// }
/// ```
///
/// The target is the untagged registration of `target`. Everything else is as for
/// ``forward(_:to:)``; `@Assembly(checkCycles: true)` does not follow a tagged forward, as it
/// does not follow tagged dependencies.
@freestanding(declaration)
public macro forward<Key, Target, each Tag: Hashable & Sendable>(
    _ key: Key.Type,
    tags: repeat each Tag,
    to target: Target.Type,
) = #externalMacro(module: "ServiceMacrosPlugin", type: "RegisterMacro")
