import Foundation
import Synchronization
import Testing

@testable import Service

/// An instance a reader can check: a freed or torn one fails `isIntact` (and AddressSanitizer
/// reports the read).
final class Stamped: Sendable {
    let version: Int
    let check: Int

    init(version: Int) {
        self.version = version
        self.check = version &* 31 &+ 7
    }

    var isIntact: Bool { check == version &* 31 &+ 7 }
}

/// What one reader saw.
private struct ReaderLog: Sendable {
    var reads = 0
    var broken = 0
    var wentBack = 0
    var identities: [Int: Set<ObjectIdentifier>] = [:]
    var lookups = 0
    var wrongLookups = 0
}

@Suite("Reclamation under load")
struct ReclamationStressTests {
    /// With `.immortal`, each new instance is also marked immortal (by the reader that built it)
    /// while the other readers retain and release it, under the sanitizers in CI as well.
    @Test(
        "resets, re-registrations and table growth while 8 threads read: every read sees a live instance, one per cache epoch",
        arguments: [ServiceScope.singleton, .immortal],
    )
    func stress(scope: ServiceScope) throws {
        // NB: a reader yields its thread between loading a cached pointer and retaining what it
        // points at, so the writer often runs while a reader holds a pointer it retired.
        let env = ServiceEnv(name: "reclamation")
        ReaderGate.yieldingStorage.store(UInt(bitPattern: ObjectIdentifier(env.storage)), ordering: .relaxed)
        defer { ReaderGate.yieldingStorage.store(0, ordering: .relaxed) }
        let builds = Counter()
        env.register(Stamped.self, scope: scope) {
            builds.increment()
            return Stamped(version: 0)
        }
        let growth = distinctTypeOperations(count: 600)
        let grown = Atomic(0)
        let resets = Atomic(0)
        let done = Flag()
        let logs = Shared<[ReaderLog]>([])
        let finished = runOnThreads(9, timeout: 60) { index in
            guard index > 0 else {
                // The writer: a new registration (the old one is retired), a reset (the cached
                // instance is retired), and now and then a new type (the table may grow).
                // NB: at least 40 rounds, so the table grows past its first capacity however
                // loaded the machine is, and at most about a second beyond them.
                let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
                var version = 0
                while version < 40 || DispatchTime.now().uptimeNanoseconds < deadline {
                    version += 1
                    let stamp = version
                    env.register(Stamped.self, scope: scope) {
                        builds.increment()
                        return Stamped(version: stamp)
                    }
                    env.resetCaches()
                    // NB: one registration and one reset per round.
                    resets.add(1, ordering: .relaxed)
                    let next = grown.load(ordering: .relaxed)
                    if next < growth.count {
                        growth[next].register(env)
                        grown.store(next + 1, ordering: .releasing)
                    }
                }
                done.set()
                return
            }
            var log = ReaderLog()
            var latest = -1
            while !done.isSet {
                guard let stamped = try? env.resolve(Stamped.self) else {
                    log.broken += 1
                    continue
                }
                log.reads += 1
                if !stamped.isIntact {
                    log.broken += 1
                }
                if stamped.version < latest {
                    log.wentBack += 1
                }
                latest = max(latest, stamped.version)
                log.identities[stamped.version, default: []].insert(ObjectIdentifier(stamped))
                let registered = grown.load(ordering: .acquiring)
                if registered > 0 {
                    log.lookups += 1
                    if !growth[(log.reads &* 7919) % registered].resolvesCorrectly(env) {
                        log.wrongLookups += 1
                    }
                }
            }
            logs.withLock { $0.append(log) }
        }
        #expect(finished)
        let all = logs.withLock { $0 }
        #expect(all.count == 8)
        #expect(all.allSatisfy { $0.reads > 0 })
        #expect(all.map(\.broken).reduce(0, +) == 0)
        #expect(all.map(\.wentBack).reduce(0, +) == 0)
        #expect(all.map(\.wrongLookups).reduce(0, +) == 0)
        #expect(all.map(\.lookups).reduce(0, +) > 0)
        // Exactly once per cache epoch: a reset or a new registration starts an epoch (an instance
        // built by a replaced registration is not cached), and each epoch builds at most one
        // instance, which every reader of the epoch shares.
        let epochs = 2 * resets.load(ordering: .relaxed) + 1
        #expect(builds.value <= epochs)
        var identities: [Int: Set<ObjectIdentifier>] = [:]
        for log in all {
            identities.merge(log.identities) { $0.union($1) }
        }
        let seen = identities.values.map(\.count).reduce(0, +)
        #expect(seen <= builds.value)
        #expect(grown.load(ordering: .relaxed) >= 40)
    }
}
