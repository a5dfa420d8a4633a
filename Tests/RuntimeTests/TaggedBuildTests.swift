import Service
import Testing

@Injectable
final class TaggedLeaf: Sendable {
    init() {}
}

@MainActor
final class TaggedPanel {}

/// A tagged resolve that finds its environment's own registration in the slot it looked up for
/// the cached instance, and builds with it there.
@Suite("A tagged resolve of an environment's own registration")
struct TaggedBuildTests {
    @Test("a transient @Injectable type under tags is built on every resolve, decorated, seen by validate()")
    func transientBuilds() throws {
        let env = ServiceEnv(name: #function)
        env.register(TaggedLeaf.self, tags: "leaf", scope: .transient)
        let leaf = ServiceTags("leaf")
        let first = try env.resolve(TaggedLeaf.self, tags: leaf)
        #expect(try env.resolve(TaggedLeaf.self, tags: leaf) !== first)
        #expect(try env.resolve(TaggedLeaf.self, tags: "leaf") !== first)
        let decorated = Counter()
        env.decorate(TaggedLeaf.self) { _, _ in _ = decorated.increment() }
        _ = try env.resolve(TaggedLeaf.self, tags: leaf)
        #expect(decorated.value == 1)
        try env.validate()
        #expect(throws: ServiceError.self) { try env.resolve(TaggedLeaf.self) }
    }

    @Test("a child's own tagged registration is built in the child; the parent's stays the parent's")
    func childAndParent() throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: "backup") { MadeEndpoint(url: "parent") }
        let child = ServiceEnv(name: "child", parent: env)
        #expect(try child.resolve(MadeEndpoint.self, tags: "backup").url == "parent")
        child.register(MadeEndpoint.self, tags: "backup", scope: .transient) { MadeEndpoint(url: "child") }
        #expect(try child.resolve(MadeEndpoint.self, tags: ServiceTags("backup")).url == "child")
        #expect(try env.resolve(MadeEndpoint.self, tags: "backup").url == "parent")
    }

    @Test("a tagged key of the MainActor track, never built, is not registered on the Sendable track")
    @MainActor
    func otherTrackUncached() async throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(TaggedPanel.self, tags: "side") { TaggedPanel() }
        let sendableKey = ServiceTags("side")
        #expect(throws: ServiceError.self) { try env.resolve(MadeEndpoint.self, tags: sendableKey) }
        env.registerMain(MadeEndpoint.self, tags: "main only") { MadeEndpoint(url: "main") }
        #expect(try env.resolveIfRegistered(MadeEndpoint.self, tags: ServiceTags("main only")) == nil)
        #expect(try await env.resolveAsyncIfRegistered(MadeEndpoint.self, tags: ServiceTags("main only")) == nil)
        #expect(try env.resolveMain(MadeEndpoint.self, tags: "main only").url == "main")
    }

    @Test("a .scoped tagged registration resolved outside a scope throws; inside, one instance per scope")
    func scoped() throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: "request", scope: .scoped) { MadeEndpoint(url: "request") }
        #expect(throws: ServiceError.self) { try env.resolve(MadeEndpoint.self, tags: "request") }
        let scope = env.makeScope(named: "request")
        let first = try scope.resolve(MadeEndpoint.self, tags: ServiceTags("request"))
        #expect(try scope.resolve(MadeEndpoint.self, tags: "request") === first)
        #expect(try env.makeScope(named: "other").resolve(MadeEndpoint.self, tags: "request") !== first)
    }
}
