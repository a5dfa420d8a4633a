import Foundation
import Service
import Synchronization
import Testing

/// A singleton whose instances are numbered, so the soak can tell them apart.
final class SoakSingleton: Sendable {
    let serial: Int

    init(serial: Int) {
        self.serial = serial
    }
}

/// An async-built singleton for the soak.
final class SoakAsyncSingleton: Sendable {
    let serial: Int

    init(serial: Int) {
        self.serial = serial
    }
}

/// A seqlock-style epoch around resets: odd while a reset runs, bumped twice per reset, so a
/// resolve that saw the same even epoch before and after cannot have overlapped a reset.
final class ResetEpoch: Sendable {
    private let value = Atomic(0)

    var current: Int { value.load(ordering: .sequentiallyConsistent) }

    func reset(_ body: () -> Void) {
        value.wrappingAdd(1, ordering: .sequentiallyConsistent)
        body()
        value.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }
}

/// What the soak observed: the one instance per stable epoch, and the violations.
final class SoakLedger: Sendable {
    private let singletons = Shared<[Int: any AnyObject & Sendable]>([:])
    private let violations = Shared<[String]>([])
    let operations = Counter()

    /// Records `instance` as seen in `epoch`; two different instances in one epoch is a violation.
    func observe(_ instance: any AnyObject & Sendable, kind: String, epoch: Int) {
        let key = epoch * 2 + (kind == "async" ? 1 : 0)
        let conflict = singletons.withLock { seen -> Bool in
            if let first = seen[key] {
                return first !== instance
            }
            seen[key] = instance
            return false
        }
        if conflict {
            fail("two \(kind) singletons observed in epoch \(epoch)")
        }
    }

    func fail(_ message: String) {
        violations.withLock { $0.append(message) }
    }

    var failures: [String] { violations.withLock { $0 } }
    var epochsObserved: Int { singletons.withLock { $0.count } }
}

@Suite("Soak")
struct SoakTests {
    /// Seconds to run; `SERVICE_SOAK_SECONDS` raises it for a longer local run.
    static let duration = Double(ProcessInfo.processInfo.environment["SERVICE_SOAK_SECONDS"] ?? "") ?? 10

    @Test("registering, resolving every scope on both paths, resetting and nesting from many tasks")
    func soak() async throws {
        let env = ServiceEnv(name: "soak")
        let epoch = ResetEpoch()
        let ledger = SoakLedger()
        let singletonRuns = Counter()
        let asyncRuns = Counter()
        let resets = Counter()
        env.register(SoakSingleton.self) {
            SoakSingleton(serial: singletonRuns.increment())
        }
        env.register(SoakAsyncSingleton.self) { () async -> SoakAsyncSingleton in
            let serial = asyncRuns.increment()
            await Task.yield()
            return SoakAsyncSingleton(serial: serial)
        }
        env.register(Database.self, scope: .transient) { Database(url: "transient") }
        env.register(Logger.self, scope: .graph) { Logger(label: "graph") }
        env.register(SessionToken.self, scope: .custom("session")) { SessionToken(value: 1) }
        env.register(UserRepository.self, scope: .transient) {
            let logger = try ServiceEnv.current.resolve(Logger.self)
            let again = try ServiceEnv.current.resolve(Logger.self)
            guard logger === again else {
                throw FactoryError(reason: "graph scope not shared")
            }
            return UserRepository(database: try ServiceEnv.current.resolve(Database.self), logger: logger)
        }
        env.register(Greeting.self) { (name: String) in Greeting(name: name) }
        env.register(Logger.self, tags: "async", scope: .transient) { () async -> Logger in
            await Task.yield()
            return Logger(label: "async")
        }

        let tasks = 16
        let registered = Shared<[String]>([])
        let finished = await Self.run(tasks: tasks, for: Self.duration) { task, iteration in
            await Self.step(
                task: task,
                iteration: iteration,
                env: env,
                epoch: epoch,
                ledger: ledger,
                resets: resets,
                registered: registered,
            )
        }
        #expect(finished, "a resolve hung")
        // NB: a soak that never got a thread checks nothing; ThreadSanitizer runs ~3,000
        // operations per second here, a plain debug build ~12,000.
        #expect(ledger.operations.value >= 100 * tasks, "\(ledger.operations.value) operations")

        // Every tagged registration made during the soak is still there.
        let tags = registered.withLock { $0 }
        for tag in tags where (try? env.resolve(Int.self, tags: tag)) == nil {
            ledger.fail("lost registration \(tag)")
        }
        #expect(try env.resolveAll(Int.self).count == tags.count)
        // A singleton factory runs at most once per cache lifetime: once per reset, plus one
        // construction per reset that it overlapped and whose result was discarded.
        #expect(singletonRuns.value <= 2 * (resets.value + 1))
        #expect(asyncRuns.value <= 2 * (resets.value + 1))
        #expect(ledger.failures.isEmpty, "\(ledger.failures.prefix(5))")
        print(
            """
            soak: \(ledger.operations.value) operations from \(tasks) tasks in \(Self.duration) s; \
            \(resets.value) resets, \(ledger.epochsObserved) singleton epochs checked, \
            \(singletonRuns.value) + \(asyncRuns.value) singleton factory runs, \(tags.count) registrations kept; \
            failures: \(ledger.failures.count)
            """
        )
    }

    /// Runs `step` in a loop in each of `tasks` tasks for `duration` seconds; false if they did
    /// not all finish within a minute after that (a resolve hung).
    ///
    /// NB: the window opens when the first task runs, not when the test starts. On two cores,
    /// tests that block a thread of the concurrency pool (the macro fuzzer, the tests that wait
    /// for threads of their own) can hold both threads for longer than the soak lasts, and a
    /// window opened at the start then closed before any task ran.
    static func run(
        tasks: Int,
        for duration: Double,
        _ step: @escaping @Sendable (_ task: Int, _ iteration: Int) async -> Void,
    ) async -> Bool {
        let opened = Shared<Date?>(nil)
        let finished = await withDeadline(seconds: duration + 60) {
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<tasks {
                    group.addTask {
                        let deadline = opened.withLock { start in
                            let first = start ?? Date()
                            start = first
                            return first.addingTimeInterval(duration)
                        }
                        var iteration = 0
                        while Date() < deadline {
                            iteration += 1
                            await step(task, iteration)
                        }
                    }
                }
            }
            return true
        }
        return finished == true
    }

    /// One randomly chosen operation, checking its invariant.
    static func step(
        task: Int,
        iteration: Int,
        env: ServiceEnv,
        epoch: ResetEpoch,
        ledger: SoakLedger,
        resets: Counter,
        registered: Shared<[String]>,
    ) async {
        ledger.operations.increment()
        switch Int.random(in: 0..<100) {
        case 0..<35:
            let before = epoch.current
            guard let instance = try? env.resolve(SoakSingleton.self) else {
                return ledger.fail("singleton resolve failed")
            }
            if before == epoch.current && before % 2 == 0 {
                ledger.observe(instance, kind: "sync", epoch: before)
            }
        case 35..<50:
            let before = epoch.current
            guard let instance = try? await env.resolveAsync(SoakAsyncSingleton.self) else {
                return ledger.fail("async singleton resolve failed")
            }
            if before == epoch.current && before % 2 == 0 {
                ledger.observe(instance, kind: "async", epoch: before)
            }
            // NB: the other scopes on the async path: an async transient, and a synchronous
            // transient graph resolved through resolveAsync.
            guard (try? await env.resolveAsync(Logger.self, tags: "async"))?.label == "async",
                (try? await env.resolveAsync(UserRepository.self))?.database.url == "transient"
            else {
                return ledger.fail("async-path resolve of a transient failed")
            }
        case 50..<62:
            guard let repository = try? env.resolve(UserRepository.self), repository.database.url == "transient" else {
                return ledger.fail("transient graph resolve failed")
            }
        case 62..<70:
            guard (try? env.resolve(SessionToken.self))?.value == 1,
                (try? env.resolve(Greeting.self, arguments: "soak"))?.name == "soak"
            else {
                return ledger.fail("custom scope or argument resolve failed")
            }
        case 70..<80:
            let tag = "t\(task)-\(iteration)"
            env.register(Int.self, tags: tag) { iteration }
            registered.withLock { $0.append(tag) }
            guard (try? env.resolve(Int.self, tags: tag)) == iteration else {
                return ledger.fail("a fresh registration did not resolve")
            }
        case 80..<90:
            let child = ServiceEnv(name: "child-\(task)", parent: env)
            child.register(Database.self, scope: .transient) { Database(url: "child") }
            let repository = try? ServiceEnv.$current.withValue(child) {
                try ServiceEnv.current.resolve(UserRepository.self)
            }
            guard repository?.database.url == "child" else {
                return ledger.fail("a child's override did not reach an inherited service")
            }
        case 90..<93:
            epoch.reset { env.resetCaches() }
            resets.increment()
        case 93..<95:
            epoch.reset { env.resetScope(.custom("session")) }
        default:
            await Task.yield()
        }
    }
}
