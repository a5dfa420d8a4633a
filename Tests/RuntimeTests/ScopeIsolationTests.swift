import Service
import Testing

/// The request's value.
struct ScopeIsolationContext: Sendable {
    let id: Int
}

/// A request handler with state of its own, as a server's per-connection actor might keep.
actor ScopeIsolationHandler {
    private var served: [Int] = []
    private let app: ServiceEnv

    init(app: ServiceEnv) {
        self.app = app
    }

    /// Opens a scope and, in its body, touches the actor's state without `await`: the body
    /// runs on this actor.
    func serve(_ id: Int) async throws -> [Int] {
        try await app.withScope(named: "request \(id)") { scope in
            scope.register(ScopeIsolationContext(id: id))
            assertIsolated()
            served.append(try await ServiceEnv.current.resolveAsync(ScopeIsolationContext.self).id)
            return served
        }
    }
}

/// `withScope(named:isolation:_:)`: the body runs on the caller's actor, with the scope bound as
/// `current`, and the binding ends with it.
@Suite("the async withScope on the caller's actor")
struct ScopeIsolationTests {
    @Test("on an actor: the body runs on it and sees the scope's context; current is the app again after")
    func onAnActor() async throws {
        let app = ServiceEnv(name: #function)
        let handler = ScopeIsolationHandler(app: app)
        #expect(try await handler.serve(1) == [1])
        #expect(try await handler.serve(2) == [1, 2])
        #expect(ServiceEnv.current.name != "request 2")
    }

    @Test("on the main actor: the body runs there, binds the scope, and a child task inherits it")
    @MainActor
    func onTheMainActor() async throws {
        let app = ServiceEnv(name: #function)
        let seen = try await app.withScope(named: "screen") { scope in
            MainActor.assertIsolated()
            scope.register(ScopeIsolationContext(id: 9))
            async let inherited = ServiceEnv.current.resolveAsync(ScopeIsolationContext.self).id
            return (ServiceEnv.current.name, try await inherited)
        }
        #expect(seen.0 == "screen")
        #expect(seen.1 == 9)
        #expect(ServiceEnv.current.name != "screen")
    }

    @Test("from a detached task: the body binds the scope across a suspension")
    func detached() async throws {
        let app = ServiceEnv(name: #function)
        let name = await Task.detached {
            await app.withScope(named: "job") { _ in
                await Task.yield()
                return ServiceEnv.current.name
            }
        }.value
        #expect(name == "job")
    }
}
