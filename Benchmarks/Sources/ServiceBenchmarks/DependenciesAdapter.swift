import Dependencies

// The benchmark graphs as swift-dependencies values: a live singleton and factories that read
// their own dependencies with `@Dependency`, the library's idiom for building objects.

private enum CachedSingletonKey: DependencyKey {
    static let liveValue = CachedSingleton()
}

private enum LeafFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> Leaf = { Leaf() }
}

private enum ThreeDependenciesFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> ThreeDependencies = {
        @Dependency(\.makeDependencyA) var makeA
        @Dependency(\.makeDependencyB) var makeB
        @Dependency(\.makeDependencyC) var makeC
        return ThreeDependencies(a: makeA(), b: makeB(), c: makeC())
    }
}

private enum DependencyAFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> DependencyA = { DependencyA() }
}

private enum DependencyBFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> DependencyB = { DependencyB() }
}

private enum DependencyCFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> DependencyC = { DependencyC() }
}

private enum ChainFactoryKey: DependencyKey {
    static let liveValue = ChainFactories()
}

/// One factory per chain link; each reads the next link's factory through `@Dependency`.
struct ChainFactories: Sendable {
    var make0: @Sendable () -> Chain0 = {
        @Dependency(\.chain) var chain; return Chain0(next: chain.make1())
    }
    var make1: @Sendable () -> Chain1 = {
        @Dependency(\.chain) var chain; return Chain1(next: chain.make2())
    }
    var make2: @Sendable () -> Chain2 = {
        @Dependency(\.chain) var chain; return Chain2(next: chain.make3())
    }
    var make3: @Sendable () -> Chain3 = {
        @Dependency(\.chain) var chain; return Chain3(next: chain.make4())
    }
    var make4: @Sendable () -> Chain4 = {
        @Dependency(\.chain) var chain; return Chain4(next: chain.make5())
    }
    var make5: @Sendable () -> Chain5 = {
        @Dependency(\.chain) var chain; return Chain5(next: chain.make6())
    }
    var make6: @Sendable () -> Chain6 = {
        @Dependency(\.chain) var chain; return Chain6(next: chain.make7())
    }
    var make7: @Sendable () -> Chain7 = {
        @Dependency(\.chain) var chain; return Chain7(next: chain.make8())
    }
    var make8: @Sendable () -> Chain8 = {
        @Dependency(\.chain) var chain; return Chain8(next: chain.make9())
    }
    var make9: @Sendable () -> Chain9 = { Chain9() }
}

private enum DiamondFactoryKey: DependencyKey {
    static let liveValue = DiamondFactories()
}

/// The diamond: the top factory builds the shared node once and hands it to both sides.
struct DiamondFactories: Sendable {
    var makeShared: @Sendable () -> DiamondShared = { DiamondShared() }
    var makeLeft: @Sendable (DiamondShared) -> DiamondLeft = { DiamondLeft(shared: $0) }
    var makeRight: @Sendable (DiamondShared) -> DiamondRight = { DiamondRight(shared: $0) }
    var makeTop: @Sendable () -> DiamondTop = {
        @Dependency(\.diamond) var diamond
        let shared = diamond.makeShared()
        return DiamondTop(left: diamond.makeLeft(shared), right: diamond.makeRight(shared))
    }
}

extension DependencyValues {
    var cachedSingleton: CachedSingleton {
        get { self[CachedSingletonKey.self] }
        set { self[CachedSingletonKey.self] = newValue }
    }
    var makeLeaf: @Sendable () -> Leaf {
        get { self[LeafFactoryKey.self] }
        set { self[LeafFactoryKey.self] = newValue }
    }
    var makeDependencyA: @Sendable () -> DependencyA {
        get { self[DependencyAFactoryKey.self] }
        set { self[DependencyAFactoryKey.self] = newValue }
    }
    var makeDependencyB: @Sendable () -> DependencyB {
        get { self[DependencyBFactoryKey.self] }
        set { self[DependencyBFactoryKey.self] = newValue }
    }
    var makeDependencyC: @Sendable () -> DependencyC {
        get { self[DependencyCFactoryKey.self] }
        set { self[DependencyCFactoryKey.self] = newValue }
    }
    var makeThreeDependencies: @Sendable () -> ThreeDependencies {
        get { self[ThreeDependenciesFactoryKey.self] }
        set { self[ThreeDependenciesFactoryKey.self] = newValue }
    }
    var chain: ChainFactories {
        get { self[ChainFactoryKey.self] }
        set { self[ChainFactoryKey.self] = newValue }
    }
    var diamond: DiamondFactories {
        get { self[DiamondFactoryKey.self] }
        set { self[DiamondFactoryKey.self] = newValue }
    }
}
