import Service
import Testing

/// A singleton the tests below cache, then read with `resolveAsync`.
final class AsyncReadCatalog: Sendable {}

/// `resolveAsync` returns a cached instance before it awaits anything (read synchronously, in
/// its caller's frame): what that read must still do.
@Suite("resolveAsync of a cached instance")
struct AsyncCachedReadTests {
    @Test("with a trace on, the cached read is traced, in the environment that answered it")
    func traced() async throws {
        let app = ServiceEnv(name: #function)
        app.register(AsyncReadCatalog.self) { AsyncReadCatalog() }
        let catalog = try await app.resolveAsync(AsyncReadCatalog.self)
        let events = Shared<[String]>([])
        let record: @Sendable (ResolutionTrace) -> Void = { trace in
            events.withLock { $0 += trace.events.map { "\($0.service) \($0.outcome) \($0.environment)" } }
        }
        let read = try await ServiceEnv.withResolutionTrace(record) { () async throws -> [AsyncReadCatalog?] in
            [
                try await app.resolveAsync(AsyncReadCatalog.self),
                try await app.makeScope(named: "request").resolveAsync(AsyncReadCatalog.self),
                try await app.resolveAsyncIfRegistered(AsyncReadCatalog.self),
            ]
        }
        #expect(read.allSatisfy { $0 === catalog })
        #expect(events.withLock { $0 }.count == 3, "\(events.withLock { $0 })")
        #expect(events.withLock { $0 }.allSatisfy { $0 == "AsyncReadCatalog cached \(#function)" })
    }

    @Test("from a scope, the application's cached instance; after a reset, a new one; a child override its own")
    func sharedAndReset() async throws {
        let app = ServiceEnv(name: #function)
        app.register(AsyncReadCatalog.self) { AsyncReadCatalog() }
        let scope = app.makeScope(named: "request")
        let first = try await scope.resolveAsync(AsyncReadCatalog.self)
        #expect(try await app.resolveAsync(AsyncReadCatalog.self) === first)
        #expect(try await scope.resolveAsync(AsyncReadCatalog.self, tags: ServiceTags()) === first)
        app.resetCaches()
        let second = try await scope.resolveAsync(AsyncReadCatalog.self)
        #expect(second !== first)
        #expect(try await app.resolveAsync(AsyncReadCatalog.self) === second)
        let child = ServiceEnv(name: "child", parent: app)
        let own = try await child.resolveAsync(AsyncReadCatalog.self)
        #expect(own !== second)
        #expect(try await child.resolveAsync(AsyncReadCatalog.self) === own)
    }

    @Test("an instance given to register(_:), an .immortal singleton and a tagged one, read the same way")
    func otherCaches() async throws {
        let env = ServiceEnv(name: #function)
        let given = AsyncReadCatalog()
        env.register(given)
        env.register(Logger.self, scope: .immortal) { Logger(label: "immortal") }
        env.register(Logger.self, tags: "audit") { Logger(label: "audit") }
        #expect(try await env.resolveAsync(AsyncReadCatalog.self) === given)
        #expect(try await env.resolveAsync(AsyncReadCatalog.self) === given)
        let immortal = try await env.resolveAsync(Logger.self)
        #expect(try await env.resolveAsync(Logger.self) === immortal)
        let audit = try await env.resolveAsync(Logger.self, tags: "audit")
        #expect(audit.label == "audit")
        #expect(try await env.resolveAsync(Logger.self, tags: ServiceTags("audit")) === audit)
        #expect(try await env.resolveAsyncIfRegistered(Logger.self, tags: "missing") == nil)
    }
}
