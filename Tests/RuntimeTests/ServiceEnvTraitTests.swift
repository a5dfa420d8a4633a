import Service
import ServiceTesting
import Testing

/// Production wiring for the trait tests: a parent the test environments inherit from.
let traitProduction: ServiceEnv = {
    let env = ServiceEnv(name: "trait-production")
    env.register(Database.self) { Database(url: "postgres://production") }
    env.register(Logger.self) { Logger(label: "production") }
    return env
}()

@Suite("ServiceEnvTrait")
struct ServiceEnvTraitTests {
    @Test(.serviceEnv { env in env.register(Database.self) { Database(url: "configured") } })
    func freshConfiguredEnvironment() throws {
        #expect(ServiceEnv.current.name == "freshConfiguredEnvironment()")
        #expect(ServiceEnv.current.parent == nil)
        #expect(try ServiceEnv.current.resolve(Database.self).url == "configured")
    }

    @Test(
        .serviceEnv(inheriting: traitProduction) { env in
            env.register(Database.self) { Database(url: "sqlite::memory:") }
        }
    )
    func inheritsAndOverrides() throws {
        #expect(try ServiceEnv.current.resolve(Database.self).url == "sqlite::memory:")
        #expect(try ServiceEnv.current.resolve(Logger.self).label == "production")
        #expect(try ServiceEnv.current.resolve(Logger.self) !== traitProduction.resolve(Logger.self))
    }

    @Test(.serviceEnv(inheriting: traitProduction), arguments: 0..<20)
    func parallelCasesShareNothing(index: Int) throws {
        ServiceEnv.current.register(Int.self) { index }
        #expect(try ServiceEnv.current.resolve(Int.self) == index)
        #expect(try traitProduction.resolveIfRegistered(Int.self) == nil)
    }

    @Test(
        .serviceEnv { env in
            env.register(Database.self) { () async -> Database in
                await Task.yield()
                return Database(url: "warmed")
            }
            _ = try await env.resolveAsync(Database.self)
        }
    )
    func asyncSetup() throws {
        // NB: the setup awaited the async singleton, so a synchronous resolve finds it cached.
        #expect(try ServiceEnv.current.resolve(Database.self).url == "warmed")
    }

    @Test(.serviceEnv { env in env.assemble(RequestAssembly()) })
    func configureAppliesAssemblies() throws {
        #expect(try ServiceEnv.current.validate().nodes.map(\.name) == ["Request", "RequestHandler"])
    }
}

@Suite(.serviceEnv(inheriting: traitProduction))
struct ServiceEnvTraitSuiteTests {
    /// Every logger seen, kept alive so that no two can share an address.
    static let loggers = Shared<[Logger]>([])

    @Test(arguments: 0..<4)
    func eachTestGetsItsOwnSingletons(index: Int) throws {
        let logger = try ServiceEnv.current.resolve(Logger.self)
        #expect(isFirstSighting(of: logger, in: Self.loggers))
        #expect(ServiceEnv.current.parent?.name == "trait-production")
    }
}

/// A suite's trait and a test's trait together: the test's adds to the suite's environment.
@Suite(
    .serviceEnv(inheriting: traitProduction) { env in
        env.register(Database.self, scope: .transient) { Database(url: "suite") }
    }
)
struct ServiceEnvTraitLayeringTests {
    @Test(.serviceEnv { env in env.register(Logger.self) { Logger(label: "test") } })
    func testTraitOverridesOneServiceOfTheSuite() throws {
        #expect(try ServiceEnv.current.resolve(Logger.self).label == "test")
        #expect(try ServiceEnv.current.resolve(Database.self).url == "suite")
        #expect(ServiceEnv.current.parent?.name == "trait-production")
        #expect(try traitProduction.resolve(Logger.self).label == "production")
    }

    @Test(
        .serviceEnv { env in
            // NB: the suite's configure ran first, on this environment.
            let suiteURL = try env.resolve(Database.self).url
            env.register(Database.self) { Database(url: "test after \(suiteURL)") }
        },
        arguments: 0..<4,
    )
    func testTraitRunsAfterTheSuitesForEachCase(index: Int) throws {
        ServiceEnv.current.register(Int.self) { index }
        #expect(try ServiceEnv.current.resolve(Int.self) == index)
        #expect(try ServiceEnv.current.resolve(Database.self).url == "test after suite")
    }

    @Test(.serviceEnv(inheriting: traitProduction))
    func testTraitWithAParentStartsAFreshEnvironment() throws {
        #expect(try ServiceEnv.current.resolve(Database.self).url == "postgres://production")
        #expect(ServiceEnv.current.parent?.name == "trait-production")
    }

    @Suite(.serviceEnv { env in env.register(Logger.self) { Logger(label: "nested suite") } })
    struct Nested {
        @Test(.serviceEnv { env in env.register(Int.self) { 7 } })
        func everyLevelAddsToTheSameEnvironment() throws {
            #expect(try ServiceEnv.current.resolve(Database.self).url == "suite")
            #expect(try ServiceEnv.current.resolve(Logger.self).label == "nested suite")
            #expect(try ServiceEnv.current.resolve(Int.self) == 7)
        }
    }
}

/// A suite's trait without a parent, and a test's: every case still gets an environment of its
/// own (the test's trait adds to the one the suite's made for that case, not to one per suite).
@Suite(.serviceEnv { env in env.register(Logger.self) { Logger(label: "suite") } })
struct ServiceEnvTraitFreshSuiteTests {
    /// Every logger seen, kept alive so that no two can share an address.
    static let loggers = Shared<[Logger]>([])

    @Test(.serviceEnv { env in env.register(Int.self) { 1 } }, arguments: 0..<4)
    func eachCaseGetsItsOwnEnvironment(index: Int) throws {
        let logger = try ServiceEnv.current.resolve(Logger.self)
        #expect(isFirstSighting(of: logger, in: Self.loggers))
        #expect(logger.label == "suite")
        #expect(try ServiceEnv.current.resolve(Int.self) == 1)
        #expect(ServiceEnv.current.name == "eachCaseGetsItsOwnEnvironment(index:)")
    }
}

/// Whether `logger` is not among those `seen` so far; keeps it there, alive, so that no later
/// logger can take its address.
private func isFirstSighting(of logger: Logger, in seen: Shared<[Logger]>) -> Bool {
    seen.withLock { loggers in
        defer { loggers.append(logger) }
        return !loggers.contains { $0 === logger }
    }
}

/// A connection a test's environment opens, which counts its disposals and may fail them.
private final class TestConnection: AsyncDisposable {
    struct CloseFailed: Error, CustomStringConvertible {
        var description: String { "the connection could not close" }
    }

    let fails: Bool
    let disposals = Counter()

    init(fails: Bool = false) {
        self.fails = fails
    }

    func dispose() async throws {
        disposals.increment()
        if fails {
            throw CloseFailed()
        }
    }
}

/// The trait's end of a test, driven by calling its `provideScope` from a test, with the test's
/// body as the closure: what the environment built is disposed once that body returns.
@Suite("ServiceEnvTrait shuts the test's environment down")
struct ServiceEnvTraitShutdownTests {
    @Test("the instances the test's environment built are disposed when the test ends, the parent's are not")
    func disposesWhatTheTestBuilt() async throws {
        let production = ServiceEnv(name: "production")
        production.register(TestConnection.self) { TestConnection() }
        let shared = try production.resolve(TestConnection.self)
        let built = Shared<TestConnection?>(nil)
        let trait = ServiceEnvTrait.serviceEnv(inheriting: production)
        try await trait.provideScope(for: Test.current!, testCase: nil) {
            let connection = try ServiceEnv.current.resolve(TestConnection.self)
            #expect(connection !== shared)
            #expect(connection.disposals.value == 0)
            built.withLock { $0 = connection }
        }
        #expect(built.withLock { $0 }?.disposals.value == 1)
        #expect(shared.disposals.value == 0)
        #expect(try production.resolve(TestConnection.self) === shared)
    }

    @Test("a test that throws, or whose setup throws, still has its environment disposed")
    func disposesAfterAFailure() async throws {
        struct SetupFailed: Error {}
        let built = Shared<[TestConnection]>([])
        let failingTest = ServiceEnvTrait.serviceEnv { env in
            env.register(TestConnection.self) { TestConnection() }
        }
        await #expect(throws: SetupFailed.self) {
            try await failingTest.provideScope(for: Test.current!, testCase: nil) {
                let connection = try ServiceEnv.current.resolve(TestConnection.self)
                built.withLock { $0.append(connection) }
                throw SetupFailed()
            }
        }
        let failingSetup = ServiceEnvTrait.serviceEnv { env in
            env.register(TestConnection.self) { TestConnection() }
            let connection = try env.resolve(TestConnection.self)
            built.withLock { $0.append(connection) }
            throw SetupFailed()
        }
        await #expect(throws: SetupFailed.self) {
            try await failingSetup.provideScope(for: Test.current!, testCase: nil) {
                Issue.record("the test ran after its setup failed")
            }
        }
        #expect(built.withLock { $0.map(\.disposals.value) } == [1, 1])
    }

    @Test("a disposal that fails is an issue of the test, which names the service and the error")
    func failedDisposalIsAnIssue() async throws {
        let trait = ServiceEnvTrait.serviceEnv { env in
            env.register(TestConnection.self) { TestConnection(fails: true) }
        }
        try await withKnownIssue {
            try await trait.provideScope(for: Test.current!, testCase: nil) {
                _ = try ServiceEnv.current.resolve(TestConnection.self)
            }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("TestConnection") && text.contains("the connection could not close")
        }
    }

    @Test("a test's trait inside a suite's adds to the suite's environment, and only the suite's trait shuts it down")
    func onlyTheEnvironmentsMakerShutsItDown() async throws {
        let built = Shared<TestConnection?>(nil)
        let suite = ServiceEnvTrait.serviceEnv { env in env.register(TestConnection.self) { TestConnection() } }
        let test = ServiceEnvTrait.serviceEnv { env in env.register(Int.self) { 1 } }
        try await suite.provideScope(for: Test.current!, testCase: nil) {
            try await test.provideScope(for: Test.current!, testCase: nil) {
                built.withLock { $0 = try? ServiceEnv.current.resolve(TestConnection.self) }
            }
            // NB: the test's trait returned; the suite's environment, which it added to, is open.
            #expect(built.withLock { $0 }?.disposals.value == 0)
            #expect(try ServiceEnv.current.resolve(Int.self) == 1)
        }
        #expect(built.withLock { $0 }?.disposals.value == 1)
    }
}
