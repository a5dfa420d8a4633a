import Service
import Testing

@MainActor
final class MadeToolbar {
    let name: String
    init(name: String) { self.name = name }
}

/// A `@MainActor` type whose tagged dependencies `@Injectable` resolves with tags made once, on
/// whichever track each is registered.
@MainActor
@Injectable
final class MadeScreen {
    let backup: MadeEndpoint
    let toolbar: MadeToolbar
    let audit: MadeEndpoint?
    let critical: [any MadeCheck]

    init(
        @Tags("backup") backup: MadeEndpoint,
        @Tags("main") toolbar: MadeToolbar,
        @Tags("audit") audit: MadeEndpoint?,
        @All("critical") critical: [any MadeCheck],
    ) {
        self.backup = backup
        self.toolbar = toolbar
        self.audit = audit
        self.critical = critical
    }
}

/// A type whose initializer is `async`, with the same dependencies on the Sendable track.
@Injectable
final class MadeSyncer: Sendable {
    let backup: MadeEndpoint
    let audit: MadeEndpoint?
    let critical: [any MadeCheck]

    init(
        @Tags("backup") backup: MadeEndpoint,
        @Tags("audit") audit: MadeEndpoint?,
        @All("critical") critical: [any MadeCheck],
    ) async {
        self.backup = backup
        self.audit = audit
        self.critical = critical
    }
}

/// A type that is not Sendable, which only the MainActor track holds.
final class MadeDraft {
    let text: String
    init(text: String) { self.text = text }
}

/// A `@MainActor` type whose initializer is `async`, with Sendable dependencies and ones that
/// are not.
@MainActor
@Injectable
final class MadeMainSyncer {
    let backup: MadeEndpoint
    let toolbar: MadeToolbar
    let audit: MadeEndpoint?
    let critical: [any MadeCheck]
    let draft: MadeDraft
    let lostDraft: MadeDraft?
    let drafts: [MadeDraft]

    init(
        @Tags("backup") backup: MadeEndpoint,
        @Tags("main") toolbar: MadeToolbar,
        @Tags("audit") audit: MadeEndpoint?,
        @All("critical") critical: [any MadeCheck],
        @Tags("draft", 1) draft: MadeDraft,
        @Tags("lost") lostDraft: MadeDraft?,
        @All("draft") drafts: [MadeDraft],
    ) async {
        self.backup = backup
        self.toolbar = toolbar
        self.audit = audit
        self.critical = critical
        self.draft = draft
        self.lostDraft = lostDraft
        self.drafts = drafts
    }
}

@Suite("ServiceTags on the async and MainActor forms")
struct ServiceTagsTracksTests {
    @Test("the async forms (resolve, if registered, all, require) take made tags as the key written out")
    func asyncForms() async throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: "backup", 2) { () async -> MadeEndpoint in MadeEndpoint(url: "built") }
        env.register((any MadeCheck).self, tags: "critical", "db") { () async -> any MadeCheck in
            MadeNamedCheck(name: "db")
        }
        env.register((any MadeCheck).self, tags: "critical") { MadeNamedCheck(name: "queue") }
        let backup = ServiceTags(2, "backup", 2)
        let first = try await env.resolveAsync(MadeEndpoint.self, tags: backup)
        #expect(first === (try await env.resolveAsync(MadeEndpoint.self, tags: "backup", 2)))
        #expect(try await env.resolveAsyncIfRegistered(MadeEndpoint.self, tags: backup) === first)
        #expect(try await env.resolveAsyncIfRegistered(MadeEndpoint.self, tags: ServiceTags("backup")) == nil)
        #expect(try await env.requireAsync(MadeEndpoint.self, tags: backup) === first)
        let checks = try await env.resolveAllAsync((any MadeCheck).self, tags: ServiceTags("critical"))
        #expect(checks.map(\.name) == ["db", "queue"])

        let failure = await #expect(throws: ResolutionFailure.self) {
            try await env.requireAsync(MadeEndpoint.self, tags: ServiceTags("replica"))
        }
        let expected =
            #"Service 'MadeEndpoint[tag: "replica"]' is not registered in ServiceEnv (environment "#
            + #"'asyncForms()'"#
        #expect(failure?.description.hasPrefix(expected) == true, "\(String(describing: failure))")
    }

    @Test("resolveMain, resolveMainIfRegistered and requireMain take made tags as the key written out")
    @MainActor
    func mainForms() throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(MadeToolbar.self, tags: "main") { MadeToolbar(name: "main") }
        let main = ServiceTags("main")
        let toolbar = try env.resolveMain(MadeToolbar.self, tags: main)
        #expect(toolbar === (try env.resolveMain(MadeToolbar.self, tags: "main")))
        #expect(try env.resolveMainIfRegistered(MadeToolbar.self, tags: main) === toolbar)
        #expect(try env.resolveMainIfRegistered(MadeToolbar.self, tags: ServiceTags("side")) == nil)
        #expect(try env.requireMain(MadeToolbar.self, tags: main) === toolbar)

        let failure = #expect(throws: ResolutionFailure.self) {
            try env.requireMain(MadeToolbar.self, tags: ServiceTags("side"))
        }
        #expect(failure?.description.contains(#"MadeToolbar[tag: "side"]"#) == true, "\(String(describing: failure))")
        // NB: a registration replaced keeps the instance cached, as every resolve does.
        env.registerMain(MadeToolbar.self, tags: "main") { MadeToolbar(name: "replaced") }
        #expect(try env.resolveMain(MadeToolbar.self, tags: main) === toolbar)
        env.resetCache(for: MadeToolbar.self, tags: "main")
        #expect(try env.resolveMain(MadeToolbar.self, tags: main).name == "replaced")
    }

    @Test("a @MainActor @Injectable type's tagged dependencies, made once, on either track")
    @MainActor
    func generatedMainActor() throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: "backup") { MadeEndpoint(url: "backup") }
        env.registerMain(MadeToolbar.self, tags: "main") { MadeToolbar(name: "main") }
        env.register((any MadeCheck).self, tags: "critical") { MadeNamedCheck(name: "db") }
        env.registerMain((any MadeCheck).self, tags: "critical", "ui") { MadeNamedCheck(name: "ui") }
        env.registerMain(MadeScreen.self, scope: .transient)
        let screen = try env.resolveMain(MadeScreen.self)
        #expect(screen.backup === (try env.resolve(MadeEndpoint.self, tags: "backup")))
        #expect(screen.toolbar === (try env.resolveMain(MadeToolbar.self, tags: "main")))
        #expect(screen.audit == nil)
        #expect(screen.critical.map(\.name) == ["db", "ui"])

        // NB: the cached tagged instance is read first, and what drops it is seen there too.
        #expect(try env.resolveMain(MadeScreen.self).toolbar === screen.toolbar)
        env.resetCache(for: MadeToolbar.self, tags: "main")
        let rebuilt = try env.resolveMain(MadeScreen.self).toolbar
        #expect(rebuilt !== screen.toolbar)
        env.registerMain(MadeToolbar.self, tags: "main") { MadeToolbar(name: "second") }
        #expect(try env.resolveMain(MadeScreen.self).toolbar === rebuilt)
        env.resetCache(for: MadeToolbar.self, tags: "main")
        #expect(try env.resolveMain(MadeScreen.self).toolbar.name == "second")
        env.resetCache(for: MadeEndpoint.self, tags: "backup")
        #expect(try env.resolveMain(MadeScreen.self).backup !== screen.backup)
        let events = Shared<[String]>([])
        try ServiceEnv.withResolutionTrace({ trace in
            events.withLock { $0 += trace.events.map { "\($0.service) \($0.outcome)" } }
        }) {
            _ = try env.resolveMain(MadeScreen.self)
        }
        #expect(events.withLock { $0 }.contains(#"MadeToolbar[tag: "main"] cached"#), "\(events.withLock { $0 })")

        // NB: the made tags are a key: an override in a child is what the child's screen gets.
        let child = ServiceEnv(name: "child", parent: env)
        child.register(MadeEndpoint.self, tags: "audit") { MadeEndpoint(url: "audit") }
        child.registerMain(MadeToolbar.self, tags: "main") { MadeToolbar(name: "child") }
        let childScreen = try child.resolveMain(MadeScreen.self)
        #expect(childScreen.audit?.url == "audit")
        #expect(childScreen.toolbar.name == "child")
        #expect(try env.resolveMain(MadeScreen.self).audit == nil)
    }

    @Test("an @Injectable type with an async initializer, on either track, resolves its tagged dependencies made once")
    @MainActor
    func generatedAsync() async throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: "backup") { () async -> MadeEndpoint in MadeEndpoint(url: "backup") }
        env.registerMain(MadeToolbar.self, tags: "main") { MadeToolbar(name: "main") }
        env.register((any MadeCheck).self, tags: "critical") { () async -> any MadeCheck in MadeNamedCheck(name: "db") }
        env.registerMain(MadeDraft.self, tags: "draft", 1) { MadeDraft(text: "first") }
        env.registerMain(MadeDraft.self, tags: "draft", 2) { MadeDraft(text: "second") }
        env.register(MadeSyncer.self, scope: .transient)
        env.registerMain(MadeMainSyncer.self, scope: .transient)

        let syncer = try await env.resolveAsync(MadeSyncer.self)
        let backup = try await env.resolveAsync(MadeEndpoint.self, tags: "backup")
        #expect(syncer.backup === backup)
        #expect(syncer.audit == nil)
        #expect(syncer.critical.map(\.name) == ["db"])

        let mainSyncer = try await env.resolveAsync(MadeMainSyncer.self)
        #expect(mainSyncer.backup === backup)
        #expect(mainSyncer.toolbar === (try env.resolveMain(MadeToolbar.self, tags: "main")))
        #expect(mainSyncer.critical.map(\.name) == ["db"])
        #expect(mainSyncer.draft === (try env.resolveMain(MadeDraft.self, tags: 1, "draft")))
        #expect(mainSyncer.lostDraft == nil)
        #expect(mainSyncer.drafts.map(\.text) == ["first", "second"])
        env.register(MadeEndpoint.self, tags: "audit") { MadeEndpoint(url: "audit") }
        #expect(try await env.resolveAsync(MadeSyncer.self).audit?.url == "audit")
        #expect(try await env.resolveAsync(MadeMainSyncer.self).audit?.url == "audit")
    }
}

/// The first read of a `@MainActor` type's dependency, its cached instance on either track, while
/// other threads drop that instance.
@Suite("A @MainActor type's cached dependency read while it is reset")
struct MainActorDependencyResetTests {
    @Test("every screen built while four tasks reset its Sendable dependencies gets a live instance")
    @MainActor
    func resetWhileBuilding() async throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: "backup") { MadeEndpoint(url: "backup") }
        env.registerMain(MadeToolbar.self, tags: "main") { MadeToolbar(name: "main") }
        env.register((any MadeCheck).self, tags: "critical") { MadeNamedCheck(name: "db") }
        env.registerMain(MadeScreen.self, scope: .transient)
        let resetters = (0..<4).map { index in
            Task.detached {
                for _ in 0..<2_000 {
                    env.resetCache(for: MadeEndpoint.self, tags: "backup")
                    if index.isMultiple(of: 2) {
                        await Task.yield()
                    }
                }
            }
        }
        var urls: Set<String> = []
        for _ in 0..<2_000 {
            let screen = try env.resolveMain(MadeScreen.self)
            urls.insert(screen.backup.url)
            #expect(screen.toolbar.name == "main")
            await Task.yield()
        }
        for resetter in resetters {
            await resetter.value
        }
        #expect(urls == ["backup"])
    }
}

/// A `@MainActor` type whose one dependency is Sendable and untagged.
@MainActor
@Injectable
final class MadeFooter {
    let endpoint: MadeEndpoint

    init(endpoint: MadeEndpoint) {
        self.endpoint = endpoint
    }
}

/// The first read of a `@MainActor` type's Sendable dependency, on the Sendable track.
@Suite("A @MainActor type's Sendable dependency")
@MainActor
struct MainActorSendableDependencyTests {
    @Test("is found on either track, traced when a trace is on, and rebuilt after a reset")
    func eitherTrack() throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self) { MadeEndpoint(url: "sendable") }
        env.registerMain(MadeFooter.self, scope: .transient)
        let first = try env.resolveMain(MadeFooter.self).endpoint
        #expect(try env.resolveMain(MadeFooter.self).endpoint === first)
        let events = Shared<[String]>([])
        try ServiceEnv.withResolutionTrace({ trace in
            events.withLock { $0 += trace.events.map { "\($0.service) \($0.outcome)" } }
        }) {
            _ = try env.resolveMain(MadeFooter.self)
        }
        #expect(events.withLock { $0 }.contains("MadeEndpoint cached"), "\(events.withLock { $0 })")
        env.resetCache(for: MadeEndpoint.self)
        #expect(try env.resolveMain(MadeFooter.self).endpoint !== first)

        // NB: the same Sendable type registered on the MainActor track instead.
        let main = ServiceEnv(name: "main track")
        main.registerMain(MadeEndpoint.self) { MadeEndpoint(url: "main") }
        main.registerMain(MadeFooter.self, scope: .transient)
        #expect(try main.resolveMain(MadeFooter.self).endpoint.url == "main")
        #expect(try main.resolveMain(MadeFooter.self).endpoint === main.resolveMain(MadeEndpoint.self))
    }
}
