import Service

// The benchmark graphs again, as `@Injectable` types registered without closures
// (`register(T.self)`): the generated-wiring rows of the instruction counts.

@Injectable final class MacroLeaf: Sendable {
    init() {}
}

@Injectable final class MacroDependencyA: Sendable {
    init() {}
}

@Injectable final class MacroDependencyB: Sendable {
    init() {}
}

@Injectable final class MacroDependencyC: Sendable {
    init() {}
}

@Injectable final class MacroThreeDependencies: Sendable {
    let a: MacroDependencyA
    let b: MacroDependencyB
    let c: MacroDependencyC

    init(a: MacroDependencyA, b: MacroDependencyB, c: MacroDependencyC) {
        self.a = a
        self.b = b
        self.c = c
    }
}

@Injectable final class MacroChain9: Sendable {
    init() {}
}

@Injectable final class MacroChain8: Sendable {
    let next: MacroChain9
    init(next: MacroChain9) { self.next = next }
}

@Injectable final class MacroChain7: Sendable {
    let next: MacroChain8
    init(next: MacroChain8) { self.next = next }
}

@Injectable final class MacroChain6: Sendable {
    let next: MacroChain7
    init(next: MacroChain7) { self.next = next }
}

@Injectable final class MacroChain5: Sendable {
    let next: MacroChain6
    init(next: MacroChain6) { self.next = next }
}

@Injectable final class MacroChain4: Sendable {
    let next: MacroChain5
    init(next: MacroChain5) { self.next = next }
}

@Injectable final class MacroChain3: Sendable {
    let next: MacroChain4
    init(next: MacroChain4) { self.next = next }
}

@Injectable final class MacroChain2: Sendable {
    let next: MacroChain3
    init(next: MacroChain3) { self.next = next }
}

@Injectable final class MacroChain1: Sendable {
    let next: MacroChain2
    init(next: MacroChain2) { self.next = next }
}

@Injectable final class MacroChain0: Sendable {
    let next: MacroChain1
    init(next: MacroChain1) { self.next = next }
}

@Injectable final class MacroDiamondShared: Sendable {
    init() {}
}

@Injectable final class MacroDiamondLeft: Sendable {
    let shared: MacroDiamondShared
    init(shared: MacroDiamondShared) { self.shared = shared }
}

@Injectable final class MacroDiamondRight: Sendable {
    let shared: MacroDiamondShared
    init(shared: MacroDiamondShared) { self.shared = shared }
}

@Injectable final class MacroDiamondTop: Sendable {
    let left: MacroDiamondLeft
    let right: MacroDiamondRight

    init(left: MacroDiamondLeft, right: MacroDiamondRight) {
        self.left = left
        self.right = right
    }
}

/// The macro-built graphs, registered the way an `@Assembly` registers them.
func registerInjectableGraphs(in env: ServiceEnv) {
    env.register(MacroLeaf.self, scope: .transient)
    env.register(MacroDependencyA.self, scope: .transient)
    env.register(MacroDependencyB.self, scope: .transient)
    env.register(MacroDependencyC.self, scope: .transient)
    env.register(MacroThreeDependencies.self, scope: .transient)
    env.register(MacroChain9.self, scope: .transient)
    env.register(MacroChain8.self, scope: .transient)
    env.register(MacroChain7.self, scope: .transient)
    env.register(MacroChain6.self, scope: .transient)
    env.register(MacroChain5.self, scope: .transient)
    env.register(MacroChain4.self, scope: .transient)
    env.register(MacroChain3.self, scope: .transient)
    env.register(MacroChain2.self, scope: .transient)
    env.register(MacroChain1.self, scope: .transient)
    env.register(MacroChain0.self, scope: .transient)
    env.register(MacroDiamondShared.self, scope: .graph)
    env.register(MacroDiamondLeft.self, scope: .transient)
    env.register(MacroDiamondRight.self, scope: .transient)
    env.register(MacroDiamondTop.self, scope: .transient)
}

/// Where `consume` writes, so that the optimiser cannot drop a call or the work before it.
nonisolated(unsafe) var consumed: UnsafeMutableRawPointer?

/// A sink that every row of the instruction counts pays the same: one call and one store, no
/// retain, no generic metadata.
@inline(never)
func consume(_ object: AnyObject) {
    consumed = Unmanaged.passUnretained(object).toOpaque()
}
