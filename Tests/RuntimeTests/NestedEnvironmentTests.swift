import Service
import Testing

@Suite("Nested environments")
struct NestedEnvironmentTests {
    @Test("a child resolves a registration it inherits from its parent")
    func inheritsRegistration() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self) { Database(url: "parent") }
        let child = ServiceEnv(name: "child", parent: parent)
        #expect(try child.resolve(Database.self).url == "parent")
        #expect(child.parent?.name == "parent")
        #expect(parent.parent == nil)
    }

    @Test("a child's registration overrides its parent's and leaves the parent alone")
    func childOverrides() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self) { Database(url: "parent") }
        let child = ServiceEnv(name: "child", parent: parent)
        child.register(Database.self) { Database(url: "child") }
        #expect(try child.resolve(Database.self).url == "child")
        #expect(try parent.resolve(Database.self).url == "parent")
    }

    @Test("a parent never sees its child's registrations")
    func parentDoesNotSeeChild() {
        let parent = ServiceEnv(name: "parent")
        let child = ServiceEnv(name: "child", parent: parent)
        child.register(Database.self) { Database() }
        #expect(serviceError { try parent.resolve(Database.self) } != nil)
    }

    @Test("the test-environment recipe: inherit production wiring, override two services")
    func testEnvironmentRecipe() throws {
        let production = ServiceEnv(name: "online")
        production.register(Database.self) { Database(url: "postgres://prod") }
        production.register(Logger.self) { Logger(label: "prod") }
        production.register(UserRepository.self) {
            UserRepository(
                database: try ServiceEnv.current.resolve(Database.self),
                logger: try ServiceEnv.current.resolve(Logger.self),
            )
        }
        let test = ServiceEnv(name: "test", parent: production)
        test.register(Database.self) { Database(url: "memory") }
        test.register(Logger.self) { Logger(label: "test") }
        let repository = try test.resolve(UserRepository.self)
        #expect(repository.database.url == "memory")
        #expect(repository.logger.label == "test")
        #expect(try production.resolve(UserRepository.self).database.url == "postgres://prod")
    }

    @Test("an inherited singleton is built and cached per child, never shared with the parent")
    func cachesArePerChild() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self) { Database() }
        let first = ServiceEnv(name: "first", parent: parent)
        let second = ServiceEnv(name: "second", parent: parent)
        let inFirst = try first.resolve(Database.self)
        #expect(try first.resolve(Database.self) === inFirst)
        #expect(try second.resolve(Database.self) !== inFirst)
        #expect(try parent.resolve(Database.self) !== inFirst)
    }

    @Test("a grandchild searches the whole chain, nearest registration first")
    func searchesChain() throws {
        let root = ServiceEnv(name: "root")
        root.register(Database.self) { Database(url: "root") }
        root.register(Logger.self) { Logger(label: "root") }
        let middle = ServiceEnv(name: "middle", parent: root)
        middle.register(Logger.self) { Logger(label: "middle") }
        let leaf = ServiceEnv(name: "leaf", parent: middle)
        #expect(try leaf.resolve(Database.self).url == "root")
        #expect(try leaf.resolve(Logger.self).label == "middle")
    }

    @Test("resets of a child drop its instances and registrations and keep the inheritance")
    func childResets() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self) { Database(url: "parent") }
        parent.register(SessionToken.self, scope: .custom("session")) { SessionToken(value: 1) }
        let child = ServiceEnv(name: "child", parent: parent)
        let database = try child.resolve(Database.self)
        let token = try child.resolve(SessionToken.self)
        let parentDatabase = try parent.resolve(Database.self)
        child.resetScope(.custom("session"))
        #expect(try child.resolve(SessionToken.self) !== token)
        #expect(try child.resolve(Database.self) === database)
        child.resetCaches()
        #expect(try child.resolve(Database.self) !== database)
        #expect(try parent.resolve(Database.self) === parentDatabase)
        child.register(Database.self) { Database(url: "child") }
        child.resetAll()
        #expect(try child.resolve(Database.self).url == "parent")
    }

    @Test("overriding in the child after an inherited instance was cached takes effect at once")
    func overrideAfterInheritedResolve() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self) { Database(url: "parent") }
        let child = ServiceEnv(name: "child", parent: parent)
        _ = try child.resolve(Database.self)
        child.register(Database.self) { Database(url: "child") }
        #expect(try child.resolve(Database.self).url == "child")
    }

    @Test("MainActor registrations are inherited too")
    @MainActor
    func inheritsMainActorRegistrations() throws {
        let parent = ServiceEnv(name: "parent")
        parent.registerMain(ViewModel.self) { ViewModel(title: "inherited") }
        let child = ServiceEnv(name: "child", parent: parent)
        #expect(try child.resolveMain(ViewModel.self).title == "inherited")
        #expect(try child.resolveMain(ViewModel.self) !== parent.resolveMain(ViewModel.self))
    }

    @Test("an inherited singleton is built once per child under concurrent first resolves")
    func inheritedSingletonExactlyOnce() async throws {
        let parent = ServiceEnv(name: "parent")
        let runs = Counter()
        parent.register(Database.self) {
            runs.increment()
            spin(milliseconds: 2)
            return Database()
        }
        let child = ServiceEnv(name: "child", parent: parent)
        let identities = await resolveConcurrently(1_000) { ObjectIdentifier(try child.resolve(Database.self)) }
        #expect(identities.count == 1)
        #expect(runs.value == 1)
    }

    @Test("a child environment still compares by name only")
    func equalityByName() {
        let child = ServiceEnv(name: "test", parent: .online)
        #expect(child == ServiceEnv(name: "test"))
    }
}
