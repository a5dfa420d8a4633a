// MARK: - Resolution trace

/// What one top-level resolve did: its own event, then an event for each resolve its
/// construction made, in tree order.
///
/// Its `description` is one line per event, indented two spaces per level of depth:
///
/// ```swift
/// struct Config: Sendable {}
/// struct Greeter: Sendable { let config: Config }
///
/// let env = ServiceEnv(name: "app")
/// env.register(Config.self) { Config() }
/// env.register(Greeter.self, scope: .transient) { Greeter(config: try ServiceEnv.current.resolve(Config.self)) }
/// env.traceResolutions { trace in print(trace) }
/// _ = try env.resolve(Greeter.self)
/// // Greeter: built in 'app' (transient, 0.031 ms)
/// //   Config: built in 'app' (singleton, 0.004 ms)
/// ```
public struct ResolutionTrace: Sendable, CustomStringConvertible {
    /// The top-level resolve's event first, each resolve's event before those of the resolves it
    /// made, which follow in the order they started.
    public let events: [ResolutionTraceEvent]

    /// One line per event.
    public var description: String {
        events.map(\.description).joined(separator: "\n")
    }
}

/// One resolve, as a ``ResolutionTrace`` reports it.
///
/// ```swift
/// let env = ServiceEnv(name: "app")
/// env.register(Int.self) { 42 }
/// env.traceResolutions { trace in
///     for event in trace.events {
///         if case .built = event.outcome {
///             print(event.service, event.duration)
///         }
///     }
/// }
/// ```
public struct ResolutionTraceEvent: Sendable, CustomStringConvertible {
    /// How a resolve ended.
    public enum Outcome: Sendable {
        /// It returned an instance that was already built: a cached one, or the graph's.
        case cached
        /// It built a new instance.
        case built
        /// It threw this error.
        case failed(ServiceError)
        /// Nothing is registered for the service, and the resolve (an `IfRegistered` one)
        /// returned `nil`.
        case absent
    }

    /// The type resolved, with its tags if it has any, as errors name it.
    public let service: String
    /// The environment that answered: the one that built or cached the instance (for a shared
    /// service resolved in a scope, the environment that registered it).
    public let environment: String
    /// The scope of the registration that answered, or nil when the service is not registered.
    public let scope: ServiceScope?
    public let outcome: Outcome
    /// The time the resolve took, including the resolves it made.
    public let duration: Duration
    /// How deep in the top-level resolve this one was made: 0 for the top-level resolve.
    public let depth: Int

    init(_ record: TraceRecorder.Record) {
        service = record.service
        environment = record.environment
        scope = record.scope
        outcome =
            if let failure = record.failure {
                .failed(failure)
            } else if record.builtIn != nil {
                .built
            } else if record.scope == nil {
                .absent
            } else {
                .cached
            }
        duration = record.duration
        depth = record.depth
    }

    /// `Service: built in 'environment' (scope, time)`, indented two spaces per level of depth.
    public var description: String {
        let indent = String(repeating: "  ", count: depth)
        let microseconds = Int((duration / .microseconds(1)).rounded())
        let fraction = String(microseconds % 1_000)
        let time = "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
        let details = [scope?.displayName, time].compactMap(\.self).joined(separator: ", ")
        switch outcome {
        case .cached:
            return "\(indent)\(service): cached in '\(environment)' (\(details))"
        case .built:
            return "\(indent)\(service): built in '\(environment)' (\(details))"
        case .failed(let error):
            return "\(indent)\(service): failed in '\(environment)' (\(details)): \(error)"
        case .absent:
            return "\(indent)\(service): not registered in '\(environment)' (\(details))"
        }
    }
}

extension ServiceEnv {
    /// Reports every resolve made through this environment, its child environments and its
    /// scopes to `handler`, one ``ResolutionTrace`` per top-level resolve (with an event for
    /// each resolve it made), until ``stopTracingResolutions()``.
    ///
    /// The handler is called when the top-level resolve ends, on its thread, and without any
    /// lock held: concurrent resolves call it concurrently, each with its own whole trace. A trace is for finding out what a resolve does (which
    /// environment answers, what is built, what is slow); while no trace is on anywhere, a
    /// resolve pays one load to find that out. ``resolveAll(_:tags:)-(_,Tag)`` is not traced, the
    /// resolves it makes are.
    ///
    /// ```swift
    /// struct Clock: Sendable {}
    /// let env = ServiceEnv(name: "traced")
    /// env.register(Clock.self) { Clock() }
    /// env.traceResolutions { trace in print(trace) }
    /// _ = try env.resolve(Clock.self)  // Clock: built in 'traced' (singleton, 0.004 ms)
    /// _ = try env.resolve(Clock.self)  // Clock: cached in 'traced' (singleton, 0.001 ms)
    /// env.stopTracingResolutions()
    /// ```
    public func traceResolutions(_ handler: @escaping @Sendable (ResolutionTrace) -> Void) {
        storage.setTraceHandler(handler)
    }

    /// Turns off the trace ``traceResolutions(_:)`` turned on for this environment.
    ///
    /// ```swift
    /// ServiceEnv.current.stopTracingResolutions()
    /// ```
    public func stopTracingResolutions() {
        storage.setTraceHandler(nil)
    }

    /// Runs `operation` with every resolve it makes, in any environment, reported to `handler`:
    /// a trace for one task (and the tasks it starts), such as one test.
    ///
    /// ```swift
    /// struct Clock: Sendable {}
    /// let env = ServiceEnv(name: "task-trace")
    /// env.register(Clock.self) { Clock() }
    /// let traces = Mutex<[ResolutionTrace]>([])
    /// try ServiceEnv.withResolutionTrace({ trace in traces.withLock { $0.append(trace) } }) {
    ///     _ = try env.resolve(Clock.self)
    /// }
    /// ```
    public static func withResolutionTrace<R>(
        _ handler: @escaping @Sendable (ResolutionTrace) -> Void,
        operation: () throws -> R,
    ) rethrows -> R {
        ResolutionTracing.count(1)
        defer { ResolutionTracing.count(-1) }
        return try ResolutionTracing.$taskHandler.withValue(handler, operation: operation)
    }

    /// The async form of ``withResolutionTrace(_:operation:)``.
    ///
    /// ```swift
    /// struct Catalog: Sendable {}
    /// func load(_ env: ServiceEnv) async throws {
    ///     try await ServiceEnv.withResolutionTrace({ print($0) }) {
    ///         _ = try await env.resolveAsync(Catalog.self)
    ///     }
    /// }
    /// ```
    public static func withResolutionTrace<R>(
        _ handler: @escaping @Sendable (ResolutionTrace) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R,
    ) async rethrows -> R {
        ResolutionTracing.count(1)
        defer { ResolutionTracing.count(-1) }
        return try await ResolutionTracing.$taskHandler.withValue(handler, operation: operation)
    }
}
