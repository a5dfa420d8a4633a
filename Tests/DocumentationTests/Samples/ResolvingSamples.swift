import Service
import ServiceTesting
import Synchronization
import Testing

// The listings of `RegisteringAndResolving.md`.

private struct Endpoint: Sendable {
    let url: String
}

private struct Greeter: Sendable {
    let name: String
    let times: Int
}

private struct Catalog: Sendable {
    let items: [String]

    static func download() async throws -> Catalog { Catalog(items: ["tea"]) }
}

private protocol NoteReading: Sendable { func all() -> [String] }
private protocol NoteWriting: Sendable { func add(_ note: String) }

private final class NoteStore: NoteReading, NoteWriting {
    private let notes = Mutex<[String]>([])

    func all() -> [String] { notes.withLock { $0 } }
    func add(_ note: String) { notes.withLock { $0.append(note) } }
}

private protocol Plugin: Sendable {
    var name: String { get }
}

private struct Search: Plugin {
    let name = "search"
}

private struct Share: Plugin {
    let name = "share"
}

private struct Analytics: Sendable {}

private final class Session: Sendable {}

@Injectable
private struct Checkout: Sendable {
    let session: ServiceProvider<Session>  // resolves on every call
    let catalog: Lazy<Catalog>  // resolves once, on first use
}

// snippet: resolving-decorator-types
private final class AuditLog: Sendable {
    let lines = Mutex<[String]>([])
}

private final class NoteEditor: Sendable {
    let audit = Mutex<AuditLog?>(nil)  // set after construction, by a decorator
}
// snippet-end

@Suite(.serviceEnv())
struct ResolvingSamples {
    @Test func decorators() throws {
        // snippet: resolving-decorators
        let env = ServiceEnv(name: "editor")
        env.register(AuditLog.self) { AuditLog() }
        env.register(NoteEditor.self, scope: .transient) { NoteEditor() }
        env.decorate(NoteEditor.self) { editor, env in
            let audit = try env.resolve(AuditLog.self)
            editor.audit.withLock { $0 = audit }
            audit.lines.withLock { $0.append("built an editor") }
        }
        let editor = try env.resolve(NoteEditor.self)  // built, then decorated
        // snippet-end
        #expect(editor.audit.withLock { $0 } != nil)
        #expect(try env.resolve(AuditLog.self).lines.withLock { $0 } == ["built an editor"])
    }

    @Test func forms() async throws {
        let env = ServiceEnv(name: "forms")
        // snippet: resolving-forms
        enum Region: Hashable, Sendable { case eu, us }

        // Tags: any Hashable & Sendable values; the type and its set of tags are the key.
        env.register(Endpoint.self, tags: Region.eu) { Endpoint(url: "https://eu.example.com") }
        env.register(Endpoint.self, tags: Region.us, "primary") { Endpoint(url: "https://us.example.com") }
        let eu = try env.resolve(Endpoint.self, tags: Region.eu)

        // Resolve-time arguments: any number, of any Sendable types.
        env.register(Greeter.self) { (name: String, times: Int) in Greeter(name: name, times: times) }
        let greeter = try env.resolve(Greeter.self, arguments: "Ada", 3)

        // Async factories: resolve them with resolveAsync.
        env.register(Catalog.self) { () async throws -> Catalog in try await Catalog.download() }
        let catalog = try await env.resolveAsync(Catalog.self)

        // Optional and multi-binding.
        env.register((any Plugin).self, tags: "toolbar", "search") { Search() }
        env.register((any Plugin).self, tags: "toolbar", "share") { Share() }
        let analytics = try env.resolveIfRegistered(Analytics.self)  // nil when absent
        let toolbar = try env.resolveAll((any Plugin).self, tags: "toolbar")  // every match, in order
        // snippet-end
        #expect(eu.url == "https://eu.example.com")
        #expect(greeter.times == 3 && greeter.name == "Ada")
        #expect(catalog.items == ["tea"])
        #expect(analytics == nil)
        #expect(toolbar.map(\.name) == ["search", "share"])
        #expect(throws: ServiceError.self) { try env.resolve(Greeter.self, arguments: "Ada") }
    }

    @Test func oneInstanceUnderSeveralTypes() throws {
        let env = ServiceEnv(name: "notes")
        // snippet: resolving-forward
        env.register(NoteStore.self) { NoteStore() }
        env.forward((any NoteReading).self, to: NoteStore.self) { $0 }
        env.forward((any NoteWriting).self, to: NoteStore.self) { $0 }
        // snippet-end
        try env.resolve((any NoteWriting).self).add("first")
        #expect(try env.resolve((any NoteReading).self).all() == ["first"])
        let child = ServiceEnv(name: "test", parent: env)
        child.register(NoteStore.self) { NoteStore() }
        #expect(try child.resolve((any NoteReading).self).all().isEmpty)
    }

    @Test func deferred() throws {
        let env = ServiceEnv(name: "deferred")
        // snippet: resolving-deferred
        env.register(Session.self, scope: .transient) { Session() }
        env.register(Catalog.self) { Catalog(items: ["tea"]) }
        env.register(Checkout.self)

        let checkout = try env.resolve(Checkout.self)  // builds neither Session nor Catalog
        let first = try checkout.session()
        let second = try checkout.session()  // a new one: Session is transient
        let items = checkout.catalog.value.items  // ["tea"], resolved now, kept
        // snippet-end
        #expect(first !== second)
        #expect(items == ["tea"])
    }

    @Test func errors() throws {
        let env = ServiceEnv(name: "request 42")
        // snippet: resolving-errors
        do {
            _ = try env.require(Endpoint.self)
        } catch {
            print(error)
            // Service 'Endpoint' is not registered in ServiceEnv (environment 'request 42'; resolving Endpoint)
        }
        // snippet-end
        #expect(throws: ResolutionFailure.self) { try env.require(Endpoint.self) }
        do {
            _ = try env.require(Endpoint.self)
        } catch {
            #expect(
                "\(error)"
                    == "Service 'Endpoint' is not registered in ServiceEnv (environment 'request 42'; resolving Endpoint)"
            )
        }
    }
}
