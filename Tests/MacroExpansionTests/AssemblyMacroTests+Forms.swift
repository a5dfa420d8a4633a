import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension AssemblyMacroTests {
    @Test("a MainActor registration gets a MainActor provider and an isolated conformance")
    func mainRegistration() {
        assertMacroExpansion(
            """
            @Assembly
            struct UIAssembly {
                #registerMain(HomeViewModel.self)
            }
            """,
            expandedSource: """
                struct UIAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.MainTrackCheck<HomeViewModel>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.MainInjectableCheck<HomeViewModel>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(1)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: HomeViewModel.self,
                                registeredAs: HomeViewModel.self,
                                scope: .singleton,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.registerMain(__InjectableChecks.Line0.self, scope: .singleton)
                    }

                    enum Registrations {
                        enum `HomeViewModel is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: HomeViewModel.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices {
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
                            nonisolated final class `#registerMain(HomeViewModel.self)`<__Service>: Provided, HomeViewModel.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `HomeViewModel.init`(`#registerMain(HomeViewModel.self)`<__InjectableChecks.Line0>.self); func `HomeViewModel.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`HomeViewModel.init`(`#registerMain(HomeViewModel.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_HomeViewModel: HomeViewModel.__CycleRequirements {
                            typealias Cycle_HomeViewModel = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_HomeViewModel
                }

                extension UIAssembly: __ServiceMacroSupport.AssemblyType {}
                """,
        )
    }

    @Test("an external type is provided but not registered")
    func externalRegistration() {
        assertMacroExpansion(
            """
            @Assembly
            struct AppAssembly {
                #external(Logger.self)
                #register(Reporter.self)
            }
            """,
            expandedSource: """
                struct AppAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Reporter>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Reporter>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Logger.self,
                                registeredAs: Logger.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .external
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Reporter.self,
                                registeredAs: Reporter.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                    }

                    nonisolated class Provided {
                        final func check(_ type: Reporter.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSendableServices = Provided

                    typealias ProvidedToSharedServices = Provided

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(Reporter.self)`<__Service>: ProvidedToSendableServices, Reporter.__ProviderChecks {
                                final func check(_ type: Logger.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 4)
                            `Reporter.init`(`#register(Reporter.self)`<__InjectableChecks.Line0>.self); func `Reporter.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line0.`Reporter.init`(`#register(Reporter.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Reporter: Reporter.__CycleRequirements {
                            typealias Cycle_Reporter = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Reporter
                }

                extension AppAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }

    @Test("a public assembly has public members and an open Provided class")
    func publicAssembly() {
        assertMacroExpansion(
            """
            @Assembly
            public struct FeatureAssembly {
                #register(Feature.self)
            }
            """,
            expandedSource: """
                public struct FeatureAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Feature>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Feature>
                        #sourceLocation()
                    }

                    public init() {}

                    public nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(1)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Feature.self,
                                registeredAs: Feature.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated public func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                    }

                    open nonisolated class Provided {
                        public final func check(_ type: Feature.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        public final func check<T>(_ type: T.Type) -> T { fatalError() }
                        public final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        public final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    public typealias ProvidedToSendableServices = Provided

                    public typealias ProvidedToSharedServices = Provided

                    public typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#register(Feature.self)`<__Service>: ProvidedToSendableServices, Feature.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `Feature.init`(`#register(Feature.self)`<__InjectableChecks.Line0>.self); func `Feature.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Feature.init`(`#register(Feature.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Feature: Feature.__CycleRequirements {
                            typealias Cycle_Feature = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Feature
                }

                extension FeatureAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }

    @Test("an included assembly is assembled first and its Provided class is inherited")
    func includesAssembly() {
        assertMacroExpansion(
            """
            @Assembly(includes: [CoreAssembly.self])
            struct AppAssembly {
                #register(Checkout.self)
            }
            """,
            expandedSource: """
                struct AppAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Checkout>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Checkout>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(1)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Checkout.self,
                                registeredAs: Checkout.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        __ServiceMacroSupport.include(CoreAssembly(), in: env)
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                    }

                    nonisolated class Provided: CoreAssembly.Provided {
                        final func check(_ type: Checkout.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices: CoreAssembly.ProvidedToSendableServices {
                        final func check(_ type: Checkout.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                    }

                    nonisolated class ProvidedToSharedServices: CoreAssembly.ProvidedToSharedServices {
                        final func check(_ type: Checkout.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                    }

                    nonisolated class ProvidedToSharedMainActorServices: CoreAssembly.ProvidedToSharedMainActorServices {
                        final func check(_ type: Checkout.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                    }

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#register(Checkout.self)`<__Service>: ProvidedToSendableServices, Checkout.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `Checkout.init`(`#register(Checkout.self)`<__InjectableChecks.Line0>.self); func `Checkout.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Checkout.init`(`#register(Checkout.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Checkout: Checkout.__CycleRequirements {
                            typealias Cycle_Checkout = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Checkout & CoreAssembly.__CycleNodes
                }

                extension AppAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }

    @Test("members that are not registrations are left alone")
    func otherMembersKept() {
        assertMacroExpansion(
            """
            @Assembly
            struct MixedAssembly {
                let name = "mixed"
                #register(Database.self)
                func helper() {}
            }
            """,
            expandedSource: """
                struct MixedAssembly {
                    let name = "mixed"
                    func helper() {}

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Database>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Database>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(1)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Database.self,
                                registeredAs: Database.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                    }

                    nonisolated class Provided {
                        final func check(_ type: Database.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSendableServices = Provided

                    typealias ProvidedToSharedServices = Provided

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(Database.self)`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line0.`Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Database: Database.__CycleRequirements {
                            typealias Cycle_Database = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Database
                }

                extension MixedAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}
