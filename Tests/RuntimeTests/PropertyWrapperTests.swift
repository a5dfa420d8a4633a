import Service
import Testing

@Suite("Property wrappers")
struct PropertyWrapperTests {
    @Test("@Service resolves on first access and keeps the instance")
    func serviceResolvesOnce() throws {
        try withTestEnv { env throws in
            let runs = Counter()
            env.register(Database.self, scope: .transient) {
                runs.increment()
                return Database()
            }
            let consumer = ServiceConsumer()
            #expect(runs.value == 0)
            let first = consumer.database
            #expect(consumer.database === first)
            #expect(runs.value == 1)
        }
    }

    @Test("@Service with an explicit type resolves that type")
    func serviceExplicitType() throws {
        try withTestEnv { env throws in
            env.register((any Greeter).self) { EnglishGreeter() }
            #expect(ExplicitConsumer().greeter.greet() == "hello")
        }
    }

    @Test("@Service captures the environment current when it is created")
    func serviceCapturesEnvironment() throws {
        let captured = ServiceEnv(name: "captured")
        captured.register(Database.self) { Database(url: "captured") }
        let consumer = ServiceEnv.$current.withValue(captured) { ServiceConsumer() }
        let other = ServiceEnv(name: "other")
        other.register(Database.self) { Database(url: "other") }
        ServiceEnv.$current.withValue(other) {
            #expect(consumer.database.url == "captured")
        }
    }

    @Test("optional @Service is nil when the service is not registered")
    func optionalServiceNil() throws {
        try withTestEnv { _ throws in
            let consumer = OptionalConsumer()
            #expect(consumer.database == nil)
            #expect(consumer.explicitLogger == nil)
        }
    }

    @Test("optional @Service resolves when the service is registered")
    func optionalServiceResolves() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { Database(url: "optional") }
            env.register(Logger.self) { Logger() }
            let consumer = OptionalConsumer()
            #expect(consumer.database?.url == "optional")
            #expect(consumer.explicitLogger === (try env.resolve(Logger.self)))
        }
    }

    @Test("optional @Service is nil when the factory fails")
    func optionalServiceFactoryFails() throws {
        try withTestEnv { env throws in
            env.register(Database.self) { throw FactoryError(reason: "down") }
            #expect(OptionalConsumer().database == nil)
        }
    }

    @Test("@Service values are shared by copies of the owner")
    func serviceSharedByCopies() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .transient) { Database() }
            let consumer = ServiceConsumer()
            let copy = consumer
            #expect(copy.database === consumer.database)
        }
    }

    @Test("@Service is resolved once even when many tasks read it first at the same time")
    func serviceConcurrentFirstAccess() async throws {
        try await withTestEnv { env async throws in
            env.register(Database.self) { Database() }
            let consumer = ServiceConsumer()
            let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<200 {
                    group.addTask { ObjectIdentifier(consumer.database) }
                }
                return await Set(group.reduce(into: []) { $0.append($1) })
            }
            #expect(identities.count == 1)
        }
    }

    @Test("@Provider resolves on every access and follows the scope")
    func providerFollowsScope() throws {
        try withTestEnv { env throws in
            env.register(Database.self, scope: .transient) { Database() }
            env.register(Logger.self) { Logger() }
            let consumer = ProviderConsumer()
            #expect(consumer.database !== consumer.database)
            #expect(consumer.logger === consumer.logger)
        }
    }

    @Test("@Provider sees a registration made after the wrapper was created")
    func providerSeesLaterRegistration() throws {
        try withTestEnv { env throws in
            let consumer = OptionalProviderConsumer()
            #expect(consumer.database == nil)
            env.register(Database.self) { Database(url: "late") }
            #expect(consumer.database?.url == "late")
            #expect(consumer.explicitDatabase?.url == "late")
        }
    }

    @Test("@Provider with an explicit type resolves that type")
    func providerExplicitType() throws {
        try withTestEnv { env throws in
            env.register((any Greeter).self) { EnglishGreeter() }
            #expect(ExplicitProviderConsumer().greeter.greet() == "hello")
        }
    }

    @Test("@Provider captures the environment current when it is created")
    func providerCapturesEnvironment() throws {
        let captured = ServiceEnv(name: "captured")
        captured.register(Logger.self) { Logger(label: "captured") }
        let consumer = ServiceEnv.$current.withValue(captured) { ProviderConsumer() }
        #expect(consumer.logger.label == "captured")
    }

    @Test("a non-optional @Service traps with the error description when resolution fails")
    func serviceTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = ServiceConsumer().database
        }
    }

    @Test("a non-optional @Provider traps when resolution fails")
    func providerTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = ProviderConsumer().database
        }
    }

    @Test("a non-optional @MainService traps when resolution fails")
    func mainServiceTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = MainConsumer().viewModel }
        }
    }

    @Test("a non-optional @MainProvider traps when resolution fails")
    func mainProviderTraps() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = MainConsumer().provided }
        }
    }

    @Test("a registered @Service does not trap in a child process")
    func serviceDoesNotTrapWhenRegistered() async {
        await #expect(processExitsWith: .success) {
            ServiceEnv.online.register(Database.self) { Database() }
            _ = ServiceConsumer().database
        }
    }
}

@Suite("MainActor property wrappers")
@MainActor
struct MainPropertyWrapperTests {
    @Test("@MainService resolves once and keeps the instance")
    func mainServiceResolvesOnce() throws {
        try withTestEnv { env throws in
            env.registerMain(ViewModel.self, scope: .transient) { ViewModel() }
            let consumer = MainConsumer()
            #expect(consumer.viewModel === consumer.viewModel)
        }
    }

    @Test("@MainProvider resolves on every access")
    func mainProviderEveryAccess() throws {
        try withTestEnv { env throws in
            env.registerMain(ViewModel.self, scope: .transient) { ViewModel() }
            let consumer = MainConsumer()
            #expect(consumer.provided !== consumer.provided)
        }
    }

    @Test("optional MainActor wrappers are nil when not registered and resolve when registered")
    func optionalMainWrappers() throws {
        try withTestEnv { env throws in
            let missing = OptionalMainConsumer()
            #expect(missing.viewModel == nil)
            #expect(missing.provided == nil)
            #expect(missing.explicitService == nil)
            #expect(missing.explicitProvided == nil)
            env.registerMain(ViewModel.self) { ViewModel(title: "present") }
            let present = OptionalMainConsumer()
            #expect(present.viewModel?.title == "present")
            #expect(present.provided?.title == "present")
            #expect(present.explicitService?.title == "present")
            #expect(present.explicitProvided?.title == "present")
        }
    }

    @Test("MainActor wrappers with an explicit type resolve it")
    func explicitMainWrappers() throws {
        try withTestEnv { env throws in
            env.registerMain(Theme(name: "dark"))
            let consumer = ExplicitMainConsumer()
            #expect(consumer.theme.name == "dark")
            #expect(consumer.providedTheme.name == "dark")
        }
    }

    @Test("@MainService captures the environment current when it is created")
    func mainServiceCapturesEnvironment() {
        let captured = ServiceEnv(name: "captured")
        captured.registerMain(ViewModel.self) { ViewModel(title: "captured") }
        let consumer = ServiceEnv.$current.withValue(captured) { MainConsumer() }
        #expect(consumer.viewModel.title == "captured")
        #expect(consumer.provided.title == "captured")
    }
}

struct ServiceConsumer: Sendable {
    @Service var database: Database
}

struct ExplicitConsumer: Sendable {
    @Service((any Greeter).self) var greeter: any Greeter
}

struct OptionalConsumer: Sendable {
    @Service var database: Database?
    @Service(Logger.self) var explicitLogger: Logger?
}

struct ProviderConsumer: Sendable {
    @Provider var database: Database
    @Provider var logger: Logger
}

struct OptionalProviderConsumer: Sendable {
    @Provider var database: Database?
    @Provider(Database.self) var explicitDatabase: Database?
}

struct ExplicitProviderConsumer: Sendable {
    @Provider((any Greeter).self) var greeter: any Greeter
}

@MainActor
final class MainConsumer {
    @MainService var viewModel: ViewModel
    @MainProvider var provided: ViewModel
}

@MainActor
final class OptionalMainConsumer {
    @MainService var viewModel: ViewModel?
    @MainProvider var provided: ViewModel?
    @MainService(ViewModel.self) var explicitService: ViewModel?
    @MainProvider(ViewModel.self) var explicitProvided: ViewModel?
}

@MainActor
final class ExplicitMainConsumer {
    @MainService(Theme.self) var theme: Theme
    @MainProvider(Theme.self) var providedTheme: Theme
}
