import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Assembly expansion")
struct AssemblyMacroTests {
    @Test("an empty assembly still conforms and assembles nothing")
    func emptyAssembly() {
        assertMacroExpansion(
            """
            @Assembly
            struct EmptyAssembly {
            }
            """,
            expandedSource: emptyAssemblyExpansion("EmptyAssembly"),
        )
    }

    @Test("injectable registrations get a table row, a provider and a graph class")
    func injectableRegistrations() {
        assertMacroExpansion(
            """
            @Assembly
            struct CoreAssembly {
                #register(Database.self)
                #register(UserRepository.self, scope: .transient)
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
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<UserRepository>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
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
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.register(__InjectableChecks.Line1.self, scope: .transient)
                    }

                    nonisolated class Provided {
                        final func check(_ type: Database.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: UserRepository.Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                            nonisolated final class `#register(Database.self)`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(UserRepository.self)`<__Service>: ProvidedToSendableServices, UserRepository.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `UserRepository.init`(`#register(UserRepository.self)`<__InjectableChecks.Line1>.self); func `UserRepository.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`UserRepository.init`(`#register(UserRepository.self)`<__InjectableChecks.Line1>.self)
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
                    }

                    typealias __CycleNodes = __CycleExport.Node_Database & __CycleExport.Node_UserRepository
                }

                extension CoreAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }

    @Test("a registration under a protocol is provided as that protocol")
    func registerAs() {
        assertMacroExpansion(
            """
            @Assembly
            struct ClockAssembly {
                #register(SystemClock.self, as: (any Clock).self, scope: .custom("session"))
            }
            """,
            expandedSource: """
                struct ClockAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<SystemClock>
                        #sourceLocation(file: "test.swift", line: 3)
                        func Line0Key(_ service: SystemClock) -> (any Clock) { service }
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<SystemClock>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(1)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: SystemClock.self,
                                registeredAs: (any Clock).self,
                                scope: .custom("session"),
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, as: (any Clock).self, scope: .custom("session")) { (service: SystemClock) in service }
                    }

                    nonisolated class Provided {
                        final func check(_ type: (any Clock).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                            nonisolated final class `#register(SystemClock.self, as: (any Clock).self)`<__Service>: ProvidedToSendableServices, SystemClock.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `SystemClock.init`(`#register(SystemClock.self, as: (any Clock).self)`<__InjectableChecks.Line0>.self); func `SystemClock.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`SystemClock.init`(`#register(SystemClock.self, as: (any Clock).self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_any_Clock: SystemClock.__CycleRequirements {
                            typealias Cycle_any_Clock = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_any_Clock
                }

                extension ClockAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }

    @Test("a closure registration is provided and copied into assemble(env:)")
    func closureRegistration() {
        assertMacroExpansion(
            """
            @Assembly
            struct ConfigAssembly {
                #register(Config.self) { Config(url: "https://example.com") }
                #register(Flags.self, scope: .transient, factory: { Flags() })
            }
            """,
            expandedSource: """
                struct ConfigAssembly {

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
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
                                service: Flags.self,
                                registeredAs: Flags.self,
                                scope: .transient,
                                track: .sendable,
                                source: .closure
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        #sourceLocation(file: "test.swift", line: 3)
                        env.register(Config.self, scope: .singleton) { Config(url: "https://example.com") }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        env.register(Flags.self, scope: .transient) { Flags() }
                        #sourceLocation()
                    }

                    nonisolated class Provided {
                        final func check(_ type: Config.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Flags.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSendableServices = Provided

                    typealias ProvidedToSharedServices = Provided

                    typealias ProvidedToSharedMainActorServices = Provided
                }

                extension ConfigAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }

    @Test("a #registerMain closure registers on the MainActor track, withheld from Sendable services")
    func mainClosureRegistration() {
        assertMacroExpansion(
            """
            @Assembly
            struct UIAssembly {
                #registerMain(Palette.self) { Palette() }
                #registerMain(Palette.self, tags: "dark") { Palette(dark: true) }
            }
            """,
            expandedSource: """
                struct UIAssembly {

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Palette.self,
                                registeredAs: Palette.self,
                                scope: .singleton,
                                track: .main,
                                source: .closure
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Palette.self,
                                registeredAs: Palette.self,
                                scope: .singleton,
                                track: .main,
                                source: .closure, tags: ["dark"]
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        #sourceLocation(file: "test.swift", line: 3)
                        env.registerMain(Palette.self, scope: .singleton) { Palette() }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        env.registerMain(Palette.self, tags: "dark", scope: .singleton) { Palette(dark: true) }
                        #sourceLocation()
                    }

                    enum Registrations {
                        enum `Palette is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: Palette.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Palette.Type, tagged: (tags: Void, `tagged "dark"`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices {
                        final func check(_ type: Palette.Type) -> Registrations.`Palette is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check(_ type: Palette.Type, tagged: (tags: Void, `tagged "dark"`: Void).Type) -> Registrations.`Palette is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSharedServices = ProvidedToSendableServices

                    typealias ProvidedToSharedMainActorServices = Provided
                }

                extension UIAssembly: __ServiceMacroSupport.AssemblyType {}
                """,
        )
    }
}
