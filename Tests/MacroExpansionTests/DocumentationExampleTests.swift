import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The expansions that the DocC catalog shows: `DocumentationTests` checks that every line of an
/// expansion listing in the articles appears here, so the articles cannot drift from the macros.
@Suite("the documentation's expansions")
struct DocumentationExampleTests {
    @Test("@Injectable on a final class with an initializer")
    func injectableClass() {
        assertMacroExpansion(
            """
            @Injectable
            final class UserRepository: Sendable {
                let database: Database
                let logger: Logger?

                init(database: Database, logger: Logger?) {
                    self.database = database
                    self.logger = logger
                }
            }
            """,
            expandedSource: """
                final class UserRepository: Sendable {
                    let database: Database
                    let logger: Logger?

                    init(database: Database, logger: Logger?) {
                        self.database = database
                        self.logger = logger
                    }
                }

                extension UserRepository: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Database
                        func check(_ type: Database.Type) -> D0
                    }
                    nonisolated static func `UserRepository.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Logger?.Type) -> Logger?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1 {
                        func provide(_ type: Database.Type) -> Database
                    }
                    private static var `UserRepository is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `UserRepository is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Database.self, label: "database", kind: .required),
                            __ServiceMacroSupport.Dependency(Logger.self, label: "logger", kind: .optional),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(database: try resolver.resolve(Database.self), logger: try __ServiceMacroSupport.resolveIfRegistered(Logger.self, in: resolver))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(database: graph.provide(Database.self), logger: graph.provide(Logger?.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Database = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Database>.Result
                }
                """,
        )
    }

    @Test("@Assembly with every kind of registration")
    func assembly() {
        assertMacroExpansion(
            """
            @Assembly
            struct CoreAssembly {
                #register(Database.self)
                #register(UserRepository.self, scope: .transient)
                #register(SystemClock.self, as: (any TimeSource).self)
                #register(Config.self) { Config(url: "https://example.com") }
                #registerMain(HomeViewModel.self)
                #external(Logger.self)  // registered by hand elsewhere
            }
            """,
            expandedSource: """
                struct CoreAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.SendableTrackCheck<UserRepository>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        typealias Line2 = __ServiceMacroSupport.SendableTrackCheck<SystemClock>
                        #sourceLocation(file: "test.swift", line: 5)
                        func Line2Key(_ service: SystemClock) -> (any TimeSource) { service }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 7)
                        typealias Line3 = __ServiceMacroSupport.MainTrackCheck<HomeViewModel>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<UserRepository>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        typealias Line2 = __ServiceMacroSupport.InjectableCheck<SystemClock>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 7)
                        typealias Line3 = __ServiceMacroSupport.MainInjectableCheck<HomeViewModel>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(6)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Database.self,
                                registeredAs: Database.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: UserRepository.self,
                                registeredAs: UserRepository.self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: SystemClock.self,
                                registeredAs: (any TimeSource).self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line2.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Config.self,
                                registeredAs: Config.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .closure
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: HomeViewModel.self,
                                registeredAs: HomeViewModel.self,
                                scope: .singleton,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line3.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Logger.self,
                                registeredAs: Logger.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .external
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.register(__InjectableChecks.Line1.self, scope: .transient)
                        env.register(__InjectableChecks.Line2.self, as: (any TimeSource).self, scope: .singleton) { (service: SystemClock) in service }
                        #sourceLocation(file: "test.swift", line: 6)
                        env.register(Config.self, scope: .singleton) { Config(url: "https://example.com") }
                        #sourceLocation()
                        env.registerMain(__InjectableChecks.Line3.self, scope: .singleton)
                    }

                    enum Registrations {
                        enum `HomeViewModel is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: Database.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: UserRepository.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any TimeSource).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Config.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: HomeViewModel.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices {
                        final func check(_ type: Database.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: UserRepository.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any TimeSource).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Config.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: HomeViewModel.Type) -> Registrations.`HomeViewModel is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSharedServices = ProvidedToSendableServices

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#register(Database.self)`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {
                                final func check(_ type: Logger.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 3)
                            `Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(UserRepository.self)`<__Service>: ProvidedToSendableServices, UserRepository.__ProviderChecks {
                                final func check(_ type: Logger.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 4)
                            `UserRepository.init`(`#register(UserRepository.self)`<__InjectableChecks.Line1>.self); func `UserRepository.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`UserRepository.init`(`#register(UserRepository.self)`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 5)
                            nonisolated final class `#register(SystemClock.self, as: (any TimeSource).self)`<__Service>: ProvidedToSendableServices, SystemClock.__ProviderChecks {
                                final func check(_ type: Logger.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 5)
                            `SystemClock.init`(`#register(SystemClock.self, as: (any TimeSource).self)`<__InjectableChecks.Line2>.self); func `SystemClock.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 5)
                            __InjectableChecks.Line2.`SystemClock.init`(`#register(SystemClock.self, as: (any TimeSource).self)`<__InjectableChecks.Line2>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 7)
                            nonisolated final class `#registerMain(HomeViewModel.self)`<__Service>: Provided, HomeViewModel.__ProviderChecks {
                                final func check(_ type: Logger.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 7)
                            `HomeViewModel.init`(`#registerMain(HomeViewModel.self)`<__InjectableChecks.Line3>.self); func `HomeViewModel.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 7)
                            __InjectableChecks.Line3.`HomeViewModel.init`(`#registerMain(HomeViewModel.self)`<__InjectableChecks.Line3>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Database: Database.__CycleRequirements {
                            typealias Cycle_Database = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                        protocol Node_UserRepository: UserRepository.__CycleRequirements {
                            typealias Cycle_UserRepository = __InjectableChecks.Line1.__CycleEdges<Self>
                        }
                        protocol Node_any_TimeSource: SystemClock.__CycleRequirements {
                            typealias Cycle_any_TimeSource = __InjectableChecks.Line2.__CycleEdges<Self>
                        }
                        protocol Node_HomeViewModel: HomeViewModel.__CycleRequirements {
                            typealias Cycle_HomeViewModel = __InjectableChecks.Line3.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Database & __CycleExport.Node_UserRepository & __CycleExport.Node_any_TimeSource & __CycleExport.Node_HomeViewModel
                }

                extension CoreAssembly: __ServiceMacroSupport.AssemblyType {}
                """,
        )
    }

    @Test("@Assisted parameters")
    func assisted() {
        assertMacroExpansion(
            """
            @Injectable
            struct OrderDetail: Sendable {
                let orderID: Int
                let database: Database

                init(@Assisted orderID: Int, database: Database) {
                    self.orderID = orderID
                    self.database = database
                }
            }
            """,
            expandedSource: """
                struct OrderDetail: Sendable {
                    let orderID: Int
                    let database: Database

                    init(@Assisted orderID: Int, database: Database) {
                        self.orderID = orderID
                        self.database = database
                    }
                }

                extension OrderDetail: __ServiceMacroSupport.AssistedInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Database
                        func check(_ type: Database.Type) -> D0
                    }
                    nonisolated static func `OrderDetail.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Database.Type) -> Database
                    }
                    private static var `OrderDetail is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `OrderDetail is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Int.self, label: "orderID", kind: .argument),
                            __ServiceMacroSupport.Dependency(Database.self, label: "database", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment, orderID: Int) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(orderID: orderID, database: try resolver.resolve(Database.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements, orderID: Int) -> Self {
                        Self(orderID: orderID, database: graph.provide(Database.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Database = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Database>.Result
                    nonisolated static func register(in env: __ServiceMacroSupport.Environment, scope: __ServiceMacroSupport.Scope) {
                        env.register(OrderDetail.self, scope: scope) { (orderID: Int) throws -> OrderDetail in
                            try make(resolver: __ServiceMacroSupport.Environment.current, orderID: orderID)
                        }
                    }
                }
                """,
        )
    }

    @Test("@Assembly(checkCycles: true)")
    func cycles() {
        assertMacroExpansion(
            """
            @Assembly(checkCycles: true)
            struct CycleAssembly {
                #register(Ping.self)
                #register(Pong.self)
            }
            """,
            expandedSource: """
                struct CycleAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Ping>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.SendableTrackCheck<Pong>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Ping>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<Pong>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Ping.self,
                                registeredAs: Ping.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Pong.self,
                                registeredAs: Pong.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.register(__InjectableChecks.Line1.self, scope: .singleton)
                    }

                    nonisolated class Provided {
                        final func check(_ type: Ping.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Pong.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSendableServices = Provided

                    typealias ProvidedToSharedServices = Provided

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#register(Ping.self)`<__Service>: ProvidedToSendableServices, Ping.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `Ping.init`(`#register(Ping.self)`<__InjectableChecks.Line0>.self); func `Ping.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Ping.init`(`#register(Ping.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(Pong.self)`<__Service>: ProvidedToSendableServices, Pong.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `Pong.init`(`#register(Pong.self)`<__InjectableChecks.Line1>.self); func `Pong.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`Pong.init`(`#register(Pong.self)`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Ping: Ping.__CycleRequirements {
                            typealias Cycle_Ping = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                        protocol Node_Pong: Pong.__CycleRequirements {
                            typealias Cycle_Pong = __InjectableChecks.Line1.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Ping & __CycleExport.Node_Pong

                    private enum __CycleGraph: Ping.__CycleRequirements, Pong.__CycleRequirements {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias `Ping needs itself through its dependencies: take one of them as Lazy or ServiceProvider` = Ping.__CycleEdges<__CycleGraph>
                        #sourceLocation()
                        typealias Cycle_Ping = `Ping needs itself through its dependencies: take one of them as Lazy or ServiceProvider`
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias `Pong needs itself through its dependencies: take one of them as Lazy or ServiceProvider` = Pong.__CycleEdges<__CycleGraph>
                        #sourceLocation()
                        typealias Cycle_Pong = `Pong needs itself through its dependencies: take one of them as Lazy or ServiceProvider`
                    }
                }

                extension CycleAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}
