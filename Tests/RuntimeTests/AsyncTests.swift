import Foundation
import Testing

@testable import Service

/// Sleeps briefly, so that an async factory really suspends.
func pause(milliseconds: Int = 1) async {
    try? await Task.sleep(for: .milliseconds(milliseconds))
}

/// Suspends until `flag` is set, and records an issue if it is not within 30 s: every caller's
/// next step depends on it.
///
/// NB: the deadline was two seconds and passed silently; under AddressSanitizer, with the suite
/// running in parallel, a task once took longer than that to start its factory, and the test
/// went on to reset a cache before the construction it meant to reset had begun.
func suspendUntil(_ flag: Flag, sourceLocation: SourceLocation = #_sourceLocation) async {
    await suspendUntil(seconds: 30) { flag.isSet }
    if !flag.isSet {
        Issue.record("the flag was not set within 30 s", sourceLocation: sourceLocation)
    }
}

/// Suspends until `condition` holds (up to `seconds`).
func suspendUntil(seconds: Double = 30, _ condition: () -> Bool) async {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() && Date() < deadline {
        await pause()
    }
}

/// The result of `body`, or nil if it did not finish within `seconds`.
func withDeadline<T: Sendable>(
    seconds: Double,
    _ body: @escaping @Sendable () async -> T,
) async -> T? {
    await withTaskGroup(of: T?.self) { group in
        group.addTask { await body() }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let first = await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// The body of an `async` factory that a test holds open: it counts its runs, says it started,
/// and suspends until released (up to 30 s), ignoring cancellation as a slow connection's often
/// does.
final class HeldFactory: Sendable {
    let started = Flag()
    private let released = Flag()
    private let count = Counter()

    /// How many times the factory ran.
    var runs: Int { count.value }

    /// Runs the factory's body: returns once `release()` is called.
    func hold() async {
        count.increment()
        started.set()
        await suspendUntil(seconds: 30) { released.isSet }
    }

    func release() {
        released.set()
    }

    /// Registers in `env` an `async` factory of `type` that runs this body, then `make` with the
    /// run's number, and starts a task that resolves it; returns that task once the factory runs.
    func startBuilding<T: Sendable>(
        _ type: T.Type,
        in env: ServiceEnv,
        _ make: @escaping @Sendable (Int) -> T,
        sourceLocation: SourceLocation = #_sourceLocation,
    ) async -> Task<T, any Error> {
        env.register(type) { () async -> T in
            await self.hold()
            return make(self.runs)
        }
        let builder = Task { try await env.resolveAsync(type) }
        await suspendUntil(started, sourceLocation: sourceLocation)
        return builder
    }
}

/// Registers an `async` factory of `type` whose first run sleeps for 30 s, until its task is
/// cancelled, and whose later runs build at once; `make` gets the run's number. The flag returned
/// is set when the first run begins.
func registerSlowFirstRun<T: Sendable>(
    _ type: T.Type,
    in env: ServiceEnv,
    _ make: @escaping @Sendable (Int) -> T,
) -> Flag {
    let started = Flag()
    let runs = Counter()
    env.register(type) { () async throws -> T in
        let run = runs.increment()
        if run == 1 {
            started.set()
            try await Task.sleep(for: .seconds(30))
        }
        return make(run)
    }
    return started
}

/// The `ServiceError` an async `body` throws, or nil.
func asyncServiceError<R>(_ body: () async throws -> R) async -> ServiceError? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error as? ServiceError
    }
}

@Suite("Async factories")
struct AsyncTests {
    @Test("an async factory is resolved with await, after it suspends")
    func resolvesWithAwait() async throws {
        let env = ServiceEnv(name: "async")
        env.register(Database.self) { () async -> Database in
            await pause()
            return Database(url: "async")
        }
        #expect(try await env.resolveAsync(Database.self).url == "async")
    }

    @Test("resolveAsync also resolves synchronous registrations, tags and arguments")
    func resolveAsyncOfSync() async throws {
        let env = ServiceEnv(name: "async")
        env.register(Logger.self) { Logger(label: "sync") }
        env.register(Logger.self, tags: "t") { Logger(label: "tagged") }
        env.register(Greeting.self) { (name: String) async in Greeting(name: name) }
        #expect(try await env.resolveAsync(Logger.self).label == "sync")
        #expect(try await env.resolveAsync(Logger.self, tags: "t").label == "tagged")
        #expect(try await env.resolveAsync(Greeting.self, arguments: "Ada").name == "Ada")
        #expect(try await env.resolveAsyncIfRegistered(Database.self) == nil)
    }

    @Test("a synchronous resolve of an async registration throws a clear error")
    func syncResolveOfAsync() {
        let env = ServiceEnv(name: "async")
        env.register(Database.self) { () async in Database() }
        let error = serviceError { try env.resolve(Database.self) }
        #expect(usageError(error) == .asyncFactory(serviceType: "Database"))
        #expect(
            error?.description
                == "Factory failed to create service 'Database': 'Database' has an async factory; "
                + "resolve it with 'try await env.resolveAsync(_:)'"
        )
        #expect(serviceError { try env.resolveAll(Database.self) } != nil)
    }

    @Test("an async singleton is constructed exactly once when many tasks await it first")
    func asyncSingletonExactlyOnce() async {
        let env = ServiceEnv(name: "async")
        let runs = Counter()
        env.register(Database.self) { () async -> Database in
            runs.increment()
            await pause(milliseconds: 20)
            return Database()
        }
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<1_000 {
                group.addTask { try? await ObjectIdentifier(env.resolveAsync(Database.self)) }
            }
            return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
        }
        #expect(runs.value == 1)
        #expect(identities.count == 1)
        #expect(identities.first != nil)
    }

    @Test("a failed async singleton is not cached, and a later resolve builds it")
    func asyncFailureNotCached() async throws {
        let env = ServiceEnv(name: "async")
        let attempts = Counter()
        env.register(Database.self) { () async throws -> Database in
            await pause()
            guard attempts.increment() > 1 else {
                throw FactoryError(reason: "first")
            }
            return Database()
        }
        let error = await asyncServiceError { try await env.resolveAsync(Database.self) }
        guard case .factoryFailed(_, let underlying)? = error else {
            Issue.record("expected .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying as? FactoryError == FactoryError(reason: "first"))
        let built = try await env.resolveAsync(Database.self)
        #expect(try await env.resolveAsync(Database.self) === built)
    }

    @Test("transient async factories build every time; async arguments work")
    func asyncTransientAndArguments() async throws {
        let env = ServiceEnv(name: "async")
        env.register(Database.self, scope: .transient) { () async in Database() }
        #expect(try await env.resolveAsync(Database.self) !== env.resolveAsync(Database.self))
        env.register(Logger.self) { (label: String, suffix: Int) async in Logger(label: "\(label)\(suffix)") }
        #expect(try await env.resolveAsync(Logger.self, arguments: "l", 2).label == "l2")
        let mismatch = await asyncServiceError { try await env.resolveAsync(Logger.self, arguments: 2) }
        #expect(
            usageError(mismatch)
                == .argumentMismatch(serviceType: "Logger", expected: ["String", "Int"], given: ["Int"]))
    }

    @Test("a cycle through async factories is detected across await")
    func asyncCycle() async {
        let env = ServiceEnv(name: "async")
        env.register(Database.self, scope: .transient) { () async throws -> Database in
            await pause()
            _ = try await ServiceEnv.current.resolveAsync(Logger.self)
            return Database()
        }
        env.register(Logger.self, scope: .transient) { () async throws -> Logger in
            await pause()
            _ = try await ServiceEnv.current.resolveAsync(Database.self)
            return Logger()
        }
        let error = await asyncServiceError { try await env.resolveAsync(Database.self) }
        #expect(cycleChain(error) == ["Database", "Logger", "Database"])
    }

    @Test("the graph scope is shared across await within one resolve")
    func asyncGraphScope() async throws {
        let env = ServiceEnv(name: "async")
        env.register(Database.self, scope: .graph) { () async in
            await pause()
            return Database()
        }
        env.register(UserRepository.self, scope: .transient) { () async throws -> UserRepository in
            let first = try await ServiceEnv.current.resolveAsync(Database.self)
            await pause()
            let second = try await ServiceEnv.current.resolveAsync(Database.self)
            #expect(first === second)
            return UserRepository(database: first, logger: Logger())
        }
        let one = try await env.resolveAsync(UserRepository.self)
        let two = try await env.resolveAsync(UserRepository.self)
        #expect(one.database !== two.database)
    }

    @Test("nested resolves in an async factory reach the resolving environment")
    func asyncCurrentEnvironment() async throws {
        let env = ServiceEnv(name: "async-env")
        env.register(Logger.self) { Logger(label: ServiceEnv.current.name) }
        env.register(Database.self) { () async throws -> Database in
            await pause()
            return Database(url: try ServiceEnv.current.resolve(Logger.self).label)
        }
        #expect(try await env.resolveAsync(Database.self).url == "async-env")
        #expect(ServiceEnv.current.name == "online")
    }

    @Test("a cycle of async singletons entered from two tasks ends in errors, not a deadlock")
    func crossTaskAsyncCycle() async {
        let env = ServiceEnv(name: "async")
        let databaseStarted = Flag()
        let loggerStarted = Flag()
        env.register(Database.self) { () async throws -> Database in
            databaseStarted.set()
            await suspendUntil(loggerStarted)
            _ = try await ServiceEnv.current.resolveAsync(Logger.self)
            return Database()
        }
        env.register(Logger.self) { () async throws -> Logger in
            loggerStarted.set()
            await suspendUntil(databaseStarted)
            _ = try await ServiceEnv.current.resolveAsync(Database.self)
            return Logger()
        }
        let outcome = await withDeadline(seconds: 10) {
            async let database = asyncServiceError { try await env.resolveAsync(Database.self) }
            async let logger = asyncServiceError { try await env.resolveAsync(Logger.self) }
            return await (cycleChain(database), cycleChain(logger))
        }
        guard let outcome else {
            Issue.record("the two resolutions deadlocked")
            return
        }
        #expect(outcome.0 != nil)
        #expect(outcome.1 != nil)
    }

    @Test("a factory cancelled mid-await leaves the environment usable")
    func cancelledFactory() async throws {
        let env = ServiceEnv(name: "async")
        let started = registerSlowFirstRun(Database.self, in: env) { Database(url: "attempt \($0)") }
        let task = Task { try await env.resolveAsync(Database.self) }
        await suspendUntil(started)
        task.cancel()
        let error = await asyncServiceError { try await task.value }
        guard case .factoryFailed(_, let underlying)? = error else {
            Issue.record("expected .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is CancellationError)
        let value = try await env.resolveAsync(Database.self)
        #expect(value.url == "attempt 2")
        #expect(try await env.resolveAsync(Database.self) === value)
    }

    @Test("a task cancelled while it waits for another task's construction stops waiting; the construction goes on")
    func cancelledWaiter() async throws {
        let env = ServiceEnv(name: "async")
        let factory = HeldFactory()
        let builder = await factory.startBuilding(SlowConnection.self, in: env) { _ in
            SlowConnection(label: "built once")
        }
        let waiter = Task { try await env.resolveAsync(SlowConnection.self) }
        await suspendUntil { ConstructionCoordinator.shared.hasWaiter(forServiceNamed: "SlowConnection") }
        #expect(ConstructionCoordinator.shared.hasWaiter(forServiceNamed: "SlowConnection"))
        waiter.cancel()

        let error = await withDeadline(seconds: 10) { await asyncServiceError { try await waiter.value } }
        factory.release()
        guard case .factoryFailed(let service, let underlying)?? = error else {
            Issue.record("expected the waiter to stop with .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(service == "SlowConnection")
        #expect(underlying is CancellationError)
        #expect(!ConstructionCoordinator.shared.hasWaiter(forServiceNamed: "SlowConnection"))
        let built = try await builder.value
        #expect(built.label == "built once")
        #expect(try await env.resolveAsync(SlowConnection.self) === built)
        #expect(factory.runs == 1)
    }

    @Test("a construction whose own task is cancelled fails only that task: a waiter that was not cancelled builds it")
    func cancelledBuilderWithWaiter() async throws {
        let env = ServiceEnv(name: "async")
        let started = registerSlowFirstRun(SlowStart.self, in: env) { SlowStart(attempt: $0) }
        let builder = Task { try await env.resolveAsync(SlowStart.self) }
        await suspendUntil(started)
        let waiter = Task { try await env.resolveAsync(SlowStart.self) }
        await suspendUntil { ConstructionCoordinator.shared.hasWaiter(forServiceNamed: "SlowStart") }
        builder.cancel()

        let error = await asyncServiceError { try await builder.value }
        guard case .factoryFailed("SlowStart", let underlying)? = error else {
            Issue.record("expected the builder to fail with .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is CancellationError)
        let built = try await waiter.value
        #expect(built.attempt == 2)
        #expect(try await env.resolveAsync(SlowStart.self) === built)
    }

    @Test("waiters cancelled while the construction finishes each get the instance or a CancellationError, once")
    func waitersCancelledAsTheConstructionFinishes() async throws {
        for round in 0..<20 {
            let env = ServiceEnv(name: "async cancel race \(round)")
            let factory = HeldFactory()
            env.register(SlowBatch.self) { () async -> SlowBatch in
                await factory.hold()
                return SlowBatch()
            }
            let builder = Task { try await ObjectIdentifier(env.resolveAsync(SlowBatch.self)) }
            let waiters = (0..<64).map { _ in
                Task { () -> Result<ObjectIdentifier, ServiceError> in
                    do throws(ServiceError) {
                        return .success(try await ObjectIdentifier(env.resolveAsync(SlowBatch.self)))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            // NB: half the waiters are cancelled around the moment the construction finishes.
            for (index, waiter) in waiters.enumerated() where index.isMultiple(of: 2) {
                if index == 32 {
                    factory.release()
                }
                waiter.cancel()
                await Task.yield()
            }
            factory.release()
            let built = try await builder.value
            let outcomes = await withDeadline(seconds: 10) {
                var outcomes: [Result<ObjectIdentifier, ServiceError>] = []
                for waiter in waiters {
                    outcomes.append(await waiter.value)
                }
                return outcomes
            }
            guard let outcomes else {
                Issue.record("a waiter was never resumed (round \(round))")
                return
            }
            for (index, outcome) in outcomes.enumerated() {
                switch outcome {
                case .success(let identity):
                    #expect(identity == built)
                case .failure(.factoryFailed("SlowBatch", let underlying)):
                    #expect(underlying is CancellationError)
                    #expect(index.isMultiple(of: 2), "waiter \(index) was not cancelled")
                case .failure(let error):
                    Issue.record("waiter \(index): \(error)")
                }
            }
            #expect(factory.runs == 1)
        }
    }

    @Test("a task already cancelled takes a cached async singleton, and does not wait for one being built")
    func alreadyCancelledWaiter() async throws {
        let env = ServiceEnv(name: "async")
        let factory = HeldFactory()
        let builder = await factory.startBuilding(SlowCache.self, in: env) { _ in SlowCache() }
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await asyncServiceError { try await env.resolveAsync(SlowCache.self) }
        }
        let error = await withDeadline(seconds: 10) { await waiter.value }
        factory.release()
        guard case .factoryFailed(_, let underlying)?? = error else {
            Issue.record("expected .factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is CancellationError)
        let built = try await builder.value
        let cached = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await env.resolveAsync(SlowCache.self)
        }
        #expect(try await cached.value === built)
    }

    @Test("a synchronous resolve returns an async singleton once the environment that caches it built it")
    func syncResolveOfCachedAsyncSingleton() async throws {
        let app = ServiceEnv(name: "app")
        app.register(Database.self) { () async in Database() }
        #expect(usageError(serviceError { try app.resolve(Database.self) }) == .asyncFactory(serviceType: "Database"))

        let built = try await app.resolveAsync(Database.self)
        #expect(try app.resolve(Database.self) === built)
        // NB: a scope leaves the singleton to the app, so it sees the app's instance.
        #expect(try app.makeScope(named: "request").resolve(Database.self) === built)
        // NB: an override environment caches its own instances: until it built one, it has none.
        let override = ServiceEnv(name: "test", parent: app)
        #expect(
            usageError(serviceError { try override.resolve(Database.self) }) == .asyncFactory(serviceType: "Database"))
        let own = try await override.resolveAsync(Database.self)
        #expect(own !== built)
        #expect(try override.resolve(Database.self) === own)
    }

    @Test("after a reset, a synchronous resolve of an async singleton throws again until it is rebuilt")
    func syncResolveAfterReset() async throws {
        let env = ServiceEnv(name: "async reset")
        env.register(Database.self) { () async in Database() }
        _ = try await env.resolveAsync(Database.self)
        env.resetCaches()
        #expect(usageError(serviceError { try env.resolve(Database.self) }) == .asyncFactory(serviceType: "Database"))
    }
}

/// A service whose construction a cancellation test holds open; no other test waits for it, so
/// the shared coordinator's waiters for it are that test's.
private final class SlowConnection: Sendable {
    let label: String

    init(label: String = "slow") {
        self.label = label
    }
}

/// The service of the test whose builder is cancelled while another task waits (see
/// `SlowConnection`).
private final class SlowStart: Sendable {
    let attempt: Int

    init(attempt: Int) {
        self.attempt = attempt
    }
}

/// The service of the test whose waiter is cancelled before it asks (see `SlowConnection`).
private final class SlowCache: Sendable {}

/// The service of the test that cancels waiters as the construction finishes (see
/// `SlowConnection`).
private final class SlowBatch: Sendable {}
