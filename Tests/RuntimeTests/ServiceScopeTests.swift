import Service
import Testing

@Suite("ServiceScope")
struct ServiceScopeTests {
    @Test("a singleton is built once and shared")
    func singletonSharedInstance() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(Database.self, scope: .singleton) {
                runs.increment()
                return Database()
            }
            let instances = try (0..<5).map { _ in try env.resolve(Database.self) }
            #expect(instances.allSatisfy { $0 === instances[0] })
            #expect(runs.value == 1)
        }
    }

    @Test("a transient service is built on every resolve")
    func transientNewInstance() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(Database.self, scope: .transient) {
                runs.increment()
                return Database()
            }
            let first = try env.resolve(Database.self)
            let second = try env.resolve(Database.self)
            #expect(first !== second)
            #expect(runs.value == 2)
        }
    }

    @Test("a graph-scoped service is shared inside one top-level resolve")
    func graphSharedWithinResolve() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .graph) { Database() }
            env.register(Logger.self, scope: .transient) { Logger() }
            env.register(Pair.self, scope: .transient) {
                Pair(
                    first: try ServiceEnv.current.resolve(Database.self),
                    second: try ServiceEnv.current.resolve(Database.self),
                )
            }
            let pair = try env.resolve(Pair.self)
            #expect(pair.first === pair.second)
        }
    }

    @Test("a graph-scoped service is shared across nesting levels")
    func graphSharedAcrossLevels() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .graph) { Database() }
            env.register(Logger.self, scope: .transient) { Logger() }
            env.register(UserRepository.self, scope: .transient) {
                UserRepository(
                    database: try ServiceEnv.current.resolve(Database.self),
                    logger: try ServiceEnv.current.resolve(Logger.self),
                )
            }
            env.register(Pair.self, scope: .transient) {
                let repository = try ServiceEnv.current.resolve(UserRepository.self)
                return Pair(first: repository.database, second: try ServiceEnv.current.resolve(Database.self))
            }
            let pair = try env.resolve(Pair.self)
            #expect(pair.first === pair.second)
        }
    }

    @Test("each top-level resolve starts a new graph")
    func graphFreshAcrossResolves() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .graph) { Database() }
            env.register(Pair.self, scope: .transient) {
                Pair(
                    first: try ServiceEnv.current.resolve(Database.self),
                    second: try ServiceEnv.current.resolve(Database.self),
                )
            }
            let first = try env.resolve(Pair.self)
            let second = try env.resolve(Pair.self)
            #expect(first.first !== second.first)
            #expect(try env.resolve(Database.self) !== env.resolve(Database.self))
        }
    }

    @Test("a graph-scoped service resolved inside a singleton's factory is shared there")
    func graphInsideSingleton() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .graph) { Database() }
            env.register(Pair.self) {
                Pair(
                    first: try ServiceEnv.current.resolve(Database.self),
                    second: try ServiceEnv.current.resolve(Database.self),
                )
            }
            let pair = try env.resolve(Pair.self)
            #expect(pair.first === pair.second)
        }
    }

    @Test("a custom scope caches one instance per registration")
    func customScopeCaches() throws {
        try withTestEnv { env throws in
            env.register(SessionToken.self, scope: .custom("session")) { SessionToken(value: 1) }
            #expect(try env.resolve(SessionToken.self) === env.resolve(SessionToken.self))
        }
    }

    @Test("resetScope of a custom scope drops only that scope")
    func resetCustomScope() throws {
        try withTestEnv { env throws in
            env.register(SessionToken.self, scope: .custom("session")) { SessionToken(value: 1) }
            env.register(Logger.self, scope: .custom("other")) { Logger() }
            env.register(Database.self) { Database() }
            let token = try env.resolve(SessionToken.self)
            let logger = try env.resolve(Logger.self)
            let database = try env.resolve(Database.self)
            env.resetScope(.custom("session"))
            #expect(try env.resolve(SessionToken.self) !== token)
            #expect(try env.resolve(Logger.self) === logger)
            #expect(try env.resolve(Database.self) === database)
        }
    }

    @Test("resetScope(.singleton) drops singletons and keeps custom scopes")
    func resetSingletonScope() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database() }
            env.register(SessionToken.self, scope: .custom("session")) { SessionToken(value: 1) }
            let database = try env.resolve(Database.self)
            let token = try env.resolve(SessionToken.self)
            env.resetScope(.singleton)
            #expect(try env.resolve(Database.self) !== database)
            #expect(try env.resolve(SessionToken.self) === token)
        }
    }

    @Test("resetScope of transient or graph changes nothing cached")
    func resetUncachedScopes() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database() }
            let database = try env.resolve(Database.self)
            env.resetScope(.transient)
            env.resetScope(.graph)
            #expect(try env.resolve(Database.self) === database)
        }
    }

    @Test("resetCaches drops custom-scoped instances too")
    func resetCachesDropsCustom() throws {
        try withTestEnv { env throws in
            env.register(SessionToken.self, scope: .custom("session")) { SessionToken(value: 1) }
            let token = try env.resolve(SessionToken.self)
            env.resetCaches()
            #expect(try env.resolve(SessionToken.self) !== token)
        }
    }

    @Test("resetScope with an unknown custom name changes nothing")
    func resetUnknownCustomScope() throws {
        try withTestEnv { env throws in
            env.register(SessionToken.self, scope: .custom("session")) { SessionToken(value: 1) }
            let token = try env.resolve(SessionToken.self)
            env.resetScope(.custom("unknown"))
            #expect(try env.resolve(SessionToken.self) === token)
        }
    }

    @Test("scopes are equal by case and custom name")
    func scopeEquality() {
        #expect(ServiceScope.custom("a") == .custom("a"))
        #expect(ServiceScope.custom("a") != .custom("b"))
        #expect(ServiceScope.singleton != .transient)
        #expect(Set<ServiceScope>([.singleton, .transient, .graph, .custom("a"), .custom("a")]).count == 4)
    }

    @Test("a singleton depending on a transient keeps the transient it was built with")
    func singletonCapturesTransient() throws {
        try withTestEnv { env throws in
            env.register(Logger.self, scope: .transient) { Logger() }
            env.register(Database.self, scope: .transient) { Database() }
            env.register(UserRepository.self) {
                UserRepository(
                    database: try ServiceEnv.current.resolve(Database.self),
                    logger: try ServiceEnv.current.resolve(Logger.self),
                )
            }
            let repository = try env.resolve(UserRepository.self)
            #expect(try env.resolve(UserRepository.self).logger === repository.logger)
            #expect(try env.resolve(Logger.self) !== repository.logger)
        }
    }
}

/// Two references resolved inside one factory, to compare their identity.
final class Pair: Sendable {
    let first: Database
    let second: Database

    init(first: Database, second: Database) {
        self.first = first
        self.second = second
    }
}
