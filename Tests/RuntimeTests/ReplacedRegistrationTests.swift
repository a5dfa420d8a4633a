import Foundation
import Testing

@testable import Service

/// NB: serialized: a test knows the second resolve waits when a resolution waits for a
/// construction of `ReplacedWhileWaited`, in any environment.
@Suite("Registrations replaced while resolves run", .serialized)
struct ReplacedRegistrationTests {
    /// A resolve reads the registration before it waits; the one it read may be replaced while
    /// it waits. It then builds with the replacement, as a resolve begun after it would: building
    /// with the replaced factory again would give each such waiter an instance of its own.
    @Test(
        "a resolve that waited while its registration was replaced builds with the new one, not the old one again",
        arguments: [ServiceScope.singleton, .immortal],
    )
    func waiterOfReplacedRegistration(scope: ServiceScope) throws {
        let env = ServiceEnv(name: "replaced")
        let (first, waiter, runs) = waitWhileReplaced(in: env, scope: scope, replacement: scope)
        #expect(first?.version == 1, "the construction begun before the replacement returns its instance")
        #expect(waiter?.version == 2, "the waiter builds with the registration that replaced the one it read")
        #expect(runs == [1, 1])
        let next = try env.resolve(ReplacedWhileWaited.self)
        #expect(next === waiter, "the waiter's instance is the cached one")
    }

    /// A replacement with another scope is not built in the slot the waiter shares: the waiter
    /// builds with the factory it read, as the resolve it waited for did, and caches nothing.
    @Test(
        "a resolve that waited while its registration was replaced with another scope builds with the one it read, uncached"
    )
    func waiterOfRegistrationReplacedWithAnotherScope() throws {
        let env = ServiceEnv(name: "replaced")
        let (first, waiter, runs) = waitWhileReplaced(in: env, scope: .singleton, replacement: .transient)
        #expect(first?.version == 1)
        #expect(waiter?.version == 1)
        #expect(waiter !== first)
        #expect(runs == [2, 0])
        #expect(try env.resolve(ReplacedWhileWaited.self).version == 2)
        #expect(try env.resolve(ReplacedWhileWaited.self) !== env.resolve(ReplacedWhileWaited.self))
    }

    /// The same with `async` factories: the waiter suspends, and builds with the replacement.
    @Test("an async resolve that waited while its async registration was replaced builds with the new one")
    func asyncWaiterOfReplacedRegistration() async throws {
        let env = ServiceEnv(name: "replaced")
        let entered = Flag()
        let release = Flag()
        let firstRuns = Counter()
        let secondRuns = Counter()
        env.register(ReplacedWhileWaited.self) { () async in
            firstRuns.increment()
            entered.set()
            await suspendUntil(seconds: 30) { release.isSet }
            return ReplacedWhileWaited(version: 1)
        }
        let first = Task { try await env.resolveAsync(ReplacedWhileWaited.self) }
        await suspendUntil(seconds: 30) { entered.isSet }
        let waiter = Task { try await env.resolveAsync(ReplacedWhileWaited.self) }
        let name = String(describing: ReplacedWhileWaited.self)
        await suspendUntil(seconds: 30) { ConstructionCoordinator.shared.hasWaiter(forServiceNamed: name) }
        env.register(ReplacedWhileWaited.self) { () async in
            secondRuns.increment()
            return ReplacedWhileWaited(version: 2)
        }
        release.set()
        #expect(try await first.value.version == 1)
        let waited = try await waiter.value
        #expect(waited.version == 2, "the waiter builds with the registration that replaced the one it read")
        #expect(firstRuns.value == 1)
        #expect(secondRuns.value == 1)
        #expect(try await env.resolveAsync(ReplacedWhileWaited.self) === waited)
    }

    /// Resolves from two threads while a third replaces the registration (with `replacement`)
    /// once the second waits for the first's construction; returns what each resolve returned and
    /// how many times each factory ran.
    private func waitWhileReplaced(
        in env: ServiceEnv,
        scope: ServiceScope,
        replacement: ServiceScope,
    ) -> (ReplacedWhileWaited?, ReplacedWhileWaited?, [Int]) {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let firstRuns = Counter()
        let secondRuns = Counter()
        env.register(ReplacedWhileWaited.self, scope: scope) {
            if firstRuns.increment() == 1 {
                // NB: once for each of the two other threads.
                entered.signal()
                entered.signal()
                release.wait()
            }
            return ReplacedWhileWaited(version: 1)
        }
        let results = Shared<[Int: ReplacedWhileWaited]>([:])
        let name = String(describing: ReplacedWhileWaited.self)
        let finished = runOnThreads(3, timeout: 60) { index in
            switch index {
            case 0:
                // Builds with the first registration; its factory blocks until released.
                let built = try? env.resolve(ReplacedWhileWaited.self)
                results.withLock { $0[0] = built }
            case 1:
                // Reads the first registration, then waits for the construction above.
                entered.wait()
                let built = try? env.resolve(ReplacedWhileWaited.self)
                results.withLock { $0[1] = built }
            default:
                // NB: replaces the registration once the first factory runs and the second
                // resolve waits for it.
                entered.wait()
                waitUntil(seconds: 30) { ConstructionCoordinator.shared.hasWaiter(forServiceNamed: name) }
                env.register(ReplacedWhileWaited.self, scope: replacement) {
                    secondRuns.increment()
                    return ReplacedWhileWaited(version: 2)
                }
                release.signal()
            }
        }
        #expect(finished)
        let (first, waiter) = results.withLock { ($0[0], $0[1]) }
        return (first, waiter, [firstRuns.value, secondRuns.value])
    }
}

final class ReplacedWhileWaited: Sendable {
    let version: Int

    init(version: Int) {
        self.version = version
    }
}
