import Service
import Testing

@Injectable
struct OrderDetail: Sendable {
    let orderID: Int
    let note: String
    let database: Database

    init(@Assisted orderID: Int, database: Database, @Assisted note: String) {
        self.orderID = orderID
        self.note = note
        self.database = database
    }
}

@Assembly
struct OrderAssembly {
    #register(Database.self) { Database(url: "orders") }
    #register(OrderDetail.self, scope: .transient)
}

@Suite("Assisted injection")
struct AssistedInjectionTests {
    @Test("@Assisted parameters are resolve-time arguments; the rest is injected")
    @MainActor
    func assistedThroughAssembly() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(OrderAssembly())
        let detail = try env.resolve(OrderDetail.self, arguments: 7, "gift")
        #expect(detail.orderID == 7)
        #expect(detail.note == "gift")
        #expect(detail.database.url == "orders")
        #expect(try env.resolve(OrderDetail.self, arguments: 8, "x").database === detail.database)
    }

    @Test("the metadata lists arguments apart from dependencies")
    func metadata() {
        #expect(
            OrderDetail.dependencies.map(\.description) == [
                "orderID: Int (argument)", "database: Database", "note: String (argument)",
            ]
        )
    }

    @Test("wrong arguments are a clear error; a missing dependency is .notRegistered")
    func failures() {
        let env = ServiceEnv(name: #function)
        env.register(OrderDetail.self, scope: .transient)
        #expect(
            usageError(serviceError { try env.resolve(OrderDetail.self, arguments: 7) })
                == .argumentMismatch(serviceType: "OrderDetail", expected: ["Int", "String"], given: ["Int"])
        )
        let error = serviceError { try env.resolve(OrderDetail.self, arguments: 7, "x") }
        #expect(error?.description == "Service 'Database' is not registered in ServiceEnv")
    }

    @Test("a singleton assisted type keeps the instance built with the first arguments")
    func singleton() throws {
        let env = ServiceEnv(name: #function)
        env.register(Database.self) { Database() }
        env.register(OrderDetail.self, scope: .singleton)
        #expect(try env.resolve(OrderDetail.self, arguments: 1, "a").orderID == 1)
        #expect(try env.resolve(OrderDetail.self, arguments: 2, "b").orderID == 1)
    }
}

@Injectable
final class NoteEditor: Sendable {
    let noteID: Int
    let database: Database

    init(database: Database, @Assisted noteID: Int) {
        self.noteID = noteID
        self.database = database
    }
}

@Injectable
actor UploadSession {
    let fileName: String
    let database: Database

    init(@Assisted fileName: String, database: Database) {
        self.fileName = fileName
        self.database = database
    }
}

@Injectable(.memberwise)
final class PropertyEditor: Sendable {
    @Inject let database: Database
    let title: String = "untitled"
}

@Assembly
struct EditorAssembly {
    #register(Database.self) { Database(url: "editor") }
    #register(NoteEditor.self, scope: .transient)
    #register(UploadSession.self, scope: .transient)
}

@Suite("Assisted injection: classes and actors")
struct AssistedClassAndActorTests {
    @Test("a final class with @Assisted parameters registers and resolves, through an assembly and by hand")
    @MainActor
    func finalClass() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(EditorAssembly())
        let editor = try env.resolve(NoteEditor.self, arguments: 3)
        #expect(editor.noteID == 3)
        #expect(editor.database.url == "editor")
        #expect(try env.resolve(NoteEditor.self, arguments: 4) !== editor)

        let byHand = ServiceEnv(name: "\(#function) by hand")
        byHand.register(Database.self) { Database(url: "hand") }
        NoteEditor.register(in: byHand, scope: .singleton)
        let first = try byHand.resolve(NoteEditor.self, arguments: 1)
        #expect(try byHand.resolve(NoteEditor.self, arguments: 2) === first)
    }

    @Test("an actor with @Assisted parameters registers and resolves")
    @MainActor
    func actorType() async throws {
        let env = ServiceEnv(name: #function)
        env.assemble(EditorAssembly())
        let session = try env.resolve(UploadSession.self, arguments: "a.txt")
        #expect(session.fileName == "a.txt")
        #expect(session.database.url == "editor")
    }

    @Test("a final class in property-injection mode is injectable")
    func propertyInjectedClass() throws {
        let env = ServiceEnv(name: #function)
        env.register(Database.self) { Database(url: "props") }
        env.register(PropertyEditor.self)
        #expect(try env.resolve(PropertyEditor.self).database.url == "props")
    }
}
