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
