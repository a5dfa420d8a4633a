import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension AssemblyMacroTests {
    @Test("#register of a protocol type without a closure: one error, and the type still provided to the others")
    func protocolWithoutClosure() {
        assertMacroExpansion(
            """
            @Assembly
            struct AppAssembly {
                #register((any Clock).self)
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
                                service: (any Clock).self,
                                registeredAs: (any Clock).self,
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
                                final func check(_ type: (any Clock).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'any Clock' is a protocol type, which '#register' cannot build without a closure: give it a closure that returns a conforming instance, or register an @Injectable type under it with 'as: (any Clock).self'",
                    line: 3,
                    column: 5,
                )
            ],
        )
    }
}
