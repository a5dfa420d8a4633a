import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Assembly diagnostics")
struct AssemblyDiagnosticTests {
    @Test("a class is rejected")
    func rejectsClass() {
        assertMacroExpansion(
            """
            @Assembly
            final class WrongAssembly {
            }
            """,
            expandedSource: """
                final class WrongAssembly {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Assembly' can only be applied to a struct",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("an enum is rejected")
    func rejectsEnum() {
        assertMacroExpansion(
            """
            @Assembly
            enum WrongAssembly {
            }
            """,
            expandedSource: """
                enum WrongAssembly {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Assembly' can only be applied to a struct",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("a duplicate registration is an error with a note and a removal fix-it")
    func duplicateRegistration() {
        assertMacroExpansion(
            """
            @Assembly
            struct CoreAssembly {
                #register(Database.self)
                #register(Database.self, scope: .transient)
            }
            """,
            expandedSource: """
                struct CoreAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Database>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
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
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#register(Database.self)`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `Database.init`(`#register(Database.self)`<__InjectableChecks.Line0>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
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

                extension CoreAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'Database' is registered more than once in this assembly",
                    line: 4,
                    column: 5,
                    notes: [NoteSpec(message: "first registered here", line: 3, column: 5)],
                    fixIts: [FixItSpec(message: "remove the duplicate registration")],
                )
            ],
            applyFixIts: ["remove the duplicate registration"],
            fixedSource: """
                @Assembly
                struct CoreAssembly {
                    #register(Database.self)
                }
                """,
        )
    }

    @Test("two registrations under one key are duplicates")
    func duplicateKeyThroughAs() {
        assertMacroExpansion(
            """
            @Assembly
            struct ClockAssembly {
                #register(SystemClock.self, as: (any Clock).self)
                #register(TestClock.self, as: (any Clock).self)
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
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, as: (any Clock).self, scope: .singleton) { (service: SystemClock) in service }
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
            diagnostics: [
                DiagnosticSpec(
                    message: "'(any Clock)' is registered more than once in this assembly",
                    line: 4,
                    column: 5,
                    notes: [NoteSpec(message: "first registered here", line: 3, column: 5)],
                    fixIts: [FixItSpec(message: "remove the duplicate registration")],
                )
            ],
        )
    }

    @Test("a type not written as T.self is diagnosed, not crashed on")
    func unreadableType() {
        assertMacroExpansion(
            """
            @Assembly
            struct OddAssembly {
                #register(makeType())
            }
            """,
            expandedSource: emptyAssemblyExpansion("OddAssembly"),
            diagnostics: [
                DiagnosticSpec(
                    message: "'#register' needs its type written as 'T.self'",
                    line: 3,
                    column: 5,
                )
            ],
        )
    }

    @Test("including two assemblies is diagnosed")
    func multipleIncludes() {
        assertMacroExpansion(
            """
            @Assembly(includes: [CoreAssembly.self, UIAssembly.self])
            struct AppAssembly {
            }
            """,
            expandedSource: """
                struct AppAssembly {

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = []

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        __ServiceMacroSupport.include(CoreAssembly(), in: env)
                    }

                    nonisolated class Provided: CoreAssembly.Provided {
                    }

                    nonisolated class ProvidedToSendableServices: CoreAssembly.ProvidedToSendableServices {
                    }

                    nonisolated class ProvidedToSharedServices: CoreAssembly.ProvidedToSharedServices {
                    }

                    nonisolated class ProvidedToSharedMainActorServices: CoreAssembly.ProvidedToSharedMainActorServices {
                    }

                    typealias __CycleNodes = CoreAssembly.__CycleNodes
                }

                extension AppAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Assembly' can include one assembly; include more by chaining assemblies",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("the same tags in another order are a duplicate; other tags are not")
    func duplicateTaggedRegistration() {
        assertMacroExpansion(
            """
            @Assembly
            struct TaggedAssembly {
                #register(Database.self, tags: "a", 1)
                #register(Database.self, tags: "b")
                #register(Database.self, tags: 1, "a")
            }
            """,
            expandedSource: """
                struct TaggedAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.SendableTrackCheck<Database>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Database>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<Database>
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
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies), tags: ["a", 1]
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Database.self,
                                registeredAs: Database.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies), tags: ["b"]
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, tags: "a", 1, scope: .singleton)
                        env.register(__InjectableChecks.Line1.self, tags: "b", scope: .singleton)
                    }

                    nonisolated class Provided {
                        final func check(_ type: Database.Type, tagged: (tags: Void, `tagged "a", 1`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Database.Type, tagged: (tags: Void, `tagged "b"`: Void).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                            nonisolated final class `#register(Database.self, tags: "a", 1)`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `Database.init`(`#register(Database.self, tags: "a", 1)`<__InjectableChecks.Line0>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`Database.init`(`#register(Database.self, tags: "a", 1)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(Database.self, tags: "b")`<__Service>: ProvidedToSendableServices, Database.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `Database.init`(`#register(Database.self, tags: "b")`<__InjectableChecks.Line1>.self); func `Database.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line1.`Database.init`(`#register(Database.self, tags: "b")`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                    }
                }

                extension TaggedAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'Database[tags: 1, \"a\"]' is registered more than once in this assembly",
                    line: 5,
                    column: 5,
                    notes: [NoteSpec(message: "first registered here", line: 3, column: 5)],
                    fixIts: [FixItSpec(message: "remove the duplicate registration")],
                )
            ],
        )
    }

    @Test("a #register inside #if is diagnosed instead of silently left out")
    func registerInConditional() {
        assertMacroExpansion(
            """
            @Assembly
            struct DebugAssembly {
                #if DEBUG
                #register(Probe.self)
                #endif
            }
            """,
            expandedSource: emptyAssemblyExpansion(
                "DebugAssembly",
                members: ["#if DEBUG", "#register(Probe.self)", "#endif"],
            ),
            diagnostics: [
                DiagnosticSpec(
                    message: "'#register' inside '#if' is not read by '@Assembly'; use one assembly per configuration",
                    line: 4,
                    column: 5,
                )
            ],
        )
    }
}
