import LifecycleStandIn
import Service
import Testing

// NB: this file imports a module that exports a `Service` protocol, as ServiceLifecycle does, so
// `@Service` is ambiguous here. The wrappers must be usable under their other names.

/// A request handler written in such a file.
private struct NotesHandler: Sendable {
    @Injected var database: Database
    @Injected var logger: Logger?
    @Provider var counter: Counter
}

/// A MainActor type written in such a file.
@MainActor
private final class NotesScreen {
    @MainInjected var database: Database
}

/// A lifecycle service of the stand-in module, which shows both names meet in one file.
private struct Worker: LifecycleStandIn.Service {
    @Injected var database: Database

    func run() async throws {
        _ = database
    }
}

@Suite("Wrapper names that compile beside ServiceLifecycle")
struct UnambiguousWrapperTests {
    @Test("@Injected resolves like @Service, and its optional form is nil when unregistered")
    func injected() throws {
        let env = ServiceEnv(name: "lifecycle")
        let database = Database()
        env.register(database)
        env.register(Counter.self, scope: .transient) { Counter() }
        let handler = ServiceEnv.$current.withValue(env) { NotesHandler() }
        #expect(handler.database === database)
        #expect(handler.logger == nil)
        #expect(handler.counter !== handler.counter)
    }

    @Test("@MainInjected resolves like @MainService")
    @MainActor
    func mainInjected() {
        let env = ServiceEnv(name: "lifecycle main")
        let database = Database()
        env.registerMain(Database.self) { database }
        let screen = ServiceEnv.$current.withValue(env) { NotesScreen() }
        #expect(screen.database === database)
    }

    @Test("a lifecycle service can use @Injected")
    func lifecycleService() async throws {
        let env = ServiceEnv(name: "lifecycle worker")
        env.register(Database())
        let worker = ServiceEnv.$current.withValue(env) { Worker() }
        try await worker.run()
    }
}
