import Service
import Testing

@Suite("Macros, used for real")
struct MacroIntegrationTests {
    @Test("an @Assembly registers @Injectable types that resolve with their dependencies")
    @MainActor
    func assemblyResolvesGraph() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(StoreAssembly())
        let service = try env.resolve(OrderService.self)
        #expect(service.store === (try env.resolve(OrderStore.self)))
        #expect(service.clock.now() == 42)
        #expect(service.audit == nil)
    }
}

@Injectable
final class OrderStore: Sendable {
    init() {}
}

@Injectable
struct FixedTime: Sendable {
    func now() -> Int { 42 }
}

@Injectable
final class OrderService: Sendable {
    let store: OrderStore
    let clock: FixedTime
    let audit: AuditLog?

    init(store: OrderStore, clock: FixedTime, audit: AuditLog?) {
        self.store = store
        self.clock = clock
        self.audit = audit
    }
}

final class AuditLog: Sendable {}

@Assembly
struct StoreAssembly {
    #register(OrderStore.self)
    #register(FixedTime.self)
    #register(OrderService.self, scope: .transient)
}
