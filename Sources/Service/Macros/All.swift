/// Marks an initializer parameter of an `@Injectable` type as every registration of its
/// element type: `@All checks: [any HealthCheck]` is `resolveAll((any HealthCheck).self)`, and
/// `@All("toolbar") plugins: [any Plugin]` the registrations whose tags include `"toolbar"`.
///
/// Each registration of one type has tags of its own (one key holds one registration), so the
/// members are registered under different tags, in the order ``ServiceEnv/resolveAll(_:tags:)-(_,Tag)``
/// returns them. None is a valid answer: the parameter is an empty array then, so the assembly
/// checks nothing at compile time for it. ``ServiceEnv/validate(including:)`` and the graph
/// exports draw an edge to each registration it collects, and a shared service that collects
/// a per-scope one is a captive dependency there, as for any other dependency. A Sendable
/// type's members are Sendable services; a `@MainActor` type's are found on either track, so
/// they may be `@MainActor` services registered with `registerMain`. A member whose factory is
/// `async` is built by an owner whose initializer is `async` too
/// (``ServiceEnv/resolveAllAsync(_:tags:)-(_,Tag)``); any other owner finds it once
/// ``ServiceEnv/resolveAsync(_:tags:)-(_,Tag)`` or ``ServiceEnv/warmUp()`` has built it (its resolve
/// throws before, as a synchronous resolve of the member does).
///
/// It is a parameter property wrapper that passes the value through unchanged, so callers of
/// the initializer see a plain array parameter.
///
/// ```swift
/// protocol HealthCheck: Sendable { var name: String { get } }
/// struct DatabaseCheck: HealthCheck { let name = "database" }
/// struct CacheCheck: HealthCheck { let name = "cache" }
///
/// @Injectable
/// struct HealthReport: Sendable {
///     let checks: [any HealthCheck]
///     init(@All checks: [any HealthCheck]) {
///         self.checks = checks
///     }
/// }
///
/// func report(env: ServiceEnv) throws -> [String] {
///     env.register((any HealthCheck).self, tags: "database") { DatabaseCheck() }
///     env.register((any HealthCheck).self, tags: "cache") { CacheCheck() }
///     env.register(HealthReport.self, scope: .transient)
///     return try env.resolve(HealthReport.self).checks.map(\.name)  // ["database", "cache"]
/// }
/// ```
@propertyWrapper
public struct All<Value> {
    /// The value passed to the initializer.
    public var wrappedValue: Value

    /// Wraps the value passed to the initializer; `tags` are read by `@Injectable`, not kept.
    public init<each Tag: Hashable & Sendable>(wrappedValue: Value, _ tags: repeat each Tag) {
        self.wrappedValue = wrappedValue
    }
}

extension All: Sendable where Value: Sendable {}
