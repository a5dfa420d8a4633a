import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension InjectableMacroTests {
    @Test("an async initializer makes the type AsyncInjectable, built and resolved with await")
    func asyncInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            final class NoteDatabase: Sendable {
                init(settings: Settings, cache: Cache?) async throws {}
            }
            """,
            expandedSource: """
                final class NoteDatabase: Sendable {
                    init(settings: Settings, cache: Cache?) async throws {}
                }

                extension NoteDatabase: __ServiceMacroSupport.AsyncInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Settings
                        func check(_ type: Settings.Type) -> D0
                    }
                    nonisolated static func `NoteDatabase.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Cache?.Type) -> Cache?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1 {
                        func provide(_ type: Settings.Type) -> Settings
                    }
                    private static var `NoteDatabase is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `NoteDatabase is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Settings.self, label: "settings", kind: .required),
                            __ServiceMacroSupport.Dependency(Cache.self, label: "cache", kind: .optional),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) async throws(__ServiceMacroSupport.Failure) -> Self {
                        do {
                            return try await Self(settings: try await resolver.resolveAsync(Settings.self), cache: try await resolver.resolveAsyncIfRegistered(Cache.self))
                        } catch let error as __ServiceMacroSupport.Failure {
                            throw error
                        } catch {
                            throw .factoryFailed(serviceType: String(describing: Self.self), underlyingError: error)
                        }
                    }
                    nonisolated static func make(graph: some InjectionRequirements) async throws -> Self {
                        try await Self(settings: graph.provide(Settings.self), cache: graph.provide(Cache?.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Settings = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Settings>.Result
                }
                """,
        )
    }

    @Test("an async initializer on a @MainActor type makes it MainAsyncInjectable, dependencies from either track")
    func asyncMainActorInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            @MainActor
            final class Library {
                init(settings: Settings, screen: Screen?) async {}
            }
            """,
            expandedSource: """
                @MainActor
                final class Library {
                    init(settings: Settings, screen: Screen?) async {}
                }

                extension Library: __ServiceMacroSupport.MainAsyncInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Settings
                        func check(_ type: Settings.Type) -> D0
                    }
                    nonisolated static func `Library.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Screen?.Type) -> Screen?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1 {
                        func provide(_ type: Settings.Type) -> Settings
                    }
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Settings.self, label: "settings", kind: .required),
                            __ServiceMacroSupport.Dependency(Screen.self, label: "screen", kind: .optional),
                        ]
                    }
                    static func make(resolver: __ServiceMacroSupport.Environment) async throws(__ServiceMacroSupport.Failure) -> Self {
                        await Self(settings: try await __ServiceMacroSupport.resolveOnEitherTrackAsync(Settings.self, in: resolver), screen: try await __ServiceMacroSupport.resolveOnEitherTrackAsyncIfRegistered(Screen.self, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) async -> Self {
                        await Self(settings: graph.provide(Settings.self), screen: graph.provide(Screen?.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Settings = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Settings>.Result
                }
                """,
        )
    }
}
