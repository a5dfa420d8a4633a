import Service
import Testing

// This module is compiled as a new app target is: `.defaultIsolation(MainActor.self)` and
// `InferIsolatedConformances`. What is not annotated here is on the MainActor, except an
// `@Injectable` type: the `Injectable` conformance the macro adds to it is nonisolated, which keeps
// the default from applying, so it is on the Sendable track unless it says `@MainActor`.

// MARK: - Sendable services

@Injectable
final class Database: Sendable {
    let name: String

    @Inject init() {
        name = "main"
    }

    init(name: String) {
        self.name = name
    }
}

/// Not `@Injectable`, so the MainActor by default here; a Sendable service's dependency says so.
nonisolated final class Audit: Sendable {}

@Injectable
final class Repository: Sendable {
    let database: Database
    let audit: Audit?

    init(database: Database, audit: Audit?) {
        self.database = database
        self.audit = audit
    }
}

@Injectable
struct OrderDetail: Sendable {
    let orderID: Int
    let repository: Repository

    init(@Assisted orderID: Int, repository: Repository) {
        self.orderID = orderID
        self.repository = repository
    }
}

@Injectable
final class NoteEditor: Sendable {
    let noteID: Int
    let repository: Repository

    init(repository: Repository, @Assisted noteID: Int) {
        self.noteID = noteID
        self.repository = repository
    }
}

@Injectable(.memberwise)
final class Receipt: Sendable {
    @Inject let repository: Repository
    @Inject let audit: Audit?
}

/// `nonisolated` written out, which changes nothing for an `@Injectable` type.
@Injectable
nonisolated final class Loader: Sendable {
    let repository: Repository

    init(repository: Repository) async {
        self.repository = repository
    }
}

@Injectable
final class Mirror: Sendable {
    let backup: Database

    init(@Tags("backup") backup: Database) {
        self.backup = backup
    }
}

@Injectable
actor Uploads {
    let repository: Repository

    init(repository: Repository) {
        self.repository = repository
    }
}

// MARK: - MainActor services: the default here, written out because the macros read it

@Injectable
@MainActor
final class OrdersScreen {
    let repository: Repository

    init(repository: Repository) {
        self.repository = repository
    }
}

@Injectable
@MainActor
final class HomeScreen {
    let orders: OrdersScreen

    init(orders: OrdersScreen) async {
        self.orders = orders
    }
}

// MARK: - The documentation's listing (Macros.md, "Isolation")

// snippet: default-isolation
@Injectable
final class NoteStore: Sendable {
    init() {}
}

@Injectable
@MainActor
final class NotesScreen {
    let store: NoteStore

    init(store: NoteStore) {
        self.store = store
    }
}

@Assembly
struct NotesAssembly {
    #register(NoteStore.self)
    #registerMain(NotesScreen.self)
}
// snippet-end

// MARK: - Assemblies

@Assembly(checkCycles: true)
struct DataAssembly {
    #register(Database.self)
    #register(Database.self, tags: "backup") { Database(name: "backup") }
    #register(Repository.self)
    #external(Audit.self)
}

@Assembly(includes: [DataAssembly.self], checkCycles: true)
struct AppAssembly {
    #register(Audit.self) { Audit() }
    #register(OrderDetail.self, scope: .transient)
    #register(NoteEditor.self, scope: .transient)
    #register(Receipt.self)
    #register(Loader.self)
    #register(Mirror.self)
    #register(Uploads.self)
    #registerMain(OrdersScreen.self)
    #registerMain(HomeScreen.self)
}

/// A graph written by hand, as a test would: MainActor-isolated here, like everything unannotated.
struct FakeRepositoryGraph: Repository.InjectionRequirements {
    func provide(_ type: Database.Type) -> Database { Database(name: "fake") }
    func provide(_ type: Audit?.Type) -> Audit? { nil }
}

@Suite("Macros in a module whose default isolation is the MainActor")
struct DefaultIsolationTests {
    @Test("the assembly registers both tracks; singletons are built once, with their dependencies")
    func assemblyResolves() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(AppAssembly())
        let repository = try env.resolve(Repository.self)
        #expect(try env.resolve(Repository.self) === repository)
        #expect(repository.database.name == "main")
        #expect(repository.audit != nil)
        let screen = try env.resolveMain(OrdersScreen.self)
        #expect(screen.repository === repository)
        #expect(try env.resolve(Receipt.self).repository === repository)
        #expect(try env.resolve(Mirror.self).backup.name == "backup")
        #expect(try env.resolve(OrderDetail.self, arguments: 7).orderID == 7)
        let editor = try env.resolve(NoteEditor.self, arguments: 3)
        #expect(editor.noteID == 3 && editor.repository === repository)
        try env.validate(including: [AppAssembly.self])
    }

    @Test("an @Injectable type without @MainActor builds off the MainActor: it and its factory are nonisolated")
    func sendableServiceBuildsOffTheMainActor() async throws {
        let env = ServiceEnv(name: #function)
        env.assemble(AppAssembly())
        let fromTask = try await Task.detached {
            try env.resolve(Repository.self)
        }.value
        #expect(try env.resolve(Repository.self) === fromTask)
        let uploads = try await Task.detached { try env.resolve(Uploads.self) }.value
        #expect(uploads.repository === fromTask)
    }

    @Test("async initializers resolve through resolveAsync on both tracks")
    func asyncInitializers() async throws {
        let env = ServiceEnv(name: #function)
        env.assemble(AppAssembly())
        let loader = try await env.resolveAsync(Loader.self)
        #expect(loader.repository === (try env.resolve(Repository.self)))
        let home = try await env.resolveAsync(HomeScreen.self)
        #expect(home.orders === (try env.resolveMain(OrdersScreen.self)))
    }

    @Test("the documentation's assembly builds its screen on the main actor, its store on the Sendable track")
    func documentationListing() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(NotesAssembly())
        let screen = try env.resolveMain(NotesScreen.self)
        #expect(screen.store === (try env.resolve(NoteStore.self)))
        #expect(
            NotesAssembly.registrations.map(\.description) == [
                "NoteStore (singleton, Sendable)", "NotesScreen (singleton, MainActor)",
            ]
        )
    }

    @Test("a hand-written graph builds a service through make(graph:)")
    func handWrittenGraph() {
        let repository = Repository.make(graph: FakeRepositoryGraph())
        #expect(repository.database.name == "fake")
        #expect(repository.audit == nil)
    }

    @Test("the registration table lists each registration with its track")
    func registrationTable() {
        let rows = AppAssembly.registrations.map(\.description)
        #expect(rows.contains("OrdersScreen (singleton, MainActor)"))
        #expect(rows.contains("Repository (singleton, Sendable)") == false)
        #expect(DataAssembly.registrations.map(\.description).contains("Repository (singleton, Sendable)"))
    }
}
