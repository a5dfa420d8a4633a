import Service
import Testing

/// A check that connects before it can run: built by an `async` factory.
private actor ConnectedCheck: HealthCheck {
    nonisolated let name: String
    init(name: String) { self.name = name }

    static func connect(_ name: String) async throws -> ConnectedCheck {
        await Task.yield()
        return ConnectedCheck(name: name)
    }
}

/// A Sendable service whose initializer is `async`, collecting every check.
@Injectable
private struct StartupReport: Sendable {
    let checks: [any HealthCheck]
    init(@All checks: [any HealthCheck]) async { self.checks = checks }
}

/// A `@MainActor` service whose initializer is `async`, collecting the critical checks.
@Injectable
@MainActor
private final class StartupScreen {
    let checks: [any HealthCheck]
    init(@All("critical") checks: [any HealthCheck]) async { self.checks = checks }
}

extension AllDependencyTests {
    @Test("resolveAllAsync builds async members on either track and synchronous Sendable ones, in order")
    @MainActor
    func resolveAllAsync() async throws {
        let env = ServiceEnv(name: #function)
        env.register((any HealthCheck).self, tags: "database") { try await ConnectedCheck.connect("database") }
        env.register((any HealthCheck).self, tags: "queue") { QueueCheck() }
        env.registerMain((any HealthCheck).self, tags: "main async") { () async throws -> any HealthCheck in
            try await ConnectedCheck.connect("main async")
        }
        env.registerMain((any HealthCheck).self, tags: "main") { QueueCheck() }
        env.register((any HealthCheck).self, tags: "arguments") { (name: String) in ConnectedCheck(name: name) }
        #expect(
            try await env.resolveAllAsync((any HealthCheck).self).map(\.name) == ["database", "queue", "main async"])
        #expect(try await env.resolveAllAsync((any HealthCheck).self, tags: "queue").map(\.name) == ["queue"])
        // NB: the singletons it built are the ones a resolve returns.
        let database = try env.resolve((any HealthCheck).self, tags: "database")
        let collected = try await env.resolveAllAsync((any HealthCheck).self, tags: "database")
        #expect(collected.map { ObjectIdentifier($0 as AnyObject) } == [ObjectIdentifier(database as AnyObject)])
    }

    @Test("an @Injectable with an async initializer builds the async members of its @All parameter")
    func asyncInitializerBuildsAsyncMembers() async throws {
        let env = ServiceEnv(name: #function)
        env.register((any HealthCheck).self, tags: "database") { try await ConnectedCheck.connect("database") }
        env.register((any HealthCheck).self, tags: "cache") { CacheCheck() }
        env.register(StartupReport.self)
        // NB: before, the synchronous resolveAll threw asyncFactory for the database's check.
        #expect(try await env.resolveAsync(StartupReport.self).checks.map(\.name) == ["database", "cache"])
    }

    @Test("a @MainActor @Injectable with an async initializer collects async and MainActor members")
    @MainActor
    func mainActorAsyncInitializerCollects() async throws {
        let env = ServiceEnv(name: #function)
        env.register((any HealthCheck).self, tags: "database", "critical") {
            try await ConnectedCheck.connect("database")
        }
        env.registerMain((any HealthCheck).self, tags: "screen", "critical") { QueueCheck() }
        env.register((any HealthCheck).self, tags: "metrics") { QueueCheck() }
        env.registerMain(StartupScreen.self)
        let screen = try await env.resolveAsync(StartupScreen.self)
        #expect(screen.checks.map(\.name) == ["database", "queue"])
    }
}
