import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What only a parameter's declaration may say: `@escaping`, ownership specifiers, `inout`.
@Suite("@Injectable parameter declarations")
struct InjectableParameterTests {
    @Test("an @escaping closure is a dependency of its function type, and an @Assisted one stays @escaping in make")
    func escapingClosures() {
        assertMacroExpansion(
            """
            @Injectable
            final class Downloader: Sendable {
                init(fetch: @escaping @Sendable (URL) async throws -> Data, @Assisted onDone: @escaping @Sendable () -> Void) {}
            }
            """,
            expandedSource: """
                final class Downloader: Sendable {
                    init(fetch: @escaping @Sendable (URL) async throws -> Data, @Assisted onDone: @escaping @Sendable () -> Void) {}
                }

                extension Downloader: __ServiceMacroSupport.AssistedInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = (@Sendable (URL) async throws -> Data)
                        func check(_ type: (@Sendable (URL) async throws -> Data).Type) -> D0
                    }
                    nonisolated static func `Downloader.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: (@Sendable (URL) async throws -> Data).Type) -> (@Sendable (URL) async throws -> Data)
                    }
                    private static var `Downloader is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Downloader is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency((@Sendable (URL) async throws -> Data).self, label: "fetch", kind: .required),
                            __ServiceMacroSupport.Dependency((@Sendable () -> Void).self, label: "onDone", kind: .argument),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment, onDone: @escaping @Sendable () -> Void) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(fetch: try resolver.resolve((@Sendable (URL) async throws -> Data).self), onDone: onDone)
                    }
                    nonisolated static func make(graph: some InjectionRequirements, onDone: @escaping @Sendable () -> Void) -> Self {
                        Self(fetch: graph.provide((@Sendable (URL) async throws -> Data).self), onDone: onDone)
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Sendable_URL_async_throws_Data = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Sendable_URL_async_throws_Data>.Result
                    nonisolated static func register(in env: __ServiceMacroSupport.Environment, scope: __ServiceMacroSupport.Scope) {
                        env.register(Downloader.self, scope: scope) { (onDone: @escaping @Sendable () -> Void) throws -> Downloader in
                            try make(resolver: __ServiceMacroSupport.Environment.current, onDone: onDone)
                        }
                    }
                }
                """,
        )
    }

    @Test("ownership specifiers are left out of the dependency's type")
    func ownershipSpecifiers() {
        assertMacroExpansion(
            """
            @Injectable
            struct Report: Sendable {
                init(config: consuming Config, clock: borrowing Clock, sink: sending Sink) {}
            }
            """,
            expandedSource: """
                struct Report: Sendable {
                    init(config: consuming Config, clock: borrowing Clock, sink: sending Sink) {}
                }

                extension Report: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Config
                        func check(_ type: Config.Type) -> D0
                        associatedtype D1 = Clock
                        func check(_ type: Clock.Type) -> D1
                        associatedtype D2 = Sink
                        func check(_ type: Sink.Type) -> D2
                    }
                    nonisolated static func `Report.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Clock.Type) -> Clock
                    }
                    nonisolated protocol __InjectionRequirement2 {
                        func provide(_ type: Sink.Type) -> Sink
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1, __InjectionRequirement2 {
                        func provide(_ type: Config.Type) -> Config
                    }
                    private static var `Report is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Report is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Config.self, label: "config", kind: .required),
                            __ServiceMacroSupport.Dependency(Clock.self, label: "clock", kind: .required),
                            __ServiceMacroSupport.Dependency(Sink.self, label: "sink", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(config: try resolver.resolve(Config.self), clock: try resolver.resolve(Clock.self), sink: try resolver.resolve(Sink.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(config: graph.provide(Config.self), clock: graph.provide(Clock.self), sink: graph.provide(Sink.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Config = Void
                        associatedtype Cycle_Clock = Void
                        associatedtype Cycle_Sink = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Config, G.Cycle_Clock, G.Cycle_Sink>.Result
                }
                """,
        )
    }

    @Test("an inout parameter is rejected")
    func inoutParameter() {
        assertMacroExpansion(
            """
            @Injectable
            struct Counter: Sendable {
                init(count: inout Int) {}
            }
            """,
            expandedSource: """
                struct Counter: Sendable {
                    init(count: inout Int) {}
                }

                extension Counter: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Counter.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Counter")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Counter")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "an injected parameter cannot be 'inout': take it by value",
                    line: 3,
                    column: 17,
                )
            ],
        )
    }
    @Test("a 'some' parameter is rejected with a fix-it that writes 'any'")
    func opaqueParameter() {
        assertMacroExpansion(
            """
            @Injectable
            struct Ticker: Sendable {
                init(clock: some Clock) {}
            }
            """,
            expandedSource: """
                struct Ticker: Sendable {
                    init(clock: some Clock) {}
                }

                extension Ticker: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Ticker.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Ticker")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Ticker")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "an injected parameter cannot be of a 'some' type, which makes the initializer generic: write 'any'",
                    line: 3,
                    column: 17,
                    fixIts: [FixItSpec(message: "write 'any'")],
                )
            ],
            applyFixIts: ["write 'any'"],
            fixedSource: """
                @Injectable
                struct Ticker: Sendable {
                    init(clock: any Clock) {}
                }
                """,
        )
    }

    @Test("a generic initializer is rejected")
    func genericInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            struct Ticker: Sendable {
                init<C: Clock>(clock: C) {}
            }
            """,
            expandedSource: """
                struct Ticker: Sendable {
                    init<C: Clock>(clock: C) {}
                }

                extension Ticker: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Ticker.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Ticker")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Ticker")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "an injected initializer cannot be generic: take each dependency as a type, or as 'any' of a protocol",
                    line: 3,
                    column: 9,
                )
            ],
        )
    }
    @Test("a label written in backticks is listed by its name, and called without them")
    func keywordLabel() {
        assertMacroExpansion(
            """
            @Injectable
            struct Repeater: Sendable {
                init(`default` config: Config, @Assisted `repeat`: Int) {}
            }
            """,
            expandedSource: """
                struct Repeater: Sendable {
                    init(`default` config: Config, @Assisted `repeat`: Int) {}
                }

                extension Repeater: __ServiceMacroSupport.AssistedInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Config
                        func check(_ type: Config.Type) -> D0
                    }
                    nonisolated static func `Repeater.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Config.Type) -> Config
                    }
                    private static var `Repeater is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Repeater is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Config.self, label: "default", kind: .required),
                            __ServiceMacroSupport.Dependency(Int.self, label: "repeat", kind: .argument),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment, `repeat`: Int) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(default: try resolver.resolve(Config.self), repeat: `repeat`)
                    }
                    nonisolated static func make(graph: some InjectionRequirements, `repeat`: Int) -> Self {
                        Self(default: graph.provide(Config.self), repeat: `repeat`)
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Config = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Config>.Result
                    nonisolated static func register(in env: __ServiceMacroSupport.Environment, scope: __ServiceMacroSupport.Scope) {
                        env.register(Repeater.self, scope: scope) { (`repeat`: Int) throws -> Repeater in
                            try make(resolver: __ServiceMacroSupport.Environment.current, repeat: `repeat`)
                        }
                    }
                }
                """,
        )
    }
}
