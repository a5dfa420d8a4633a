import Service
import ServiceClientCore
import Testing

@Suite("ServiceClient commands")
@MainActor
struct ClientCommandTests {
    @Test("validate succeeds on complete wiring and lists what it could not check")
    func validateSucceeds() {
        let env = ServiceEnv(name: "client")
        env.assemble(CoreAssembly())
        let outcome = ClientCommand.run(["validate"], env: env)
        #expect(outcome?.status == 0)
        #expect(
            outcome?.output == """
                'client' is valid: 3 services
                unchecked (built by closures, dependencies unknown):
                  - Logger (singleton, Sendable, CoreAssembly)

                """
        )
    }

    @Test("validate of a broken variant exits non-zero with the full report")
    func validateBroken() {
        let env = ServiceEnv(name: "broken-client")
        env.assemble(CoreAssembly())
        env.register(AuditedStore.self)
        env.register(CycleA.self)
        env.register(CycleB.self)
        let outcome = ClientCommand.run(["validate"], env: env)
        #expect(outcome?.status == 1)
        #expect(
            outcome?.output == """
                2 problems in the services of 'broken-client':
                  - 'AuditedStore' (runtime) needs 'AuditTrail' for 'auditTrail', which is not registered
                  - cycle: CycleA -> CycleB -> CycleA: take one of them as Lazy or ServiceProvider
                unchecked (built by closures, dependencies unknown):
                  - Logger (singleton, Sendable, CoreAssembly)

                """
        )
    }

    @Test("graph prints Mermaid by default and DOT on request; bad input is a usage error")
    func graph() {
        let env = ServiceEnv(name: "client")
        env.assemble(CoreAssembly())
        #expect(ClientCommand.run(["graph"], env: env)?.output == env.graph().mermaid())
        #expect(ClientCommand.run(["graph", "--format", "dot"], env: env)?.output == env.graph().dot())
        #expect(ClientCommand.run(["graph", "--format", "svg"], env: env)?.status == 2)
        #expect(ClientCommand.run(["deploy"], env: env)?.status == 2)
        #expect(ClientCommand.run([], env: env) == nil)
    }
}
