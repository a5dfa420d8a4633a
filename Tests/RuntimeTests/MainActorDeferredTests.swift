import Service
import Testing

/// A `Lazy` or `ServiceProvider` of a service that only `registerMain` registers: a `@MainActor`
/// service breaks a construction cycle with another one this way.
@Suite("Lazy and ServiceProvider of MainActor services")
@MainActor
struct MainActorDeferredTests {
    @Test("a @MainActor service's Lazy and ServiceProvider of a #registerMain service resolve it on the main actor")
    func injectedOnTheMainActor() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(NavigationAssembly())
        let toolbar = try env.resolveMain(Toolbar.self)
        let navigator = try env.resolveMain(Navigator.self)
        #expect(try toolbar.navigator.resolve() === navigator)
        #expect(toolbar.navigator.value === navigator)
        #expect(try toolbar.makeNavigator() === navigator)
        #expect(try toolbar.makeDraft() !== toolbar.makeDraft())
    }

    @Test("two @MainActor services that need each other break the cycle with a Lazy")
    func cycleBrokenByLazy() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(NavigationAssembly())
        let lobby = try env.resolveMain(Lobby.self)
        #expect(lobby.door?.lobby.value === lobby)
        #expect(try env.resolveMain(Door.self) === lobby.door)
    }

    @Test("a Lazy of a service registered with registerMain and a closure resolves it on the main actor")
    func closureRegistration() async throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(Draft.self, scope: .transient) { Draft() }
        let lazy = Lazy(Draft.self, in: env)
        let provider = ServiceProvider(Draft.self, in: env)
        #expect(try lazy.resolve() === lazy.resolve())
        #expect(try provider() !== provider())
        #expect(try await provider.resolveAsync() !== provider())
    }

    @Test("a ServiceProvider's async resolve of a MainActor service hops to the main actor")
    func asyncFromElsewhere() async throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(Draft.self, scope: .transient) { Draft() }
        let provider = ServiceProvider(Draft.self, in: env)
        let draft = try await Task.detached { try await provider.resolveAsync() }.value
        #expect(draft !== (try provider()))
    }

    @Test("off the main actor, a Lazy or ServiceProvider of a MainActor service throws the usage error")
    func offTheMainActor() async throws {
        let env = ServiceEnv(name: "navigation")
        env.registerMain(Draft.self, scope: .transient) { Draft() }
        let lazy = Lazy(Draft.self, in: env)
        let provider = ServiceProvider(Draft.self, in: env)
        let failures: [Result<Draft, ServiceError>] = await Task.detached {
            [
                Result { () throws(ServiceError) in try lazy.resolve() },
                Result { () throws(ServiceError) in try provider() },
            ]
        }.value
        let expected = ServiceUsageError.mainActorService(serviceType: "Draft", environment: "navigation")
        for failure in failures {
            guard case .failure(.factoryFailed(let serviceType, let underlying)) = failure else {
                Issue.record("expected the usage error, got \(failure)")
                continue
            }
            #expect(serviceType == "Draft")
            #expect(underlying as? ServiceUsageError == expected)
        }
        #expect(
            expected.description
                == "'Draft' is registered in 'navigation' with registerMain, so a Lazy or ServiceProvider of it "
                + "resolves it on the main actor only; use it there, or register 'Draft' with register"
        )
        // Resolved on the main actor, the Lazy keeps its value and hands it out anywhere.
        let kept = try lazy.resolve()
        #expect(await Task.detached { try? lazy.resolve() }.value === kept)
    }

    @Test("a MainActor service with an async factory: a Lazy says to await it, a provider's resolveAsync builds it")
    func asyncFactory() async throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(Draft.self) { () async -> Draft in Draft() }
        let lazy = Lazy(Draft.self, in: env)
        do {
            _ = try lazy.resolve()
            Issue.record("expected the async factory's usage error")
        } catch .factoryFailed(_, let underlying) {
            #expect(underlying as? ServiceUsageError == .asyncFactory(serviceType: "Draft"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        let built = try await ServiceProvider(Draft.self, in: env).resolveAsync()
        // NB: the Lazy's first resolve failed, so this one resolves again, and finds the singleton.
        #expect(try lazy.resolve() === built)
    }

    @Test("what neither track registers, and a missing dependency of a Sendable service, are not registered")
    func stillNotRegistered() throws {
        let env = ServiceEnv(name: #function)
        env.registerMain(Draft.self) { Draft() }
        env.register(Note.self) {
            _ = try ServiceEnv.current.resolve(Draft.self)
            return Note()
        }
        #expect(missing(Navigator.self, in: env) == "Navigator")
        // NB: the Sendable track registers 'Note'; 'Draft', which it needs, is not tried on the other.
        #expect(missing(Note.self, in: env) == "Draft")
    }

    /// The type a `Lazy` of `type` reports as not registered, or nil.
    private func missing<T: Sendable>(_ type: T.Type, in env: ServiceEnv) -> String? {
        do {
            _ = try Lazy(type, in: env).resolve()
            return nil
        } catch .notRegistered(let serviceType) {
            return serviceType
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }
}

struct Note: Sendable {}

@Injectable
@MainActor
final class Navigator {
    init() {}
}

@Injectable
@MainActor
final class Draft {
    init() {}
}

@Injectable
@MainActor
final class Toolbar {
    let navigator: Lazy<Navigator>
    let makeNavigator: ServiceProvider<Navigator>
    let makeDraft: ServiceProvider<Draft>

    init(navigator: Lazy<Navigator>, makeNavigator: ServiceProvider<Navigator>, makeDraft: ServiceProvider<Draft>) {
        self.navigator = navigator
        self.makeNavigator = makeNavigator
        self.makeDraft = makeDraft
    }
}

@Injectable
@MainActor
final class Lobby {
    // NB: weak, so that the test's objects do not keep each other alive once the Lazy is resolved
    // (the environment holds both); the construction cycle is the same.
    weak var door: Door?

    init(door: Door) {
        self.door = door
    }
}

@Injectable
@MainActor
final class Door {
    let lobby: Lazy<Lobby>

    init(lobby: Lazy<Lobby>) {
        self.lobby = lobby
    }
}

@Assembly
struct NavigationAssembly {
    #registerMain(Navigator.self)
    #registerMain(Toolbar.self)
    #registerMain(Draft.self, scope: .transient)
    #registerMain(Lobby.self)
    #registerMain(Door.self)
}
