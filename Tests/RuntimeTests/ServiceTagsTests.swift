import Service
import Testing

private enum MadeRegion: Hashable, Sendable { case eu, us }

final class MadeEndpoint: Sendable {
    let url: String
    init(url: String) { self.url = url }
}

protocol MadeCheck: Sendable { var name: String { get } }

struct MadeNamedCheck: MadeCheck { let name: String }

@Injectable
final class MadeMirror: Sendable {
    let backup: MadeEndpoint
    let audit: MadeEndpoint?
    let critical: [any MadeCheck]

    init(
        @Tags("backup", 2) backup: MadeEndpoint,
        @Tags("audit") audit: MadeEndpoint?,
        @All("critical") critical: [any MadeCheck],
    ) {
        self.backup = backup
        self.audit = audit
        self.critical = critical
    }
}

@Suite("ServiceTags: tags made once")
struct ServiceTagsTests {
    @Test("made tags are the key written out, in any order and with repeats, for every resolve that takes them")
    func sameKeyAsWrittenOut() throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: MadeRegion.eu, "primary") { MadeEndpoint(url: "eu") }
        env.register((any MadeCheck).self, tags: "critical", "db") { MadeNamedCheck(name: "db") }
        env.register((any MadeCheck).self, tags: "critical") { MadeNamedCheck(name: "queue") }
        env.register((any MadeCheck).self, tags: "minor") { MadeNamedCheck(name: "disk") }
        let primaryEU = ServiceTags("primary", MadeRegion.eu, "primary")
        #expect(
            try env.resolve(MadeEndpoint.self, tags: primaryEU)
                === env.resolve(MadeEndpoint.self, tags: MadeRegion.eu, "primary"))
        #expect(try env.resolveIfRegistered(MadeEndpoint.self, tags: ServiceTags("primary")) == nil)
        #expect(
            try env.resolveAll((any MadeCheck).self, tags: ServiceTags("critical")).map(\.name) == ["db", "queue"])
        #expect(ServiceTags("backup", 2).description == #""backup", 2"#)
        let missing = #expect(throws: ServiceError.self) {
            try env.resolve(MadeEndpoint.self, tags: ServiceTags(MadeRegion.us))
        }
        #expect(missing?.description.contains("MadeEndpoint[tag: us]") == true, "\(String(describing: missing))")
    }

    @Test("made tags hold a key, not a registration: a re-registration, a child's override and a scope are seen")
    func holdNoRegistration() throws {
        let env = ServiceEnv(name: #function)
        let backup = ServiceTags("backup")
        env.register(MadeEndpoint.self, tags: "backup", scope: .transient) { MadeEndpoint(url: "first") }
        #expect(try env.resolve(MadeEndpoint.self, tags: backup).url == "first")
        env.register(MadeEndpoint.self, tags: "backup") { MadeEndpoint(url: "second") }
        #expect(try env.resolve(MadeEndpoint.self, tags: backup).url == "second")
        let child = ServiceEnv(name: "child", parent: env)
        #expect(try child.resolve(MadeEndpoint.self, tags: backup).url == "second")
        child.register(MadeEndpoint.self, tags: "backup") { MadeEndpoint(url: "child") }
        #expect(try child.resolve(MadeEndpoint.self, tags: backup).url == "child")
        let scope = env.makeScope(named: "request")
        #expect(try scope.resolve(MadeEndpoint.self, tags: backup) === env.resolve(MadeEndpoint.self, tags: backup))
    }

    @Test("an @Injectable type's @Tags and @All @Tags parameters, resolved with made tags, get what the tags name")
    func generatedResolves() throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: 2, "backup") { MadeEndpoint(url: "backup") }
        env.register(MadeEndpoint.self, tags: "backup") { MadeEndpoint(url: "backup only") }
        env.register((any MadeCheck).self, tags: "critical") { MadeNamedCheck(name: "db") }
        env.register(MadeMirror.self, scope: .transient)
        let mirror = try env.resolve(MadeMirror.self)
        #expect(mirror.backup === (try env.resolve(MadeEndpoint.self, tags: "backup", 2)))
        #expect(mirror.audit == nil)
        #expect(mirror.critical.map(\.name) == ["db"])
        env.register(MadeEndpoint.self, tags: "audit") { MadeEndpoint(url: "audit") }
        #expect(try env.resolve(MadeMirror.self).audit?.url == "audit")
    }
}

@MainActor
final class MadeBanner {}

/// The first read of a tagged resolve, its own cached instance, read without the registration.
@Suite("A tagged resolve's cached instance")
struct TaggedCachedReadTests {
    @Test("a trace reports the cached instance as cached, the first resolve as built")
    func traced() throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: "backup") { MadeEndpoint(url: "backup") }
        let outcomes = Shared<[String]>([])
        try ServiceEnv.withResolutionTrace({ trace in
            outcomes.withLock { $0 += trace.events.map { "\($0.service) \($0.outcome)" } }
        }) {
            _ = try env.resolve(MadeEndpoint.self, tags: "backup")
            _ = try env.resolve(MadeEndpoint.self, tags: ServiceTags("backup"))
        }
        #expect(
            outcomes.withLock { $0 } == [#"MadeEndpoint[tag: "backup"] built"#, #"MadeEndpoint[tag: "backup"] cached"#]
        )
    }

    @Test("a key on the MainActor track is not resolved on the Sendable track, even once its instance is cached")
    @MainActor
    func otherTrack() throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(MadeBanner.self, tags: "welcome") { MadeBanner() }
        let banner = try env.resolveMain(MadeBanner.self, tags: "welcome")
        #expect(try env.resolveMain(MadeBanner.self, tags: "welcome") === banner)
        #expect(throws: ServiceError.self) { try env.resolve(MadeBanner.self, tags: "welcome") }
        #expect(try env.resolveIfRegistered(MadeBanner.self, tags: ServiceTags("welcome")) == nil)
    }

    @Test("a reset while threads read a tagged singleton: every read is an instance, the new one after")
    func resetWhileReading() async throws {
        let env = ServiceEnv(name: #function)
        env.register(MadeEndpoint.self, tags: "backup") { MadeEndpoint(url: "backup") }
        let backup = ServiceTags("backup")
        // NB: the instance itself, held, not its identifier: once freed, the new one may be
        // built at its address.
        let before = try env.resolve(MadeEndpoint.self, tags: backup)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for reader in 0..<4 {
                group.addTask {
                    for _ in 0..<2_000 {
                        let endpoint =
                            reader.isMultiple(of: 2)
                            ? try env.resolve(MadeEndpoint.self, tags: backup)
                            : try env.resolve(MadeEndpoint.self, tags: "backup")
                        #expect(endpoint.url == "backup")
                    }
                }
            }
            group.addTask { env.resetCache(for: MadeEndpoint.self, tags: "backup") }
            try await group.waitForAll()
        }
        let after = try env.resolve(MadeEndpoint.self, tags: backup)
        #expect(after !== before)
        #expect(after === (try env.resolve(MadeEndpoint.self, tags: "backup")))
    }
}
