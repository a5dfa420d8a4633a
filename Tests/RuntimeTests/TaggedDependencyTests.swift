import Service
import Testing

struct TaggedEndpoint: Sendable {
    let url: String
}

@Injectable
struct TaggedMirror: Sendable {
    let primary: TaggedEndpoint
    let backup: TaggedEndpoint
    let audit: TaggedEndpoint?

    init(
        primary: TaggedEndpoint,
        @Tags("backup") backup: TaggedEndpoint,
        @Tags("audit", 2) audit: TaggedEndpoint?,
    ) {
        self.primary = primary
        self.backup = backup
        self.audit = audit
    }
}

@Injectable
final class TaggedLoader: Sendable {
    let backup: TaggedEndpoint

    init(@Tags("backup") backup: TaggedEndpoint) async {
        self.backup = backup
    }
}

/// Registers the tagged endpoints the compiler checks `TaggedMirror` and `TaggedLoader` against.
@Assembly
struct TaggedEndpointsAssembly {
    #register(TaggedEndpoint.self) { TaggedEndpoint(url: "primary") }
    #register(TaggedEndpoint.self, tags: "backup") { TaggedEndpoint(url: "backup") }
    #register(TaggedMirror.self, scope: .transient)
    #register(TaggedLoader.self)
}

// The example of `Tags`'s documentation, as written there.

private struct Endpoint: Sendable { let url: String }

@Injectable
private struct Mirror: Sendable {
    let primary: Endpoint
    let backup: Endpoint
    init(primary: Endpoint, @Tags("backup") backup: Endpoint) {
        self.primary = primary
        self.backup = backup
    }
}

private func mirror(env: ServiceEnv) throws -> Mirror {
    env.register(Endpoint.self) { Endpoint(url: "https://example.com") }
    env.register(Endpoint.self, tags: "backup") { Endpoint(url: "https://backup.example.com") }
    env.register(Mirror.self)
    return try env.resolve(Mirror.self)
}

@Suite("@Tags dependencies")
struct TaggedDependencyTests {
    @Test("the documentation's example resolves the backup endpoint for its @Tags parameter")
    func documentationExample() throws {
        let built = try mirror(env: ServiceEnv(name: #function))
        #expect(built.primary.url == "https://example.com")
        #expect(built.backup.url == "https://backup.example.com")
    }

    @Test("a @Tags parameter resolves the registration with those tags, not the untagged one")
    func resolvesTaggedRegistration() throws {
        let env = ServiceEnv(name: #function)
        env.apply(TaggedEndpointsAssembly())
        let mirror = try env.resolve(TaggedMirror.self)
        #expect(mirror.primary.url == "primary")
        #expect(mirror.backup.url == "backup")
        #expect(mirror.audit == nil)
    }

    @Test("an optional @Tags parameter is resolved when something is registered under its tags, in any order")
    func optionalTaggedDependency() throws {
        let env = ServiceEnv(name: #function)
        env.apply(TaggedEndpointsAssembly())
        env.register(TaggedEndpoint.self, tags: 2, "audit") { TaggedEndpoint(url: "audit") }
        #expect(try env.resolve(TaggedMirror.self).audit?.url == "audit")
    }

    @Test("an async initializer's @Tags parameter resolves through resolveAsync")
    func asyncTaggedDependency() async throws {
        let env = ServiceEnv(name: #function)
        env.apply(TaggedEndpointsAssembly())
        #expect(try await env.resolveAsync(TaggedLoader.self).backup.url == "backup")
    }

    @Test("the dependency list carries the tags, and a missing tagged registration names them")
    func dependencyListAndFailure() throws {
        #expect(
            TaggedMirror.dependencies.map(\.description) == [
                "primary: TaggedEndpoint",
                "backup: TaggedEndpoint[tag: \"backup\"]",
                "audit: TaggedEndpoint[tags: \"audit\", 2] (optional)",
            ]
        )
        let env = ServiceEnv(name: #function)
        env.register(TaggedEndpoint.self) { TaggedEndpoint(url: "primary") }
        env.register(TaggedMirror.self, scope: .transient)
        #expect(throws: ServiceError.self) { try env.resolve(TaggedMirror.self) }
    }

    @Test("validate() and the graph export see a tagged dependency")
    func validationAndGraph() throws {
        let env = ServiceEnv(name: #function)
        env.register(TaggedEndpoint.self) { TaggedEndpoint(url: "primary") }
        env.register(TaggedMirror.self, scope: .transient)
        let error = try #require(throws: ServiceValidationError.self) { try env.validate() }
        #expect("\(error)".contains("needs 'TaggedEndpoint[tag: \"backup\"]'"), "\(error)")

        env.register(TaggedEndpoint.self, tags: "backup") { TaggedEndpoint(url: "backup") }
        try env.validate()
        let mirror = try #require(env.graph().nodes.first { $0.name == "TaggedMirror" })
        #expect(
            mirror.dependencies.map(\.target) == [
                "TaggedEndpoint", "TaggedEndpoint[tag: \"backup\"]", "TaggedEndpoint[tags: \"audit\", 2]",
            ]
        )
    }
}
