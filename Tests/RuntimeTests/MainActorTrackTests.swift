import Service
import Testing

@Suite("MainActor track")
@MainActor
struct MainActorTrackTests {
    @Test("registerMain with a factory resolves through resolveMain as a singleton")
    func registerMainFactory() throws {
        try withTestEnv { env throws in
            env.registerMain(ViewModel.self) { ViewModel(title: "Inbox") }
            let first = try env.resolveMain(ViewModel.self)
            #expect(first.title == "Inbox")
            #expect(try env.resolveMain(ViewModel.self) === first)
        }
    }

    @Test("registerMain honours the transient scope")
    func registerMainTransient() throws {
        try withTestEnv { env throws in
            env.registerMain(ViewModel.self, scope: .transient) { ViewModel() }
            #expect(try env.resolveMain(ViewModel.self) !== env.resolveMain(ViewModel.self))
        }
    }

    @Test("registerMain honours the graph scope")
    func registerMainGraph() throws {
        try withTestEnv { env throws in
            env.registerMain(ViewModel.self, scope: .graph) { ViewModel() }
            env.registerMain(Screen.self, scope: .transient) {
                Screen(
                    first: try ServiceEnv.current.resolveMain(ViewModel.self),
                    second: try ServiceEnv.current.resolveMain(ViewModel.self),
                )
            }
            let screen = try env.resolveMain(Screen.self)
            #expect(screen.first === screen.second)
            #expect(try env.resolveMain(Screen.self).first !== screen.first)
        }
    }

    @Test("registerMain honours custom scopes and resetScope")
    func registerMainCustomScope() throws {
        try withTestEnv { env throws in
            env.registerMain(ViewModel.self, scope: .custom("screen")) { ViewModel() }
            let first = try env.resolveMain(ViewModel.self)
            #expect(try env.resolveMain(ViewModel.self) === first)
            env.resetScope(.custom("screen"))
            #expect(try env.resolveMain(ViewModel.self) !== first)
        }
    }

    @Test("registerMain of a ServiceKey type uses its default")
    func registerMainServiceKey() throws {
        try withTestEnv { env throws in
            env.registerMain(Theme.self)
            #expect(try env.resolveMain(Theme.self) == Theme(name: "light"))
        }
    }

    @Test("registerMain of a ServiceKey type with a scope")
    func registerMainServiceKeyScope() throws {
        try withTestEnv { env throws in
            env.registerMain(SessionToken.self, scope: .transient)
            #expect(try env.resolveMain(SessionToken.self) !== env.resolveMain(SessionToken.self))
        }
    }

    @Test("registerMain of an instance returns that instance")
    func registerMainInstance() throws {
        try withTestEnv { env throws in
            let viewModel = ViewModel(title: "Given")
            env.registerMain(viewModel)
            #expect(try env.resolveMain(ViewModel.self) === viewModel)
        }
    }

    @Test("resolveMain of an unregistered type throws notRegistered")
    func resolveMainUnregistered() throws {
        try withTestEnv { env throws in
            let error = serviceError { try env.resolveMain(ViewModel.self) }
            #expect(error?.description == "Service 'ViewModel' is not registered in ServiceEnv")
        }
    }

    @Test("the tracks are separate: each resolve only sees its own track")
    func tracksAreSeparate() throws {
        try withTestEnv { env throws in
            env.registerMain(Theme.self)
            #expect(serviceError { try env.resolve(Theme.self) } != nil)
            env.register(Clock.self)
            #expect(serviceError { try env.resolveMain(Clock.self) } != nil)
        }
    }

    @Test("registering on the other track replaces the registration")
    func otherTrackReplaces() throws {
        try withTestEnv { env throws in
            env.register(Theme(name: "sendable"))
            #expect(try env.resolve(Theme.self).name == "sendable")
            env.registerMain(Theme(name: "main"))
            #expect(try env.resolveMain(Theme.self).name == "main")
            #expect(serviceError { try env.resolve(Theme.self) } != nil)
        }
    }

    @Test("a MainActor factory can resolve Sendable dependencies")
    func mainFactoryResolvesSendable() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database(url: "shared") }
            env.registerMain(Dashboard.self) { Dashboard(database: try ServiceEnv.current.resolve(Database.self)) }
            #expect(try env.resolveMain(Dashboard.self).database === env.resolve(Database.self))
        }
    }

    @Test("a MainActor factory's error is wrapped in factoryFailed")
    func mainFactoryErrorWrapped() throws {
        try withTestEnv { env throws in
            env.registerMain(ViewModel.self) { throw FactoryError(reason: "ui") }
            guard case .factoryFailed("ViewModel", _) = serviceError({ try env.resolveMain(ViewModel.self) }) else {
                Issue.record("expected factoryFailed")
                return
            }
        }
    }

    @Test("a cycle on the MainActor track is detected")
    func mainCycle() throws {
        try withTestEnv { env throws in
            env.registerMain(MainNodeA.self) { MainNodeA(next: try ServiceEnv.current.resolveMain(MainNodeB.self)) }
            env.registerMain(MainNodeB.self) { MainNodeB(next: try ServiceEnv.current.resolveMain(MainNodeA.self)) }
            #expect(
                cycleChain(serviceError { try env.resolveMain(MainNodeA.self) }) == [
                    "MainNodeA", "MainNodeB", "MainNodeA",
                ])
        }
    }

    @Test("resetCaches and resetAll affect the MainActor track")
    func resetsAffectMainTrack() throws {
        try withTestEnv { env throws in
            env.registerMain(ViewModel.self) { ViewModel() }
            let first = try env.resolveMain(ViewModel.self)
            env.resetCaches()
            #expect(try env.resolveMain(ViewModel.self) !== first)
            env.resetAll()
            #expect(serviceError { try env.resolveMain(ViewModel.self) } != nil)
        }
    }

    @Test("registerMain works from a task hopping to the main actor")
    func registerFromMainActorRun() async throws {
        let env = ServiceEnv(name: #function)
        await MainActor.run {
            env.registerMain(ViewModel.self) { ViewModel(title: "hop") }
        }
        let title = try await MainActor.run { try env.resolveMain(ViewModel.self).title }
        #expect(title == "hop")
    }
}

@MainActor
final class Screen {
    let first: ViewModel
    let second: ViewModel

    init(first: ViewModel, second: ViewModel) {
        self.first = first
        self.second = second
    }
}

@MainActor
final class Dashboard {
    let database: Database

    init(database: Database) {
        self.database = database
    }
}

@MainActor
final class MainNodeA {
    let next: MainNodeB
    init(next: MainNodeB) { self.next = next }
}

@MainActor
final class MainNodeB {
    let next: MainNodeA
    init(next: MainNodeA) { self.next = next }
}
