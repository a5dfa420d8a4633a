import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension AssemblyMacroTests {
    @Test("with per-scope registrations, shared services conform through a base without them")
    func perScopeProviders() {
        assertMacroExpansion(
            """
            @Assembly
            struct ServerAssembly {
                #external(RequestContext.self, scope: .scoped)
                #register(NoteStore.self)
                #register(NoteService.self, scope: .transient)
                #register(Stats.self) { () async throws -> Stats in try await Stats.load() }
            }
            """,
            expandedSource: """
                struct ServerAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<NoteStore>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        typealias Line1 = __ServiceMacroSupport.SendableTrackCheck<NoteService>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<NoteStore>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        typealias Line1 = __ServiceMacroSupport.InjectableCheck<NoteService>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(4)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: RequestContext.self,
                                registeredAs: RequestContext.self,
                                scope: .scoped,
                                track: .sendable,
                                source: .external
                            )
                        )
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
                                service: NoteService.self,
                                registeredAs: NoteService.self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Stats.self,
                                registeredAs: Stats.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .closure
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.register(__InjectableChecks.Line1.self, scope: .transient)
                        #sourceLocation(file: "test.swift", line: 6)
                        env.register(Stats.self, scope: .singleton) { () async throws -> Stats in try await Stats.load() }
                        #sourceLocation()
                    }

                    enum Registrations {
                        enum `RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: NoteStore.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: NoteService.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Stats.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    typealias ProvidedToSendableServices = Provided

                    typealias ProvidedToSharedServices = ProvidedToSharedMainActorServices

                    nonisolated class ProvidedToSharedMainActorServices {
                        final func check(_ type: NoteStore.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: NoteService.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Stats.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(NoteStore.self)`<__Service>: ProvidedToSharedServices, NoteStore.__ProviderChecks {
                                final func check(_ type: RequestContext.Type) -> Registrations.`RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 4)
                            `NoteStore.init`(`#register(NoteStore.self)`<__InjectableChecks.Line0>.self); func `NoteStore.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line0.`NoteStore.init`(`#register(NoteStore.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 5)
                            nonisolated final class `#register(NoteService.self)`<__Service>: ProvidedToSendableServices, NoteService.__ProviderChecks {
                                final func check(_ type: RequestContext.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 5)
                            `NoteService.init`(`#register(NoteService.self)`<__InjectableChecks.Line1>.self); func `NoteService.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 5)
                            __InjectableChecks.Line1.`NoteService.init`(`#register(NoteService.self)`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_NoteStore: NoteStore.__CycleRequirements {
                            typealias Cycle_NoteStore = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                        protocol Node_NoteService: NoteService.__CycleRequirements {
                            typealias Cycle_NoteService = __InjectableChecks.Line1.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_NoteStore & __CycleExport.Node_NoteService
                }

                extension ServerAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}

extension AssemblyMacroTests {
    @Test("with per-scope and #registerMain registrations, each graph class sees only what its service may use")
    func perScopeAndMainActorProviders() {
        assertMacroExpansion(
            """
            @Assembly
            struct AppAssembly {
                #external(RequestContext.self, scope: .scoped)
                #register(Clock.self)
                #registerMain(Router.self)
                #register(Handler.self, scope: .transient)
                #registerMain(Screen.self)
            }
            """,
            expandedSource: """
                struct AppAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<Clock>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        typealias Line1 = __ServiceMacroSupport.MainTrackCheck<Router>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 6)
                        typealias Line2 = __ServiceMacroSupport.SendableTrackCheck<Handler>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 7)
                        typealias Line3 = __ServiceMacroSupport.MainTrackCheck<Screen>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 4)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<Clock>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        typealias Line1 = __ServiceMacroSupport.MainInjectableCheck<Router>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 6)
                        typealias Line2 = __ServiceMacroSupport.InjectableCheck<Handler>
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 7)
                        typealias Line3 = __ServiceMacroSupport.MainInjectableCheck<Screen>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(5)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: RequestContext.self,
                                registeredAs: RequestContext.self,
                                scope: .scoped,
                                track: .sendable,
                                source: .external
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Clock.self,
                                registeredAs: Clock.self,
                                scope: .singleton,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Router.self,
                                registeredAs: Router.self,
                                scope: .singleton,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line1.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Handler.self,
                                registeredAs: Handler.self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line2.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Screen.self,
                                registeredAs: Screen.self,
                                scope: .singleton,
                                track: .main,
                                source: .injectable(dependencies: __InjectableChecks.Line3.dependencies)
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .singleton)
                        env.registerMain(__InjectableChecks.Line1.self, scope: .singleton)
                        env.register(__InjectableChecks.Line2.self, scope: .transient)
                        env.registerMain(__InjectableChecks.Line3.self, scope: .singleton)
                    }

                    enum Registrations {
                        enum `RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` {}
                        enum `Router is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                        enum `Screen is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` {}
                    }

                    nonisolated class Provided {
                        final func check(_ type: Clock.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Router.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Handler.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Screen.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSendableServices {
                        final func check(_ type: Clock.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Router.Type) -> Registrations.`Router is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check(_ type: Handler.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Screen.Type) -> Registrations.`Screen is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSharedServices {
                        final func check(_ type: Clock.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Router.Type) -> Registrations.`Router is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check(_ type: Handler.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Screen.Type) -> Registrations.`Screen is registered with #registerMain, which a Sendable service cannot depend on: register the service that needs it with #registerMain` { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    nonisolated class ProvidedToSharedMainActorServices {
                        final func check(_ type: Clock.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Router.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Handler.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check(_ type: Screen.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                        final func check<T>(_ type: T.Type) -> T { fatalError() }
                        final func check<Element, Reason>(_ type: [Element].Type) -> Reason { fatalError() }
                        final func check<T, Tags, Reason>(_ type: T.Type, tagged: Tags.Type) -> Reason { fatalError() }
                    }

                    private static func __injectionGraphs() {
                        do {
                            #sourceLocation(file: "test.swift", line: 4)
                            nonisolated final class `#register(Clock.self)`<__Service>: ProvidedToSharedServices, Clock.__ProviderChecks {
                                final func check(_ type: RequestContext.Type) -> Registrations.`RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 4)
                            `Clock.init`(`#register(Clock.self)`<__InjectableChecks.Line0>.self); func `Clock.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 4)
                            __InjectableChecks.Line0.`Clock.init`(`#register(Clock.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 5)
                            nonisolated final class `#registerMain(Router.self)`<__Service>: ProvidedToSharedMainActorServices, Router.__ProviderChecks {
                                final func check(_ type: RequestContext.Type) -> Registrations.`RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 5)
                            `Router.init`(`#registerMain(Router.self)`<__InjectableChecks.Line1>.self); func `Router.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 5)
                            __InjectableChecks.Line1.`Router.init`(`#registerMain(Router.self)`<__InjectableChecks.Line1>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 6)
                            nonisolated final class `#register(Handler.self)`<__Service>: ProvidedToSendableServices, Handler.__ProviderChecks {
                                final func check(_ type: RequestContext.Type) -> __ServiceMacroSupport.Registered { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 6)
                            `Handler.init`(`#register(Handler.self)`<__InjectableChecks.Line2>.self); func `Handler.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 6)
                            __InjectableChecks.Line2.`Handler.init`(`#register(Handler.self)`<__InjectableChecks.Line2>.self)
                            #sourceLocation()
                        }
                        do {
                            #sourceLocation(file: "test.swift", line: 7)
                            nonisolated final class `#registerMain(Screen.self)`<__Service>: ProvidedToSharedMainActorServices, Screen.__ProviderChecks {
                                final func check(_ type: RequestContext.Type) -> Registrations.`RequestContext is provided per scope, which a shared service cannot depend on: register the service that needs it with scope .scoped or .transient` { fatalError() }
                            }
                            #sourceLocation(file: "test.swift", line: 7)
                            `Screen.init`(`#registerMain(Screen.self)`<__InjectableChecks.Line3>.self); func `Screen.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 7)
                            __InjectableChecks.Line3.`Screen.init`(`#registerMain(Screen.self)`<__InjectableChecks.Line3>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_Clock: Clock.__CycleRequirements {
                            typealias Cycle_Clock = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                        protocol Node_Router: Router.__CycleRequirements {
                            typealias Cycle_Router = __InjectableChecks.Line1.__CycleEdges<Self>
                        }
                        protocol Node_Handler: Handler.__CycleRequirements {
                            typealias Cycle_Handler = __InjectableChecks.Line2.__CycleEdges<Self>
                        }
                        protocol Node_Screen: Screen.__CycleRequirements {
                            typealias Cycle_Screen = __InjectableChecks.Line3.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_Clock & __CycleExport.Node_Router & __CycleExport.Node_Handler & __CycleExport.Node_Screen
                }

                extension AppAssembly: __ServiceMacroSupport.AssemblyType {}
                """,
        )
    }
}

extension AssemblyMacroTests {
    @Test("a weak registration carries its scope into the row and assemble(env:), and is provided as a shared service")
    func weakRegistration() {
        assertMacroExpansion(
            """
            @Assembly
            struct EditorAssembly {
                #register(EditorSession.self, scope: .weak)
            }
            """,
            expandedSource: """
                struct EditorAssembly {

                    private static func __trackChecks() {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.SendableTrackCheck<EditorSession>
                        #sourceLocation()
                    }

                    enum __InjectableChecks {
                        #sourceLocation(file: "test.swift", line: 3)
                        typealias Line0 = __ServiceMacroSupport.InjectableCheck<EditorSession>
                        #sourceLocation()
                    }

                    nonisolated static let registrations: [__ServiceMacroSupport.Registration] = __registrationTable()

                    private nonisolated static func __registrationTable() -> [__ServiceMacroSupport.Registration] {
                        var rows: [__ServiceMacroSupport.Registration] = []
                        rows.reserveCapacity(1)
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: EditorSession.self,
                                registeredAs: EditorSession.self,
                                scope: .weak,
                                track: .sendable,
                                source: .injectable(dependencies: __InjectableChecks.Line0.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(__InjectableChecks.Line0.self, scope: .weak)
                    }

                    nonisolated class Provided {
                        final func check(_ type: EditorSession.Type) -> __ServiceMacroSupport.Registered { fatalError() }
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
                            nonisolated final class `#register(EditorSession.self)`<__Service>: ProvidedToSendableServices, EditorSession.__ProviderChecks {}
                            #sourceLocation(file: "test.swift", line: 3)
                            `EditorSession.init`(`#register(EditorSession.self)`<__InjectableChecks.Line0>.self); func `EditorSession.init`<G: __ServiceMacroSupport.ProviderChecks>(_ graph: G.Type) where G.D0: __ServiceMacroSupport.ProvidedDependency, G.D1: __ServiceMacroSupport.ProvidedDependency, G.D2: __ServiceMacroSupport.ProvidedDependency, G.D3: __ServiceMacroSupport.ProvidedDependency, G.D4: __ServiceMacroSupport.ProvidedDependency, G.D5: __ServiceMacroSupport.ProvidedDependency, G.D6: __ServiceMacroSupport.ProvidedDependency, G.D7: __ServiceMacroSupport.ProvidedDependency {}
                            #sourceLocation(file: "test.swift", line: 3)
                            __InjectableChecks.Line0.`EditorSession.init`(`#register(EditorSession.self)`<__InjectableChecks.Line0>.self)
                            #sourceLocation()
                        }
                    }

                    enum __CycleExport {
                        protocol Node_EditorSession: EditorSession.__CycleRequirements {
                            typealias Cycle_EditorSession = __InjectableChecks.Line0.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_EditorSession
                }

                extension EditorAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}
