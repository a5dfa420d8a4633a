import Service
import Testing

protocol WeakKeysCache: Sendable {
    var region: String { get }
}

/// The dependency of the weak classes below; its factory counts their constructions.
struct WeakKeysRegion: Sendable {
    let name: String
}

@Injectable
final class WeakKeysMemoryCache: WeakKeysCache {
    let regionDependency: WeakKeysRegion
    var region: String { regionDependency.name }

    init(regionDependency: WeakKeysRegion) {
        self.regionDependency = regionDependency
    }
}

@MainActor
protocol WeakKeysPanel: AnyObject {
    var title: String { get }
}

@MainActor
@Injectable
final class WeakKeysLayersPanel: WeakKeysPanel {
    let regionDependency: WeakKeysRegion
    var title: String { "Layers (\(regionDependency.name))" }

    init(regionDependency: WeakKeysRegion) {
        self.regionDependency = regionDependency
    }
}

@Assembly
struct WeakKeysAssembly {
    #register(WeakKeysMemoryCache.self, as: (any WeakKeysCache).self, scope: .weak)
    #register(WeakKeysMemoryCache.self, tags: "own", scope: .weak)
    #register(WeakKeysMemoryCache.self, as: (any WeakKeysCache).self, tags: "keyed", scope: .weak)
    #registerMain(WeakKeysLayersPanel.self, as: (any WeakKeysPanel).self, scope: .weak)
    #registerMain(WeakKeysLayersPanel.self, tags: "own", scope: .weak)
    #registerMain(WeakKeysLayersPanel.self, as: (any WeakKeysPanel).self, tags: "keyed", scope: .weak)
    #external(WeakKeysRegion.self)
}

/// `#register` and `#registerMain` of an `@Injectable` class with the weak scope under another
/// key, under tags, or both, and the `register` / `registerMain` forms they call.
@Suite("an @Injectable class with the weak scope under another key or tags")
@MainActor
struct WeakInjectableKeysTests {
    /// An environment with the assembly applied, whose region's factory counts the builds.
    private func assembled(_ name: String, builds: Counter) -> ServiceEnv {
        let env = ServiceEnv(name: name)
        env.register(WeakKeysRegion.self, scope: .transient) {
            builds.increment()
            return WeakKeysRegion(name: "eu")
        }
        env.assemble(WeakKeysAssembly())
        return env
    }

    @Test("#register(_:as:scope: .weak): one instance while something holds it, a new one after it is released")
    func sendableKey() throws {
        let builds = Counter()
        let env = assembled(#function, builds: builds)
        var held: (any WeakKeysCache)? = try env.resolve((any WeakKeysCache).self)
        #expect(held?.region == "eu")
        #expect(held is WeakKeysMemoryCache)
        #expect(try env.resolve((any WeakKeysCache).self) as AnyObject === held.map { $0 as AnyObject })
        #expect(builds.value == 1)
        weak let released = held.map { $0 as AnyObject }
        held = nil
        #expect(released == nil)
        #expect(try env.resolve((any WeakKeysCache).self).region == "eu")
        #expect(builds.value == 2)
        #expect(try env.resolveIfRegistered(WeakKeysMemoryCache.self) == nil)
    }

    @Test("under tags, with and without another key: one instance per key while held")
    func sendableTags() throws {
        let builds = Counter()
        let env = assembled(#function, builds: builds)
        let own = try env.resolve(WeakKeysMemoryCache.self, tags: "own")
        let keyed = try env.resolve((any WeakKeysCache).self, tags: "keyed")
        let untagged = try env.resolve((any WeakKeysCache).self)
        #expect(try env.resolve(WeakKeysMemoryCache.self, tags: "own") === own)
        #expect(try env.resolve((any WeakKeysCache).self, tags: "keyed") as AnyObject === keyed as AnyObject)
        #expect(keyed as AnyObject !== own)
        #expect(keyed as AnyObject !== untagged as AnyObject)
        #expect(builds.value == 3)
    }

    @Test("#registerMain under another key, under tags, and both: shared while held, built again once released")
    func mainActorKeys() throws {
        let builds = Counter()
        let env = assembled(#function, builds: builds)
        var panel: (any WeakKeysPanel)? = try env.resolveMain((any WeakKeysPanel).self)
        #expect(panel?.title == "Layers (eu)")
        #expect(try env.resolveMain((any WeakKeysPanel).self) === panel)
        let own = try env.resolveMain(WeakKeysLayersPanel.self, tags: "own")
        let keyed = try env.resolveMain((any WeakKeysPanel).self, tags: "keyed")
        #expect(try env.resolveMain(WeakKeysLayersPanel.self, tags: "own") === own)
        #expect(try env.resolveMain((any WeakKeysPanel).self, tags: "keyed") === keyed)
        #expect(keyed !== own && keyed !== panel)
        #expect(builds.value == 3)
        weak let released = panel
        panel = nil
        #expect(released == nil)
        #expect(try env.resolveMain((any WeakKeysPanel).self).title == "Layers (eu)")
        #expect(builds.value == 4)
        #expect(try env.resolveMainIfRegistered(WeakKeysLayersPanel.self) == nil)
    }

    @Test("validate() and the graph name the class behind each key, weak, with its dependency")
    func graph() throws {
        let env = assembled(#function, builds: Counter())
        try env.validate()
        let graph = env.graph()
        let cache = graph.node(named: "WeakKeysCache")
        #expect(cache?.service == "WeakKeysMemoryCache")
        #expect(cache?.dependencies.map(\.target) == ["WeakKeysRegion"])
        let panel = graph.node(named: "WeakKeysPanel")
        #expect(panel?.service == "WeakKeysLayersPanel")
        let keyed = graph.node(named: "WeakKeysCache[tag: \"keyed\"]")
        #expect(keyed?.service == "WeakKeysMemoryCache")
        let labels = graph.dot().split(separator: "\n").filter { $0.contains("weak · ") }
        #expect(labels.count == 6, "\(labels)")
        #expect(labels.contains { $0.contains("WeakKeysCache\\nWeakKeysMemoryCache · weak · Sendable") }, "\(labels)")
        #expect(labels.contains { $0.contains("WeakKeysPanel\\nWeakKeysLayersPanel · weak · MainActor") }, "\(labels)")
    }

    @Test("by hand, in a child that overrides the dependency: the child's own instance, built with its region")
    func byHand() throws {
        let env = ServiceEnv(name: #function)
        env.register(WeakKeysRegion.self) { WeakKeysRegion(name: "eu") }
        env.register(WeakKeysMemoryCache.self, as: (any WeakKeysCache).self, scope: .weak) { $0 }
        env.register(WeakKeysMemoryCache.self, tags: 1, scope: .weak)
        env.registerMain(WeakKeysLayersPanel.self, as: (any WeakKeysPanel).self, tags: 2, scope: .weak) { $0 }
        let child = ServiceEnv(name: "child", parent: env)
        child.register(WeakKeysRegion.self) { WeakKeysRegion(name: "us") }
        let cache = try child.resolve((any WeakKeysCache).self)
        #expect(cache.region == "us")
        #expect(try child.resolve((any WeakKeysCache).self) as AnyObject === cache as AnyObject)
        #expect(try env.resolve((any WeakKeysCache).self).region == "eu")
        #expect(try child.resolve(WeakKeysMemoryCache.self, tags: 1).region == "us")
        #expect(try child.resolveMain((any WeakKeysPanel).self, tags: 2).title == "Layers (us)")
    }
}
