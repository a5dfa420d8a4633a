import Foundation
import Service
import ServiceTesting
import Testing

// The listings of the five `MigratingFrom…` articles.

private protocol Analytics: Sendable {
    func track(_ event: String)
}

private struct ConsoleAnalytics: Analytics {
    func track(_ event: String) {}
}

@Injectable
private struct RemoteAnalytics: Analytics {
    let database: Database

    func track(_ event: String) {}
}

@Injectable
private final class Database: Sendable {
    let url = "sqlite://app.db"
}

// snippet: migrating-service-code
private struct Settings: ServiceKey {
    static var `default`: Settings { Settings(theme: "light") }
    let theme: String
}

private struct SettingsScreen: Sendable {
    @Service var settings: Settings
}
// snippet-end

// snippet: migrating-factory-after
@Injectable
private final class UserRepository: Sendable {
    let database: Database
    let analytics: any Analytics

    init(database: Database, analytics: any Analytics) {
        self.database = database
        self.analytics = analytics
    }
}

@Assembly
private struct AppAssembly {
    #register(Database.self)
    #register(RemoteAnalytics.self, as: (any Analytics).self)
    #register(UserRepository.self, scope: .transient)
}

private struct ProfileModel: Sendable {
    @Service var repository: UserRepository  // Factory's @Injected(\.userRepository)
}
// snippet-end

// snippet: migrating-swinject-after
@Assembly
private struct NetworkAssembly {
    #register(Database.self)  // .singleton is the default (Swinject's is .graph)
    #register(RemoteAnalytics.self, as: (any Analytics).self)
    #register(UserRepository.self, scope: .graph)
}
// snippet-end

// snippet: migrating-hand-rolled-before
/// The usual hand-rolled container: a lock, a dictionary of factories keyed by type name.
private final class Container: @unchecked Sendable {  // guarded by `lock`
    static let shared = Container()
    private let lock = NSLock()
    private var factories: [String: () -> Any] = [:]
    private var singletons: [String: Any] = [:]

    func registerSingleton<T>(_ type: T.Type, _ make: @escaping () -> T) {
        lock.withLock { factories["\(type)"] = make }
    }

    func resolve<T>(_ type: T.Type) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let instance = singletons["\(type)"] as? T { return instance }
        guard let make = factories["\(type)"] else { fatalError("No factory for \(type)") }
        let instance = make() as! T  // a factory that resolves here deadlocks on `lock`
        singletons["\(type)"] = instance
        return instance
    }
}
// snippet-end

@Suite(.serviceEnv())
struct MigrationSamples {
    @Test func swiftServiceCodeCompilesUnchanged() throws {
        // snippet: migrating-service-use
        ServiceEnv.current.register(Settings.self)
        print(SettingsScreen().settings.theme)  // light
        let settings = try ServiceEnv.current.resolve(Settings.self)
        // snippet-end
        #expect(settings.theme == "light")
    }

    @Test func factoryAfter() throws {
        // snippet: migrating-factory-use
        ServiceEnv.current.apply(AppAssembly())
        let model = ProfileModel()

        // a test's override: a child environment instead of Container.shared.register
        let test = ServiceEnv(name: "test", parent: .current)
        test.register((any Analytics).self) { ConsoleAnalytics() }
        // snippet-end
        #expect(model.repository.database.url == "sqlite://app.db")
        #expect(try test.resolve(UserRepository.self).analytics is ConsoleAnalytics)
    }

    @Test func swinjectAfter() throws {
        // snippet: migrating-swinject-use
        let env = ServiceEnv(name: "app")
        env.apply(NetworkAssembly())
        let repository = try env.resolve(UserRepository.self)  // no force-unwrap: it throws
        // snippet-end
        #expect(repository.database === (try env.resolve(Database.self)))
    }

    @Test func guiseAfter() async throws {
        let env = ServiceEnv(name: "guise")
        // snippet: migrating-guise
        enum Region: Hashable, Sendable { case eu, us }

        env.register(Database.self) { Database() }  // singleton by default
        env.register((any Analytics).self, tags: Region.eu) { ConsoleAnalytics() }
        env.register(UserRepository.self, scope: .transient) {
            UserRepository(database: try env.resolve(Database.self), analytics: ConsoleAnalytics())
        }
        env.register(String.self) { (name: String, times: Int) in String(repeating: name, count: times) }

        let analytics = try env.resolve((any Analytics).self, tags: Region.eu)
        let repeated = try env.resolve(String.self, arguments: "ab", 2)  // "abab"
        let optional = try env.resolveIfRegistered(Settings.self)  // nil: not registered
        // snippet-end
        #expect(analytics is ConsoleAnalytics)
        #expect(repeated == "abab")
        #expect(optional == nil)
    }

    @Test func handRolled() throws {
        Container.shared.registerSingleton(Database.self) { Database() }
        #expect(Container.shared.resolve(Database.self) === Container.shared.resolve(Database.self))
        // snippet: migrating-hand-rolled-after
        let env = ServiceEnv(name: "app")
        env.apply(AppAssembly())  // a missing registration fails the build, not the app
        let repository = try env.resolve(UserRepository.self)  // a typed ServiceError if not
        // snippet-end
        #expect(repository.database === (try env.resolve(Database.self)))
    }
}
