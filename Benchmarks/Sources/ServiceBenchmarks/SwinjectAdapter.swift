import Swinject

/// The benchmark graphs registered in a Swinject container.
enum SwinjectAdapter {
    static func makeContainer() -> Container {
        let container = Container()
        container.register(CachedSingleton.self) { _ in CachedSingleton() }.inObjectScope(.container)
        container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
        container.register(DependencyA.self) { _ in DependencyA() }.inObjectScope(.transient)
        container.register(DependencyB.self) { _ in DependencyB() }.inObjectScope(.transient)
        container.register(DependencyC.self) { _ in DependencyC() }.inObjectScope(.transient)
        container.register(ThreeDependencies.self) { resolver in
            ThreeDependencies(
                a: resolver.resolve(DependencyA.self)!,
                b: resolver.resolve(DependencyB.self)!,
                c: resolver.resolve(DependencyC.self)!,
            )
        }.inObjectScope(.transient)
        container.register(Chain9.self) { _ in Chain9() }.inObjectScope(.transient)
        container.register(Chain8.self) { Chain8(next: $0.resolve(Chain9.self)!) }.inObjectScope(.transient)
        container.register(Chain7.self) { Chain7(next: $0.resolve(Chain8.self)!) }.inObjectScope(.transient)
        container.register(Chain6.self) { Chain6(next: $0.resolve(Chain7.self)!) }.inObjectScope(.transient)
        container.register(Chain5.self) { Chain5(next: $0.resolve(Chain6.self)!) }.inObjectScope(.transient)
        container.register(Chain4.self) { Chain4(next: $0.resolve(Chain5.self)!) }.inObjectScope(.transient)
        container.register(Chain3.self) { Chain3(next: $0.resolve(Chain4.self)!) }.inObjectScope(.transient)
        container.register(Chain2.self) { Chain2(next: $0.resolve(Chain3.self)!) }.inObjectScope(.transient)
        container.register(Chain1.self) { Chain1(next: $0.resolve(Chain2.self)!) }.inObjectScope(.transient)
        container.register(Chain0.self) { Chain0(next: $0.resolve(Chain1.self)!) }.inObjectScope(.transient)
        container.register(DiamondShared.self) { _ in DiamondShared() }.inObjectScope(.graph)
        container.register(DiamondLeft.self) { DiamondLeft(shared: $0.resolve(DiamondShared.self)!) }
            .inObjectScope(.transient)
        container.register(DiamondRight.self) { DiamondRight(shared: $0.resolve(DiamondShared.self)!) }
            .inObjectScope(.transient)
        container.register(DiamondTop.self) {
            DiamondTop(left: $0.resolve(DiamondLeft.self)!, right: $0.resolve(DiamondRight.self)!)
        }.inObjectScope(.transient)
        return container
    }
}
