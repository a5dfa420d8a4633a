import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension AssemblyMacroTests {
    @Test("with checkCycles, a forward's key stands for its target in the cycle graph, at the forward's line")
    func forwardInCycleGraph() {
        assertMacroExpansion(
            """
            @Assembly(checkCycles: true)
            struct NotesAssembly {
                #register(NoteStore.self)
                #forward((any NoteReading).self, to: NoteStore.self)
                #forward((any NoteArchive).self, to: Archive.self)
            }
            """,
            expandedSource: """
                struct NotesAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<NoteStore>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        func Line1Key(_ service: NoteStore) -> (any NoteReading) { service }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        func Line2Key(_ service: Archive) -> (any NoteArchive) { service }
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<NoteStore>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(3)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: NoteStore.self,
                                registeredAs: NoteStore.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: (any NoteReading).self,
                                registeredAs: (any NoteReading).self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: [__ServiceMacroSupport.Dependency(NoteStore.self, label: "#forward", kind: .required)])
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: (any NoteArchive).self,
                                registeredAs: (any NoteArchive).self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: [__ServiceMacroSupport.Dependency(Archive.self, label: "#forward", kind: .required)])
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.forward((any NoteReading).self, to: NoteStore.self) { $0 }
                        env.forward((any NoteArchive).self, to: Archive.self) { $0 }
                    }

                    nonisolated class Provided {
                        final func check(_ type: NoteStore.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any NoteReading).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any NoteArchive).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                            nonisolated final class `#register(NoteStore.self)`<__Service>: ProvidedToSendableServices, NoteStore.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `NoteStore.init`(`#register(NoteStore.self)`<__InjectableChecks.Line0>.self); func `NoteStore.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`NoteStore.init`(`#register(NoteStore.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#forward((any NoteReading).self, to: NoteStore.self)`: ProvidedToSendableServices {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `(any NoteReading) forwards to NoteStore`(`#forward((any NoteReading).self, to: NoteStore.self)`().check(NoteStore.self)); func `(any NoteReading) forwards to NoteStore`<D: __ServiceMacroSupport.ProvidedDependency>(_ target: D) {}
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 5)
                            nonisolated final class `#forward((any NoteArchive).self, to: Archive.self)`: ProvidedToSendableServices {}
                            #sourceLocation(file: "test.swift", line: 5)
                            `(any NoteArchive) forwards to Archive`(`#forward((any NoteArchive).self, to: Archive.self)`().check(Archive.self)); func `(any NoteArchive) forwards to Archive`<D: __ServiceMacroSupport.ProvidedDependency>(_ target: D) {}
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_NoteStore: NoteStore.__CycleRequirements {
                            typealias Cycle_NoteStore = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_NoteStore

                    private enum __CycleGraph: NoteStore.__CycleRequirements {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias `NoteStore needs itself through its dependencies: take one of them as Lazy or ServiceProvider` = NoteStore.__CycleEdges<__CycleGraph>
                        #sourceLocation()
                        typealias Cycle_NoteStore = `NoteStore needs itself through its dependencies: take one of them as Lazy or ServiceProvider`
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias `any NoteReading needs itself through its dependencies: take one of them as Lazy or ServiceProvider` = Cycle_NoteStore
                        #sourceLocation()
                        typealias Cycle_any_NoteReading = `any NoteReading needs itself through its dependencies: take one of them as Lazy or ServiceProvider`
                    }
                }

                extension NotesAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}
