import Foundation
import SwiftDiagnostics
import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension AssemblyMacroTests {
    /// The assembly of `sharedTwice` and `keepTwoInstances`: one type, two keys, two singletons.
    static let storeUnderTwoKeys = """
        @Assembly
        struct NotesAssembly {
            #register(NoteStore.self, as: (any NoteReading).self)
            #register(NoteStore.self, as: (any NoteWriting).self)
        }
        """

    /// What `@Assembly` expands `storeUnderTwoKeys` to: both registrations, as written.
    static let storeUnderTwoKeysExpansion = """
        struct NotesAssembly {

            private static func __trackChecks() {
                #sourceLocation(file: "test.swift", line: 3)
                typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<NoteStore>
                #sourceLocation(file: "test.swift", line: 3)
                func Line0Key(_ service: NoteStore) -> (any NoteReading) { service }
                #sourceLocation()
                #sourceLocation(file: "test.swift", line: 4)
                typealias Line1 = __ServiceMacroSupport.SendableTrackCheck<NoteStore>
                #sourceLocation(file: "test.swift", line: 4)
                func Line1Key(_ service: NoteStore) -> (any NoteWriting) { service }
                #sourceLocation()
            }

            enum __InjectableChecks {
                #sourceLocation(file: "test.swift", line: 3)
                typealias Line0 = __ServiceMacroSupport.InjectableCheck<NoteStore>
                #sourceLocation()
                #sourceLocation(file: "test.swift", line: 4)
                typealias Line1 = __ServiceMacroSupport.InjectableCheck<NoteStore>
                #sourceLocation()
            }

            nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

            private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                var rows: [__ServiceMacroSupport.Registration] = []
                rows.reserveCapacity(2)
                rows.append(
                    __ServiceMacroSupport.Registration(
                        service: NoteStore.self,
                        registeredAs: (any NoteReading).self,
                        scope: .singleton,
                        track: .sendable,
                        source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                    )
                )
                rows.append(
                    __ServiceMacroSupport.Registration(
                        service: NoteStore.self,
                        registeredAs: (any NoteWriting).self,
                        scope: .singleton,
                        track: .sendable,
                        source: .injectable(dependencies: __InjectableChecks.Line1.dependencies)
                    )
                )
                return rows
            }

            nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                env.register(__InjectableChecks.Line0.self, as: (any NoteReading).self, scope: .singleton) { (service: NoteStore) in service }
                env.register(__InjectableChecks.Line1.self, as: (any NoteWriting).self, scope: .singleton) { (service: NoteStore) in service }
            }

            nonisolated class Provided {
                final func check(_ type: (any NoteReading).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                final func check(_ type: (any NoteWriting).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                    nonisolated final class `#register(NoteStore.self, as: (any NoteReading).self)`<__Service>: ProvidedToSendableServices, NoteStore.__ProviderChecks {}
                    #sourceLocation(file: "test.swift", line: 3)
                    `NoteStore.init`(`#register(NoteStore.self, as: (any NoteReading).self)`<__InjectableChecks.Line0>.self); func `NoteStore.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                    #sourceLocation(file: "test.swift", line: 3)
                    __InjectableChecks.Line0.`NoteStore.init`(`#register(NoteStore.self, as: (any NoteReading).self)`<__InjectableChecks.Line0>.self)
                    #sourceLocation()
                }
                do {
                    #sourceLocation(file: "test.swift", line: 4)
                    nonisolated final class `#register(NoteStore.self, as: (any NoteWriting).self)`<__Service>: ProvidedToSendableServices, NoteStore.__ProviderChecks {}
                    #sourceLocation(file: "test.swift", line: 4)
                    `NoteStore.init`(`#register(NoteStore.self, as: (any NoteWriting).self)`<__InjectableChecks.Line1>.self); func `NoteStore.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                    #sourceLocation(file: "test.swift", line: 4)
                    __InjectableChecks.Line1.`NoteStore.init`(`#register(NoteStore.self, as: (any NoteWriting).self)`<__InjectableChecks.Line1>.self)
                    #sourceLocation()
                }
            }

            enum __CycleExport {
                protocol Node_any_NoteReading: NoteStore.__CycleRequirements {
                    typealias Cycle_any_NoteReading = __InjectableChecks.Line0.__CycleEdges<Self>
                }
                protocol Node_any_NoteWriting: NoteStore.__CycleRequirements {
                    typealias Cycle_any_NoteWriting = __InjectableChecks.Line1.__CycleEdges<Self>
                }
            }

            typealias __CycleNodes = __CycleExport.Node_any_NoteReading & __CycleExport.Node_any_NoteWriting
        }

        extension NotesAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
        """

    /// What `sharedTwice` and `keepTwoInstances` expect to be told.
    static func sharedTwiceSpec(fixIts: [String]) -> DiagnosticSpec {
        DiagnosticSpec(
            message:
                "'NoteStore' is registered as '(any NoteReading)' and as '(any NoteWriting)', each with an instance of its own: to share one, register 'NoteStore' once and '#forward' the other types to it; to keep two, write 'scope: .singleton' on this line",
            line: 4,
            column: 5,
            severity: .warning,
            notes: [NoteSpec(message: "first registered here", line: 3, column: 5)],
            fixIts: fixIts.map { FixItSpec(message: $0) },
        )
    }

    @Test("one type registered as a singleton under two keys is warned about, with a fix-it that forwards both to one")
    func sharedTwice() {
        assertMacroExpansion(
            Self.storeUnderTwoKeys,
            expandedSource: Self.storeUnderTwoKeysExpansion,
            diagnostics: [
                Self.sharedTwiceSpec(fixIts: [
                    "register 'NoteStore' once and forward both types to it",
                    "keep two instances: write 'scope: .singleton'",
                ])
            ],
            applyFixIts: ["register 'NoteStore' once and forward both types to it"],
            fixedSource: """
                @Assembly
                struct NotesAssembly {
                    #register(NoteStore.self)
                    #forward((any NoteReading).self, to: NoteStore.self)
                    #forward((any NoteWriting).self, to: NoteStore.self)
                }
                """,
        )
    }

    @Test("the warning's other fix-it keeps two instances by writing the scope, which silences it")
    func keepTwoInstances() {
        assertMacroExpansion(
            Self.storeUnderTwoKeys,
            expandedSource: Self.storeUnderTwoKeysExpansion,
            diagnostics: [
                Self.sharedTwiceSpec(fixIts: [
                    "register 'NoteStore' once and forward both types to it",
                    "keep two instances: write 'scope: .singleton'",
                ])
            ],
            applyFixIts: ["keep two instances: write 'scope: .singleton'"],
            fixedSource: """
                @Assembly
                struct NotesAssembly {
                    #register(NoteStore.self, as: (any NoteReading).self)
                    #register(NoteStore.self, as: (any NoteWriting).self, scope: .singleton)
                }
                """,
        )
        assertMacroExpansion(
            Self.storeUnderTwoKeys.replacingOccurrences(
                of: "(any NoteWriting).self)",
                with: "(any NoteWriting).self, scope: .singleton)",
            ),
            expandedSource: Self.storeUnderTwoKeysExpansion,
        )
    }
}
