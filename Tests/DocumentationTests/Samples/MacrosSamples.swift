import Service
import ServiceTesting
import Synchronization
import Testing

// The listings of `Macros.md`.

@Injectable
private struct Database: Sendable {
    let url = "sqlite://app.db"
}

private struct Logger: Sendable {
    let label: String
}

private protocol TimeSource: Sendable {
    func now() -> Int
}

@Injectable
private struct SystemClock: TimeSource {
    func now() -> Int { 1_700_000_000 }
}

private struct Config: Sendable {
    let url: String
}

@MainActor
@Injectable
private final class HomeViewModel {
    let repository: UserRepository
    let config: Config

    init(repository: UserRepository, config: Config) {
        self.repository = repository
        self.config = config
    }
}

// snippet: macros-injectable
@Injectable
private final class UserRepository: Sendable {
    let database: Database
    let logger: Logger?

    init(database: Database, logger: Logger?) {
        self.database = database
        self.logger = logger
    }
}
// snippet-end

// snippet: macros-inject-properties
@Injectable(.memberwise)
private final class SettingsStore: Sendable {
    @Inject let database: Database
    @Inject let clock: any TimeSource
    let pageSize = 50
}
// snippet-end

// snippet: macros-inject-escaping
private typealias NoteHandler = @Sendable (String) -> Void

@Injectable(.memberwise)
private final class NoteInbox: Sendable {
    @Inject(escaping: true) let onReceive: NoteHandler
    @Inject let database: Database
}
// snippet-end

// snippet: macros-assembly
@Assembly
private struct CoreAssembly {
    #register(Database.self)
    #register(UserRepository.self, scope: .transient)
    #register(SystemClock.self, as: (any TimeSource).self)
    #register(Config.self) { Config(url: "https://example.com") }
    #registerMain(HomeViewModel.self)
    #external(Logger.self)  // registered by hand elsewhere
}
// snippet-end

// snippet: macros-assisted
@Injectable
private struct OrderDetail: Sendable {
    let orderID: Int
    let database: Database

    init(@Assisted orderID: Int, database: Database) {
        self.orderID = orderID
        self.database = database
    }
}
// snippet-end

// snippet: macros-async
@Injectable
private actor NoteDatabase {
    let config: Config
    private var isOpen = false

    init(config: Config) async {
        self.config = config
        await Task.yield()  // a real one would connect here
        isOpen = true
    }
}
// snippet-end

// snippet: macros-includes
@Assembly(includes: [CoreAssembly.self])
private struct OrdersAssembly {
    #register(OrderDetail.self, scope: .transient)
    #register(SettingsStore.self)
    #register(NoteDatabase.self)
}
// snippet-end

// snippet: macros-cycle-fixed
@Injectable
private struct Ping: Sendable {
    let pong: Lazy<Pong>  // resolved on first use: no construction cycle
}

@Injectable
private struct Pong: Sendable {
    let ping: Ping
}

@Assembly(checkCycles: true)
private struct CycleAssembly {
    #register(Ping.self)
    #register(Pong.self)
}
// snippet-end

private protocol NoteReading: Sendable { func all() -> [String] }
private protocol NoteWriting: Sendable { func add(_ note: String) }

// snippet: macros-forward
@Injectable
private final class NoteStore: NoteReading, NoteWriting {
    private let notes = Mutex<[String]>([])

    init() {}

    func all() -> [String] { notes.withLock { $0 } }
    func add(_ note: String) { notes.withLock { $0.append(note) } }
}

@Assembly
private struct NotesAssembly {
    #register(NoteStore.self)
    #forward((any NoteReading).self, to: NoteStore.self)
    #forward((any NoteWriting).self, to: NoteStore.self)
}
// snippet-end

private protocol HealthCheck: Sendable { var name: String { get } }

// snippet: macros-all
@Injectable
private struct DatabaseCheck: HealthCheck {
    let name = "database"
    init() {}
}

@Injectable
private struct QueueCheck: HealthCheck {
    let name = "queue"
    init() {}
}

@Injectable
private struct HealthReport: Sendable {
    let checks: [any HealthCheck]

    init(@All checks: [any HealthCheck]) {
        self.checks = checks
    }
}

@Assembly
private struct HealthAssembly {
    #register(DatabaseCheck.self, as: (any HealthCheck).self, tags: "database")
    #register(QueueCheck.self, as: (any HealthCheck).self, tags: "queue")
    #register(HealthReport.self, scope: .transient)
}
// snippet-end

@Suite(.serviceEnv())
struct MacrosSamples {
    @Test func forwardSharesOneInstance() throws {
        let env = ServiceEnv(name: "notes")
        env.apply(NotesAssembly())
        try env.resolve((any NoteWriting).self).add("first")
        #expect(try env.resolve((any NoteReading).self).all() == ["first"])
    }

    @Test func allCollectsEveryRegistration() throws {
        let env = ServiceEnv(name: "health")
        env.apply(HealthAssembly())
        try env.validate()
        #expect(Set(try env.resolve(HealthReport.self).checks.map(\.name)) == ["database", "queue"])
        #expect(env.graph().node(named: "HealthReport")?.dependencies.count == 2)
    }

    @MainActor @Test func assembleAndResolve() async throws {
        // snippet: macros-assemble
        let env = ServiceEnv(name: "app")
        env.register(Logger.self) { Logger(label: "app") }  // the #external one
        env.assemble(OrdersAssembly())  // CoreAssembly first, then OrdersAssembly
        try env.validate()

        let home = try env.resolveMain(HomeViewModel.self)
        let detail = try env.resolve(OrderDetail.self, arguments: 42)
        let notes = try await env.resolveAsync(NoteDatabase.self)
        // snippet-end
        #expect(home.config.url == "https://example.com")
        #expect(home.repository.logger?.label == "app")
        #expect(detail.orderID == 42)
        #expect(notes.config.url == "https://example.com")
        #expect(try env.resolve(SettingsStore.self).clock.now() == 1_700_000_000)
    }

    @Test func escapingAliasProperty() throws {
        let env = ServiceEnv(name: "inbox")
        let received = Mutex<[String]>([])
        env.register(NoteHandler.self) { { note in received.withLock { $0.append(note) } } }
        env.register(Database.self)
        env.register(NoteInbox.self)
        try env.resolve(NoteInbox.self).onReceive("first")
        #expect(received.withLock { $0 } == ["first"])
    }

    @Test func lazyBreaksTheCycle() throws {
        let env = ServiceEnv(name: "cycle")
        env.apply(CycleAssembly())
        try env.validate()
        let pong = try env.resolve(Pong.self)
        #expect(throws: Never.self) { try pong.ping.pong.resolve().ping.pong.resolve() }
    }
}
