import Synchronization
import Testing

@testable import Service

/// A service that counts how many of it were built and how many were deinitialized.
private final class MetricsRegistry: Sendable {
    let builds: Counter
    let deinits: Counter

    init(builds: Counter, deinits: Counter) {
        self.builds = builds
        self.deinits = deinits
        builds.increment()
    }

    deinit { deinits.increment() }
}

/// A service whose factory lets a weak reference to it escape before the environment publishes
/// it.
private final class Observed: Sendable {}

private final class WeakWatcher: Sendable {
    private let reference = Mutex<WeakBox>(WeakBox())

    var target: Observed? {
        get { reference.withLock { $0.target } }
        set { reference.withLock { $0.target = newValue } }
    }
}

private struct WeakBox: Sendable {
    weak var target: Observed?
}

private protocol Pool: AnyObject, Sendable {}
private final class ConnectionPool: Pool {}

private actor Ledger: AsyncDisposable {
    let disposals: Counter
    init(disposals: Counter) { self.disposals = disposals }
    func dispose() async throws { disposals.increment() }
}

@Injectable
private final class RateLimiter: Sendable {
    init() {}
}

@MainActor
private final class StatusBar {}

@Injectable
private final class FeatureFlags: Sendable {
    init() {}
}

@Assembly
private struct FlagsAssembly {
    #register(FeatureFlags.self, scope: .immortal)
}

/// An object made immortal with one reference, held by a global as `ImmortalInstances.immortalized`
/// expects.
private enum ImmortalPool {
    static let shared = ImmortalInstances.immortalized(ConnectionPool())
}

/// Whether this platform marks `.immortal` instances immortal (see `ServiceScope.immortal`).
private let platformMakesImmortal: Bool = {
    #if canImport(ObjectiveC)
        false
    #else
        MemoryLayout<Int>.size == 8
    #endif
}()

/// Registers `Observed` `.immortal` with a factory that lets `watcher` reach the instance weakly
/// before the environment publishes it, so that it cannot be marked.
private func registerObserved(in env: ServiceEnv, reachedBy watcher: WeakWatcher) {
    env.register(Observed.self, scope: .immortal) {
        let observed = Observed()
        watcher.target = observed
        return observed
    }
}

/// Whether the cache word of `type` in `env` has the tag that lets a resolve skip its read section
/// and retain; when it has, also whether the box and the instance it holds are immortal.
private func immortalCache<S>(of type: S.Type, in env: ServiceEnv) -> (tagged: Bool, boxAndInstanceImmortal: Bool) {
    guard let slot = env.storage.lookup(ObjectIdentifier(type)) else {
        return (false, false)
    }
    let word = slot.loadCacheWord(.sendable)
    guard word & Slot.immortalTag != 0 else {
        return (false, false)
    }
    let box = RetainedBits.object(word & ~Slot.immortalTag, as: ValueBox<S>.self).takeUnretainedValue()
    return (true, ImmortalInstances.isImmortal(box) && ImmortalInstances.isImmortal(box.value as AnyObject))
}

@Suite("Immortal scope")
struct ImmortalScopeTests {
    @Test("an .immortal service is built once for any number of concurrent first resolves, and made immortal")
    func builtOnceAndImmortal() async throws {
        let builds = Counter()
        let deinits = Counter()
        let env = ServiceEnv(name: #function)
        env.register(MetricsRegistry.self, scope: .immortal) { MetricsRegistry(builds: builds, deinits: deinits) }
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<8 {
                group.addTask { ObjectIdentifier(try! env.resolve(MetricsRegistry.self)) }
            }
            return await Set(group.reduce(into: []) { $0.append($1) })
        }
        #expect(identities.count == 1)
        #expect(builds.value == 1)
        #expect(ImmortalInstances.isImmortal(try env.resolve(MetricsRegistry.self)) == platformMakesImmortal)
    }

    /// Each instance made immortal is listed under a lock; ThreadSanitizer must see that lock
    /// (a contended `Mutex` it cannot see was reported as a race here), and so must the one that
    /// names custom scopes.
    @Test("instances of many environments built on 8 threads at once are all made immortal; scope names too")
    func concurrentBuildsAreAllKept() throws {
        final class Marked: Sendable {}
        let envs = (0..<256).map { ServiceEnv(name: "immortal \($0)") }
        for env in envs {
            env.register(Marked.self, scope: .immortal) { Marked() }
        }
        let names = (0..<64).map { "scope \($0) of \(#function)" }
        let results = Shared<(marked: Int, scopes: Int)>((0, 0))
        let finished = runOnThreads(8, timeout: 60) { index in
            var marked = 0
            for position in stride(from: index, to: envs.count, by: 8) {
                if let instance = try? envs[position].resolve(Marked.self), ImmortalInstances.isImmortal(instance) {
                    marked += 1
                }
            }
            var scopes = 0
            for name in names.shuffled() where StoredScope(.custom(name)).scope == .custom(name) {
                scopes += 1
            }
            results.withLock { $0 = ($0.marked + marked, $0.scopes + scopes) }
        }
        #expect(finished)
        let (marked, scopes) = results.withLock { $0 }
        #expect(marked == (platformMakesImmortal ? 256 : 0))
        #expect(scopes == 8 * 64)
        #expect(Set(names.map { StoredScope(.custom($0)).code }).count == 64)
    }

    @Test("a reset drops it and the next resolve builds another; none of those marked is ever deinitialized")
    func resetDropsButNeverFrees() throws {
        let builds = Counter()
        let deinits = Counter()
        do {
            let env = ServiceEnv(name: #function)
            env.register(MetricsRegistry.self, scope: .immortal) { MetricsRegistry(builds: builds, deinits: deinits) }
            // NB: the instances themselves, held, not their identifiers: where the platform does
            // not make them immortal, a freed one's address may be reused.
            let first = try env.resolve(MetricsRegistry.self)
            env.resetCaches()
            let second = try env.resolve(MetricsRegistry.self)
            env.resetScope(.immortal)
            _ = try env.resolve(MetricsRegistry.self)
            #expect(first !== second)
            #expect(builds.value == 3)
        }
        #expect(deinits.value == (platformMakesImmortal ? 0 : 3), "an immortal instance outlives its environment")

        let singletonDeinits = Counter()
        do {
            let env = ServiceEnv(name: "singleton")
            env.register(MetricsRegistry.self) { MetricsRegistry(builds: Counter(), deinits: singletonDeinits) }
            _ = try env.resolve(MetricsRegistry.self)
            env.resetCaches()
        }
        #expect(singletonDeinits.value == 1, "a singleton is freed when dropped, as before")
    }

    @Test("a reset disposes a dropped .immortal instance that is AsyncDisposable")
    func resetDisposes() async throws {
        let disposals = Counter()
        let env = ServiceEnv(name: #function)
        env.register(Ledger.self, scope: .immortal) { Ledger(disposals: disposals) }
        _ = try env.resolve(Ledger.self)
        env.resetCaches()
        try await env.waitForDisposals()
        #expect(disposals.value == 1)
    }

    @Test("an instance a weak reference reached while it was built is an ordinary singleton, freed when dropped")
    func weaklyReferencedInstanceIsASingleton() throws {
        let watcher = WeakWatcher()
        let env = ServiceEnv(name: #function)
        registerObserved(in: env, reachedBy: watcher)
        do {
            let observed = try env.resolve(Observed.self)
            #expect(!ImmortalInstances.isImmortal(observed), "an object with a side table is left as it is")
            // NB: many resolves, whose retains must balance their callers' releases, or the object
            // is freed early (a crash) or never (the expectation below).
            for _ in 0..<1_000 {
                #expect(try env.resolve(Observed.self) === observed)
            }
        }
        #expect(watcher.target != nil)
        env.resetCaches()
        #expect(watcher.target == nil, "not kept: nothing holds it once the environment dropped it")
    }

    @Test("a value type registered .immortal is a singleton; an existential holding a class is made immortal")
    func valuesAndExistentials() throws {
        let builds = Counter()
        let env = ServiceEnv(name: #function)
        env.register([Int].self, scope: .immortal) {
            builds.increment()
            return [1, 2, 3]
        }
        env.register((any Pool).self, scope: .immortal) { ConnectionPool() }
        #expect(try env.resolve([Int].self) == [1, 2, 3])
        #expect(try env.resolve([Int].self) == [1, 2, 3])
        #expect(builds.value == 1)
        let pool = try env.resolve((any Pool).self)
        #expect(try env.resolve((any Pool).self) === pool)
        #expect(ImmortalInstances.isImmortal(pool) == platformMakesImmortal)
    }

    @Test("async factories, @Injectable types, assemblies and the MainActor track make .immortal instances immortal")
    @MainActor
    func everyPath() async throws {
        let env = ServiceEnv(name: #function)
        env.register(MetricsRegistry.self, scope: .immortal) { () async in
            MetricsRegistry(builds: Counter(), deinits: Counter())
        }
        env.register(RateLimiter.self, scope: .immortal)
        env.registerMain(StatusBar.self, scope: .immortal) { StatusBar() }
        env.apply(FlagsAssembly())
        let registry = try await env.resolveAsync(MetricsRegistry.self)
        let limiter = try env.resolve(RateLimiter.self)
        let bar = try env.resolveMain(StatusBar.self)
        #expect(try await env.resolveAsync(MetricsRegistry.self) === registry)
        #expect(try env.resolve(RateLimiter.self) === limiter)
        #expect(try env.resolveMain(StatusBar.self) === bar)
        #expect(ImmortalInstances.isImmortal(registry) == platformMakesImmortal)
        #expect(ImmortalInstances.isImmortal(limiter) == platformMakesImmortal)
        #expect(ImmortalInstances.isImmortal(bar) == platformMakesImmortal)
        let flags = try env.resolve(FeatureFlags.self)
        #expect(try env.resolve(FeatureFlags.self) === flags)
        #expect(ImmortalInstances.isImmortal(flags) == platformMakesImmortal)
    }

    @Test("a singleton is not made immortal, and neither is an environment made at run time; the shared ones are")
    func onlyWhatWasAsked() throws {
        let env = ServiceEnv(name: #function)
        env.register(ConnectionPool.self) { ConnectionPool() }
        #expect(!ImmortalInstances.isImmortal(try env.resolve(ConnectionPool.self)))
        #expect(!ImmortalInstances.isImmortal(env.storage))
        for shared in [ServiceEnv.online, .test, .dev] {
            #expect(ImmortalInstances.isImmortal(shared.storage) == platformMakesImmortal, "\(shared.name)")
        }
    }

    @Test("an object made immortal with one reference stays immortal through retains and releases")
    func staysImmortal() {
        let pool = ImmortalPool.shared
        for _ in 0..<4 {
            Unmanaged.passUnretained(pool).retain().release()
            Unmanaged.passUnretained(pool).release()
        }
        #expect(ImmortalInstances.isImmortal(pool) == platformMakesImmortal)
        for _ in 0..<4 {
            _ = try? ServiceEnv.online.resolve(ConnectionPool.self)
            _ = ServiceEnv.current
        }
        #expect(ImmortalInstances.isImmortal(ServiceEnv.online.storage) == platformMakesImmortal)
    }

    @Test("the cache of a marked instance is tagged for the read without section or retain; no other cache is")
    func onlyMarkedInstancesAreTagged() throws {
        let watcher = WeakWatcher()
        let env = ServiceEnv(name: #function)
        env.register(MetricsRegistry.self, scope: .immortal) { MetricsRegistry(builds: Counter(), deinits: Counter()) }
        env.register((any Pool).self, scope: .immortal) { ConnectionPool() }
        env.register(ConnectionPool.self) { ConnectionPool() }
        env.register([Int].self, scope: .immortal) { [1, 2, 3] }
        registerObserved(in: env, reachedBy: watcher)
        for _ in 0..<2 {
            _ = try env.resolve(MetricsRegistry.self)
            _ = try env.resolve((any Pool).self)
            _ = try env.resolve(ConnectionPool.self)
            _ = try env.resolve([Int].self)
            _ = try env.resolve(Observed.self)
        }
        let registry = immortalCache(of: MetricsRegistry.self, in: env)
        let pool = immortalCache(of: (any Pool).self, in: env)
        #expect(registry.tagged == platformMakesImmortal && registry.boxAndInstanceImmortal == platformMakesImmortal)
        #expect(pool.tagged == platformMakesImmortal && pool.boxAndInstanceImmortal == platformMakesImmortal)
        #expect(!immortalCache(of: ConnectionPool.self, in: env).tagged, "a singleton is read in a section")
        #expect(!immortalCache(of: [Int].self, in: env).tagged, "a value type is a singleton")
        #expect(!immortalCache(of: Observed.self, in: env).tagged, "an instance that was not marked")
    }

    @Test("an instance registered as a class existential is read from a tagged cache as itself")
    func classExistentialIsReadAsItself() throws {
        let env = ServiceEnv(name: #function)
        env.register((any AnyObject & Sendable).self, scope: .immortal) { ConnectionPool() }
        let first = try env.resolve((any AnyObject & Sendable).self)
        for _ in 0..<1_000 {
            #expect(try env.resolve((any AnyObject & Sendable).self) === first)
        }
        #expect(first is ConnectionPool)
        let cache = immortalCache(of: (any AnyObject & Sendable).self, in: env)
        #expect(cache.tagged == platformMakesImmortal && cache.boxAndInstanceImmortal == platformMakesImmortal)
    }

    @Test("a reset clears the tag, and the resolves after it return the new instance, tagged in turn")
    func resetClearsTheTag() throws {
        let builds = Counter()
        let env = ServiceEnv(name: #function)
        env.register(MetricsRegistry.self, scope: .immortal) { MetricsRegistry(builds: builds, deinits: Counter()) }
        let first = try env.resolve(MetricsRegistry.self)
        #expect(try env.resolve(MetricsRegistry.self) === first)
        env.resetCaches()
        #expect(!immortalCache(of: MetricsRegistry.self, in: env).tagged)
        let second = try env.resolve(MetricsRegistry.self)
        #expect(second !== first)
        #expect(try env.resolve(MetricsRegistry.self) === second)
        #expect(immortalCache(of: MetricsRegistry.self, in: env).tagged == platformMakesImmortal)
        #expect(builds.value == 2)
    }

    @Test("a resolve of a tagged cache is traced while a trace is on, and sees an override in a child")
    func tracedAndOverridden() throws {
        let env = ServiceEnv(name: #function)
        env.register(MetricsRegistry.self, scope: .immortal) { MetricsRegistry(builds: Counter(), deinits: Counter()) }
        let registry = try env.resolve(MetricsRegistry.self)
        let traces = Mutex<[String]>([])
        env.traceResolutions { trace in traces.withLock { $0.append("\(trace)") } }
        #expect(try env.resolve(MetricsRegistry.self) === registry)
        env.stopTracingResolutions()
        #expect(traces.withLock { $0.count } == 1)
        #expect(traces.withLock { $0.first?.contains("MetricsRegistry: cached") } == true)

        let child = ServiceEnv(name: "child", parent: env)
        child.register(MetricsRegistry.self, scope: .immortal) {
            MetricsRegistry(builds: Counter(), deinits: Counter())
        }
        let own = try child.resolve(MetricsRegistry.self)
        #expect(own !== registry)
        #expect(try child.resolve(MetricsRegistry.self) === own)
        #expect(try env.resolve(MetricsRegistry.self) === registry)
    }

    @Test("the scope is named immortal in messages and equals the reserved custom scope")
    func naming() {
        #expect(ServiceScope.immortal.displayName == "immortal")
        #expect(ServiceScope.immortal != .singleton)
        #expect(StoredScope(.immortal) == .immortal)
        #expect(StoredScope(.immortal).scope == .immortal)
    }
}
