import Service
import Testing

@Suite("Lazy")
struct LazyTests {
    @Test("a Lazy resolves nothing until first use, then keeps the value")
    func resolvesOnFirstUse() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(Database.self, scope: .transient) {
                runs.increment()
                return Database()
            }
            let lazy = Lazy(Database.self, in: env)
            #expect(runs.value == 0)
            let first = try lazy.resolve()
            #expect(lazy.value === first)
            #expect(runs.value == 1)
        }
    }

    @Test("a Lazy resolves in the environment current when it was created")
    func capturesEnvironment() throws {
        let captured = ServiceEnv(name: "captured")
        captured.register(Logger.self) { Logger(label: "captured") }
        let lazy = ServiceEnv.$current.withValue(captured) { Lazy<Logger>() }
        let other = ServiceEnv(name: "other")
        other.register(Logger.self) { Logger(label: "other") }
        try ServiceEnv.$current.withValue(other) { () throws in
            #expect(try lazy.resolve().label == "captured")
        }
    }

    @Test("a failed first resolution throws, keeps nothing, and a later call succeeds")
    func failureIsNotCached() throws {
        try withTestEnv { env throws in
            let lazy = Lazy(Database.self, in: env)
            #expect(
                serviceError { try lazy.resolve() }?.description == "Service 'Database' is not registered in ServiceEnv"
            )
            env.register(Database.self) { Database(url: "later") }
            #expect(try lazy.resolve().url == "later")
        }
    }

    @Test("copies of a Lazy share one resolved value, also when first used from many tasks")
    func concurrentFirstUse() async throws {
        try await withTestEnv { env async throws in
            env.register(Database.self, scope: .transient) { Database() }
            let lazy = Lazy(Database.self, in: env)
            let identities = await resolveConcurrently(200) { ObjectIdentifier(try lazy.resolve()) }
            #expect(identities.count == 1)
        }
    }

    @Test("a non-optional Lazy value traps when it cannot be resolved")
    func valueTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Lazy(Database.self, in: ServiceEnv(name: "empty")).value
        }
    }

    @Test("a Lazy dependency breaks a construction cycle between @Injectable types")
    @MainActor
    func breaksCycle() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(CycleAssembly())
        let parent = try env.resolve(TreeParent.self)
        #expect(parent.child.parent.value === parent)
        #expect(TreeChild.dependencies.map(\.description) == ["parent: TreeParent (lazy)"])
    }
}

@Injectable
final class TreeParent: Sendable {
    let child: TreeChild
    init(child: TreeChild) { self.child = child }
}

@Injectable
final class TreeChild: Sendable {
    let parent: Lazy<TreeParent>
    init(parent: Lazy<TreeParent>) { self.parent = parent }
}

@Assembly
struct CycleAssembly {
    #register(TreeParent.self)
    #register(TreeChild.self)
}
