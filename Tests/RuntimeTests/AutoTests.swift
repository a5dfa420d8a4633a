import Service
import Testing

@Suite("Auto-wiring")
struct AutoTests {
    @Test("auto builds from an initializer with no parameters")
    func noParameters() throws {
        try withTestEnv { env throws in
            env.register(Plain.self, factory: auto(Plain.init))
            _ = try env.resolve(Plain.self)
        }
    }

    @Test("auto resolves one, two and three parameters from the environment")
    func severalParameters() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database(url: "db") }
            env.register(Logger.self) { Logger(label: "log") }
            env.register(Clock(now: 9))
            env.register(OneDependency.self, factory: auto(OneDependency.init))
            env.register(UserRepository.self, scope: .transient, factory: auto(UserRepository.init))
            env.register(ThreeDependencies.self, factory: auto(ThreeDependencies.init))
            #expect(try env.resolve(OneDependency.self).database.url == "db")
            let repository = try env.resolve(UserRepository.self)
            #expect(repository.database === (try env.resolve(Database.self)))
            #expect(repository.logger.label == "log")
            #expect(try env.resolve(ThreeDependencies.self).clock.now == 9)
        }
    }

    @Test("a missing parameter type is reported as not registered, by name")
    func missingDependency() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database() }
            env.register(UserRepository.self, factory: auto(UserRepository.init))
            guard case .notRegistered("Logger") = serviceError({ try env.resolve(UserRepository.self) }) else {
                Issue.record("expected Logger to be reported as not registered")
                return
            }
        }
    }

    @Test("an initializer's own error is wrapped as factoryFailed")
    func throwingInitializer() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database(url: "") }
            env.register(Validated.self, factory: auto(Validated.init))
            guard case .factoryFailed("Validated", let error) = serviceError({ try env.resolve(Validated.self) }) else {
                Issue.record("expected factoryFailed")
                return
            }
            #expect(error as? FactoryError == FactoryError(reason: "empty url"))
        }
    }

    @Test("parameters resolve in the resolving environment, including a child's overrides")
    func resolvesInResolvingEnvironment() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self) { Database(url: "parent") }
        parent.register(OneDependency.self, factory: auto(OneDependency.init))
        let child = ServiceEnv(name: "child", parent: parent)
        child.register(Database.self) { Database(url: "child") }
        #expect(try child.resolve(OneDependency.self).database.url == "child")
        #expect(try parent.resolve(OneDependency.self).database.url == "parent")
    }
}

struct Plain: Sendable {}

struct OneDependency: Sendable {
    let database: Database
}

struct ThreeDependencies: Sendable {
    let database: Database
    let logger: Logger
    let clock: Clock
}

struct Validated: Sendable {
    init(database: Database) throws {
        guard !database.url.isEmpty else {
            throw FactoryError(reason: "empty url")
        }
    }
}
