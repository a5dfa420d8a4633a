import Service
import Testing

/// A service whose decorators leave their marks on it.
private struct Marked: Sendable {
    var marks: [String] = []
}

/// A class a decorator injects a dependency into after its factory made it.
private final class Widget: Sendable {
    let logger = Shared<Logger?>(nil)
}

@Injectable
private struct DecoratedLeaf: Sendable {
    var label = "leaf"
    @Inject init() {}
}

@Injectable
private struct DecoratedTop: Sendable {
    let leaf: DecoratedLeaf
    init(leaf: DecoratedLeaf) { self.leaf = leaf }
}

private struct DecoratorFailed: Error {}

@MainActor
private final class TitledScreen {
    var title = ""
}

@Suite("Decorators")
struct DecoratorTests {
    @Test("a decorator runs once per construction and never on a cache hit")
    func oncePerConstruction() throws {
        let env = ServiceEnv(name: #function)
        let runs = Counter()
        env.register(Marked.self, scope: .transient) { Marked() }
        env.register(Widget.self) { Widget() }
        env.decorate(Marked.self) { marked, _ in
            runs.increment()
            marked.marks.append("decorated")
        }
        let widgetRuns = Counter()
        env.decorate(Widget.self) { _, _ in widgetRuns.increment() }
        #expect(try env.resolve(Marked.self).marks == ["decorated"])
        #expect(try env.resolve(Marked.self).marks == ["decorated"])
        #expect(runs.value == 2)
        let widget = try env.resolve(Widget.self)
        #expect(try env.resolve(Widget.self) === widget)
        #expect(widgetRuns.value == 1)
    }

    @Test("parents' decorators run first, then each nearer environment's, each in the order added")
    func order() throws {
        let app = ServiceEnv(name: "app")
        app.register(Marked.self, scope: .transient) { Marked() }
        app.decorate(Marked.self) { marked, _ in marked.marks.append("app 1") }
        app.decorate(Marked.self) { marked, _ in marked.marks.append("app 2") }
        let child = ServiceEnv(name: "child", parent: app)
        child.decorate(Marked.self) { marked, env in marked.marks.append("child in \(env.name)") }
        let request = child.makeScope(named: "request")
        request.decorate(Marked.self) { marked, _ in marked.marks.append("request") }

        #expect(try app.resolve(Marked.self).marks == ["app 1", "app 2"])
        #expect(try child.resolve(Marked.self).marks == ["app 1", "app 2", "child in child"])
        #expect(try request.resolve(Marked.self).marks == ["app 1", "app 2", "child in request", "request"])
    }

    @Test("a decorator resolves other services in the environment that builds the instance")
    func resolvesDependencies() throws {
        let app = ServiceEnv(name: "app")
        app.register(Logger.self) { Logger() }
        app.register(Widget.self, scope: .transient) { Widget() }
        app.decorate(Widget.self) { widget, env in
            let logger = try env.resolve(Logger.self)
            widget.logger.withLock { $0 = logger }
        }
        let test = ServiceEnv(name: "test", parent: app)
        let testLogger = Logger()
        test.register(Logger.self) { testLogger }
        #expect(try test.resolve(Widget.self).logger.withLock { $0 } === testLogger)
        #expect(try app.resolve(Widget.self).logger.withLock { $0 } !== testLogger)
    }

    @Test("a decorator that resolves the service it decorates is a cycle")
    func cycle() {
        let env = ServiceEnv(name: #function)
        env.register(Widget.self) { Widget() }
        env.decorate(Widget.self) { _, env in _ = try env.resolve(Widget.self) }
        #expect(cycleChain(serviceError { try env.resolve(Widget.self) }) == ["Widget", "Widget"])
    }

    @Test("a decorator's error fails the construction, which caches nothing")
    func failure() throws {
        let env = ServiceEnv(name: #function)
        let fails = Shared(true)
        let builds = Counter()
        env.register(Widget.self) {
            builds.increment()
            return Widget()
        }
        env.decorate(Widget.self) { _, _ in
            if fails.withLock({ $0 }) {
                throw DecoratorFailed()
            }
        }
        let error = serviceError { try env.resolve(Widget.self) }
        guard case .factoryFailed("Widget", let underlying)? = error else {
            Issue.record("expected factoryFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is DecoratorFailed)
        fails.withLock { $0 = false }
        let widget = try env.resolve(Widget.self)
        #expect(try env.resolve(Widget.self) === widget)
        #expect(builds.value == 2)
    }

    @Test("generated wiring, tags, weak, graph-scoped and async constructions are decorated too")
    func everyPath() async throws {
        let env = ServiceEnv(name: #function)
        env.register(DecoratedLeaf.self, scope: .transient)
        env.register(DecoratedTop.self, scope: .graph)
        env.decorate(DecoratedLeaf.self) { leaf, _ in leaf.label += " decorated" }
        #expect(try env.resolve(DecoratedLeaf.self).label == "leaf decorated")
        #expect(try env.resolve(DecoratedTop.self).leaf.label == "leaf decorated")

        env.register(Marked.self, tags: "tagged", scope: .transient) { Marked() }
        env.register(Marked.self, scope: .singleton) { () async -> Marked in Marked() }
        env.decorate(Marked.self) { marked, _ in marked.marks.append("decorated") }
        #expect(try env.resolve(Marked.self, tags: "tagged").marks == ["decorated"])
        #expect(try await env.resolveAsync(Marked.self).marks == ["decorated"])

        let weakRuns = Counter()
        env.register(Widget.self, scope: .weak) { Widget() }
        env.decorate(Widget.self) { _, _ in weakRuns.increment() }
        let widget = try env.resolve(Widget.self)
        #expect(try env.resolve(Widget.self) === widget)
        #expect(weakRuns.value == 1)
    }

    @Test("concurrent first resolves of a singleton decorate it once")
    func concurrent() throws {
        let env = ServiceEnv(name: #function)
        let runs = Counter()
        env.register(Widget.self) {
            spin(milliseconds: 2)
            return Widget()
        }
        env.decorate(Widget.self) { _, _ in runs.increment() }
        let identities = Shared(Set<ObjectIdentifier>())
        let done = runOnThreads(8) {
            for _ in 0..<100 {
                if let widget = try? env.resolve(Widget.self) {
                    identities.withLock { _ = $0.insert(ObjectIdentifier(widget)) }
                }
            }
        }
        #expect(done)
        #expect(runs.value == 1)
        #expect(identities.withLock { $0.count } == 1)
    }

    @Test("MainActor decorators run on MainActor-track constructions only")
    @MainActor
    func mainActorTrack() throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(TitledScreen.self, scope: .transient) { TitledScreen() }
        env.decorateMain(TitledScreen.self) { screen, env in screen.title = "in \(env.name)" }
        #expect(try env.resolveMain(TitledScreen.self).title == "in mainActorTrack()")

        let sendableRuns = Counter()
        env.register(Marked.self, scope: .transient) { Marked() }
        env.decorate(Marked.self) { _, _ in sendableRuns.increment() }
        env.registerMain(Marked.self, scope: .transient) { Marked() }
        env.decorateMain(Marked.self) { marked, _ in marked.marks.append("main") }
        #expect(try env.resolveMain(Marked.self).marks == ["main"])
        #expect(sendableRuns.value == 0)
    }

    @Test("resetAll() removes the decorators")
    func resetAllRemovesThem() throws {
        let env = ServiceEnv(name: #function)
        env.decorate(Marked.self) { marked, _ in marked.marks.append("decorated") }
        env.resetAll()
        env.register(Marked.self, scope: .transient) { Marked() }
        #expect(try env.resolve(Marked.self).marks.isEmpty)
    }
}
