import Service
import ServiceTesting
import Synchronization
import Testing

// The listings of `ScopesAndConcurrency.md`.

// The listing of `ServerApplications.md` that picks the scope where the environment is made.
// snippet: server-immortal
private final class RateLimits: Sendable {}

private func registerLimits(in services: ServiceEnv, production: Bool) {
    services.register(RateLimits.self, scope: production ? .immortal : .singleton) { RateLimits() }
}
// snippet-end

// snippet: scopes-server-model
private struct RequestContext: Sendable {
    let id: String
}

private actor NoteStore {
    private(set) var notes: [String] = []

    func add(_ note: String) { notes.append(note) }
}

@Injectable
private struct NoteService: Sendable {
    let context: RequestContext
    let store: NoteStore

    func add(_ text: String) async { await store.add("\(text) (request \(context.id))") }
}

@Assembly
private struct ServerAssembly {
    #register(NoteStore.self) { NoteStore() }  // one store, shared by every request
    #register(NoteService.self, scope: .transient)  // built per resolve, sees the request
    #external(RequestContext.self, scope: .scoped)  // each request registers its own
}
// snippet-end

// snippet: scopes-disposal-type
private actor ConnectionPool: AsyncDisposable {
    private(set) var isOpen = true

    func dispose() async throws {
        isOpen = false  // a real pool would close its connections here
    }
}
// snippet-end

@MainActor
private final class Screen {
    let title = "Notes"
}

private struct Counter: Sendable {
    let id: Int
}

@Suite(.serviceEnv())
struct ScopesSamples {
    @Test func requestScopes() async throws {
        // snippet: scopes-request
        let app = ServiceEnv(name: "app")
        app.apply(ServerAssembly())
        try app.validate()  // per-scope declarations are not missing here
        try await app.warmUp()  // builds every singleton now: the store

        for id in ["1", "2"] {
            try await app.withScope(named: "request \(id)") { scope in
                scope.register(RequestContext(id: id))
                try await scope.require(NoteService.self).add("hello")
            }
        }
        print(try await app.resolve(NoteStore.self).notes)
        // ["hello (request 1)", "hello (request 2)"]: one store, each request's own context
        // snippet-end
        #expect(try await app.resolve(NoteStore.self).notes == ["hello (request 1)", "hello (request 2)"])
        // The README's hint, for the service required outside a scope.
        #expect(throws: ResolutionFailure.self) { try app.require(NoteService.self) }
        do {
            _ = try app.require(NoteService.self)
        } catch {
            #expect(
                error.hint
                    == "it is provided per scope (ServerAssembly declares it #external with scope: .scoped): "
                    + "resolve 'NoteService' in a scope, from withScope(named:) or makeScope(named:)"
            )
        }
    }

    @MainActor @Test func tracks() throws {
        let env = ServiceEnv(name: "tracks")
        // snippet: scopes-tracks
        env.registerMain(Screen.self) { Screen() }  // a @MainActor type: the main track
        let screen = try env.resolveMain(Screen.self)  // on the main actor
        // snippet-end
        #expect(screen.title == "Notes")
        #expect(throws: ServiceError.self) { try env.resolveMain(Int.self) }
    }

    @Test func scopes() throws {
        let env = ServiceEnv(name: "scopes")
        let built = Atomic(0)
        // snippet: scopes-kinds
        env.register(Counter.self, scope: .transient) {
            Counter(id: built.add(1, ordering: .relaxed).newValue)
        }
        let first = try env.resolve(Counter.self)
        let second = try env.resolve(Counter.self)
        print(first.id, second.id)  // 1 2: a new instance on every resolve
        // snippet-end
        #expect(first.id != second.id)
    }

    @Test func weak() throws {
        // snippet: scopes-weak
        final class EditorSession: Sendable {}

        let env = ServiceEnv(name: "editor")
        env.register(EditorSession.self, scope: .weak) { EditorSession() }
        var window: EditorSession? = try env.resolve(EditorSession.self)
        let inspector = try env.resolve(EditorSession.self)
        print(window === inspector)  // true: shared while something holds it
        window = nil
        // once the inspector lets go too, the next resolve builds a new session
        // snippet-end
        #expect(window == nil)
        let identity = ObjectIdentifier(inspector)
        #expect(ObjectIdentifier(try env.resolve(EditorSession.self)) == identity)
    }

    @Test func immortal() throws {
        // snippet: scopes-immortal
        final class ConnectionPool: Sendable {}

        let app = ServiceEnv(name: "server")
        app.register(ConnectionPool.self, scope: .immortal) { ConnectionPool() }
        let pool = try app.resolve(ConnectionPool.self)  // from every request, on every core
        // snippet-end
        #expect(try app.resolve(ConnectionPool.self) === pool)
    }

    @Test func immortalInProductionOnly() throws {
        let production = ServiceEnv(name: "production")
        let test = ServiceEnv(name: "test")
        registerLimits(in: production, production: true)
        registerLimits(in: test, production: false)
        #expect(try production.resolve(RateLimits.self) === production.resolve(RateLimits.self))
        #expect(try test.resolve(RateLimits.self) !== production.resolve(RateLimits.self))
    }

    @Test func exactlyOnce() async throws {
        let env = ServiceEnv(name: "once")
        // snippet: scopes-exactly-once
        let builds = Atomic(0)
        env.register(Counter.self) {  // a singleton
            Counter(id: builds.add(1, ordering: .relaxed).newValue)
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { _ = try? env.resolve(Counter.self) }
            }
        }
        print(builds.load(ordering: .relaxed))  // 1, however many tasks asked first
        // snippet-end
        #expect(builds.load(ordering: .relaxed) == 1)
    }

    @Test func disposal() async throws {
        // snippet: scopes-disposal
        let services = ServiceEnv(name: "server")
        services.register(ConnectionPool.self) { ConnectionPool() }
        let pool = try services.resolve(ConnectionPool.self)

        try await services.shutdown()  // drops the caches, disposes newest first, waits
        print(await pool.isOpen)  // false
        // snippet-end
        #expect(await !pool.isOpen)
    }
}
