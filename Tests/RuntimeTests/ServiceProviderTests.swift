import Service
import Testing

@Suite("ServiceProvider")
struct ServiceProviderTests {
    @Test("a provider resolves nothing when created and resolves again on every call")
    func resolvesOnEveryCall() throws {
        let env = ServiceEnv(name: "provider")
        let runs = Counter()
        env.register(Database.self, scope: .transient) {
            runs.increment()
            return Database()
        }
        let provider = ServiceProvider(Database.self, in: env)
        #expect(runs.value == 0)
        let first = try provider()
        let second = try provider()
        #expect(first !== second)
        #expect(runs.value == 2)
    }

    @Test("the registered scope decides: a singleton provider returns the one instance")
    func scopeDecides() throws {
        let env = ServiceEnv(name: "provider")
        env.register(Database.self) { Database() }
        let provider = ServiceProvider(Database.self, in: env)
        #expect(try provider() === provider())
    }

    @Test("a provider resolves in the environment current when it was created and reports errors")
    func environmentAndErrors() async throws {
        let captured = ServiceEnv(name: "captured")
        let provider = ServiceEnv.$current.withValue(captured) { ServiceProvider<Logger>() }
        #expect(serviceError { try provider() } != nil)
        captured.register(Logger.self) { Logger(label: "captured") }
        #expect(try provider().label == "captured")
        captured.register(Database.self) { () async in Database(url: "async") }
        #expect(try await ServiceProvider(Database.self, in: captured).resolveAsync().url == "async")
    }

    @Test("a provider does not keep its environment alive, and says so when called after it is gone")
    @MainActor
    func doesNotRetainEnvironment() {
        let tracker = WeakTracker()
        var provider: ServiceProvider<Request>?
        do {
            let env = ServiceEnv(name: "short-lived")
            env.assemble(RequestAssembly())
            let handler = try? env.resolve(RequestHandler.self)
            tracker.track(handler!)
            provider = handler?.makeRequest
        }
        #expect(tracker.aliveCount == 0)
        let error = serviceError { try provider?() }
        #expect(usageError(error) == .environmentReleased(environment: "short-lived"))
    }

    @Test("an @Injectable type takes a ServiceProvider dependency, which also breaks a cycle")
    @MainActor
    func injectedProvider() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(RequestAssembly())
        let handler = try env.resolve(RequestHandler.self)
        #expect(try handler.makeRequest() !== handler.makeRequest())
        #expect(try handler.makeRequest().handler.resolve() === handler)
        #expect(RequestHandler.dependencies.map(\.description) == ["makeRequest: Request (provider)"])
    }
}

@Injectable
final class RequestHandler: Sendable {
    let makeRequest: ServiceProvider<Request>
    init(makeRequest: ServiceProvider<Request>) { self.makeRequest = makeRequest }
}

@Injectable
final class Request: Sendable {
    let handler: Lazy<RequestHandler>
    init(handler: Lazy<RequestHandler>) { self.handler = handler }
}

/// A cycle broken by `Lazy` and `ServiceProvider`, which the opt-in cycle check accepts.
@Assembly(checkCycles: true)
struct RequestAssembly {
    #register(RequestHandler.self)
    #register(Request.self, scope: .transient)
}
