import Service

/// The benchmark graphs registered in a Service environment (resolved through `ServiceEnv.current`).
enum ServiceAdapter {
    static func register(in env: ServiceEnv) {
        env.register(CachedSingleton.self) { CachedSingleton() }
        env.register(CachedSingleton.self, tags: "primary") { CachedSingleton() }
        env.register(ImmortalSingleton.self, scope: .immortal) { ImmortalSingleton() }
        env.register(Leaf.self, scope: .transient) { Leaf() }
        env.register(DependencyA.self, scope: .transient) { DependencyA() }
        env.register(DependencyB.self, scope: .transient) { DependencyB() }
        env.register(DependencyC.self, scope: .transient) { DependencyC() }
        env.register(ThreeDependencies.self, scope: .transient) {
            let env = ServiceEnv.current
            return ThreeDependencies(
                a: try env.resolve(DependencyA.self),
                b: try env.resolve(DependencyB.self),
                c: try env.resolve(DependencyC.self),
            )
        }
        env.register(Chain9.self, scope: .transient) { Chain9() }
        env.register(Chain8.self, scope: .transient) { Chain8(next: try ServiceEnv.current.resolve(Chain9.self)) }
        env.register(Chain7.self, scope: .transient) { Chain7(next: try ServiceEnv.current.resolve(Chain8.self)) }
        env.register(Chain6.self, scope: .transient) { Chain6(next: try ServiceEnv.current.resolve(Chain7.self)) }
        env.register(Chain5.self, scope: .transient) { Chain5(next: try ServiceEnv.current.resolve(Chain6.self)) }
        env.register(Chain4.self, scope: .transient) { Chain4(next: try ServiceEnv.current.resolve(Chain5.self)) }
        env.register(Chain3.self, scope: .transient) { Chain3(next: try ServiceEnv.current.resolve(Chain4.self)) }
        env.register(Chain2.self, scope: .transient) { Chain2(next: try ServiceEnv.current.resolve(Chain3.self)) }
        env.register(Chain1.self, scope: .transient) { Chain1(next: try ServiceEnv.current.resolve(Chain2.self)) }
        env.register(Chain0.self, scope: .transient) { Chain0(next: try ServiceEnv.current.resolve(Chain1.self)) }
        env.register(DiamondShared.self, scope: .graph) { DiamondShared() }
        env.register(DiamondLeft.self, scope: .transient) {
            DiamondLeft(shared: try ServiceEnv.current.resolve(DiamondShared.self))
        }
        env.register(DiamondRight.self, scope: .transient) {
            DiamondRight(shared: try ServiceEnv.current.resolve(DiamondShared.self))
        }
        env.register(DiamondTop.self, scope: .transient) {
            DiamondTop(
                left: try ServiceEnv.current.resolve(DiamondLeft.self),
                right: try ServiceEnv.current.resolve(DiamondRight.self),
            )
        }
    }

    /// Resolves or stops the run: the benchmark graphs are always registered.
    static func resolve<T: Sendable>(_ type: T.Type, in env: ServiceEnv) -> T {
        do {
            return try env.resolve(type)
        } catch {
            fatalError("benchmark graph failed to resolve: \(error)")
        }
    }

    /// The instance of `type` registered under `tag`.
    static func resolve<T: Sendable>(_ type: T.Type, tag: String, in env: ServiceEnv) -> T {
        do {
            return try env.resolve(type, tags: tag)
        } catch {
            fatalError("benchmark graph failed to resolve: \(error)")
        }
    }

    /// The instance of `type` registered under `tags`, made once (`ServiceTags`).
    static func resolve<T: Sendable>(_ type: T.Type, tags: ServiceTags, in env: ServiceEnv) -> T {
        do {
            return try env.resolve(type, tags: tags)
        } catch {
            fatalError("benchmark graph failed to resolve: \(error)")
        }
    }

    /// `"primary"`, the tag the tagged rows resolve, made once.
    static let primaryTags = ServiceTags("primary")

    /// `"leaf"`, the tag of the tagged `@Injectable` leaf, made once.
    static let leafTags = ServiceTags("leaf")

    /// The instance of `type`, awaited with `resolveAsync`, as an `async` request handler would.
    ///
    /// NB: inlined, so that the rows measure `resolveAsync` in its caller's frame, as a handler
    /// that calls it pays it; an `async` function of its own allocates a frame in the task and
    /// checks the executor on every call, which the library rows would pay and a handler not.
    @inline(__always)
    static func resolveAsync<T: Sendable>(_ type: T.Type, in env: ServiceEnv) async -> T {
        do {
            return try await env.resolveAsync(type)
        } catch {
            fatalError("benchmark graph failed to resolve: \(error)")
        }
    }

    /// The same for an `@Injectable` type, through the overload a user's `env.resolve(T.self)`
    /// with a concrete `T` calls.
    static func resolve<T: Injectable>(_ type: T.Type, in env: ServiceEnv) -> T {
        do {
            return try env.resolve(type)
        } catch {
            fatalError("benchmark graph failed to resolve: \(error)")
        }
    }
}

/// A type with a `@Service` property, for the property-wrapper scenario.
struct ServiceConsumer: Sendable {
    @Service var singleton: CachedSingleton
}

/// A type with a `@MainService` property, for the MainActor property-wrapper scenario.
@MainActor
struct MainServiceConsumer {
    @MainService var singleton: MainCachedSingleton
}

/// The hand-written equivalent of `ServiceConsumer`.
struct HandWrittenConsumer: Sendable {
    let singleton: CachedSingleton
}
