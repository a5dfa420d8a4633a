import Service
import Testing

/// A service whose instances hold wrappers that capture the environment caching them.
final class SelfReferencing: Sendable {
    /// The wrappers, in a struct as `@Service` properties are declared in value types.
    struct Dependencies: Sendable {
        @Service var database: Database
        let lazyLogger = Lazy(Logger.self)
    }

    let dependencies = Dependencies()
}

@Suite("Faults")
struct FaultTests {
    @Test("after each kind of factory fault the environment stays usable and a fixed factory succeeds")
    func faultsLeaveEnvironmentUsable() throws {
        let env = ServiceEnv(name: #function)
        let faults: [@Sendable () throws -> Database] = [
            { throw FactoryError(reason: "plain error") },
            { throw ServiceError.notRegistered(serviceType: "Thrown") },
            { try ServiceEnv.current.resolve(Database.self) },  // a cycle
            {
                _ = try ServiceEnv.current.resolve(Logger.self)  // not registered
                return Database()
            },
        ]
        for (index, fault) in faults.enumerated() {
            env.register(Database.self, factory: fault)
            env.resetCaches()  // NB: a re-registration with the same scope keeps the cached instance
            #expect(serviceError { try env.resolve(Database.self) } != nil, "fault \(index) did not fail")
            #expect(serviceError { try env.resolve(Database.self) } != nil, "fault \(index) was cached")
            env.register(Database.self) { Database(url: "fixed \(index)") }
            env.resetCaches()
            #expect(try env.resolve(Database.self).url == "fixed \(index)")
        }
    }

    @Test("a factory that recurses past the maximum depth fails cleanly, and the env recovers")
    func recursionPastMaxDepth() throws {
        let env = ServiceEnv(name: #function)
        env.register(String.self, scope: .transient) { try recurse(10, env: ServiceEnv.current) }
        let error = ServiceEnv.$maxResolutionDepth.withValue(5) { serviceError { try env.resolve(String.self) } }
        guard case .maxDepthExceeded(let depth, let chain)? = error else {
            Issue.record("expected .maxDepthExceeded, got \(String(describing: error))")
            return
        }
        #expect(depth == 5)
        #expect(chain.first == "String")
        #expect(try env.resolve(String.self) == "bottom")
    }

    @Test("an instance is released after resetScope and after its registration is replaced")
    func instancesReleased() throws {
        let env = ServiceEnv(name: #function)
        let tracker = WeakTracker()
        env.register(SessionToken.self, scope: .custom("user")) {
            let token = SessionToken(value: 1)
            tracker.track(token)
            return token
        }
        _ = try env.resolve(SessionToken.self)
        #expect(tracker.aliveCount == 1)
        env.resetScope(.custom("user"))
        #expect(tracker.aliveCount == 0)
        _ = try env.resolve(SessionToken.self)
        env.register(SessionToken.self, scope: .transient) { SessionToken(value: 2) }
        #expect(tracker.aliveCount == 0)
    }

    @Test("an instance whose wrappers captured its own environment does not keep it alive once resolved")
    func noRetainCycleThroughWrappers() throws {
        let tracker = WeakTracker()
        do {
            let env = ServiceEnv(name: #function)
            env.register(Database.self) { Database() }
            env.register(Logger.self) { Logger() }
            env.register(SelfReferencing.self) {
                let instance = SelfReferencing()
                tracker.track(instance)
                return instance
            }
            let instance = try env.resolve(SelfReferencing.self)
            _ = instance.dependencies.database
            _ = try instance.dependencies.lazyLogger.resolve()
            #expect(tracker.aliveCount == 1)
        }
        #expect(tracker.aliveCount == 0)
    }
}

/// Resolves a chain `depth` services deep through tagged registrations made on the fly.
private func recurse(_ depth: Int, env: ServiceEnv) throws -> String {
    guard depth > 0 else {
        return "bottom"
    }
    env.register(String.self, tags: depth, scope: .transient) { try recurse(depth - 1, env: .current) }
    return try env.resolve(String.self, tags: depth)
}
