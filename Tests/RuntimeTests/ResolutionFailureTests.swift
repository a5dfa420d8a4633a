import Service
import Testing

private struct RequestContext: Sendable {}

private struct NoteService: Sendable {
    let context: RequestContext
}

private struct NoteController: Sendable {
    let service: NoteService
}

private struct Stats: Sendable {}

/// A handler as a server writes it: its dependencies are property wrappers.
private struct StatsHandler: Sendable {
    @Service var stats: Stats
}

@Suite("Errors that say where")
struct ResolutionFailureTests {
    /// An app whose `NoteController` needs `NoteService`, which needs the unregistered `RequestContext`.
    private func app(controllerScope: ServiceScope = .transient) -> ServiceEnv {
        let app = ServiceEnv(name: "app")
        app.register(NoteService.self, scope: .transient) {
            NoteService(context: try ServiceEnv.current.resolve(RequestContext.self))
        }
        app.register(NoteController.self, scope: controllerScope) {
            NoteController(service: try ServiceEnv.current.resolve(NoteService.self))
        }
        return app
    }

    @Test("a nested notRegistered names the environment that was asked and the whole chain")
    func nestedNotRegistered() throws {
        let scope = app().makeScope(named: "request abc")
        do {
            _ = try scope.require(NoteController.self)
            Issue.record("require should have thrown")
        } catch {
            guard case .notRegistered(let missing) = error.error else {
                Issue.record("expected notRegistered, got \(error.error)")
                return
            }
            #expect(missing == "RequestContext")
            #expect(error.environment == "request abc")
            #expect(error.chain == ["NoteController", "NoteService", "RequestContext"])
            #expect(
                error.description
                    == "Service 'RequestContext' is not registered in ServiceEnv (environment 'request abc'; "
                    + "resolving NoteController -> NoteService -> RequestContext)"
            )
        }
    }

    @Test("resolve still throws the baseline error, with the baseline description")
    func resolveUnchanged() throws {
        let error = serviceError { try app().resolve(NoteController.self) }
        #expect(error?.description == "Service 'RequestContext' is not registered in ServiceEnv")
    }

    @Test("the chain runs through a singleton that a scope leaves to its parent")
    func chainThroughSharedSingleton() throws {
        let scope = app(controllerScope: .singleton).makeScope(named: "request 1")
        #expect(throws: ResolutionFailure.self) { try scope.require(NoteController.self) }
        do {
            _ = try scope.require(NoteController.self)
            Issue.record("require should have thrown")
        } catch {
            #expect(error.environment == "request 1")
            #expect(error.chain == ["NoteController", "NoteService", "RequestContext"])
        }
    }

    @Test("a factory's own error names the chain down to the failing service")
    func factoryFailure() throws {
        struct Offline: Error {}
        let env = ServiceEnv(name: "jobs")
        env.register(RequestContext.self) { throw Offline() }
        env.register(NoteService.self) { NoteService(context: try ServiceEnv.current.resolve(RequestContext.self)) }
        do {
            _ = try env.require(NoteService.self)
            Issue.record("require should have thrown")
        } catch {
            guard case .factoryFailed(let failing, let underlying) = error.error else {
                Issue.record("expected factoryFailed, got \(error.error)")
                return
            }
            #expect(failing == "RequestContext")
            #expect(underlying is Offline)
            #expect(error.chain == ["NoteService", "RequestContext"])
        }
    }

    @Test("a cycle reports the cycle's own chain")
    func cycleChain() throws {
        let env = ServiceEnv(name: "cycle")
        env.register(NoteService.self) {
            _ = try ServiceEnv.current.resolve(NoteController.self)
            return NoteService(context: RequestContext())
        }
        env.register(NoteController.self) {
            NoteController(service: try ServiceEnv.current.resolve(NoteService.self))
        }
        do {
            _ = try env.require(NoteController.self)
            Issue.record("require should have thrown")
        } catch {
            #expect(error.chain == ["NoteController", "NoteService", "NoteController"])
        }
    }

    @Test("a top-level miss names just the service")
    func topLevelMiss() throws {
        let env = ServiceEnv(name: "empty")
        do {
            _ = try env.require(Stats.self)
            Issue.record("require should have thrown")
        } catch {
            #expect(error.chain == ["Stats"])
            #expect(error.environment == "empty")
        }
    }

    @Test("an earlier, handled failure on the thread does not leak into a later one")
    func staleTraceIgnored() throws {
        let scope = app().makeScope(named: "request 2")
        _ = try? scope.resolve(NoteController.self)
        let env = ServiceEnv(name: "other")
        do {
            _ = try env.require(RequestContext.self)
            Issue.record("require should have thrown")
        } catch {
            #expect(error.chain == ["RequestContext"])
            #expect(error.environment == "other")
        }
    }

    @Test("requireAsync names the chain of an async construction")
    func asyncChain() async throws {
        let env = ServiceEnv(name: "async app")
        env.register(NoteService.self) { () async throws -> NoteService in
            await Task.yield()
            return NoteService(context: try await ServiceEnv.current.resolveAsync(RequestContext.self))
        }
        do {
            _ = try await env.makeScope(named: "request 3").requireAsync(NoteService.self)
        } catch {
            #expect(error.environment == "request 3")
            #expect(error.chain == ["NoteService", "RequestContext"])
        }
    }

    @Test("a wrapper's throwing access names the environment and the chain instead of trapping")
    func wrapperThrowingAccess() throws {
        let scope = ServiceEnv(name: "app").makeScope(named: "request abc")
        let handler = ServiceEnv.$current.withValue(scope) { StatsHandler() }
        do {
            _ = try handler.$stats.get()
            Issue.record("get() should have thrown")
        } catch {
            #expect(error.environment == "request abc")
            #expect(error.chain == ["Stats"])
        }
        scope.register(Stats())
        #expect(throws: Never.self) { try handler.$stats.get() }
    }

    @Test("a non-optional wrapper's trap message names the environment and the chain")
    func wrapperTrapMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let scope = ServiceEnv(name: "app").makeScope(named: "request abc")
            let handler = ServiceEnv.$current.withValue(scope) { StatsHandler() }
            _ = handler.stats
        }.map { result in
            let message = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                message.contains(
                    "Service 'Stats' is not registered in ServiceEnv (environment 'request abc'; resolving Stats)"
                )
            )
        }
    }
}
