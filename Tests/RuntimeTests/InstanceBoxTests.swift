import Foundation
import Service
import Testing

/// An instance given to `register(_:)` that counts its deinitializations.
final class InstanceProbe: Sendable {
    let name: String
    private let deinits: Counter

    init(_ name: String, deinits: Counter) {
        self.name = name
        self.deinits = deinits
    }

    deinit {
        deinits.increment()
    }
}

/// A request's value, registered on its scope.
struct InstanceRequestValue: Sendable, Equatable {
    let id: Int
}

/// `register(_:)` keeps its instance in the box its first resolve publishes as the cache (one
/// allocation for a registered and resolved instance, not two): what that must not change.
@Suite("instances given to register(_:)")
struct InstanceBoxTests {
    @Test("on a scope: the value from the scope, a scope of it and the async path; freed once every holder is gone")
    func onAScope() async throws {
        let deinits = Counter()
        let app = ServiceEnv(name: #function)
        weak var released: InstanceProbe?
        do {
            let request = app.makeScope(named: "request")
            request.register(InstanceRequestValue(id: 7))
            request.register(InstanceProbe("request", deinits: deinits))
            #expect(try request.resolve(InstanceRequestValue.self) == InstanceRequestValue(id: 7))
            let probe = try request.resolve(InstanceProbe.self)
            released = probe
            let job = request.makeScope(named: "job")
            #expect(try job.resolve(InstanceRequestValue.self).id == 7)
            #expect(try job.resolve(InstanceProbe.self) === probe)
            #expect(try await job.resolveAsync(InstanceProbe.self) === probe)
            request.resetCaches()
            #expect(try request.resolve(InstanceProbe.self) === probe)
            #expect(try request.resolve(InstanceRequestValue.self).id == 7)
            #expect(deinits.value == 0)
        }
        #expect(released == nil)
        #expect(deinits.value == 1)
    }

    @Test("replaced after a resolve: the cached instance until a reset, then the replacement; each freed once")
    func replacedAfterResolve() throws {
        let deinits = Counter()
        weak var first: InstanceProbe?
        weak var second: InstanceProbe?
        do {
            let env = ServiceEnv(name: #function)
            env.register(InstanceProbe("first", deinits: deinits))
            first = try env.resolve(InstanceProbe.self)
            env.register(InstanceProbe("second", deinits: deinits))
            #expect(try env.resolve(InstanceProbe.self).name == "first")
            env.resetCaches()
            #expect(first == nil)
            #expect(deinits.value == 1)
            let resolved = try env.resolve(InstanceProbe.self)
            second = resolved
            #expect(resolved.name == "second")
            env.resetCaches()
            #expect(try env.resolve(InstanceProbe.self) === resolved)
        }
        #expect(second == nil)
        #expect(deinits.value == 2)
    }

    @Test("replaced before any resolve: the replacement, and the first is freed at once")
    func replacedBeforeResolve() throws {
        let deinits = Counter()
        let env = ServiceEnv(name: #function)
        env.register(InstanceRequestValue(id: 1))
        env.register(InstanceRequestValue(id: 2))
        #expect(try env.resolve(InstanceRequestValue.self).id == 2)
        env.register(InstanceProbe("first", deinits: deinits))
        env.register(InstanceProbe("second", deinits: deinits))
        #expect(try env.resolve(InstanceProbe.self).name == "second")
        #expect(deinits.value == 1)
    }

    @Test("many threads resolve a scope's instance while its cache is reset: every one gets it, freed once at the end")
    func concurrentResolvesAndResets() throws {
        let deinits = Counter()
        let mismatches = Counter()
        do {
            let app = ServiceEnv(name: #function)
            for round in 0..<50 {
                let scope = app.makeScope(named: "request \(round)")
                scope.register(InstanceProbe("round \(round)", deinits: deinits))
                scope.register(InstanceRequestValue(id: round))
                let expected = "round \(round)"
                DispatchQueue.concurrentPerform(iterations: 8) { thread in
                    for _ in 0..<200 {
                        if thread == 0 {
                            scope.resetCaches()
                            continue
                        }
                        let probe = try? scope.resolve(InstanceProbe.self)
                        let value = try? scope.resolve(InstanceRequestValue.self)
                        if probe?.name != expected || value?.id != round {
                            mismatches.increment()
                        }
                    }
                }
            }
        }
        #expect(mismatches.value == 0)
        #expect(deinits.value == 50)
    }
}
