import Service
import Testing

// `@Injectable` types registered without closures are built by their `make(resolver:)`, handed
// the environment that resolves them. These tests fail if that path forgets a guarantee.

@Injectable
final class GeneratedLeaf: Sendable {
    let label: String

    @Inject init() {
        label = "generated"
    }

    init(label: String) {
        self.label = label
    }
}

@Injectable
final class GeneratedMiddle: Sendable {
    let leaf: GeneratedLeaf
    init(leaf: GeneratedLeaf) { self.leaf = leaf }
}

@Injectable
final class GeneratedTop: Sendable {
    let middle: GeneratedMiddle
    init(middle: GeneratedMiddle) { self.middle = middle }
}

/// An `@Injectable` type with a wrapper, which captures `ServiceEnv.current` when it is built.
@Injectable
struct GeneratedWithWrapper: Sendable {
    @Service var logger: Logger
    init() {}
}

@Injectable
final class GeneratedPing: Sendable {
    let pong: GeneratedPong
    init(pong: GeneratedPong) { self.pong = pong }
}

@Injectable
final class GeneratedPong: Sendable {
    let ping: GeneratedPing
    init(ping: GeneratedPing) { self.ping = ping }
}

/// Two generated services that both need a `GeneratedLeaf`.
@Injectable
final class GeneratedPair: Sendable {
    let first: GeneratedMiddle
    let second: GeneratedSibling
    init(first: GeneratedMiddle, second: GeneratedSibling) {
        self.first = first
        self.second = second
    }
}

@Injectable
final class GeneratedSibling: Sendable {
    let leaf: GeneratedLeaf
    let token: GraphToken
    init(leaf: GeneratedLeaf, token: GraphToken) {
        self.leaf = leaf
        self.token = token
    }
}

/// A value type registered by closure, so the graph scope has to keep it boxed.
struct GraphToken: Sendable, Equatable {
    let serial: Int
}

/// An environment with the generated chain Top → Middle → Leaf, all transient.
private func chainEnvironment(_ name: String) -> ServiceEnv {
    let env = ServiceEnv(name: name)
    env.register(GeneratedLeaf.self, scope: .transient)
    env.register(GeneratedMiddle.self, scope: .transient)
    env.register(GeneratedTop.self, scope: .transient)
    return env
}

@Suite("The generated path keeps every guarantee")
struct GeneratedPathTests {
    @Test("a generated chain resolved from an environment that is not current builds in that environment")
    func buildsInResolvingEnvironment() throws {
        let env = chainEnvironment("generated")
        env.register(GeneratedLeaf.self, scope: .transient) { GeneratedLeaf(label: "override") }
        #expect(ServiceEnv.current.name != "generated")
        #expect(try env.resolve(GeneratedTop.self).middle.leaf.label == "override")
    }

    @Test("a child environment's override reaches the middle of an inherited generated chain")
    func childOverrideInTheMiddle() throws {
        let production = chainEnvironment("production")
        let test = ServiceEnv(name: "test", parent: production)
        let fake = GeneratedLeaf(label: "fake")
        test.register(GeneratedMiddle.self, scope: .transient) { GeneratedMiddle(leaf: fake) }
        #expect(try test.resolve(GeneratedTop.self).middle.leaf === fake)
        #expect(try production.resolve(GeneratedTop.self).middle.leaf.label == "generated")
    }

    @Test("code inside a generated construction sees the resolving environment as current")
    func wrapperCapturesResolvingEnvironment() throws {
        let env = ServiceEnv(name: "wrapped")
        let logger = Logger(label: "wrapped")
        env.register(logger)
        env.register(GeneratedWithWrapper.self, scope: .transient)
        #expect(try env.resolve(GeneratedWithWrapper.self).logger === logger)
    }

    @Test("a cycle of generated types is a circularDependency naming the whole chain")
    func cycle() {
        let env = ServiceEnv(name: "cycle")
        env.register(GeneratedPing.self, scope: .transient)
        env.register(GeneratedPong.self, scope: .transient)
        let error = serviceError { try env.resolve(GeneratedPing.self) }
        #expect(cycleChain(error) == ["GeneratedPing", "GeneratedPong", "GeneratedPing"])
    }

    @Test("the depth limit counts generated constructions")
    func depthLimit() {
        let env = chainEnvironment("depth")
        let error = ServiceEnv.$maxResolutionDepth.withValue(2) {
            serviceError { try env.resolve(GeneratedTop.self) }
        }
        guard case .maxDepthExceeded(let depth, let chain)? = error else {
            Issue.record("expected maxDepthExceeded, got \(String(describing: error))")
            return
        }
        #expect(depth == 2)
        #expect(chain == ["GeneratedTop", "GeneratedMiddle"])
    }

    @Test("a generated singleton is built once however many threads ask first")
    func singletonExactlyOnce() async {
        let env = ServiceEnv(name: "singleton")
        env.register(GeneratedLeaf.self)
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<200 {
                group.addTask { try? ObjectIdentifier(env.resolve(GeneratedLeaf.self)) }
            }
            var identities = Set<ObjectIdentifier?>()
            for await identity in group {
                identities.insert(identity)
            }
            return identities
        }
        #expect(identities.count == 1)
        #expect(!identities.contains(nil))
    }

    @Test("re-registering a generated singleton with a closure keeps its cached instance until a reset")
    func replacementKeepsCache() throws {
        let env = ServiceEnv(name: "replace")
        env.register(GeneratedLeaf.self)
        let generated = try env.resolve(GeneratedLeaf.self)
        env.register(GeneratedLeaf.self) { GeneratedLeaf(label: "closure") }
        #expect(try env.resolve(GeneratedLeaf.self) === generated)
        env.resetCaches()
        #expect(try env.resolve(GeneratedLeaf.self).label == "closure")
    }

    @Test("a graph-scoped generated node is shared inside one resolve and fresh on the next")
    func graphScope() throws {
        let env = ServiceEnv(name: "graph")
        env.register(GeneratedLeaf.self, scope: .graph)
        env.register(GeneratedMiddle.self, scope: .transient)
        let first = try env.resolve(GeneratedMiddle.self).leaf
        #expect(try env.resolve(GeneratedMiddle.self).leaf !== first)
    }

    @Test("a generated dependency of a MainActor service resolves through the environment it builds in")
    @MainActor
    func mainActorDependency() throws {
        let env = chainEnvironment("main")
        env.register(GeneratedLeaf.self, scope: .transient) { GeneratedLeaf(label: "main override") }
        let top = try __ServiceMacroSupport.resolveOnEitherTrack(GeneratedTop.self, in: env)
        #expect(top.middle.leaf.label == "main override")
    }

    @Test("a graph-scoped generated node is one instance everywhere in one resolve, a value type too")
    func graphScopeSharedWithinResolve() throws {
        let env = ServiceEnv(name: "graph pair")
        let serials = Counter()
        env.register(GeneratedLeaf.self, scope: .graph)
        env.register(GeneratedMiddle.self, scope: .transient)
        env.register(GeneratedSibling.self, scope: .transient)
        env.register(GeneratedPair.self, scope: .transient)
        env.register(GraphToken.self, scope: .graph) { GraphToken(serial: serials.increment()) }
        let pair = try env.resolve(GeneratedPair.self)
        #expect(pair.first.leaf === pair.second.leaf)
        let again = try env.resolve(GeneratedPair.self)
        #expect(again.first.leaf === again.second.leaf)
        #expect(again.first.leaf !== pair.first.leaf)
        #expect(again.second.token != pair.second.token)
        #expect(serials.value == 2)
    }

    @Test("a closure override of the resolved generated type itself wins, and registering it again restores it")
    func overrideOfTheRoot() throws {
        let env = chainEnvironment("root override")
        env.register(GeneratedLeaf.self, scope: .transient) { GeneratedLeaf(label: "override") }
        #expect(try env.resolve(GeneratedLeaf.self).label == "override")
        env.register(GeneratedLeaf.self, scope: .transient)
        #expect(try env.resolve(GeneratedLeaf.self).label == "generated")
    }

    @Test("registering a transient generated type again as a singleton caches it from then on")
    func transientBecomesSingleton() throws {
        let env = chainEnvironment("rescoped")
        #expect(try env.resolve(GeneratedLeaf.self) !== env.resolve(GeneratedLeaf.self))
        env.register(GeneratedLeaf.self)
        let leaf = try env.resolve(GeneratedLeaf.self)
        #expect(try env.resolve(GeneratedLeaf.self) === leaf)
        #expect(try env.resolve(GeneratedTop.self).middle.leaf === leaf)
    }

    @Test("after resetAll a generated type is no longer registered")
    func resetAllForgetsGeneratedRegistrations() throws {
        let env = chainEnvironment("reset")
        _ = try env.resolve(GeneratedTop.self)
        env.resetAll()
        let error = serviceError { try env.resolve(GeneratedTop.self) }
        guard case .notRegistered(let type)? = error else {
            Issue.record("expected notRegistered, got \(String(describing: error))")
            return
        }
        #expect(type == "GeneratedTop")
    }

    @Test("an override in a child environment of the type it resolves wins over the parent's generated one")
    func childOverrideOfTheRoot() throws {
        let production = chainEnvironment("production root")
        let test = ServiceEnv(name: "test root", parent: production)
        test.register(GeneratedLeaf.self, scope: .transient) { GeneratedLeaf(label: "fake") }
        #expect(try test.resolve(GeneratedLeaf.self).label == "fake")
        #expect(try test.resolve(GeneratedTop.self).middle.leaf.label == "fake")
        #expect(try production.resolve(GeneratedLeaf.self).label == "generated")
    }
}
