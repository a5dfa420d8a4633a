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
                                source: .injectable(dependencies: NoteStore.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: NoteService.self,
                                registeredAs: NoteService.self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: NoteService.dependencies)
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
                        env.register(NoteStore.self, scope: .singleton)
                        env.register(NoteService.self, scope: .transient)
                        env.register(Stats.self, scope: .singleton) { () async throws -> Stats in try await Stats.load() }
                    }

                    nonisolated class ProvidedToSharedServices {
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
                        @available(*, unavailable, message: "ServerAssembly does not register it with these tags: register it in ServerAssembly with the same tags, spelled the same way, or declare it with '#external'") func provide<T, Tags>(_ type: T.Type, tagged: Tags.Type) -> T {
                            fatalError()
                        }
                        final func provide(_ type: NoteStore.Type) -> NoteStore {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                        final func provide(_ type: NoteService.Type) -> NoteService {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                        final func provide(_ type: Stats.Type) -> Stats {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                    }

                    nonisolated class Provided: ProvidedToSharedServices {
                    }

                    private static func __injectionGraphs() {
                        #sourceLocation(file: "test.swift", line: 4)
                        final class `#register(NoteStore.self)`: ProvidedToSharedServices, NoteStore.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 4)
                            @available(*, unavailable, message: "ServerAssembly does not provide it to 'NoteStore': if it is what each scope provides ('RequestContext'), a service shared by every scope cannot depend on it: register 'NoteStore' with scope .scoped or .transient, or take Lazy or ServiceProvider; otherwise register it in ServerAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        final class `#register(NoteService.self)`: Provided, NoteService.InjectionRequirements {
                            final func provide(_ type: RequestContext.Type) -> RequestContext {
                                __ServiceMacroSupport.provide(type, from: environment)
                            }
                            #sourceLocation(file: "test.swift", line: 5)
                            @available(*, unavailable, message: "ServerAssembly does not provide it to 'NoteService': register it in ServerAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                    }

                    enum __CycleExport {
                        protocol Node_NoteStore: NoteStore.__CycleRequirements {
                            typealias Cycle_NoteStore = NoteStore.__CycleEdges<Self>
                        }
                        protocol Node_NoteService: NoteService.__CycleRequirements {
                            typealias Cycle_NoteService = NoteService.__CycleEdges<Self>
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
                                source: .injectable(dependencies: Clock.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Router.self,
                                registeredAs: Router.self,
                                scope: .singleton,
                                track: .main,
                                source: .injectable(dependencies: Router.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Handler.self,
                                registeredAs: Handler.self,
                                scope: .transient,
                                track: .sendable,
                                source: .injectable(dependencies: Handler.dependencies)
                            )
                        )
                        rows.append(
                            __ServiceMacroSupport.Registration(
                                service: Screen.self,
                                registeredAs: Screen.self,
                                scope: .singleton,
                                track: .main,
                                source: .injectable(dependencies: Screen.dependencies)
                            )
                        )
                        return rows
                    }

                    @MainActor func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(Clock.self, scope: .singleton)
                        env.registerMain(Router.self, scope: .singleton)
                        env.register(Handler.self, scope: .transient)
                        env.registerMain(Screen.self, scope: .singleton)
                    }

                    nonisolated class ProvidedToSharedServices {
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
                        final func provide(_ type: Clock.Type) -> Clock {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                        final func provide(_ type: Handler.Type) -> Handler {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                    }

                    nonisolated class ProvidedToSendableServices: ProvidedToSharedServices {
                    }

                    nonisolated class Provided: ProvidedToSendableServices {
                        @MainActor final func provide(_ type: Router.Type) -> Router {
                            __ServiceMacroSupport.provideMain(type, from: environment)
                        }
                        @MainActor final func provide(_ type: Screen.Type) -> Screen {
                            __ServiceMacroSupport.provideMain(type, from: environment)
                        }
                    }

                    nonisolated class ProvidedToSharedMainActorServices: ProvidedToSharedServices {
                        @MainActor final func provide(_ type: Router.Type) -> Router {
                            __ServiceMacroSupport.provideMain(type, from: environment)
                        }
                        @MainActor final func provide(_ type: Screen.Type) -> Screen {
                            __ServiceMacroSupport.provideMain(type, from: environment)
                        }
                    }

                    private static func __injectionGraphs() {
                        #sourceLocation(file: "test.swift", line: 4)
                        final class `#register(Clock.self)`: ProvidedToSharedServices, Clock.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 4)
                            @available(*, unavailable, message: "AppAssembly does not provide it to 'Clock': if it is what '#registerMain' registers ('Router', 'Screen'), a Sendable service cannot depend on it: register 'Clock' with '#registerMain' if it belongs on the MainActor; if it is what each scope provides ('RequestContext'), a service shared by every scope cannot depend on it: register 'Clock' with scope .scoped or .transient, or take Lazy or ServiceProvider; otherwise register it in AppAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 5)
                        final class `#registerMain(Router.self)`: ProvidedToSharedMainActorServices, @MainActor Router.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 5)
                            @available(*, unavailable, message: "AppAssembly does not provide it to 'Router': if it is what each scope provides ('RequestContext'), a service shared by every scope cannot depend on it: register 'Router' with scope .scoped or .transient, or take Lazy or ServiceProvider; otherwise register it in AppAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 6)
                        final class `#register(Handler.self)`: ProvidedToSendableServices, Handler.InjectionRequirements {
                            final func provide(_ type: RequestContext.Type) -> RequestContext {
                                __ServiceMacroSupport.provide(type, from: environment)
                            }
                            #sourceLocation(file: "test.swift", line: 6)
                            @available(*, unavailable, message: "AppAssembly does not provide it to 'Handler': if it is what '#registerMain' registers ('Router', 'Screen'), a Sendable service cannot depend on it: register 'Handler' with '#registerMain' if it belongs on the MainActor; otherwise register it in AppAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                        #sourceLocation(file: "test.swift", line: 7)
                        final class `#registerMain(Screen.self)`: ProvidedToSharedMainActorServices, @MainActor Screen.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 7)
                            @available(*, unavailable, message: "AppAssembly does not provide it to 'Screen': if it is what each scope provides ('RequestContext'), a service shared by every scope cannot depend on it: register 'Screen' with scope .scoped or .transient, or take Lazy or ServiceProvider; otherwise register it in AppAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                    }

                    enum __CycleExport {
                        protocol Node_Clock: Clock.__CycleRequirements {
                            typealias Cycle_Clock = Clock.__CycleEdges<Self>
                        }
                        protocol Node_Router: Router.__CycleRequirements {
                            typealias Cycle_Router = Router.__CycleEdges<Self>
                        }
                        protocol Node_Handler: Handler.__CycleRequirements {
                            typealias Cycle_Handler = Handler.__CycleEdges<Self>
                        }
                        protocol Node_Screen: Screen.__CycleRequirements {
                            typealias Cycle_Screen = Screen.__CycleEdges<Self>
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
                                source: .injectable(dependencies: EditorSession.dependencies)
                            )
                        )
                        return rows
                    }

                    nonisolated func assemble(env: __ServiceMacroSupport.Environment) {
                        env.register(EditorSession.self, scope: .weak)
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
                        @available(*, unavailable, message: "EditorAssembly does not register it with these tags: register it in EditorAssembly with the same tags, spelled the same way, or declare it with '#external'") func provide<T, Tags>(_ type: T.Type, tagged: Tags.Type) -> T {
                            fatalError()
                        }
                        final func provide(_ type: EditorSession.Type) -> EditorSession {
                            __ServiceMacroSupport.provide(type, from: environment)
                        }
                    }

                    private static func __injectionGraphs() {
                        #sourceLocation(file: "test.swift", line: 3)
                        final class `#register(EditorSession.self)`: Provided, EditorSession.InjectionRequirements {
                            #sourceLocation(file: "test.swift", line: 3)
                            @available(*, unavailable, message: "EditorAssembly does not provide it to 'EditorSession': register it in EditorAssembly, or declare it with '#external'") func provide<T>(_ type: T.Type) -> T {
                                fatalError()
                            }
                        }
                        #sourceLocation()
                    }

                    enum __CycleExport {
                        protocol Node_EditorSession: EditorSession.__CycleRequirements {
                            typealias Cycle_EditorSession = EditorSession.__CycleEdges<Self>
                        }
                    }

                    typealias __CycleNodes = __CycleExport.Node_EditorSession
                }

                extension EditorAssembly: __ServiceMacroSupport.AssemblyType, __ServiceMacroSupport.NonisolatedAssemblyType {}
                """,
        )
    }
}
