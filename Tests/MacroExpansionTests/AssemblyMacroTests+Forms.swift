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
                                source: .injectable(dependencies: HomeViewModel.dependencies)
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.registerMain(HomeViewModel.self, scope: .singleton)
                    }

                    nonisolated class ProvidedToSendableServices {
                        let environment: __ServiceMacroSupport.Environment
                        init(environment: __ServiceMacroSupport.Environment) {
                            self.environment = environment
                        }
                        final func provide<T: Sendable>(_ type: T?.Type) -> T? {
                            __ServiceMacroSupport.provideIfRegistered(T.self, from: environment)
                        }
                        final func provide<T: Sendable>(_ type: __ServiceMacroSupport.LazyDependency<T>.Type) -> __ServiceMacroSupport.LazyDependency<T> {
                            __ServiceMacroSupport.LazyDependency(T.self, in: environment)
                        }
                        final func provide<T: Sendable>(_ type: __ServiceMacroSupport.ProviderDependency<T>.Type) -> __ServiceMacroSupport.ProviderDependency<T> {
                            __ServiceMacroSupport.ProviderDependency(T.self, in: environment)
                        }
                        @available(*, unavailable, message: "UIAssembly does not register it with these tags: register it in UIAssembly with the same tags, spelled the same way, or declare it with '#external'") func provide<T, Tags>(_ type: T.Type, tagged: Tags.Type) -> T {
                            fatalError()
                        }
                    }

                    nonisolated class Provided: ProvidedToSendableServices {
                        @MainActor final func provide(_ type: HomeViewModel.Type) -> HomeViewModel {
                            __ServiceMacroSupport.provideMain(type, from: environment)
                        }
                    }

                    private static func __injectionGraphs() {
                        #sourceLocation(file: "test.swift", line: 3)
                        final class `#registerMain(HomeViewModel.self)`: Provided, @MainActor HomeViewModel.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 3)
                            @available(*, unavailable, message: "UIAssembly does not provide it to 'HomeViewModel': register it in UIAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                    }

                    enum __CycleExport {
                        protocol Node_HomeViewModel: HomeViewModel.__CycleRequirements {
                            typealias Cycle_HomeViewModel = HomeViewModel.__CycleEdges<Self>
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
                                source: .injectable(dependencies: Reporter.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(Reporter.self, scope: .singleton)
                    }

                    nonisolated class Provided {
                        let environment: __ServiceMacroSupport.Environment
                        init(environment: __ServiceMacroSupport.Environment) {
                            self.environment = environment
                        }
                        final func provide<T: Sendable>(_ type: T?.Type) -> T? {
                            __ServiceMacroSupport.provideIfRegistered(T.self, from: environment)
                        }
                        final func provide<T: Sendable>(_ type: __ServiceMacroSupport.LazyDependency<T>.Type) -> __ServiceMacroSupport.LazyDependency<T> {
                            __ServiceMacroSupport.LazyDependency(T.self, in: environment)
                        }
                        final func provide<T: Sendable>(_ type: __ServiceMacroSupport.ProviderDependency<T>.Type) -> __ServiceMacroSupport.ProviderDependency<T> {
                            __ServiceMacroSupport.ProviderDependency(T.self, in: environment)
                        }
                        @available(*, unavailable, message: "AppAssembly does not register it with these tags: register it in AppAssembly with the same tags, spelled the same way, or declare it with '#external'") func provide<T, Tags>(_ type: T.Type, tagged: Tags.Type) -> T {
                            fatalError()
                        }
                        final func provide(_ type: Reporter.Type) -> Reporter {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                    }

                    private static func __injectionGraphs() {
                        #sourceLocation(file: "test.swift", line: 4)
                        final class `#register(Reporter.self)`: Provided, Reporter.InjectionRequirements {
                            final func provide(_ type: Logger.Type) -> Logger {
                                __ServiceMacroSupport.provide(type, from: environment)
                            }
                            #sourceLocation(file: "test.swift", line: 4)
                            @available(*, unavailable, message: "AppAssembly does not provide it to 'Reporter': register it in AppAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                    }

                    enum __CycleExport {
                        protocol Node_Reporter: Reporter.__CycleRequirements {
                            typealias Cycle_Reporter = Reporter.__CycleEdges<Self>
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
                                source: .injectable(dependencies: Feature.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated public func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(Feature.self, scope: .singleton)
                    }

                    open nonisolated class Provided {
                        public let environment: __ServiceMacroSupport.Environment
                        public init(environment: __ServiceMacroSupport.Environment) {
                            self.environment = environment
                        }
                        public final func provide<T: Sendable>(_ type: T?.Type) -> T? {
                            __ServiceMacroSupport.provideIfRegistered(T.self, from: environment)
                        }
                        public final func provide<T: Sendable>(_ type: __ServiceMacroSupport.LazyDependency<T>.Type) -> __ServiceMacroSupport.LazyDependency<T> {
                            __ServiceMacroSupport.LazyDependency(T.self, in: environment)
                        }
                        public final func provide<T: Sendable>(_ type: __ServiceMacroSupport.ProviderDependency<T>.Type) -> __ServiceMacroSupport.ProviderDependency<T> {
                            __ServiceMacroSupport.ProviderDependency(T.self, in: environment)
                        }
                        @available(*, unavailable, message: "FeatureAssembly does not register it with these tags: register it in FeatureAssembly with the same tags, spelled the same way, or declare it with '#external'") public func provide<T, Tags>(_ type: T.Type, tagged: Tags.Type) -> T {
                            fatalError()
                        }
                        public final func provide(_ type: Feature.Type) -> Feature {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                    }

                    private static func __injectionGraphs() {
                        #sourceLocation(file: "test.swift", line: 3)
                        final class `#register(Feature.self)`: Provided, Feature.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 3)
                            @available(*, unavailable, message: "FeatureAssembly does not provide it to 'Feature': register it in FeatureAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                    }

                    enum __CycleExport {
                        protocol Node_Feature: Feature.__CycleRequirements {
                            typealias Cycle_Feature = Feature.__CycleEdges<Self>
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
                                source: .injectable(dependencies: Checkout.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        __ServiceMacroSupport.include(CoreAssembly(), in: env)
                        env.register(Checkout.self, scope: .singleton)
                    }

                    nonisolated class Provided: CoreAssembly.Provided {
                        final func provide(_ type: Checkout.Type) -> Checkout {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                    }

                    private static func __injectionGraphs() {
                        #sourceLocation(file: "test.swift", line: 3)
                        final class `#register(Checkout.self)`: Provided, Checkout.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 3)
                            @available(*, unavailable, message: "AppAssembly does not provide it to 'Checkout': register it in AppAssembly or in CoreAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                    }

                    enum __CycleExport {
                        protocol Node_Checkout: Checkout.__CycleRequirements {
                            typealias Cycle_Checkout = Checkout.__CycleEdges<Self>
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
                                source: .injectable(dependencies: Database.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(Database.self, scope: .singleton)
                    }

                    nonisolated class Provided {
                        let environment: __ServiceMacroSupport.Environment
                        init(environment: __ServiceMacroSupport.Environment) {
                            self.environment = environment
                        }
                        final func provide<T: Sendable>(_ type: T?.Type) -> T? {
                            __ServiceMacroSupport.provideIfRegistered(T.self, from: environment)
                        }
                        final func provide<T: Sendable>(_ type: __ServiceMacroSupport.LazyDependency<T>.Type) -> __ServiceMacroSupport.LazyDependency<T> {
                            __ServiceMacroSupport.LazyDependency(T.self, in: environment)
                        }
                        final func provide<T: Sendable>(_ type: __ServiceMacroSupport.ProviderDependency<T>.Type) -> __ServiceMacroSupport.ProviderDependency<T> {
                            __ServiceMacroSupport.ProviderDependency(T.self, in: environment)
                        }
                        @available(*, unavailable, message: "MixedAssembly does not register it with these tags: register it in MixedAssembly with the same tags, spelled the same way, or declare it with '#external'") func provide<T, Tags>(_ type: T.Type, tagged: Tags.Type) -> T {
                            fatalError()
                        }
                        final func provide(_ type: Database.Type) -> Database {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                    }

                    private static func __injectionGraphs() {
                        #sourceLocation(file: "test.swift", line: 4)
                        final class `#register(Database.self)`: Provided, Database.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 4)
                            @available(*, unavailable, message: "MixedAssembly does not provide it to 'Database': register it in MixedAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                    }

                    enum __CycleExport {
                        protocol Node_Database: Database.__CycleRequirements {
                            typealias Cycle_Database = Database.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Database
                }

                extension MixedAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}
