import Service
import Testing

private struct TraceConfig: Sendable {}

private struct TraceGreeter: Sendable {
    let config: TraceConfig
}

@Injectable
private struct TracedLeaf: Sendable {
    @Inject init() {}
}

@Injectable
private struct TracedTop: Sendable {
    let leaf: TracedLeaf
    init(leaf: TracedLeaf) { self.leaf = leaf }
}

@MainActor
private final class TracedScreen {}

/// Collects the events a trace delivers.
private final class TraceLog: Sendable {
    private let events = Shared<[ResolutionTraceEvent]>([])

    private let traces = Shared(0)

    var handler: @Sendable (ResolutionTrace) -> Void {
        { trace in
            self.traces.withLock { $0 += 1 }
            self.events.withLock { $0 += trace.events }
        }
    }

    /// How many traces (top-level resolves) were delivered.
    var count: Int { traces.withLock { $0 } }

    /// `service depth outcome environment scope` per event, in delivery order.
    var lines: [String] {
        events.withLock { events in
            events.map { event in
                let outcome =
                    switch event.outcome {
                    case .cached: "cached"
                    case .built: "built"
                    case .absent: "absent"
                    case .failed(let error): "failed \(error)"
                    }
                let scope = event.scope.map { "\($0)" } ?? "-"
                return "\(event.service) \(event.depth) \(outcome) \(event.environment) \(scope)"
            }
        }
    }

    var all: [ResolutionTraceEvent] { events.withLock { $0 } }

    func clear() {
        events.withLock { $0 = [] }
        traces.withLock { $0 = 0 }
    }
}

@Suite("Resolution trace")
struct ResolutionTraceTests {
    private func greeterEnvironment(_ name: String = #function) -> ServiceEnv {
        let env = ServiceEnv(name: name)
        env.register(TraceConfig.self) { TraceConfig() }
        env.register(TraceGreeter.self, scope: .transient) {
            TraceGreeter(config: try ServiceEnv.current.resolve(TraceConfig.self))
        }
        return env
    }

    @Test("a traced resolve reports itself and what its construction resolved, as a tree")
    func tree() throws {
        let env = greeterEnvironment("app")
        let log = TraceLog()
        env.traceResolutions(log.handler)
        defer { env.stopTracingResolutions() }
        _ = try env.resolve(TraceGreeter.self)
        _ = try env.resolve(TraceGreeter.self)
        #expect(
            log.lines == [
                "TraceGreeter 0 built app transient",
                "TraceConfig 1 built app singleton",
                "TraceGreeter 0 built app transient",
                "TraceConfig 1 cached app singleton",
            ]
        )
        let durations = log.all.map(\.duration)
        #expect(durations.allSatisfy { $0 >= .zero })
        #expect(log.all[0].duration >= log.all[1].duration, "a resolve's time includes its children's")
        #expect(log.all[1].description.hasPrefix("  TraceConfig: built in 'app' (singleton, "))
        #expect(log.all[1].description.hasSuffix(" ms)"))
    }

    @Test("a scope's resolve of a shared service is one event, answered by the environment that registered it")
    func scopes() throws {
        let app = greeterEnvironment("app")
        let log = TraceLog()
        app.traceResolutions(log.handler)
        defer { app.stopTracingResolutions() }
        let request = app.makeScope(named: "request")
        _ = try request.resolve(TraceConfig.self)
        _ = try request.resolve(TraceConfig.self)
        let child = ServiceEnv(name: "child", parent: app)
        _ = try child.resolve(TraceGreeter.self)
        #expect(
            log.lines == [
                "TraceConfig 0 built app singleton",
                "TraceConfig 0 cached app singleton",
                "TraceGreeter 0 built child transient",
                "TraceConfig 1 built child singleton",
            ]
        )
    }

    @Test("failures and absent services are reported")
    func failures() throws {
        let env = ServiceEnv(name: "empty")
        let log = TraceLog()
        env.traceResolutions(log.handler)
        defer { env.stopTracingResolutions() }
        _ = try? env.resolve(TraceConfig.self)
        _ = try env.resolveIfRegistered(TraceConfig.self)
        #expect(
            log.lines == [
                "TraceConfig 0 failed Service 'TraceConfig' is not registered in ServiceEnv empty -",
                "TraceConfig 0 absent empty -",
            ])
        #expect(log.all[1].description.hasPrefix("TraceConfig: not registered in 'empty' ("))
    }

    @Test("a task's trace sees every resolve it makes and nothing outside it; stopping a trace stops it")
    func taskTrace() async throws {
        let env = greeterEnvironment()
        let log = TraceLog()
        try ServiceEnv.withResolutionTrace(log.handler) {
            _ = try env.resolve(TraceConfig.self)
        }
        _ = try env.resolve(TraceGreeter.self)
        #expect(log.lines == ["TraceConfig 0 built taskTrace() singleton"])

        let envLog = TraceLog()
        env.traceResolutions(envLog.handler)
        env.stopTracingResolutions()
        _ = try env.resolve(TraceGreeter.self)
        #expect(envLog.lines.isEmpty)

        log.clear()
        try await ServiceEnv.withResolutionTrace(log.handler) {
            _ = try await env.resolveAsync(TraceGreeter.self)
        }
        #expect(
            log.lines == ["TraceGreeter 0 built taskTrace() transient", "TraceConfig 1 cached taskTrace() singleton"])
    }

    @Test("concurrent top-level resolves each deliver their own tree; tagged keys are named with their tags")
    func concurrentAndTagged() async throws {
        let env = greeterEnvironment()
        env.register(TraceConfig.self, tags: "eu") { TraceConfig() }
        let log = TraceLog()
        env.traceResolutions(log.handler)
        defer { env.stopTracingResolutions() }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { _ = try? env.resolve(TraceGreeter.self) }
            }
        }
        let events = log.all
        #expect(events.count == 100)
        #expect(log.count == 50)
        // NB: each tree is delivered whole: a greeter, then its config one level down.
        for (index, event) in events.enumerated() {
            #expect(event.service == (index.isMultiple(of: 2) ? "TraceGreeter" : "TraceConfig"))
            #expect(event.depth == (index.isMultiple(of: 2) ? 0 : 1))
        }
        log.clear()
        _ = try env.resolve(TraceConfig.self, tags: "eu")
        #expect(log.all.map(\.service) == [#"TraceConfig[tag: "eu"]"#])
    }

    @Test("a trace changes no result: cached instances, registered instances and async singletons")
    func sameResults() async throws {
        let env = ServiceEnv(name: #function)
        let first = Logger()
        env.register(first)
        _ = try env.resolve(Logger.self)
        env.register(Logger())  // an instance registered again: the cached first stays until a reset
        env.register(Database.self) { () async in Database() }
        try await ServiceEnv.withResolutionTrace({ _ in }) {
            #expect(try env.resolve(Logger.self) === first)
            let database = try await env.resolveAsync(Database.self)
            // NB: once built, the async singleton is cached, so a synchronous resolve returns it.
            #expect(try env.resolve(Database.self) === database)
            #expect(try env.makeScope(named: "request").resolve(Database.self) === database)
        }
    }

    @Test("generated wiring and the MainActor track are traced with their depth")
    @MainActor
    func generatedAndMain() throws {
        let env = ServiceEnv(name: "generated")
        env.register(TracedLeaf.self, scope: .transient)
        env.register(TracedTop.self, scope: .transient)
        env.registerMain(TracedScreen.self) { TracedScreen() }
        let log = TraceLog()
        try ServiceEnv.withResolutionTrace(log.handler) {
            _ = try env.resolve(TracedTop.self)
            _ = try env.resolveMain(TracedScreen.self)
        }
        #expect(
            log.lines == [
                "TracedTop 0 built generated transient",
                "TracedLeaf 1 built generated transient",
                "TracedScreen 0 built generated singleton",
            ]
        )
    }
}
