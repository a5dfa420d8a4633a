import Foundation
import Testing

@testable import Service

/// A singleton whose first construction fails once a second resolve waits for it.
final class FailsWhileWaited: Sendable {
    let run: Int

    init(run: Int) {
        self.run = run
    }
}

/// A resolve that waited for another's construction of the same instance and found it failed
/// builds the instance itself, offering its slot the same construction (its frame is the record
/// the slot keeps), on both paths; then the instance is cached and the chain is whole.
///
/// NB: serialized: a test knows the second resolve waits when a resolution waits for a
/// construction of `FailsWhileWaited`, in any environment.
@Suite("a resolve that waited for a failed construction", .serialized)
struct WaitedConstructionTests {
    private static let name = String(describing: FailsWhileWaited.self)

    @Test("from two threads: the first gets the failure, the waiter builds and caches the instance")
    func threads() throws {
        let env = ServiceEnv(name: #function)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let runs = Counter()
        env.register(FailsWhileWaited.self) {
            let run = runs.increment()
            if run == 1 {
                entered.signal()
                entered.signal()
                release.wait()
                throw FactoryError(reason: "first run")
            }
            return FailsWhileWaited(run: run)
        }
        let results = Shared<[Int: Result<FailsWhileWaited, ServiceError>]>([:])
        let finished = runOnThreads(3, timeout: 60) { index in
            switch index {
            case 0:
                let result = Result { () throws(ServiceError) in try env.resolve(FailsWhileWaited.self) }
                results.withLock { $0[0] = result }
            case 1:
                entered.wait()
                let result = Result { () throws(ServiceError) in try env.resolve(FailsWhileWaited.self) }
                results.withLock { $0[1] = result }
            default:
                entered.wait()
                waitUntil(seconds: 30) { ConstructionCoordinator.shared.hasWaiter(forServiceNamed: Self.name) }
                release.signal()
            }
        }
        #expect(finished)
        let (first, waiter) = results.withLock { ($0[0], $0[1]) }
        #expect(throws: ServiceError.self) { try first?.get() }
        let built = try #require(try waiter?.get())
        #expect(built.run == 2)
        #expect(runs.value == 2)
        #expect(try env.resolve(FailsWhileWaited.self) === built)
        #expect(!ConstructionCoordinator.shared.hasWaiter(forServiceNamed: Self.name))
    }

    @Test("from two tasks with an async factory: the waiter suspends, then builds and caches the instance")
    func tasks() async throws {
        let env = ServiceEnv(name: #function)
        let entered = Flag()
        let release = Flag()
        let runs = Counter()
        env.register(FailsWhileWaited.self) { () async throws in
            let run = runs.increment()
            if run == 1 {
                entered.set()
                await suspendUntil(seconds: 30) { release.isSet }
                throw FactoryError(reason: "first run")
            }
            return FailsWhileWaited(run: run)
        }
        let first = Task { try await env.resolveAsync(FailsWhileWaited.self) }
        await suspendUntil(seconds: 30) { entered.isSet }
        let waiter = Task { try await env.resolveAsync(FailsWhileWaited.self) }
        await suspendUntil(seconds: 30) { ConstructionCoordinator.shared.hasWaiter(forServiceNamed: Self.name) }
        release.set()
        await #expect(throws: ServiceError.self) { try await first.value }
        let built = try await waiter.value
        #expect(built.run == 2)
        #expect(runs.value == 2)
        #expect(try await env.resolveAsync(FailsWhileWaited.self) === built)
    }
}
