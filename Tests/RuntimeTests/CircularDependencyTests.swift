import Service
import Testing

@Suite("Circular dependencies and depth")
struct CircularDependencyTests {
    @Test("a self-dependency is a cycle of one type")
    func selfDependency() throws {
        try withTestEnv { env throws in
            env.register(NodeA.self) { NodeA(next: try ServiceEnv.current.resolve(NodeA.self)) }
            let error = serviceError { try env.resolve(NodeA.self) }
            #expect(cycleChain(error) == ["NodeA", "NodeA"])
        }
    }

    @Test("a two-type cycle reports the full chain ending with the repeated type")
    func twoTypeCycle() throws {
        try withTestEnv { env throws in
            registerCycle(in: env, scope: .singleton)
            let error = serviceError { try env.resolve(NodeA.self) }
            #expect(cycleChain(error) == ["NodeA", "NodeB", "NodeA"])
            guard case .circularDependency(let serviceType, _) = error else {
                Issue.record("expected circularDependency")
                return
            }
            #expect(serviceType == "NodeA")
        }
    }

    @Test("a three-type cycle through transients reports every step", arguments: [ServiceScope.transient, .graph])
    func threeTypeCycle(scope: ServiceScope) throws {
        try withTestEnv { env throws in
            env.register(NodeA.self, scope: scope) { NodeA(next: try ServiceEnv.current.resolve(NodeB.self)) }
            env.register(NodeB.self, scope: scope) { NodeB(next: try ServiceEnv.current.resolve(NodeC.self)) }
            env.register(NodeC.self, scope: scope) { NodeC(next: try ServiceEnv.current.resolve(NodeA.self)) }
            let error = serviceError { try env.resolve(NodeB.self) }
            #expect(cycleChain(error) == ["NodeB", "NodeC", "NodeA", "NodeB"])
        }
    }

    @Test("a cycle leaves the environment usable and caches nothing broken")
    func cycleLeavesEnvironmentUsable() throws {
        try withTestEnv { env throws in
            registerCycle(in: env, scope: .singleton)
            #expect(serviceError { try env.resolve(NodeA.self) } != nil)
            env.register(NodeB.self) { NodeB(next: nil) }
            let node = try env.resolve(NodeA.self)
            #expect(node.next is NodeB)
        }
    }

    @Test("resolving the same type twice in one factory is not a cycle")
    func repeatedSiblingIsNotCycle() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .transient) { Database() }
            env.register(Pair.self) {
                Pair(
                    first: try ServiceEnv.current.resolve(Database.self),
                    second: try ServiceEnv.current.resolve(Database.self),
                )
            }
            let pair = try env.resolve(Pair.self)
            #expect(pair.first !== pair.second)
        }
    }

    @Test("a chain deeper than maxResolutionDepth throws maxDepthExceeded with the chain")
    func maxDepthExceeded() throws {
        try withTestEnv { env throws in
            registerChain(in: env)
            let error = ServiceEnv.$maxResolutionDepth.withValue(2) {
                serviceError { try env.resolve(Level3.self) }
            }
            guard case .maxDepthExceeded(let depth, let chain) = error else {
                Issue.record("expected maxDepthExceeded, got \(String(describing: error))")
                return
            }
            #expect(depth == 2)
            #expect(chain == ["Level3", "Level2"])
        }
    }

    @Test("a chain exactly as deep as maxResolutionDepth resolves")
    func depthAtLimitResolves() throws {
        try withTestEnv { env throws in
            registerChain(in: env)
            let level = try ServiceEnv.$maxResolutionDepth.withValue(4) { try env.resolve(Level3.self) }
            #expect(level.depth == 4)
        }
    }

    @Test("the default depth of 100 allows a 100-deep chain and rejects 101")
    func defaultDepthLimit() throws {
        try withTestEnv { env throws in
            registerCountdown(in: env)
            #expect(try env.resolve(Countdown.self).remaining == 100)
            env.register(Countdown.Start.self) { Countdown.Start(value: 101) }
            env.resetCaches()
            let error = serviceError { try env.resolve(Countdown.self) }
            guard case .maxDepthExceeded(let depth, let chain) = error else {
                Issue.record("expected maxDepthExceeded, got \(String(describing: error))")
                return
            }
            #expect(depth == 100)
            #expect(chain.count == 100)
        }
    }

    @Test("a cached singleton does not count towards the depth")
    func cachedSingletonNotCounted() throws {
        try withTestEnv { env throws in
            registerChain(in: env)
            _ = try env.resolve(Level2.self)
            let level = try ServiceEnv.$maxResolutionDepth.withValue(1) { try env.resolve(Level3.self) }
            #expect(level.depth == 4)
        }
    }

    @Test("a zero maximum depth rejects any construction")
    func zeroDepth() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database() }
            let error = ServiceEnv.$maxResolutionDepth.withValue(0) { serviceError { try env.resolve(Database.self) } }
            guard case .maxDepthExceeded(0, []) = error else {
                Issue.record("expected maxDepthExceeded(0, []), got \(String(describing: error))")
                return
            }
        }
    }
}

final class NodeA: Sendable {
    let next: (any Sendable)?
    init(next: (any Sendable)?) { self.next = next }
}

final class NodeB: Sendable {
    let next: (any Sendable)?
    init(next: (any Sendable)?) { self.next = next }
}

final class NodeC: Sendable {
    let next: (any Sendable)?
    init(next: (any Sendable)?) { self.next = next }
}

/// Registers NodeA → NodeB → NodeA.
func registerCycle(in env: ServiceEnv, scope: ServiceScope) {
    env.register(NodeA.self, scope: scope) { NodeA(next: try ServiceEnv.current.resolve(NodeB.self)) }
    env.register(NodeB.self, scope: scope) { NodeB(next: try ServiceEnv.current.resolve(NodeA.self)) }
}

struct Level0: Sendable { let depth = 1 }
struct Level1: Sendable { let depth: Int }
struct Level2: Sendable { let depth: Int }
struct Level3: Sendable { let depth: Int }

/// Registers Level3 → Level2 → Level1 → Level0, each a singleton.
func registerChain(in env: ServiceEnv) {
    env.register(Level0.self) { Level0() }
    env.register(Level1.self) { Level1(depth: try ServiceEnv.current.resolve(Level0.self).depth + 1) }
    env.register(Level2.self) { Level2(depth: try ServiceEnv.current.resolve(Level1.self).depth + 1) }
    env.register(Level3.self) { Level3(depth: try ServiceEnv.current.resolve(Level2.self).depth + 1) }
}

/// A chain of `Start.value` distinct nested constructions.
struct Countdown: Sendable {
    struct Start: Sendable { let value: Int }
    let remaining: Int
}

/// Registers `Countdown`, whose construction nests `Start.value` distinct types deep.
func registerCountdown(in env: ServiceEnv) {
    env.register(Countdown.Start.self) { Countdown.Start(value: 100) }
    env.register(Countdown.self, scope: .transient) {
        let start = try ServiceEnv.current.resolve(Countdown.Start.self).value
        return Countdown(remaining: try nestedDepth(start - 1, in: ServiceEnv.current) + 1)
    }
}

/// Resolves a chain of `levels` distinct transient types and returns its length.
private func nestedDepth(_ levels: Int, in env: ServiceEnv) throws -> Int {
    guard levels > 0 else {
        return 0
    }
    return try resolveLevel(RootTag.self, remaining: levels, in: env)
}

private func resolveLevel<Tag>(_ tag: Tag.Type, remaining: Int, in env: ServiceEnv) throws -> Int {
    env.register(Indexed<Tag>.self, scope: .transient) {
        guard remaining > 1 else {
            return Indexed(index: 1)
        }
        // NB: ServiceEnv.current, not `env`: a factory that captures its own environment is a
        // retain cycle (the environment keeps its registrations), which LeakSanitizer reports.
        return Indexed(index: try resolveLevel(NestedTag<Tag>.self, remaining: remaining - 1, in: .current) + 1)
    }
    return try env.resolve(Indexed<Tag>.self).index
}
