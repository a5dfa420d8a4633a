import Synchronization
import Testing

@testable import Service

/// `ServiceEnv.current` inside constructions comes from the construction running on the thread,
/// not from a task-local binding; these are the guarantees that shortcut must keep.
@Suite("The current environment inside constructions")
struct CurrentEnvironmentTests {
    @Test("withValue inside a factory wins for its operation; the factory's env returns after it")
    func withValueInsideFactoryWins() throws {
        let env = ServiceEnv(name: #function)
        let other = ServiceEnv(name: "other")
        other.register(Logger.self) { Logger(label: "other") }
        env.register(Logger.self) { Logger(label: "resolving") }
        env.register([String].self) {
            let inside = try ServiceEnv.$current.withValue(other) {
                [ServiceEnv.current.name, try ServiceEnv.current.resolve(Logger.self).label]
            }
            return inside + [ServiceEnv.current.name, try ServiceEnv.current.resolve(Logger.self).label]
        }
        #expect(try env.resolve([String].self) == ["other", "other", #function, "resolving"])
    }

    @Test("a resolve inside such a withValue builds in the bound env and restores the binding after it")
    func nestedResolveInsideWithValue() throws {
        let env = ServiceEnv(name: #function)
        let other = ServiceEnv(name: "other")
        other.register(Database.self, scope: .transient) { Database(url: ServiceEnv.current.name) }
        env.register([String].self) {
            try ServiceEnv.$current.withValue(other) {
                let built = try ServiceEnv.current.resolve(Database.self).url
                return [built, ServiceEnv.current.name]
            }
        }
        #expect(try env.resolve([String].self) == ["other", "other"])
        #expect(ServiceEnv.current == .online)
    }

    @Test("every level of a nested construction from a non-current env sees that env as current")
    func nestedLevelsSeeResolvingEnvironment() throws {
        let env = ServiceEnv(name: #function)
        env.register(Database.self, scope: .transient) { Database(url: ServiceEnv.current.name) }
        env.register(Logger.self, scope: .transient) { Logger(label: ServiceEnv.current.name) }
        env.register(UserRepository.self, scope: .transient) {
            let database = try ServiceEnv.current.resolve(Database.self)
            // NB: after a nested construction ended, the outer one is the thread's again.
            let logger = try ServiceEnv.current.resolve(Logger.self)
            return UserRepository(database: database, logger: logger)
        }
        let bound = ServiceEnv(name: "bound")
        let repository = try ServiceEnv.$current.withValue(bound) { try env.resolve(UserRepository.self) }
        #expect(repository.database.url == #function)
        #expect(repository.logger.label == #function)
    }

    @Test("$current.get() reads what current reads, inside a factory and outside")
    func getMatchesCurrent() throws {
        let env = ServiceEnv(name: #function)
        env.register([String].self) { [ServiceEnv.$current.get().name, ServiceEnv.current.name] }
        #expect(try env.resolve([String].self) == [#function, #function])
        #expect(ServiceEnv.$current.get() == ServiceEnv.current)
    }

    @Test("a factory that throws leaves no construction behind: current is the bound env again")
    func throwingFactoryRestoresCurrent() {
        let env = ServiceEnv(name: #function)
        struct Failure: Error {}
        env.register(Database.self, scope: .transient) { throw Failure() }
        let bound = ServiceEnv(name: "bound")
        ServiceEnv.$current.withValue(bound) {
            #expect(throws: ServiceError.self) { try env.resolve(Database.self) }
            #expect(ServiceEnv.current == bound)
        }
        #expect(SyncFrame.innermost == nil)
    }
}

@Suite("The depth limit")
struct DepthLimitTests {
    @Test("a limit above the default admits a chain deeper than 100")
    func limitAboveDefault() throws {
        try withTestEnv { env throws in
            registerCountdown(in: env)
            env.register(Countdown.Start.self) { Countdown.Start(value: 130) }
            let countdown = try ServiceEnv.$maxResolutionDepth.withValue(150) { try env.resolve(Countdown.self) }
            #expect(countdown.remaining == 130)
            env.resetCaches()
            let error = ServiceEnv.$maxResolutionDepth.withValue(120) {
                serviceError { try env.resolve(Countdown.self) }
            }
            guard case .maxDepthExceeded(120, let chain) = error else {
                Issue.record("expected maxDepthExceeded(120, …), got \(String(describing: error))")
                return
            }
            #expect(chain.count == 120)
        }
    }

    @Test("a limit bound inside a factory applies to what that factory resolves")
    func limitBoundInsideFactory() throws {
        try withTestEnv { env throws in
            registerCountdown(in: env)
            env.register(Countdown.Start.self) { Countdown.Start(value: 10) }
            env.register(Int.self, scope: .transient) {
                try ServiceEnv.$maxResolutionDepth.withValue(5) { try ServiceEnv.current.resolve(Countdown.self) }
                    .remaining
            }
            let error = serviceError { try env.resolve(Int.self) }
            guard case .maxDepthExceeded(5, let chain) = error else {
                Issue.record("expected maxDepthExceeded(5, …), got \(String(describing: error))")
                return
            }
            #expect(chain.first == "Int")
        }
    }

    @Test("binding a limit lowers the floor below which resolves skip reading it, and never raises it")
    func floorOnlyFalls() {
        // NB: the floor is the process's, which tests running beside this one lower too: each
        // check is that this binding did not raise it.
        let before = DepthFloor.value
        ServiceEnv.$maxResolutionDepth.withValue(before + 50) {}
        #expect(DepthFloor.value <= before)
        ServiceEnv.$maxResolutionDepth.withValue(3) {}
        #expect(DepthFloor.value <= 3)
    }
}
