import Service
import Testing

/// What one request registers in its scope.
private struct RequestContext: Sendable {
    let id: Int
}

/// A scoped service that reads the request's context.
private final class RequestLog: Sendable {
    let requestID: Int

    init(requestID: Int) {
        self.requestID = requestID
    }
}

/// A singleton of the application, whose identity shows whether scopes share it.
private final class NoteStore: Sendable {}

/// An app whose `NoteStore` singleton is built and cached, and that instance.
private func appWithCachedStore() throws -> (ServiceEnv, NoteStore) {
    let app = ServiceEnv(name: "app")
    app.register(NoteStore.self) { NoteStore() }
    return (app, try app.resolve(NoteStore.self))
}

/// An object whose lifetime a test watches through a weak reference.
private final class Token: Sendable {}

/// The distinct instances that `count` concurrent tasks running `body` (with their index) return.
private func identities(
    fromTasks count: Int,
    _ body: @escaping @Sendable (Int) async throws -> AnyObject,
) async throws -> Set<ObjectIdentifier> {
    try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
        for index in 0..<count {
            group.addTask { ObjectIdentifier(try await body(index)) }
        }
        var identities = Set<ObjectIdentifier>()
        for try await identity in group {
            identities.insert(identity)
        }
        return identities
    }
}

@Suite("Request scopes")
struct RequestScopeTests {
    @Test("a scope shares the singletons of its parent, built once by the parent")
    func sharesSingletons() throws {
        let app = ServiceEnv(name: "app")
        let builds = Counter()
        app.register(NoteStore.self) {
            builds.increment()
            return NoteStore()
        }
        let first = try app.makeScope(named: "request 1").resolve(NoteStore.self)
        let second = try app.makeScope(named: "request 2").resolve(NoteStore.self)
        #expect(first === second)
        #expect(try app.resolve(NoteStore.self) === first)
        #expect(builds.value == 1)
    }

    @Test("a singleton a scope registers itself lives in that scope only")
    func ownSingletonStaysInScope() throws {
        let app = ServiceEnv(name: "app")
        app.register(NoteStore.self) { NoteStore() }
        let scope = app.makeScope(named: "request")
        scope.register(NoteStore.self) { NoteStore() }
        let own = try scope.resolve(NoteStore.self)
        #expect(try scope.resolve(NoteStore.self) === own)
        #expect(try app.resolve(NoteStore.self) !== own)
    }

    @Test("a scoped service is built once per scope and sees that scope's registrations")
    func scopedServicePerScope() throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestLog.self, scope: .scoped) {
            RequestLog(requestID: try ServiceEnv.current.resolve(RequestContext.self).id)
        }
        let one = app.makeScope(named: "request 1")
        one.register(RequestContext(id: 1))
        let two = app.makeScope(named: "request 2")
        two.register(RequestContext(id: 2))
        let log = try one.resolve(RequestLog.self)
        #expect(try one.resolve(RequestLog.self) === log)
        #expect(log.requestID == 1)
        #expect(try two.resolve(RequestLog.self).requestID == 2)
    }

    @Test("a transient service inherited by a scope is built in the scope, with its registrations")
    func transientSeesScope() throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestLog.self, scope: .transient) {
            RequestLog(requestID: try ServiceEnv.current.resolve(RequestContext.self).id)
        }
        let scope = app.makeScope(named: "request 9")
        scope.register(RequestContext(id: 9))
        #expect(try scope.resolve(RequestLog.self).requestID == 9)
    }

    @Test("a scope's services are released when the scope goes away; the parent's stay")
    func releasedWithScope() throws {
        let app = ServiceEnv(name: "app")
        app.register(NoteStore.self) { NoteStore() }
        app.register(RequestLog.self, scope: .scoped) { RequestLog(requestID: 0) }
        weak var log: RequestLog?
        weak var store: NoteStore?
        do {
            let scope = app.makeScope(named: "request")
            log = try scope.resolve(RequestLog.self)
            store = try scope.resolve(NoteStore.self)
            #expect(log != nil)
        }
        #expect(log == nil)
        #expect(store != nil)
    }

    @Test("withScope binds the scope as current for its body")
    func withScopeBindsCurrent() throws {
        let app = ServiceEnv(name: "app")
        let id = try app.withScope(named: "request 7") { scope in
            scope.register(RequestContext(id: 7))
            #expect(ServiceEnv.current.isScope)
            #expect(ServiceEnv.current.name == "request 7")
            return try ServiceEnv.current.resolve(RequestContext.self).id
        }
        #expect(id == 7)
        #expect(!app.isScope)
    }

    @Test("1,000 concurrent scopes share one singleton built once and never see another's context")
    func concurrentScopes() async throws {
        let app = ServiceEnv(name: "app")
        let builds = Counter()
        app.register(NoteStore.self) {
            builds.increment()
            return NoteStore()
        }
        app.register(RequestLog.self, scope: .scoped) {
            RequestLog(requestID: try ServiceEnv.current.resolve(RequestContext.self).id)
        }
        let stores = try await identities(fromTasks: 1_000) { id in
            try await app.withScope(named: "request \(id)") { scope in
                scope.register(RequestContext(id: id))
                let log = try ServiceEnv.current.resolve(RequestLog.self)
                await Task.yield()
                #expect(log.requestID == id)
                #expect(try scope.resolve(RequestLog.self) === log)
                return try ServiceEnv.current.resolve(NoteStore.self)
            }
        }
        #expect(stores.count == 1)
        #expect(builds.value == 1)
    }

    @Test("an async singleton is built once for all scopes")
    func asyncSingletonShared() async throws {
        let app = ServiceEnv(name: "app")
        let builds = Counter()
        app.register(NoteStore.self) { () async throws -> NoteStore in
            builds.increment()
            await Task.yield()
            return NoteStore()
        }
        let stores = try await identities(fromTasks: 50) { id in
            try await app.makeScope(named: "request \(id)").resolveAsync(NoteStore.self)
        }
        #expect(stores.count == 1)
        #expect(builds.value == 1)
    }

    @Test("scopes nest: an inner scope shares the outer scope's singletons and the app's")
    func nestedScopes() throws {
        let app = ServiceEnv(name: "app")
        app.register(NoteStore.self) { NoteStore() }
        let session = app.makeScope(named: "session")
        session.register(Database.self) { Database(url: "session") }
        let request = session.makeScope(named: "request")
        #expect(try request.resolve(Database.self) === session.resolve(Database.self))
        #expect(try request.resolve(NoteStore.self) === app.resolve(NoteStore.self))
    }

    @Test("a scope of an override environment shares the override environment's instances")
    func scopeOfOverride() throws {
        let app = ServiceEnv(name: "app")
        app.register(NoteStore.self) { NoteStore() }
        let test = ServiceEnv(name: "test", parent: app)
        let first = try test.makeScope(named: "request 1").resolve(NoteStore.self)
        #expect(try test.makeScope(named: "request 2").resolve(NoteStore.self) === first)
        #expect(try test.resolve(NoteStore.self) === first)
        #expect(try app.resolve(NoteStore.self) !== first)
    }

    @Test("a scope keeps its parent alive for as long as the scope lives, and no longer")
    func scopeKeepsParentAlive() throws {
        weak var token: Token?
        var scope: ServiceEnv? = {
            let app = ServiceEnv(name: "app")
            let captured = Token()
            token = captured
            app.register(NoteStore.self) {
                _ = captured
                return NoteStore()
            }
            return app.makeScope(named: "request")
        }()
        #expect(token != nil, "the scope holds the app, whose registration holds the token")
        #expect(try scope?.resolve(NoteStore.self) != nil)
        scope = nil
        #expect(token == nil, "the app went with its last scope")
    }

    // NB: the three tests below resolve the app's singleton first, so that a scope could read it
    // from the app's cache, which a scope does without looking at registrations on the way only
    // when nothing between registered the type.

    @Test("a scope's own registration wins over the app's cached singleton, whatever its form")
    func ownRegistrationBeatsCachedSingleton() async throws {
        let (app, appStore) = try appWithCachedStore()
        let scope = app.makeScope(named: "request")
        scope.register(NoteStore.self) { (_: Int) in NoteStore() }
        #expect(throws: ServiceError.self) { try scope.resolve(NoteStore.self) }
        #expect(throws: ServiceError.self) { try scope.resolveIfRegistered(NoteStore.self) }
        #expect(try scope.resolve(NoteStore.self, arguments: 1) !== appStore)
        await #expect(throws: ServiceError.self) { try await scope.resolveAsync(NoteStore.self) }
        #expect(try await scope.resolveAsync(NoteStore.self, arguments: 1) !== appStore)
    }

    @Test("an inner scope shares what the outer scope registered, not the app's cached singleton")
    func outerScopeBeatsCachedSingleton() async throws {
        let (app, appStore) = try appWithCachedStore()
        let session = app.makeScope(named: "session")
        session.register(NoteStore.self) { NoteStore() }
        let sessionStore = try session.resolve(NoteStore.self)
        #expect(sessionStore !== appStore)
        let request = session.makeScope(named: "request")
        #expect(try request.resolve(NoteStore.self) === sessionStore)
        #expect(try request.resolveIfRegistered(NoteStore.self) === sessionStore)
        #expect(try await request.resolveAsync(NoteStore.self) === sessionStore)
    }

    @Test("a scope of an override environment never reads the app's cached singleton")
    func overrideBeatsCachedSingleton() async throws {
        let (app, appStore) = try appWithCachedStore()
        let test = ServiceEnv(name: "test", parent: app)
        let testStore = try test.resolve(NoteStore.self)
        #expect(testStore !== appStore)
        #expect(try test.makeScope(named: "request").resolve(NoteStore.self) === testStore)
        #expect(try test.makeScope(named: "request").resolveIfRegistered(NoteStore.self) === testStore)
        #expect(try await test.makeScope(named: "request").resolveAsync(NoteStore.self) === testStore)
    }

    // NB: the three tests below resolve, in a scope, services that are not shared: a scope builds
    // those in its own slot, with the registration its one walk up the chain found first.

    @Test("an inner scope builds the outer scope's registration of a transient, not the app's")
    func outerScopeBeatsAppTransient() async throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestLog.self, scope: .transient) { RequestLog(requestID: 0) }
        let session = app.makeScope(named: "session")
        session.register(RequestLog.self, scope: .transient) { RequestLog(requestID: 7) }
        let request = session.makeScope(named: "request")
        #expect(try request.resolve(RequestLog.self).requestID == 7)
        #expect(try request.resolveIfRegistered(RequestLog.self)?.requestID == 7)
        #expect(try await request.resolveAsync(RequestLog.self).requestID == 7)
        #expect(try app.makeScope(named: "other").resolve(RequestLog.self).requestID == 0)
    }

    @Test("a scoped service of the app is built once in each scope that resolves it, nested ones too")
    func scopedServiceInNestedScopes() async throws {
        let app = ServiceEnv(name: "app")
        let builds = Counter()
        app.register(RequestLog.self, scope: .scoped) { RequestLog(requestID: builds.increment()) }
        let session = app.makeScope(named: "session")
        let request = session.makeScope(named: "request")
        let inner = try request.resolve(RequestLog.self)
        #expect(try request.resolveIfRegistered(RequestLog.self) === inner)
        #expect(try await request.resolveAsync(RequestLog.self) === inner)
        let outer = try await session.resolveAsync(RequestLog.self)
        #expect(outer !== inner)
        #expect(try session.resolve(RequestLog.self) === outer)
        #expect(try session.resolveIfRegistered(RequestLog.self) === outer)
        #expect(builds.value == 2)
    }

    @Test("an inherited registration a plain resolve cannot build is an error in a scope as in the app")
    @MainActor
    func unbuildableInheritedRegistration() async throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestLog.self, scope: .transient) { (id: Int) in RequestLog(requestID: id) }
        app.registerMain(RequestContext.self, scope: .transient) { RequestContext(id: 1) }
        let scope = app.makeScope(named: "request")
        for env in [app, scope] {
            guard case .factoryFailed? = serviceError({ try env.resolve(RequestLog.self) }) else {
                Issue.record("resolving RequestLog without its argument in \(env.name) did not fail as it should")
                continue
            }
            #expect(try env.resolve(RequestLog.self, arguments: 3).requestID == 3)
            guard case .notRegistered? = serviceError({ try env.resolve(RequestContext.self) }) else {
                Issue.record("RequestContext, registered on the MainActor track, resolved in \(env.name)")
                continue
            }
            #expect(try env.resolveIfRegistered(RequestContext.self) == nil)
            #expect(try await env.resolveAsyncIfRegistered(RequestContext.self) == nil)
            await #expect(throws: ServiceError.self) { try await env.resolveAsync(RequestLog.self) }
            #expect(try env.resolveMain(RequestContext.self).id == 1)
        }
    }

    @Test("an override environment still builds its own instances of inherited singletons")
    func overrideEnvironmentUnchanged() throws {
        let app = ServiceEnv(name: "app")
        app.register(NoteStore.self) { NoteStore() }
        let test = ServiceEnv(name: "test", parent: app)
        #expect(!test.isScope)
        #expect(try test.resolve(NoteStore.self) !== app.resolve(NoteStore.self))
    }
}

@Suite("Captive dependencies")
struct CaptiveDependencyTests {
    @Test("a singleton that needs what only a scope registers is a captive-dependency error")
    func singletonNeedsScopeRegistration() throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestLog.self) {
            RequestLog(requestID: try ServiceEnv.current.resolve(RequestContext.self).id)
        }
        let scope = app.makeScope(named: "request 1")
        scope.register(RequestContext(id: 1))
        let error = serviceError { try scope.resolve(RequestLog.self) }
        #expect(
            usageError(error)
                == .captiveDependency(serviceType: "RequestLog", dependency: "RequestContext", environment: "app")
        )
        // NB: nothing was cached: the next scope gets the same error, never request 1's value.
        let next = app.makeScope(named: "request 2")
        next.register(RequestContext(id: 2))
        #expect(usageError(serviceError { try next.resolve(RequestLog.self) }) != nil)
    }

    @Test("a singleton that needs a scoped service is a captive-dependency error")
    func singletonNeedsScopedService() throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestContext.self, scope: .scoped) { RequestContext(id: 0) }
        app.register(RequestLog.self) {
            RequestLog(requestID: try ServiceEnv.current.resolve(RequestContext.self).id)
        }
        let error = serviceError { try app.makeScope(named: "request").resolve(RequestLog.self) }
        #expect(
            usageError(error)
                == .captiveDependency(serviceType: "RequestLog", dependency: "RequestContext", environment: "app")
        )
        #expect(
            error?.description == """
                Factory failed to create service 'RequestLog': 'RequestLog' is shared by every scope of 'app' \
                but depends on 'RequestContext', which each scope provides for itself; make 'RequestLog' scoped \
                or transient, or provide 'RequestContext' in 'app'
                """
        )
    }

    @Test("a singleton's provider of a scoped service resolves where the singleton was built, not in the scope")
    func providerInSingletonDoesNotReachTheScope() throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestContext.self, scope: .scoped) { RequestContext(id: 0) }
        app.register(ServiceProvider<RequestContext>.self) { ServiceProvider(RequestContext.self) }
        let scope = app.makeScope(named: "request")
        let provider = try scope.resolve(ServiceProvider<RequestContext>.self)
        #expect(try scope.resolve(RequestContext.self).id == 0)
        let error = serviceError { try provider() }
        #expect(usageError(error) == .outsideScope(serviceType: "RequestContext", environment: "app"))
    }

    @Test("a scoped service resolved outside any scope is an error naming the environment")
    func scopedOutsideScope() throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestLog.self, scope: .scoped) { RequestLog(requestID: 0) }
        let error = serviceError { try app.resolve(RequestLog.self) }
        #expect(usageError(error) == .outsideScope(serviceType: "RequestLog", environment: "app"))
        let override = ServiceEnv(name: "test", parent: app)
        #expect(usageError(serviceError { try override.resolve(RequestLog.self) }) != nil)
    }

    @Test("a transient that needs a scope's registration is fine inside the scope")
    func transientIsNotCaptive() throws {
        let app = ServiceEnv(name: "app")
        app.register(RequestLog.self, scope: .transient) {
            RequestLog(requestID: try ServiceEnv.current.resolve(RequestContext.self).id)
        }
        let scope = app.makeScope(named: "request 3")
        scope.register(RequestContext(id: 3))
        #expect(try scope.resolve(RequestLog.self).requestID == 3)
    }
}
