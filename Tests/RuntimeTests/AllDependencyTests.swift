import Service
import Testing

protocol HealthCheck: Sendable { var name: String { get } }

@Injectable
struct DatabaseCheck: HealthCheck {
    let name = "database"
    init() {}
}

@Injectable
struct CacheCheck: HealthCheck {
    let name = "cache"
    init() {}
}

struct QueueCheck: HealthCheck { let name = "queue" }

@Injectable
struct HealthReport: Sendable {
    let checks: [any HealthCheck]
    let critical: [any HealthCheck]

    init(@All checks: [any HealthCheck], @All("critical") critical: [any HealthCheck]) {
        self.checks = checks
        self.critical = critical
    }

    var names: [String] { checks.map(\.name) }
}

@Injectable
@MainActor
final class HealthScreen {
    let checks: [any HealthCheck]
    init(@All checks: [any HealthCheck]) { self.checks = checks }
}

@MainActor protocol Panel: AnyObject { var title: String { get } }

@MainActor
final class TitledPanel: Panel {
    let title: String
    init(title: String) { self.title = title }
}

/// A `@MainActor` type that collects `@MainActor` members, registered with `registerMain`.
@Injectable
@MainActor
final class PanelBar {
    let panels: [any Panel]
    init(@All("bar") panels: [any Panel]) { self.panels = panels }
}

@Injectable
struct SlowHealthReport: Sendable {
    let checks: [any HealthCheck]
    init(@All("critical") checks: [any HealthCheck]) async {
        await Task.yield()
        self.checks = checks
    }
}

@Assembly
struct HealthAssembly {
    #register(DatabaseCheck.self, as: (any HealthCheck).self, tags: "database", "critical")
    #register(CacheCheck.self, as: (any HealthCheck).self, tags: "cache")
    #register(HealthReport.self, scope: .transient)
    #register(SlowHealthReport.self)
}

/// An assembly that registers no check: an `@All` dependency is an empty array, not an error.
@Assembly
struct NoChecksAssembly {
    #register(HealthReport.self, scope: .transient)
}

/// A store the application writes to, which is also one of the health checks.
@Injectable
final class MetricsCheck: HealthCheck {
    let name = "metrics"
    init() {}
}

/// What reads the metrics check by its tagged key.
@Injectable
struct MetricsPage: Sendable {
    let check: any HealthCheck
    init(@Tags("metrics") check: any HealthCheck) { self.check = check }
}

@Assembly
struct MetricsAssembly {
    #register(MetricsCheck.self)
    #forward((any HealthCheck).self, tags: "metrics", to: MetricsCheck.self)
    #register(HealthReport.self, scope: .transient)
    #register(MetricsPage.self, scope: .transient)
}

/// A report that forgot `@All`: it needs a registration of the array itself.
@Injectable
struct PlainHealthReport: Sendable {
    let checks: [any HealthCheck]
    init(checks: [any HealthCheck]) { self.checks = checks }
}

/// A check that needs the report that collects it.
struct ReportingCheck: HealthCheck {
    let name = "reporting"
    init() throws {
        _ = try ServiceEnv.current.resolve(HealthReport.self)
    }
}

@Suite("@All: every registration of a type, injected as an array")
struct AllDependencyTests {
    @Test("collects every registration of the element type, and those whose tags include @All's")
    func collects() throws {
        let env = ServiceEnv(name: #function)
        env.apply(HealthAssembly())
        env.register((any HealthCheck).self, tags: "queue", "critical") { QueueCheck() }
        let report = try env.resolve(HealthReport.self)
        #expect(Set(report.names) == ["database", "cache", "queue"])
        #expect(Set(report.critical.map(\.name)) == ["database", "queue"])
    }

    @Test("none registered: an empty array, and the assembly compiles and validates")
    func noneIsEmpty() throws {
        let env = ServiceEnv(name: #function)
        env.apply(NoChecksAssembly())
        try env.validate()
        let report = try env.resolve(HealthReport.self)
        #expect(report.checks.isEmpty)
        #expect(report.critical.isEmpty)
    }

    @Test("a @MainActor type and a type with an async initializer collect them too")
    @MainActor
    func otherForms() async throws {
        let env = ServiceEnv(name: #function)
        env.apply(HealthAssembly())
        env.registerMain(HealthScreen.self)
        #expect(Set(try env.resolveMain(HealthScreen.self).checks.map(\.name)) == ["database", "cache"])
        #expect(try await env.resolveAsync(SlowHealthReport.self).checks.map(\.name) == ["database"])
    }

    @Test("a @MainActor type collects @MainActor members, and a built async member")
    @MainActor
    func mainActorMembers() async throws {
        let env = ServiceEnv(name: #function)
        env.registerMain((any Panel).self, tags: "bar", "notes") { TitledPanel(title: "notes") }
        env.registerMain((any Panel).self, tags: "bar", "search") { TitledPanel(title: "search") }
        env.registerMain((any Panel).self, tags: "menu") { TitledPanel(title: "menu") }
        env.registerMain(PanelBar.self, scope: .transient)
        #expect(Set(try env.resolveMain(PanelBar.self).panels.map(\.title)) == ["notes", "search"])

        env.register((any HealthCheck).self, tags: "slow") { () async -> any HealthCheck in QueueCheck() }
        env.registerMain(HealthScreen.self, scope: .transient)
        #expect(throws: ServiceError.self) { try env.resolveMain(HealthScreen.self) }
        _ = try await env.resolveAsync((any HealthCheck).self, tags: "slow")
        #expect(try env.resolveMain(HealthScreen.self).checks.map(\.name) == ["queue"])
    }

    @Test("the dependency list, validate() and the graph name each registration collected")
    func graph() throws {
        let env = ServiceEnv(name: #function)
        env.apply(HealthAssembly())
        #expect(
            HealthReport.dependencies.map(\.description) == [
                "checks: HealthCheck (all)", #"critical: HealthCheck[tag: "critical"] (all)"#,
            ]
        )
        let graph = try env.validate()
        let edges = graph.node(named: "HealthReport")?.dependencies.map { "\($0.label) -> \($0.target)" }
        #expect(
            edges == [
                #"checks -> HealthCheck[tag: "cache"]"#,
                #"checks -> HealthCheck[tags: "critical", "database"]"#,
                #"critical -> HealthCheck[tags: "critical", "database"]"#,
            ]
        )
        #expect(graph.mermaid().contains(#"-->|"checks (all)"|"#))
        #expect(!graph.mermaid().contains("not registered"))
    }

    @Test("a shared service that collects a per-scope one is a captive dependency")
    func captive() throws {
        let env = ServiceEnv(name: #function)
        env.register(HealthReport.self)
        env.register((any HealthCheck).self, tags: "request", scope: .scoped) { QueueCheck() }
        let error = #expect(throws: ServiceValidationError.self) { try env.validate() }
        #expect(
            error?.problems.map(\.description) == [
                "'HealthReport' (runtime) is shared by every scope but depends on 'HealthCheck[tag: \"request\"]', "
                    + "which each scope provides: register 'HealthReport' with scope .scoped or .transient"
            ]
        )
    }

    @Test("an array parameter without @All, whose element type is registered: the failure says to mark it @All")
    func forgottenAll() throws {
        let env = ServiceEnv(name: #function)
        env.register(PlainHealthReport.self)
        env.register((any HealthCheck).self, tags: "queue") { QueueCheck() }
        let error = #expect(throws: ResolutionFailure.self) { try env.require(PlainHealthReport.self) }
        #expect(
            error?.hint == #"its element type is registered as HealthCheck[tag: "queue"]: to take every one, "#
                + "mark the initializer parameter @All, or call resolveAll(_:tags:)"
        )
        env.register([any HealthCheck].self) { [QueueCheck()] }
        #expect(try env.require(PlainHealthReport.self).checks.count == 1)
    }

    @Test("a type that is a service of its own and a member of a collection: one instance, through a tagged forward")
    func taggedForwardMember() throws {
        let env = ServiceEnv(name: #function)
        env.apply(MetricsAssembly())
        try env.validate()
        let store = try env.resolve(MetricsCheck.self)
        let collected = try env.resolve(HealthReport.self).checks
        #expect(collected.count == 1)
        #expect(collected.first.map { ObjectIdentifier($0 as AnyObject) } == ObjectIdentifier(store))
        let page = try env.resolve(MetricsPage.self)
        #expect(ObjectIdentifier(page.check as AnyObject) == ObjectIdentifier(store))
        let edges = env.graph().node(named: #"HealthCheck[tag: "metrics"]"#)?.dependencies.map(\.target)
        #expect(edges == ["MetricsCheck"])
    }

    @Test("a collected registration that needs the collector is a cycle, reported as one")
    func cycle() throws {
        let env = ServiceEnv(name: #function)
        env.register(HealthReport.self, scope: .transient)
        env.register((any HealthCheck).self, tags: "reporting") { try ReportingCheck() }
        let error = #expect(throws: ResolutionFailure.self) { try env.require(HealthReport.self) }
        #expect(error?.chain == ["HealthReport", #"HealthCheck[tag: "reporting"]"#, "HealthReport"])
    }
}
