import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension AssemblyMacroTests {
    @Test("a forward registers its key as a transient that resolves its target, checked like a dependency")
    func forward() {
        assertMacroExpansion(
            """
            @Assembly
            struct NotesAssembly {
                #register(NoteStore.self)
                #forward((any NoteReading).self, to: NoteStore.self)
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
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<NoteStore>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(2)
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
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.forward((any NoteReading).self, to: NoteStore.self) { $0 }
                    }

                    nonisolated class Provided {
                        final func check(_ type: NoteStore.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any NoteReading).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                    }

                    enum __CycleExport {
                        protocol Node_NoteStore: NoteStore.__CycleRequirements {
                            typealias Cycle_NoteStore = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_NoteStore
                }

                extension NotesAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}

extension AssemblyMacroTests {
    @Test("a forward to a #registerMain type is on the main actor's track; one to a per-scope type is per scope")
    func forwardTracks() {
        assertMacroExpansion(
            """
            @Assembly
            struct AppAssembly {
                #registerMain(HomeScreen.self)
                #forward((any Screen).self, to: HomeScreen.self)
                #register(RequestContext.self, scope: .scoped)
                #forward((any RequestInfo).self, to: RequestContext.self)
            }
            """,
            expandedSource: """
                struct AppAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.MainTrackCheck<HomeScreen>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 4)
                        func Line1Key(_ service: HomeScreen) -> (any Screen) { service }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        typealias Line2 = __ServiceMacroSupport.SendableTrackCheck<RequestContext>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 6)
                        func Line3Key(_ service: RequestContext) -> (any RequestInfo) { service }
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.MainInjectableCheck<HomeScreen>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<RequestContext>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(4)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: HomeScreen.self,
                                registeredAs: HomeScreen.self,
                                scope: .singleton,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: (any Screen).self,
                                registeredAs: (any Screen).self,
                                scope: .transient,
                                track: .main,
                                source: .injectable(dependencies: [__ServiceMacroSupport.Dependency(HomeScreen.self, label: "#forward", kind: .required)])
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: RequestContext.self,
                                registeredAs: RequestContext.self,
                                scope: .scoped,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: (any RequestInfo).self,
                                registeredAs: (any RequestInfo).self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: [__ServiceMacroSupport.Dependency(RequestContext.self, label: "#forward", kind: .required)])
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.registerMain(__InjectableChecks.Line0.self, scope: .singleton)
                        env.registerMain((any Screen).self, scope: .transient) { () throws(__ServiceMacroSupport.Failure) -> (any Screen) in
                            try __ServiceMacroSupport.Environment.current.resolveMain(HomeScreen.self) as (any Screen)
                        }
                        env.register(__InjectableChecks.Line1.self, scope: .scoped)
                        env.forward((any RequestInfo).self, to: RequestContext.self) { $0 }
                    }

                    enum Registrations {
                        enum `HomeScreen is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                        enum `(any Screen) is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                        enum `RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` {}
                        enum `(any RequestInfo) is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: HomeScreen.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any Screen).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: RequestContext.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any RequestInfo).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices {
                        final func check(_ type: HomeScreen.Type) -> Registrations.`HomeScreen is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check(_ type: (any Screen).Type) -> Registrations.`(any Screen) is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check(_ type: RequestContext.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any RequestInfo).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSharedServices {
                        final func check(_ type: HomeScreen.Type) -> Registrations.`HomeScreen is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check(_ type: (any Screen).Type) -> Registrations.`(any Screen) is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check(_ type: RequestContext.Type) -> Registrations.`RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` { fatalError() }
                        final func check(_ type: (any RequestInfo).Type) -> Registrations.`(any RequestInfo) is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSharedMainActorServices {
                        final func check(_ type: HomeScreen.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: (any Screen).Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: RequestContext.Type) -> Registrations.`RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` { fatalError() }
                        final func check(_ type: (any RequestInfo).Type) -> Registrations.`(any RequestInfo) is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 3)
                            nonisolated final class `#registerMain(HomeScreen.self)`<__Service>: ProvidedToSharedMainActorServices, HomeScreen.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `HomeScreen.init`(`#registerMain(HomeScreen.self)`<__InjectableChecks.Line0>.self); func `HomeScreen.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`HomeScreen.init`(`#registerMain(HomeScreen.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#forward((any Screen).self, to: HomeScreen.self)`: Provided {}
                            #sourceLocation(file: "test.swift", line: 4)
                            `(any Screen) forwards to HomeScreen`(`#forward((any Screen).self, to: HomeScreen.self)`().check(HomeScreen.self)); func `(any Screen) forwards to HomeScreen`<D: __ServiceMacroSupport.ProvidedDependency>(_ target: D) {}
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 5)
                            nonisolated final class `#register(RequestContext.self)`<__Service>: ProvidedToSendableServices, RequestContext.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 5)
                            `RequestContext.init`(`#register(RequestContext.self)`<__InjectableChecks.Line1>.self); func `RequestContext.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 5)
                            __InjectableChecks.Line1.`RequestContext.init`(`#register(RequestContext.self)`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 6)
                            nonisolated final class `#forward((any RequestInfo).self, to: RequestContext.self)`: ProvidedToSendableServices {}
                            #sourceLocation(file: "test.swift", line: 6)
                            `(any RequestInfo) forwards to RequestContext`(`#forward((any RequestInfo).self, to: RequestContext.self)`().check(RequestContext.self)); func `(any RequestInfo) forwards to RequestContext`<D: __ServiceMacroSupport.ProvidedDependency>(_ target: D) {}
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_HomeScreen: HomeScreen.__CycleRequirements {
                            typealias Cycle_HomeScreen = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                        protocol Node_RequestContext: RequestContext.__CycleRequirements {
                            typealias Cycle_RequestContext = __InjectableChecks.Line1.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_HomeScreen & __CycleExport.Node_RequestContext
                }

                extension AppAssembly: __ServiceMacroSupport.AssemblyType {}
                """,
        )
    }

    @Test("a forward's key is one registration: a second line of that key is a duplicate")
    func forwardDuplicate() {
        assertMacroExpansion(
            """
            @Assembly
            struct NotesAssembly {
                #register(NoteStore.self, as: (any NoteReading).self)
                #forward((any NoteReading).self, to: NoteStore.self)
            }
            """,
            expandedSource: """
                struct NotesAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<NoteStore>
                        #sourceLocation(file: "test.swift", line: 3)
                        func Line0Key(_ service: NoteStore) -> (any NoteReading) { service }
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
                        rows.reserveCapacity(1)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: NoteStore.self,
                                registeredAs: (any NoteReading).self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, as: (any NoteReading).self, scope: .singleton) { (service: NoteStore) in service }
                    }

                    nonisolated class Provided {
                        final func check(_ type: (any NoteReading).Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                    }

                    enum __CycleExport {
                        protocol Node_any_NoteReading: NoteStore.__CycleRequirements {
                            typealias Cycle_any_NoteReading = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_any_NoteReading
                }

                extension NotesAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'(any NoteReading)' is registered more than once in this assembly",
                    line: 4,
                    column: 5,
                    notes: [NoteSpec(message: "first registered here", line: 3, column: 5)],
                    fixIts: [FixItSpec(message: "remove the duplicate registration")],
                )
            ],
        )
    }

    @Test("a type forwarded to itself is diagnosed on its line, and the line is left out")
    func forwardToItself() {
        assertMacroExpansion(
            """
            @Assembly
            struct LoopAssembly {
                #forward(NoteStore.self, to: NoteStore.self)
            }
            """,
            expandedSource: emptyAssemblyExpansion("LoopAssembly"),
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'#forward' makes one type another name for a second one: 'NoteStore' forwarded to itself would resolve itself forever",
                    line: 3,
                    column: 5,
                )
            ],
        )
    }

    @Test("#forward outside an @Assembly is diagnosed, as #register is")
    func forwardOutsideAssembly() {
        assertMacroExpansion(
            """
            struct Plain {
                #forward((any NoteReading).self, to: NoteStore.self)
            }
            """,
            expandedSource: """
                struct Plain {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'#forward' can only be used inside an '@Assembly' struct",
                    line: 2,
                    column: 5,
                )
            ],
        )
    }
}
