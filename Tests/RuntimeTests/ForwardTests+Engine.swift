import Service
import Synchronization
import Testing

protocol EngineForwardReading: Sendable { var label: String { get } }
protocol EngineForwardWriting: Sendable { var label: String { get } }

final class EngineForwardStore: EngineForwardReading, EngineForwardWriting {
    let label: String
    init(label: String) { self.label = label }
}

/// What a decorator of a forward's key wraps the store in.
struct EngineForwardBadge: EngineForwardReading {
    let wrapped: any EngineForwardReading
    var label: String { "badge(\(wrapped.label))" }
}

/// A service that needs, through a forward's key, the very service the key forwards to.
final class EngineForwardLoop: EngineForwardReading {
    let label = "loop"
    init(_ reading: any EngineForwardReading) {}
}

@Suite("env.forward: a key the engine resolves as its target")
struct ForwardEngineTests {
    /// An environment with the store registered once and forwarded as both protocols.
    private func storeEnvironment(_ name: String) -> ServiceEnv {
        let env = ServiceEnv(name: name)
        env.register(EngineForwardStore.self) { EngineForwardStore(label: "store") }
        env.forward((any EngineForwardReading).self, to: EngineForwardStore.self) { $0 }
        env.forward((any EngineForwardWriting).self, to: EngineForwardStore.self) { $0 }
        return env
    }

    @Test("by hand, both keys return the target's one instance, and validate() and the graph see the edge")
    func byHand() throws {
        let env = storeEnvironment(#function)
        let reading = try env.resolve((any EngineForwardReading).self)
        let writing = try env.resolve((any EngineForwardWriting).self)
        let store = try env.resolve(EngineForwardStore.self)
        #expect(ObjectIdentifier(reading as AnyObject) == ObjectIdentifier(store))
        #expect(ObjectIdentifier(writing as AnyObject) == ObjectIdentifier(store))
        try env.validate()
        let node = env.graph().node(named: "EngineForwardReading")
        #expect(node?.service == "EngineForwardReading")
        #expect(node?.dependencies.map(\.target) == ["EngineForwardStore"])
        #expect(node?.scope == .transient)
    }

    @Test("validate() names a forward's missing target")
    func missingTarget() throws {
        let env = ServiceEnv(name: #function)
        env.forward((any EngineForwardReading).self, to: EngineForwardStore.self) { $0 }
        #expect(throws: ServiceValidationError.self) { try env.validate() }
        do {
            _ = try env.require((any EngineForwardReading).self)
            Issue.record("resolved a forward whose target is not registered")
        } catch {
            #expect(error.chain == ["EngineForwardReading", "EngineForwardStore"])
            #expect(error.description.contains("'EngineForwardStore' is not registered"), "\(error)")
        }
    }

    @Test("with the target cached, a decorator of the key still runs on every resolve of the key")
    func decoratorWithTheTargetCached() throws {
        let env = storeEnvironment(#function)
        _ = try env.resolve(EngineForwardStore.self)
        let runs = Counter()
        env.decorate((any EngineForwardReading).self) { reading, _ in
            _ = runs.increment()
            reading = EngineForwardBadge(wrapped: reading)
        }
        #expect(try env.resolve((any EngineForwardReading).self).label == "badge(store)")
        #expect(try env.resolve((any EngineForwardReading).self).label == "badge(store)")
        #expect(runs.value == 2)
        #expect(try env.resolve((any EngineForwardWriting).self).label == "store")
    }

    @Test("with the target cached, a trace of the key shows the key and the target it resolved")
    func traceWithTheTargetCached() throws {
        let env = storeEnvironment(#function)
        _ = try env.resolve(EngineForwardStore.self)
        let services = Shared<[String]>([])
        try ServiceEnv.withResolutionTrace({ trace in services.withLock { $0 += trace.events.map(\.service) } }) {
            _ = try env.resolve((any EngineForwardReading).self)
        }
        #expect(services.withLock { $0 } == ["EngineForwardReading", "EngineForwardStore"])
    }

    @Test("a cycle through a forward names the key in its chain")
    func cycleNamesTheKey() throws {
        let env = ServiceEnv(name: #function)
        env.register(EngineForwardLoop.self) {
            EngineForwardLoop(try ServiceEnv.current.resolve((any EngineForwardReading).self))
        }
        env.forward((any EngineForwardReading).self, to: EngineForwardLoop.self) { $0 }
        var failure: ResolutionFailure?
        do {
            _ = try env.require(EngineForwardLoop.self)
        } catch {
            failure = error
        }
        #expect(
            failure?.chain == ["EngineForwardLoop", "EngineForwardReading", "EngineForwardLoop"],
            "\(String(describing: failure))",
        )
    }

    @Test("in a scope and in a child, the key returns the instance a resolve of the target there returns")
    func scopesAndChildren() throws {
        let env = storeEnvironment(#function)
        let shared = try env.resolve(EngineForwardStore.self)
        let scope = env.makeScope(named: "request")
        #expect(
            ObjectIdentifier(try scope.resolve((any EngineForwardReading).self) as AnyObject)
                == ObjectIdentifier(shared))
        let child = ServiceEnv(name: "child", parent: env)
        child.register(EngineForwardStore.self) { EngineForwardStore(label: "child") }
        #expect(try child.resolve((any EngineForwardReading).self).label == "child")
        #expect(try child.resolve((any EngineForwardReading).self).label == "child")
        #expect(try env.resolve((any EngineForwardReading).self).label == "store")
    }

    @Test("a reset of the target while threads read through the key: every read is a store, the new one after")
    func resetWhileReading() async throws {
        let env = storeEnvironment(#function)
        // NB: the instance itself, held, not its identifier: once freed, the new one may be
        // built at its address.
        let before = try env.resolve(EngineForwardStore.self)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<2_000 {
                        let label = try env.resolve((any EngineForwardReading).self).label
                        #expect(label == "store")
                    }
                }
            }
            group.addTask { env.resetCache(for: EngineForwardStore.self) }
            try await group.waitForAll()
        }
        let after = try env.resolve(EngineForwardStore.self)
        #expect(after !== before)
        #expect(try env.resolve((any EngineForwardReading).self) as AnyObject === after)
    }
}
