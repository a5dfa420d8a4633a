import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `#registerMain(T.self, as: Key.self)`: a `@MainActor` `@Injectable` type registered on the
/// MainActor track under another type.
@Suite("@Assembly: #registerMain under another type")
struct AssemblyMainAsTests {
    @Test("#registerMain(_:as:) registers the type under the key, built by its make(resolver:), with and without tags")
    func mainTypeUnderKey() {
        assertMacroExpansion(
            """
            @Assembly
            struct UIAssembly {
                #registerMain(SettingsScreen.self, as: (any Screen).self)
                #registerMain(ProfileScreen.self, as: (any Screen).self, tags: "profile", scope: .transient)
            }
            """,
            expandedSource: """
                struct UIAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.MainTrackCheck<SettingsScreen>
                        #sourceLocation(file: "test.swift", line: 3)
                        func Line0Key(_ service: SettingsScreen) -> (any Screen) { service }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.MainTrackCheck<ProfileScreen>
                        #sourceLocation(file: "test.swift", line: 4)
                        func Line1Key(_ service: ProfileScreen) -> (any Screen) { service }
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.MainInjectableCheck<SettingsScreen>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.MainInjectableCheck<ProfileScreen>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: SettingsScreen.self,
                                registeredAs: (any Screen).self,
                                scope: .singleton,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: ProfileScreen.self,
                                registeredAs: (any Screen).self,
                                scope: .transient,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies), tags: ["profile"]
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.registerMain(__InjectableChecks.Line0.self, as: (any Screen).self, scope: .singleton) { (service: SettingsScreen) in service }
                        env.registerMain(__InjectableChecks.Line1.self, as: (any Screen).self, tags: "profile", scope: .transient) { (service: ProfileScreen) in service }
                    }

                    enum Registrations {
                        enum `(any Screen) is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: (any Screen).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any Screen).Type, tagged: (tags: Void, `tagged "profile"`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices {
                        final func check(_ type: (any Screen).Type) -> Registrations.`(any Screen) is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check(_ type: (any Screen).Type, tagged: (tags: Void, `tagged "profile"`: Void).Type) -> Registrations.`(any Screen) is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSharedServices = ProvidedToSendableServices

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#registerMain(SettingsScreen.self, as: (any Screen).self)`<__Service>: Provided, SettingsScreen.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `SettingsScreen.init`(`#registerMain(SettingsScreen.self, as: (any Screen).self)`<__InjectableChecks.Line0>.self); func `SettingsScreen.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`SettingsScreen.init`(`#registerMain(SettingsScreen.self, as: (any Screen).self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#registerMain(ProfileScreen.self, as: (any Screen).self, tags: "profile")`<__Service>: Provided, ProfileScreen.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `ProfileScreen.init`(`#registerMain(ProfileScreen.self, as: (any Screen).self, tags: "profile")`<__InjectableChecks.Line1>.self); func `ProfileScreen.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`ProfileScreen.init`(`#registerMain(ProfileScreen.self, as: (any Screen).self, tags: "profile")`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_any_Screen: SettingsScreen.__CycleRequirements {
                            typealias Cycle_any_Screen = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_any_Screen
                }

                extension UIAssembly: __ServiceMacroSupport.AssemblyType {}
                """,
        )
    }

    @Test("#registerMain(_:scope: .weak) registers the class with the weak scope")
    func mainTypeWeak() {
        assertMacroExpansion(
            """
            @Assembly
            struct UIAssembly {
                #registerMain(Inspector.self, scope: .weak)
            }
            """,
            expandedSource: """
                struct UIAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.MainTrackCheck<Inspector>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.MainInjectableCheck<Inspector>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(1)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Inspector.self,
                                registeredAs: Inspector.self,
                                scope: .weak,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.registerMain(__InjectableChecks.Line0.self, scope: .weak)
                    }

                    enum Registrations {
                        enum `Inspector is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: Inspector.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices {
                        final func check(_ type: Inspector.Type) -> Registrations.`Inspector is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSharedServices = ProvidedToSendableServices

                    typealias ProvidedToSharedMainActorServices = Provided

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#registerMain(Inspector.self)`<__Service>: Provided, Inspector.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `Inspector.init`(`#registerMain(Inspector.self)`<__InjectableChecks.Line0>.self); func `Inspector.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Inspector.init`(`#registerMain(Inspector.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Inspector: Inspector.__CycleRequirements {
                            typealias Cycle_Inspector = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Inspector
                }

                extension UIAssembly: __ServiceMacroSupport.AssemblyType {}
                """,
        )
    }
}
