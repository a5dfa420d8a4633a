import Service
import Testing

private enum MadeRegion: Hashable, Sendable { case eu, us }

final class MadeEndpoint: Sendable {
    let url: String
    init(url: String) { self.url = url }
}

protocol MadeCheck: Sendable { var name: String { get } }

struct MadeNamedCheck: MadeCheck {
    let name: String
}

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
        do {
            _ = try env.resolve(MadeEndpoint.self, tags: ServiceTags(MadeRegion.us))
            Issue.record("resolved a key nothing registers")
        } catch {
            #expect(error.description.contains("MadeEndpoint[tag: us]"), "\(error)")
        }
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
