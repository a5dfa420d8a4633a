import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Injectable with @All parameters")
struct InjectableAllTests {
    @Test(
        "an array parameter without @All is a dependency whose check, when it is not registered, says to mark it @All")
    func arrayWithoutAll() {
        assertMacroExpansion(
            """
            @Injectable
            struct HealthReport {
                init(checks: [any HealthCheck], names: Array<String>, later: Lazy<[Plugin]>, again: [any HealthCheck]) {}
            }
            """,
            expandedSource: """
                struct HealthReport {
                    init(checks: [any HealthCheck], names: Array<String>, later: Lazy<[Plugin]>, again: [any HealthCheck]) {}
                }

                extension HealthReport: __ServiceMacroSupport.InjectableType {
                    enum `[any HealthCheck] is not registered: mark the parameter @All to take every registration of its element type` {}
                    enum `Array<String> is not registered: mark the parameter @All to take every registration of its element type` {}
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = `[any HealthCheck] is not registered: mark the parameter @All to take every registration of its element type`
                        func check(_ type: [any HealthCheck].Type) -> D0
                        associatedtype D1 = `Array<String> is not registered: mark the parameter @All to take every registration of its element type`
                        func check(_ type: Array<String>.Type) -> D1
                        associatedtype D2 = [Plugin]
                        func check(_ type: [Plugin].Type) -> D2
                    }
                    nonisolated static func `HealthReport.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Array<String>.Type) -> Array<String>
                    }
                    nonisolated protocol __InjectionRequirement2 {
                        func provide(_ type: __ServiceMacroSupport.LazyDependency<[Plugin]>.Type) -> __ServiceMacroSupport.LazyDependency<[Plugin]>
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1, __InjectionRequirement2 {
                        func provide(_ type: [any HealthCheck].Type) -> [any HealthCheck]
                    }
                    private static var `HealthReport is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `HealthReport is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency([any HealthCheck].self, label: "checks", kind: .required),
                            __ServiceMacroSupport.Dependency(Array<String>.self, label: "names", kind: .required),
                            __ServiceMacroSupport.Dependency([Plugin].self, label: "later", kind: .lazy),
                            __ServiceMacroSupport.Dependency([any HealthCheck].self, label: "again", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(checks: try resolver.resolve([any HealthCheck].self), names: try resolver.resolve(Array<String>.self), later: __ServiceMacroSupport.LazyDependency([Plugin].self, in: resolver), again: try resolver.resolve([any HealthCheck].self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(checks: graph.provide([any HealthCheck].self), names: graph.provide(Array<String>.self), later: graph.provide(__ServiceMacroSupport.LazyDependency<[Plugin]>.self), again: graph.provide([any HealthCheck].self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_any_HealthCheck = Void
                        associatedtype Cycle_Array_String = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_any_HealthCheck, G.Cycle_Array_String>.Result
                }
                """,
        )
    }

    @Test("an @All parameter resolves every registration of its element type, and the assembly checks nothing for it")
    func collectedParameter() {
        assertMacroExpansion(
            """
            @Injectable
            struct HealthReport {
                init(clock: Clock, @All checks: [any HealthCheck], @All("toolbar") plugins: Array<Plugin>) {}
            }
            """,
            expandedSource: """
                struct HealthReport {
                    init(clock: Clock, @All checks: [any HealthCheck], @All("toolbar") plugins: Array<Plugin>) {}
                }

                extension HealthReport: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Clock
                        func check(_ type: Clock.Type) -> D0
                    }
                    nonisolated static func `HealthReport.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: [any HealthCheck].Type) -> [any HealthCheck]
                    }
                    nonisolated protocol __InjectionRequirement2 {
                        func provide(_ type: [Plugin].Type) -> [Plugin]
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1, __InjectionRequirement2 {
                        func provide(_ type: Clock.Type) -> Clock
                    }
                    private static var `HealthReport is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `HealthReport is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Clock.self, label: "clock", kind: .required),
                            __ServiceMacroSupport.Dependency((any HealthCheck).self, label: "checks", kind: .all),
                            __ServiceMacroSupport.Dependency(Plugin.self, label: "plugins", kind: .all, tags: ["toolbar"]),
                        ]
                    }
                    private nonisolated static let __tags2 = __ServiceMacroSupport.TagKey("toolbar")
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(clock: try resolver.resolve(Clock.self), checks: try resolver.resolveAll((any HealthCheck).self), plugins: try resolver.resolveAll(Plugin.self, tags: Self.__tags2))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(clock: graph.provide(Clock.self), checks: graph.provide([any HealthCheck].self), plugins: graph.provide([Plugin].self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Clock = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Clock>.Result
                }
                """,
        )
    }

    @Test("a @MainActor type with an async initializer resolves an @All parameter on either track, building async ones")
    func collectedParameterOtherForms() {
        assertMacroExpansion(
            """
            @Injectable
            @MainActor
            final class HealthScreen {
                init(@All checks: [any HealthCheck]) async {}
            }
            """,
            expandedSource: """
                @MainActor
                final class HealthScreen {
                    init(@All checks: [any HealthCheck]) async {}
                }

                extension HealthScreen: __ServiceMacroSupport.MainAsyncInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `HealthScreen.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: [any HealthCheck].Type) -> [any HealthCheck]
                    }
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency((any HealthCheck).self, label: "checks", kind: .all),
                        ]
                    }
                    static func make(resolver: __ServiceMacroSupport.Environment) async throws(__ServiceMacroSupport.Failure) -> Self {
                        await Self(checks: try await __ServiceMacroSupport.resolveAllOnEitherTrackAsync((any HealthCheck).self, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) async -> Self {
                        await Self(checks: graph.provide([any HealthCheck].self))
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
        )
    }

    @Test("a Sendable type with an async initializer resolves an @All parameter with resolveAllAsync")
    func collectedParameterOfAnAsyncInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            struct HealthReport: Sendable {
                init(@All("critical") checks: [any HealthCheck]) async {}
            }
            """,
            expandedSource: """
                struct HealthReport: Sendable {
                    init(@All("critical") checks: [any HealthCheck]) async {}
                }

                extension HealthReport: __ServiceMacroSupport.AsyncInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `HealthReport.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: [any HealthCheck].Type) -> [any HealthCheck]
                    }
                    private static var `HealthReport is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `HealthReport is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency((any HealthCheck).self, label: "checks", kind: .all, tags: ["critical"]),
                        ]
                    }
                    private nonisolated static let __tags0 = __ServiceMacroSupport.TagKey("critical")
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) async throws(__ServiceMacroSupport.Failure) -> Self {
                        await Self(checks: try await resolver.resolveAllAsync((any HealthCheck).self, tags: Self.__tags0))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) async -> Self {
                        await Self(checks: graph.provide([any HealthCheck].self))
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
        )
    }

    @Test("an @All parameter that is not an array, or is also @Assisted or @Tags, is diagnosed")
    func misplacedAll() {
        for (source, message, node) in [
            (
                "init(@All checks: any HealthCheck) {}",
                "'@All' collects every registration of a type into an array: declare the parameter as an array, '[T]'",
                "`any HealthCheck`",
            ),
            (
                "init(@All checks: [any HealthCheck]?) {}",
                "'@All' collects every registration of a type into an array: declare the parameter as an array, '[T]'",
                "`[any HealthCheck]?`",
            ),
            (
                "init(@Assisted @All ids: [Int]) {}",
                "an '@Assisted' parameter is passed when resolving; it cannot also be '@All'",
                "`@All",
            ),
            (
                "init(@All @Tags(\"b\") checks: [any HealthCheck]) {}",
                "write the tags in '@All(…)': '@Tags' resolves the one registration with those tags, "
                    + "'@All' every one whose tags include them",
                "`@Tags",
            ),
        ] {
            let report = ExpansionReport("@Injectable\nstruct HealthReport {\n    \(source)\n}")
            #expect(
                report.diagnostics.count == 1 && report.diagnostics[0].hasPrefix("error: \(message) at \(node)"),
                "\(report.diagnostics)",
            )
        }
    }
}
