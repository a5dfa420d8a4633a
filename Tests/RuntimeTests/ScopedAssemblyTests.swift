import Service
import Testing

/// What a request's scope registers.
struct ServerRequestContext: Sendable {
    let id: String
}

/// A singleton of the server, built by an `async` factory.
final class ServerNoteStore: Sendable {
    let opened: Int

    init(opened: Int) {
        self.opened = opened
    }

    /// Counts how many times the store was opened, for the test that binds it.
    @TaskLocal static var openings: Counter?

    static func open() async -> ServerNoteStore {
        await Task.yield()
        return ServerNoteStore(opened: openings?.increment() ?? 0)
    }
}

/// A per-request service: reads the request's context and the shared store.
@Injectable
struct ServerNoteService: Sendable {
    let context: ServerRequestContext
    let store: ServerNoteStore
}

/// A per-request service with the scoped lifetime.
@Injectable
final class ServerRequestLog: Sendable {
    let context: ServerRequestContext

    init(context: ServerRequestContext) {
        self.context = context
    }
}

/// A singleton that only needs shared services.
@Injectable
struct ServerStats: Sendable {
    let store: ServerNoteStore
}

@Assembly
struct ServerAssembly {
    #register(ServerNoteStore.self) { await ServerNoteStore.open() }
    #register(ServerStats.self)
    #register(ServerNoteService.self, scope: .transient)
    #register(ServerRequestLog.self, scope: .scoped)
    #external(ServerRequestContext.self, scope: .scoped)
}

/// A transient service whose singleton dependent the compiler cannot see through.
@Injectable
struct ServerAuditTrail: Sendable {
    let log: ServerRequestLog
}

/// A singleton that captures a per-request service through a transient one.
@Injectable
struct ServerAuditor: Sendable {
    let trail: ServerAuditTrail
}

@Assembly
struct CaptiveAssembly {
    #register(ServerRequestLog.self, scope: .scoped)
    #register(ServerAuditTrail.self, scope: .transient)
    #register(ServerAuditor.self)
    #external(ServerRequestContext.self, scope: .scoped)
}

@Suite("Scopes with generated wiring")
@MainActor
struct ScopedAssemblyTests {
    @Test("an async closure registers an async factory that every scope shares")
    func asyncClosureRegistration() async throws {
        let app = ServiceEnv(name: "server")
        app.assemble(ServerAssembly())
        let openings = Counter()
        let stores = try await ServerNoteStore.$openings.withValue(openings) {
            try await openStores(in: app)
        }
        #expect(stores.count == 1)
        #expect(openings.value == 1)
    }

    /// Resolves the store from 20 concurrent request scopes; returns the identities seen.
    private func openStores(in app: ServiceEnv) async throws -> Set<ObjectIdentifier> {
        try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for id in 0..<20 {
                group.addTask {
                    try await app.withScope(named: "request \(id)") { scope in
                        scope.register(ServerRequestContext(id: "\(id)"))
                        _ = try await ServiceEnv.current.resolveAsync(ServerNoteStore.self)
                        let service = try ServiceEnv.current.resolve(ServerNoteService.self)
                        #expect(service.context.id == "\(id)")
                        return ObjectIdentifier(service.store)
                    }
                }
            }
            var stores = Set<ObjectIdentifier>()
            for try await store in group {
                stores.insert(store)
            }
            return stores
        }
    }

    @Test("validate() accepts a per-scope declaration on the app and checks it inside a scope")
    func validateUnderstandsScopes() throws {
        let app = ServiceEnv(name: "server")
        app.assemble(ServerAssembly())
        #expect(throws: Never.self) { try app.validate() }

        let empty = app.makeScope(named: "request without context")
        #expect {
            try empty.validate()
        } throws: { error in
            (error as? ServiceValidationError)?.problems == [
                .missingDependency(
                    service: "ServerNoteService",
                    dependency: "ServerRequestContext",
                    label: "context",
                    origin: "ServerAssembly",
                ),
                .missingDependency(
                    service: "ServerRequestLog",
                    dependency: "ServerRequestContext",
                    label: "context",
                    origin: "ServerAssembly",
                ),
                .missingExternal(service: "ServerRequestContext", assembly: "ServerAssembly"),
            ]
        }

        let request = app.makeScope(named: "request 1")
        request.register(ServerRequestContext(id: "1"))
        #expect(throws: Never.self) { try request.validate() }
    }

    @Test("validate() reports a singleton that captures a per-scope service through a transient one")
    func validateReportsCaptives() throws {
        let app = ServiceEnv(name: "captive")
        app.assemble(CaptiveAssembly())
        #expect {
            try app.validate()
        } throws: { error in
            (error as? ServiceValidationError)?.problems == [
                .captiveDependency(service: "ServerAuditor", dependency: "ServerRequestLog", origin: "CaptiveAssembly")
            ]
        }
        let problem = ServiceValidationError.Problem.captiveDependency(
            service: "ServerAuditor",
            dependency: "ServerRequestLog",
            origin: "CaptiveAssembly",
        )
        #expect(
            problem.description
                == "'ServerAuditor' (CaptiveAssembly) is shared by every scope but depends on 'ServerRequestLog', "
                + "which each scope provides: register 'ServerAuditor' with scope .scoped or .transient"
        )
    }

    @Test("the captive singleton is an error at run time too, never one request's log")
    func captiveAtRunTime() throws {
        let app = ServiceEnv(name: "captive")
        app.assemble(CaptiveAssembly())
        let request = app.makeScope(named: "request 1")
        request.register(ServerRequestContext(id: "1"))
        let error = serviceError { try request.resolve(ServerAuditor.self) }
        let expected = ServiceUsageError.captiveDependency(
            serviceType: "ServerAuditor",
            dependency: "ServerRequestLog",
            environment: "captive",
        )
        #expect(usageError(error) == expected)
    }
}

/// A MainActor service, so that its assembly must be applied on the main actor.
@Injectable
@MainActor
final class ServerDashboard {
    init() {}
}

@Assembly
struct DashboardAssembly {
    #registerMain(ServerDashboard.self)
}

/// A Sendable-only assembly that includes a MainActor one.
@Assembly(includes: [DashboardAssembly.self])
struct ConsoleAssembly {
    #register(ServerNoteStore.self) { ServerNoteStore(opened: 0) }
    #register(ServerStats.self)
}

@Suite("Applying assemblies without the main actor")
struct NonisolatedAssemblyTests {
    @Test("a Sendable-only @Assembly applies from a task off the main actor, once per environment")
    func applyOffMainActor() async throws {
        let app = ServiceEnv(name: "server")
        await Task.detached {
            app.apply(ServerAssembly())
            app.apply(ServerAssembly())
        }.value
        #expect(app.assembledTables.map(\.name) == ["ServerAssembly"])
        #expect(app.graph().node(named: "ServerStats") != nil)
        let request = app.makeScope(named: "request")
        request.register(ServerRequestContext(id: "1"))
        _ = try await request.resolveAsync(ServerNoteStore.self)
        #expect(try request.resolve(ServerNoteService.self).context.id == "1")
    }

    @Test("an included Sendable-only assembly applies with its includer, off the main actor")
    func applyIncludedOffMainActor() async throws {
        let app = ServiceEnv(name: "client")
        await Task.detached { app.apply(TestAppCoreOnlyAssembly()) }.value
        #expect(app.assembledTables.map(\.name) == ["TestAppCoreOnlyAssembly", "CoreAssembly"])
    }

    @Test("an assembly that includes a MainActor one still applies with assemble(_:) on the main actor")
    @MainActor
    func includesMainActorAssembly() throws {
        let app = ServiceEnv(name: "console")
        app.assemble(ConsoleAssembly())
        #expect(app.assembledTables.map(\.name) == ["ConsoleAssembly", "DashboardAssembly"])
        #expect(try app.resolveMain(ServerDashboard.self) === app.resolveMain(ServerDashboard.self))
    }

    @Test("applying it off the main actor traps with a message that names the MainActor assembly")
    func includesMainActorAssemblyOffMain() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await Task.detached { ServiceEnv(name: "console").apply(ConsoleAssembly()) }.value
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(message.contains("'DashboardAssembly' registers MainActor services"))
        }
    }
}
