import Foundation
import Service
import Testing

private struct MissingFile: Error, CustomStringConvertible {
    var description: String { "config.json: no such file" }
}

private final class WarmConfig: Sendable {}

private final class WarmRepository: Sendable {
    let config: WarmConfig
    init(config: WarmConfig) { self.config = config }
}

private actor WarmPool {
    static func open() async throws -> WarmPool {
        await Task.yield()
        return WarmPool()
    }
}

@MainActor
private final class WarmScreen {}

@Injectable
final class WarmedInjectable: Sendable {
    static let built = Counter()
    let database: Database
    init(database: Database) {
        self.database = database
        Self.built.increment()
    }
}

@Injectable
@MainActor
final class WarmedMainInjectable {
    nonisolated static let built = Counter()
    init() { Self.built.increment() }
}

@Assembly
struct WarmedAssembly {
    #register(Database.self) { Database(url: "warm://") }
    #register(WarmedInjectable.self)
    #registerMain(WarmedMainInjectable.self)
}

@Suite("warmUp(): every singleton built before the first resolve")
struct WarmUpTests {
    @Test("builds each singleton once, and the resolves after it get that instance")
    func buildsSingletonsOnce() async throws {
        let env = ServiceEnv(name: #function)
        let built = Counter()
        let immortal = Counter()
        env.register(Database.self) {
            built.increment()
            return Database()
        }
        env.register(Logger.self, scope: .immortal) {
            immortal.increment()
            return Logger()
        }
        try await env.warmUp()
        #expect(built.value == 1)
        #expect(immortal.value == 1)

        let first = try env.resolve(Database.self)
        let second = try env.resolve(Database.self)
        try await env.warmUp()
        #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
        #expect(built.value == 1)
        _ = try env.resolve(Logger.self)
        #expect(immortal.value == 1)
    }

    @Test("leaves alone what a first resolve would not build or builds per use")
    func leavesOthersAlone() async throws {
        let env = ServiceEnv(name: #function)
        let calls = Shared<[String]>([])
        @Sendable func record(_ name: String) { calls.withLock { $0.append(name) } }
        env.register(Database.self, scope: .transient) {
            record("transient")
            return Database()
        }
        env.register(Logger.self, scope: .graph) {
            record("graph")
            return Logger()
        }
        env.register(WarmConfig.self, scope: .scoped) {
            record("scoped")
            return WarmConfig()
        }
        env.register(Counter.self, scope: .custom("session")) {
            record("session")
            return Counter()
        }
        env.register(Flag.self, scope: .weak) {
            record("weak")
            return Flag()
        }
        env.register(WarmRepository.self) { (name: String) in
            record("arguments \(name)")
            return WarmRepository(config: WarmConfig())
        }
        env.register(Database(url: "given"))
        try await env.warmUp()
        #expect(calls.withLock { $0 } == [])
        #expect(try env.resolve(Database.self).url == "given")
    }

    @Test("builds async factories, tagged singletons and @Injectable ones from an assembly")
    @MainActor
    func buildsEveryForm() async throws {
        let env = ServiceEnv(name: #function)
        let opened = Counter()
        let tagged = Counter()
        env.register(WarmPool.self) {
            opened.increment()
            return try await WarmPool.open()
        }
        env.register(WarmConfig.self, tags: "backup") {
            tagged.increment()
            return WarmConfig()
        }
        env.assemble(WarmedAssembly())
        try await env.warmUp()
        #expect(opened.value == 1)
        #expect(tagged.value == 1)

        let pool = try await env.resolveAsync(WarmPool.self)
        #expect(ObjectIdentifier(pool) == ObjectIdentifier(try await env.resolveAsync(WarmPool.self)))
        #expect(opened.value == 1)
        _ = try env.resolve(WarmConfig.self, tags: "backup")
        #expect(tagged.value == 1)
        #expect(WarmedInjectable.built.value == 1)
        #expect(WarmedMainInjectable.built.value == 1)
        _ = try env.resolve(WarmedInjectable.self)
        _ = try env.resolveMain(WarmedMainInjectable.self)
        #expect(WarmedInjectable.built.value == 1)
        #expect(WarmedMainInjectable.built.value == 1)
    }

    @Test("builds the async singletons first: a synchronous one that needs one finds it built")
    func asyncFirst() async throws {
        let env = ServiceEnv(name: #function)
        // NB: "Database" sorts before "WarmPool": by name alone, the synchronous resolve of the
        // pool would come first, and throw `asyncFactory`.
        env.register(Database.self) {
            _ = try ServiceEnv.current.resolve(WarmPool.self)
            return Database()
        }
        env.register(WarmPool.self) { try await WarmPool.open() }
        try await env.warmUp()
        _ = try env.resolve(Database.self)
    }

    @Test("builds the MainActor track's singletons on the main actor, async ones too")
    @MainActor
    func buildsMainActorTrack() async throws {
        let env = ServiceEnv(name: #function)
        let built = Shared<[String]>([])
        env.registerMain(WarmScreen.self) {
            MainActor.assertIsolated()
            built.withLock { $0.append("screen") }
            return WarmScreen()
        }
        env.registerMain(WarmPool.self) {
            MainActor.assertIsolated()
            built.withLock { $0.append("pool") }
            return try await WarmPool.open()
        }
        let warming = Task.detached { try await env.warmUp() }
        try await warming.value
        #expect(built.withLock { $0 } == ["pool", "screen"])
        _ = try env.resolveMain(WarmScreen.self)
        _ = try await env.resolveAsync(WarmPool.self)
        #expect(built.withLock { $0 }.count == 2)
    }

    @Test("a failure does not stop the others; every one is thrown, with its chain, and retried later")
    func reportsEveryFailure() async throws {
        let env = ServiceEnv(name: "server")
        let attempts = Counter()
        let loaded = Counter()
        env.register(WarmRepository.self) { WarmRepository(config: try ServiceEnv.current.resolve(WarmConfig.self)) }
        env.register(Database.self) {
            attempts.increment()
            throw MissingFile()
        }
        env.register(Logger.self) {
            loaded.increment()
            return Logger()
        }
        let error = await #expect(throws: ServiceWarmUpError.self) { try await env.warmUp() }
        #expect(error?.environment == "server")
        #expect(error?.builtCount == 1)
        #expect(error?.failures.map(\.serviceType) == ["Database", "WarmRepository"])
        #expect(error?.failures.map(\.error.chain) == [["Database"], ["WarmRepository", "WarmConfig"]])
        #expect(
            error?.description == """
                2 of 3 singletons of environment 'server' could not be built:
                  - 'Database': Factory failed to create service 'Database': config.json: no such file \
                (environment 'server'; resolving Database)
                  - 'WarmRepository': Service 'WarmConfig' is not registered in ServiceEnv \
                (environment 'server'; resolving WarmRepository -> WarmConfig)
                """
        )
        #expect(loaded.value == 1)
        #expect(attempts.value == 1)
        #expect(throws: ServiceError.self) { try env.resolve(Database.self) }
        #expect(attempts.value == 2)
    }

    @Test("a cycle: every singleton in it or needing it is named, the cycle's lines indented under it")
    func reportsCycles() async throws {
        let env = ServiceEnv(name: "cycle")
        env.register(Database.self) {
            _ = try ServiceEnv.current.resolve(Logger.self)
            return Database()
        }
        env.register(Logger.self) {
            _ = try ServiceEnv.current.resolve(Database.self)
            return Logger()
        }
        env.register(WarmConfig.self) {
            _ = try ServiceEnv.current.resolve(Database.self)
            return WarmConfig()
        }
        let error = await #expect(throws: ServiceWarmUpError.self) { try await env.warmUp() }
        #expect(
            error?.description == """
                3 of 3 singletons of environment 'cycle' could not be built:
                  - 'Database': Circular dependency detected for service 'Database'.
                    Dependency chain: Database -> Logger -> Database
                    Check your service registration to break the cycle.
                    (environment 'cycle'; resolving Database -> Logger -> Database)
                  - 'Logger': Circular dependency detected for service 'Logger'.
                    Dependency chain: Logger -> Database -> Logger
                    Check your service registration to break the cycle.
                    (environment 'cycle'; resolving Logger -> Database -> Logger)
                  - 'WarmConfig': Circular dependency detected for service 'Database'.
                    Dependency chain: WarmConfig -> Database -> Logger -> Database
                    Check your service registration to break the cycle.
                    (environment 'cycle'; resolving WarmConfig -> Database -> Logger -> Database)
                """
        )
    }

    @Test("from a scope: the environment's singletons, built in the environment")
    func buildsFromAScope() async throws {
        let app = ServiceEnv(name: #function)
        let built = Counter()
        app.register(Database.self) {
            built.increment()
            return Database()
        }
        let request = app.makeScope(named: "request 1")
        try await request.warmUp()
        #expect(built.value == 1)
        _ = try app.resolve(Database.self)
        _ = try app.makeScope(named: "request 2").resolve(Database.self)
        #expect(built.value == 1)
    }

    @Test("from a child environment: its own copies of the inherited singletons; its own key wins")
    func buildsAChildsCopies() async throws {
        let app = ServiceEnv(name: #function)
        let built = Counter()
        let shadowed = Counter()
        app.register(Database.self) {
            built.increment()
            return Database()
        }
        app.register(Logger.self) {
            shadowed.increment()
            return Logger()
        }
        let child = ServiceEnv(name: "child", parent: app)
        child.register(Logger.self, scope: .transient) { Logger(label: "child") }
        try await child.warmUp()
        #expect(built.value == 1)
        #expect(shadowed.value == 0)
        _ = try child.resolve(Database.self)
        #expect(built.value == 1)
        _ = try app.resolve(Database.self)
        #expect(built.value == 2)
    }

    @Test("while other tasks resolve the same singletons: each is built once")
    func exactlyOnceUnderLoad() async throws {
        let env = ServiceEnv(name: #function)
        let built = Counter()
        env.register(Database.self) {
            built.increment()
            return Database()
        }
        env.register(WarmPool.self) {
            built.increment()
            return try await WarmPool.open()
        }
        let identities = try await withThrowingTaskGroup(of: ObjectIdentifier?.self) { group in
            group.addTask {
                try await env.warmUp()
                return nil
            }
            for index in 0..<16 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? ObjectIdentifier(try env.resolve(Database.self))
                        : ObjectIdentifier(try await env.resolveAsync(WarmPool.self))
                }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { set, id in
                if let id {
                    set.insert(id)
                }
            }
        }
        #expect(built.value == 2)
        #expect(identities.count == 2)
    }
}
