import Service
import Testing

@MainActor
protocol MainAsScreen: AnyObject {
    var title: String { get }
}

protocol MainAsCatalog: Sendable {
    var count: Int { get }
}

struct MainAsTheme: Sendable {
    let name: String
}

@MainActor
@Injectable
final class MainAsSettingsScreen: MainAsScreen {
    let theme: MainAsTheme
    var title: String { "Settings (\(theme.name))" }

    init(theme: MainAsTheme) {
        self.theme = theme
    }
}

@MainActor
@Injectable
final class MainAsProfileScreen: MainAsScreen {
    var title: String { "Profile" }

    init() {}
}

@MainActor
@Injectable
final class MainAsLocalCatalog: MainAsCatalog {
    nonisolated let count: Int

    init(theme: MainAsTheme) async {
        count = theme.name.count
    }
}

@Assembly
struct MainAsAssembly {
    #register(MainAsTheme.self) { MainAsTheme(name: "dark") }
    #registerMain(MainAsSettingsScreen.self, as: (any MainAsScreen).self)
    #registerMain(MainAsProfileScreen.self, as: (any MainAsScreen).self, tags: "profile", scope: .transient)
    #registerMain(MainAsLocalCatalog.self, as: (any MainAsCatalog).self)
}

/// `registerMain(_:as:scope:_:)` and `#registerMain(T.self, as:)`: a `@MainActor` `@Injectable`
/// type registered on the MainActor track under another type.
@Suite("registerMain under another key")
@MainActor
struct RegisterMainAsTests {
    @Test("an assembly's #registerMain(_:as:) lines resolve the key, built with the type's dependencies")
    func assembled() async throws {
        let env = ServiceEnv(name: #function)
        env.assemble(MainAsAssembly())
        let screen = try env.resolveMain((any MainAsScreen).self)
        #expect(screen.title == "Settings (dark)")
        #expect(screen is MainAsSettingsScreen)
        #expect(try env.resolveMain((any MainAsScreen).self) === screen)
        let profile = try env.resolveMain((any MainAsScreen).self, tags: "profile")
        #expect(profile.title == "Profile")
        #expect(try env.resolveMain((any MainAsScreen).self, tags: "profile") !== profile)
        #expect(try await env.resolveAsync((any MainAsCatalog).self).count == 4)
    }

    @Test("only the key is registered; validate() and the graph name the type and its dependency")
    func onlyTheKey() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(MainAsAssembly())
        #expect(try env.resolveMainIfRegistered(MainAsSettingsScreen.self) == nil)
        let failure = #expect(throws: ResolutionFailure.self) { try env.requireMain(MainAsSettingsScreen.self) }
        #expect(
            failure?.hint == "it is registered only as MainAsScreen, which it is built for: resolve that key, "
                + "or register it under its own type too",
            "\(String(describing: failure))",
        )
        try env.validate()
        let node = env.graph().node(named: "MainAsScreen")
        #expect(node?.service == "MainAsSettingsScreen")
        #expect(node?.dependencies.map(\.target) == ["MainAsTheme"])
    }

    @Test("the type is built in the environment that resolves the key: a child's own dependency")
    func builtWhereResolved() throws {
        let env = ServiceEnv(name: #function)
        env.register(MainAsTheme.self) { MainAsTheme(name: "dark") }
        env.registerMain(MainAsSettingsScreen.self, as: (any MainAsScreen).self, scope: .transient) { $0 }
        let child = ServiceEnv(name: "child", parent: env)
        child.register(MainAsTheme.self) { MainAsTheme(name: "light") }
        #expect(try env.resolveMain((any MainAsScreen).self).title == "Settings (dark)")
        #expect(try child.resolveMain((any MainAsScreen).self).title == "Settings (light)")
    }

    @Test("by hand, with tags and an async initializer")
    func byHand() async throws {
        let env = ServiceEnv(name: #function)
        env.register(MainAsTheme.self) { MainAsTheme(name: "sepia") }
        env.registerMain(MainAsProfileScreen.self, as: (any MainAsScreen).self, tags: "me", scope: .singleton) { $0 }
        env.registerMain(MainAsLocalCatalog.self, as: (any MainAsCatalog).self, tags: "local", scope: .singleton) { $0 }
        #expect(try env.resolveMain((any MainAsScreen).self, tags: "me").title == "Profile")
        #expect(try await env.resolveAllAsync((any MainAsCatalog).self).map(\.count) == [5])
        #expect(throws: ServiceError.self) { try env.resolve((any MainAsCatalog).self, tags: "local") }
    }
}

@MainActor
@Injectable
final class MainWeakInspector {
    let theme: MainAsTheme

    init(theme: MainAsTheme) {
        self.theme = theme
    }
}

@Assembly
struct MainWeakAssembly {
    #register(MainAsTheme.self) { MainAsTheme(name: "dark") }
    #registerMain(MainWeakInspector.self, scope: .weak)
}

/// `#registerMain(T.self, scope: .weak)` and `registerMain(_:scope:)` with ``WeakScope``.
@Suite("registerMain of an @Injectable class with the weak scope")
@MainActor
struct RegisterMainWeakTests {
    @Test("one instance while something holds it, built again after it is released, with its dependencies")
    func sharedWhileHeld() throws {
        let env = ServiceEnv(name: #function)
        env.assemble(MainWeakAssembly())
        var held: MainWeakInspector? = try env.resolveMain(MainWeakInspector.self)
        #expect(held?.theme.name == "dark")
        let identity = held.map(ObjectIdentifier.init)
        #expect(ObjectIdentifier(try env.resolveMain(MainWeakInspector.self)) == identity)
        weak let released = held
        held = nil
        #expect(released == nil)
        let rebuilt = try env.resolveMain(MainWeakInspector.self)
        #expect(rebuilt.theme.name == "dark")
        try env.validate()
        #expect(env.graph().node(named: "MainWeakInspector")?.dependencies.map(\.target) == ["MainAsTheme"])
    }

    @Test("by hand, in a child that overrides the dependency")
    func byHand() throws {
        let env = ServiceEnv(name: #function)
        env.register(MainAsTheme.self) { MainAsTheme(name: "dark") }
        env.registerMain(MainWeakInspector.self, scope: .weak)
        let child = ServiceEnv(name: "child", parent: env)
        child.register(MainAsTheme.self) { MainAsTheme(name: "light") }
        let inspector = try child.resolveMain(MainWeakInspector.self)
        #expect(inspector.theme.name == "light")
        #expect(try child.resolveMain(MainWeakInspector.self) === inspector)
    }
}
