import Service
import Testing

@Suite("Registration")
struct RegistrationTests {
    @Test("a factory registration resolves to what the factory returns")
    func factoryRegistration() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database(url: "postgres://db") }
            #expect(try env.resolve(Database.self).url == "postgres://db")
        }
    }

    @Test("registration defaults to the singleton scope")
    func defaultScopeIsSingleton() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(Database.self) {
                runs.increment()
                return Database()
            }
            let first = try env.resolve(Database.self)
            let second = try env.resolve(Database.self)
            #expect(first === second)
            #expect(runs.value == 1)
        }
    }

    @Test("a ServiceKey type registers its default as a singleton")
    func serviceKeyRegistration() throws {
        try withTestEnv { env throws in
            env.register(SessionToken.self)
            let first = try env.resolve(SessionToken.self)
            #expect(first.value == 7)
            #expect(try env.resolve(SessionToken.self) === first)
        }
    }

    @Test("a ServiceKey value type resolves to its default")
    func serviceKeyValueType() throws {
        try withTestEnv { env throws in
            env.register(Clock.self)
            #expect(try env.resolve(Clock.self) == Clock(now: 1_000))
        }
    }

    @Test("a ServiceKey type registers with an explicit scope")
    func serviceKeyWithScope() throws {
        try withTestEnv { env throws in
            env.register(SessionToken.self, scope: .transient)
            #expect(try env.resolve(SessionToken.self) !== env.resolve(SessionToken.self))
        }
    }

    @Test("an instance registration returns that very instance")
    func instanceRegistration() throws {
        try withTestEnv { env throws in
            let database = Database(url: "memory")
            env.register(database)
            #expect(try env.resolve(Database.self) === database)
            #expect(try env.resolve(Database.self) === database)
        }
    }

    @Test("an instance registration of a value type resolves to the value")
    func instanceValueRegistration() throws {
        try withTestEnv { env throws in
            env.register(Clock(now: 5))
            #expect(try env.resolve(Clock.self) == Clock(now: 5))
        }
    }

    @Test("registering again replaces the factory but keeps the cached instance until reset")
    func reRegistrationKeepsCachedInstance() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database(url: "first") }
            let first = try env.resolve(Database.self)
            env.register(Database.self) { Database(url: "second") }
            #expect(try env.resolve(Database.self) === first)
            env.resetCaches()
            #expect(try env.resolve(Database.self).url == "second")
        }
    }

    @Test("registering again with another scope takes effect at once")
    func reRegistrationWithOtherScope() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database(url: "singleton") }
            _ = try env.resolve(Database.self)
            env.register(Database.self, scope: .transient) { Database(url: "transient") }
            let first = try env.resolve(Database.self)
            #expect(first.url == "transient")
            #expect(try env.resolve(Database.self) !== first)
        }
    }

    @Test("registering an instance again keeps the first until caches reset")
    func reRegisteringInstance() throws {
        try withTestEnv { env throws in
            let first = Database(url: "first")
            let second = Database(url: "second")
            env.register(first)
            #expect(try env.resolve(Database.self) === first)
            env.register(second)
            #expect(try env.resolve(Database.self) === first)
            env.resetCaches()
            #expect(try env.resolve(Database.self) === second)
        }
    }

    @Test("a registration made before the first resolve is the one used")
    func lastRegistrationBeforeResolveWins() throws {
        try withTestEnv { env throws in
            env.register(String.self) { "first" }
            env.register(String.self) { "second" }
            #expect(try env.resolve(String.self) == "second")
        }
    }

    @Test("types are keyed exactly: a protocol and its conforming type are separate")
    func protocolAndConcreteTypeAreSeparate() throws {
        try withTestEnv { env throws in
            env.register((any Greeter).self) { EnglishGreeter() }
            #expect(try env.resolve((any Greeter).self).greet() == "hello")
            #expect(serviceError { try env.resolve(EnglishGreeter.self) } != nil)
        }
    }

    @Test("optional and non-optional types are separate keys")
    func optionalIsSeparateKey() throws {
        try withTestEnv { env throws in
            env.register(Int?.self) { nil }
            #expect(try env.resolve(Int?.self) == nil)
            #expect(serviceError { try env.resolve(Int.self) } != nil)
        }
    }

    @Test("many registrations grow the table and none is lost")
    func manyRegistrationsAreKept() throws {
        try withTestEnv { env throws in
            let operations = distinctTypeOperations(count: 300)
            for operation in operations {
                operation.register(env)
            }
            #expect(operations.allSatisfy { $0.resolvesCorrectly(env) })
        }
    }

    @Test("a factory that is registered but never resolved never runs")
    func unusedFactoryNeverRuns() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(Database.self) {
                runs.increment()
                return Database()
            }
            #expect(runs.value == 0)
        }
    }
}

/// A protocol used as a registration key.
protocol Greeter: Sendable {
    func greet() -> String
}

/// A conforming type of `Greeter`.
struct EnglishGreeter: Greeter {
    func greet() -> String { "hello" }
}

@Suite("Registered instances")
struct RegisteredInstanceTests {
    @Test("a registered instance replaced before any resolve resolves as the replacement")
    func instanceReplacedBeforeResolve() throws {
        let env = ServiceEnv(name: #function)
        let first = Database(url: "first")
        let second = Database(url: "second")
        env.register(first)
        env.register(second)
        #expect(try env.resolve(Database.self) === second)
    }

    @Test("a registered instance is resolved by every path: tags, resolveAll, async, optional")
    func instanceOnEveryPath() async throws {
        let env = ServiceEnv(name: #function)
        let database = Database()
        env.register(database)
        #expect(try env.resolveAll(Database.self).first === database)
        #expect(try await env.resolveAsync(Database.self) === database)
        #expect(try env.resolveIfRegistered(Database.self) === database)
        #expect(try env.resolve(Database.self) === database)
    }
}
