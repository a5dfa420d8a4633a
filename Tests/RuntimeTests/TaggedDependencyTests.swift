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

// MARK: - @Tags on a @MainActor type

@Injectable
@MainActor
final class TaggedBanner {
    init() {}
}

@Injectable
@MainActor
final class TaggedScreen {
    let backup: TaggedEndpoint
    let banner: TaggedBanner
    let audit: TaggedEndpoint?

    init(
        @Tags("backup") backup: TaggedEndpoint,
        @Tags("welcome") banner: TaggedBanner,
        @Tags("audit") audit: TaggedEndpoint?,
    ) {
        self.backup = backup
        self.banner = banner
        self.audit = audit
    }
}

@Injectable
@MainActor
final class TaggedLoadingScreen {
    let backup: TaggedEndpoint
    let banner: TaggedBanner

    init(@Tags("backup") backup: TaggedEndpoint, @Tags("welcome") banner: TaggedBanner) async {
        self.backup = backup
        self.banner = banner
    }
}

/// A tagged Sendable registration and a tagged MainActor one, which the compiler checks the
/// screens' `@Tags` parameters against.
@Assembly
struct TaggedScreensAssembly {
    #register(TaggedEndpoint.self, tags: "backup") { TaggedEndpoint(url: "backup") }
    #registerMain(TaggedBanner.self, tags: "welcome")
    #registerMain(TaggedScreen.self, scope: .transient)
    #registerMain(TaggedLoadingScreen.self, scope: .transient)
}

@Suite("@Tags dependencies of @MainActor types")
@MainActor
struct MainActorTaggedDependencyTests {
    @Test("each @Tags parameter resolves its tagged registration, on the Sendable or the MainActor track")
    func resolvesOnEitherTrack() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(TaggedScreensAssembly())
        env.register(TaggedEndpoint.self) { TaggedEndpoint(url: "untagged") }
        let screen = try env.resolveMain(TaggedScreen.self)
        #expect(screen.backup.url == "backup")
        #expect(screen.banner === (try env.resolveMain(TaggedBanner.self, tags: "welcome")))
        #expect(screen.audit == nil)

        env.register(TaggedEndpoint.self, tags: "audit") { TaggedEndpoint(url: "audit") }
        #expect(try env.resolveMain(TaggedScreen.self).audit?.url == "audit")
    }

    @Test("an async initializer's @Tags parameters resolve on either track")
    func asyncResolvesOnEitherTrack() async throws {
        let env = ServiceEnv(name: #function)
        env.assemble(TaggedScreensAssembly())
        let screen = try await env.resolveAsync(TaggedLoadingScreen.self)
        #expect(screen.backup.url == "backup")
        #expect(screen.banner === (try env.resolveMain(TaggedBanner.self, tags: "welcome")))
    }

    @Test("a child environment resolves the tagged registrations of its parent")
    func inheritedTaggedRegistrations() throws {
        let parent = ServiceEnv(name: #function)
        parent.assemble(TaggedScreensAssembly())
        let child = ServiceEnv(name: "child", parent: parent)
        let screen = try child.resolveMain(TaggedScreen.self)
        #expect(screen.backup.url == "backup")
        #expect(screen.banner === (try child.resolveMain(TaggedBanner.self, tags: "welcome")))
    }

    @Test("validate() finds a MainActor service's tagged dependencies on either track, and names a missing one")
    func validation() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(TaggedScreensAssembly())
        try env.validate()

        let incomplete = ServiceEnv(name: "incomplete")
        incomplete.register(TaggedEndpoint.self, tags: "backup") { TaggedEndpoint(url: "backup") }
        incomplete.registerMain(TaggedScreen.self)
        let error = try #require(throws: ServiceValidationError.self) { try incomplete.validate() }
        #expect("\(error)".contains("needs 'TaggedBanner[tag: \"welcome\"]'"), "\(error)")
        #expect(!"\(error)".contains("needs 'TaggedEndpoint"), "\(error)")
    }

    @Test("a missing tagged registration is named with its tags, on either track")
    func missingTaggedRegistration() throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(TaggedBanner.self, tags: "welcome", scope: .singleton)
        env.registerMain(TaggedScreen.self)
        let error = try #require(throws: ServiceError.self) { try env.resolveMain(TaggedScreen.self) }
        #expect("\(error)".contains("TaggedEndpoint[tag: \"backup\"]"), "\(error)")

        let missingBanner = ServiceEnv(name: "no banner")
        missingBanner.register(TaggedEndpoint.self, tags: "backup") { TaggedEndpoint(url: "backup") }
        missingBanner.registerMain(TaggedScreen.self)
        let bannerError = try #require(throws: ServiceError.self) { try missingBanner.resolveMain(TaggedScreen.self) }
        #expect("\(bannerError)".contains("TaggedBanner[tag: \"welcome\"]"), "\(bannerError)")
    }
}
