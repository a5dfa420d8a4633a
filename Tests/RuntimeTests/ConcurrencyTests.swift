import Foundation
import Service
import Synchronization
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("10,000 concurrent first resolves of one singleton run its factory once")
    func exactlyOnceUnderLoad() async throws {
        try await withTestEnv { env async throws in
            let runs = Counter()
            env.register(Database.self) {
                runs.increment()
                spin(milliseconds: 5)
                return Database()
            }
            let identities = await resolveConcurrently(10_000) { ObjectIdentifier(try env.resolve(Database.self)) }
            #expect(runs.value == 1)
            #expect(identities.count == 1)
        }
    }

    @Test("concurrent first resolves from OS threads run the factory once")
    func exactlyOnceFromThreads() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(SessionToken.self, scope: .custom("session")) {
                runs.increment()
                spin(milliseconds: 5)
                return SessionToken(value: runs.value)
            }
            let identities = Shared(Set<ObjectIdentifier>())
            let done = runOnThreads(8) {
                for _ in 0..<1_000 {
                    if let token = try? env.resolve(SessionToken.self) {
                        identities.withLock { _ = $0.insert(ObjectIdentifier(token)) }
                    }
                }
            }
            #expect(done)
            #expect(runs.value == 1)
            #expect(identities.withLock { $0.count } == 1)
        }
    }

    @Test("concurrent registration and resolution of 1,000 types loses nothing")
    func concurrentRegisterAndResolve() async {
        let env = ServiceEnv(name: #function)
        let operations = distinctTypeOperations(count: 1_000)
        let misses = Counter()
        await withTaskGroup(of: Void.self) { group in
            for chunk in stride(from: 0, to: operations.count, by: 50) {
                group.addTask {
                    for operation in operations[chunk..<min(chunk + 50, operations.count)] {
                        operation.register(env)
                        if !operation.resolvesCorrectly(env) {
                            misses.increment()
                        }
                    }
                }
                group.addTask {
                    for operation in operations.prefix(chunk) {
                        _ = operation.resolvesCorrectly(env)
                    }
                }
            }
        }
        #expect(misses.value == 0)
        #expect(operations.allSatisfy { $0.resolvesCorrectly(env) })
    }

    @Test("two threads entering A → B → A from both ends both get circularDependency")
    func crossThreadCycleDoesNotDeadlock() throws {
        let env = ServiceEnv(name: #function)
        let enteredA = Flag()
        let enteredB = Flag()
        env.register(NodeA.self) {
            enteredA.set()
            waitUntil(enteredB)
            return NodeA(next: try ServiceEnv.current.resolve(NodeB.self))
        }
        env.register(NodeB.self) {
            enteredB.set()
            waitUntil(enteredA)
            return NodeB(next: try ServiceEnv.current.resolve(NodeA.self))
        }
        let results = Shared([String: [String]]())
        let done = runOnThreads(2) { index in
            let error: ServiceError?
            if index == 0 {
                error = serviceError { try env.resolve(NodeA.self) }
            } else {
                error = serviceError { try env.resolve(NodeB.self) }
            }
            results.withLock {
                $0[index == 0 ? "A" : "B"] = cycleChain(error) ?? ["not a cycle: \(String(describing: error))"]
            }
        }
        #expect(done, "the two resolutions deadlocked")
        let chains = results.withLock { $0 }
        #expect(chains["A"] == ["NodeA", "NodeB", "NodeA"])
        #expect(chains["B"] == ["NodeB", "NodeA", "NodeB"])
    }

    @Test("many tasks resolving a transient graph concurrently each get their own graph")
    func concurrentGraphs() async throws {
        try await withTestEnv { env async throws in
            env.register(Database.self, scope: .graph) { Database() }
            env.register(Pair.self, scope: .transient) {
                Pair(
                    first: try ServiceEnv.current.resolve(Database.self),
                    second: try ServiceEnv.current.resolve(Database.self),
                )
            }
            let pairs = await withTaskGroup(of: Pair?.self) { group in
                for _ in 0..<500 {
                    group.addTask { try? env.resolve(Pair.self) }
                }
                return await group.reduce(into: [Pair]()) { if let pair = $1 { $0.append(pair) } }
            }
            #expect(pairs.count == 500)
            #expect(pairs.allSatisfy { $0.first === $0.second })
            #expect(Set(pairs.map { ObjectIdentifier($0.first) }).count == 500)
        }
    }

    @Test("resolves racing with resetCaches never see two instances between resets")
    func resolveRacingReset() async throws {
        try await withTestEnv { env async throws in
            let runs = Counter()
            env.register(Database.self) {
                runs.increment()
                return Database()
            }
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for _ in 0..<200 {
                        env.resetCaches()
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<2_000 {
                            _ = try? env.resolve(Database.self)
                        }
                    }
                }
            }
            let settled = try env.resolve(Database.self)
            #expect(try env.resolve(Database.self) === settled)
            #expect(runs.value <= 201)
        }
    }

    @Test("a singleton whose factory fails under contention is built by a later resolve")
    func failingFactoryUnderContention() async throws {
        try await withTestEnv { env async throws in
            let runs = Counter()
            env.register(Database.self) {
                if runs.increment() <= 3 {
                    throw FactoryError(reason: "warming up")
                }
                return Database()
            }
            let identities = await resolveConcurrently(100) { ObjectIdentifier(try env.resolve(Database.self)) }
            #expect(identities.count <= 1)
            let database = try env.resolve(Database.self)
            #expect(try env.resolve(Database.self) === database)
        }
    }
}

/// Resolves `count` times from concurrent tasks and returns the distinct successful results.
func resolveConcurrently<T: Hashable & Sendable>(
    _ count: Int,
    _ body: @escaping @Sendable () throws -> T,
) async -> Set<T> {
    await withTaskGroup(of: T?.self) { group in
        for _ in 0..<count {
            group.addTask { try? body() }
        }
        return await group.reduce(into: Set<T>()) { if let value = $1 { $0.insert(value) } }
    }
}

/// Runs `body` on `count` OS threads; false if they did not all finish within `timeout` seconds.
func runOnThreads(_ count: Int, timeout: Double = 20, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
    let finished = DispatchSemaphore(value: 0)
    for index in 0..<count {
        let thread = Thread {
            body(index)
            finished.signal()
        }
        thread.start()
    }
    for _ in 0..<count where finished.wait(timeout: .now() + timeout) == .timedOut {
        return false
    }
    return true
}

/// Runs `body` on `count` OS threads; false on timeout.
func runOnThreads(_ count: Int, timeout: Double = 20, _ body: @escaping @Sendable () -> Void) -> Bool {
    runOnThreads(count, timeout: timeout) { (_: Int) in body() }
}

/// Busy-waits so that a factory stays open long enough for others to pile up behind it.
func spin(milliseconds: Int) {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(milliseconds) * 1_000_000
    while DispatchTime.now().uptimeNanoseconds < deadline {}
}

/// Waits (up to two seconds) until `flag` is set by another thread.
func waitUntil(_ flag: Flag) {
    waitUntil { flag.isSet }
}

/// Waits (up to `seconds`) until `condition` holds, which another thread makes true.
func waitUntil(seconds: Double = 2, _ condition: () -> Bool) {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1_000_000_000)
    while !condition() && DispatchTime.now().uptimeNanoseconds < deadline {
        usleep(100)
    }
}
