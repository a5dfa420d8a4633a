import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Injectable diagnostics")
struct InjectableDiagnosticTests {
    @Test("an enum is rejected")
    func rejectsEnum() {
        assertMacroExpansion(
            """
            @Injectable
            enum Mode {}
            """,
            expandedSource: """
                enum Mode {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Injectable' can only be applied to a struct, final class or actor",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("a protocol is rejected")
    func rejectsProtocol() {
        assertMacroExpansion(
            """
            @Injectable
            protocol Gateway {}
            """,
            expandedSource: """
                protocol Gateway {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Injectable' can only be applied to a struct, final class or actor",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("an extension is rejected")
    func rejectsExtension() {
        assertMacroExpansion(
            """
            @Injectable
            extension Gateway {}
            """,
            expandedSource: """
                extension Gateway {}
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Injectable' can only be applied to a struct, final class or actor",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("a generic type is rejected at its generic parameters")
    func rejectsGeneric() {
        assertMacroExpansion(
            """
            @Injectable
            struct Box<Value> {
                let value: Value
            }
            """,
            expandedSource: """
                struct Box<Value> {
                    let value: Value
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Injectable' cannot be applied to a generic type",
                    line: 2,
                    column: 11,
                )
            ],
        )
    }

    @Test("a non-final class gets an error with an 'add final' fix-it")
    func nonFinalClass() {
        assertMacroExpansion(
            """
            @Injectable
            class Session {
                init(token: Token) {}
            }
            """,
            expandedSource: """
                class Session {
                    init(token: Token) {}
                }

                extension Session: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Token
                        func check(_ type: Token.Type) -> D0
                    }
                    nonisolated static func `Session.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Token.Type) -> Token
                    }
                    private static var `Session is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Session is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Token.self, label: "token", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(token: try resolver.resolve(Token.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(token: graph.provide(Token.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Token = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Token>.Result
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Injectable' class must be 'final'",
                    line: 2,
                    column: 1,
                    fixIts: [FixItSpec(message: "add 'final'")],
                )
            ],
            applyFixIts: ["add 'final'"],
            fixedSource: """
                @Injectable
                final class Session {
                    init(token: Token) {}
                }
                """,
        )
    }

    @Test("several unmarked initializers get one fix-it each")
    func ambiguousInitializers() {
        assertMacroExpansion(
            """
            @Injectable
            final class Exporter {
                init(format: Format) {}
                init(path: String, format: Format) {}
            }
            """,
            expandedSource: """
                final class Exporter {
                    init(format: Format) {}
                    init(path: String, format: Format) {}
                }

                extension Exporter: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Exporter.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Exporter")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Exporter")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Injectable' type with several initializers must mark one with '@Inject'",
                    line: 2,
                    column: 13,
                    fixIts: [
                        FixItSpec(message: "mark 'init(format:)' with '@Inject'"),
                        FixItSpec(message: "mark 'init(path:format:)' with '@Inject'"),
                    ],
                )
            ],
            applyFixIts: ["mark 'init(path:format:)' with '@Inject'"],
            fixedSource: """
                @Injectable
                final class Exporter {
                    init(format: Format) {}
                    @Inject init(path: String, format: Format) {}
                }
                """,
        )
    }

    @Test("a second @Inject initializer is rejected")
    func severalMarkedInitializers() {
        assertMacroExpansion(
            """
            @Injectable
            final class Loader {
                @Inject init(a: A) {}
                @Inject init(b: B) {}
            }
            """,
            expandedSource: """
                final class Loader {
                    init(a: A) {}
                    init(b: B) {}
                }

                extension Loader: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Loader.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Loader")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Loader")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "only one initializer can be marked '@Inject'",
                    line: 4,
                    column: 13,
                )
            ],
        )
    }

    @Test("an async initializer with @Assisted parameters is rejected")
    func asyncAssistedInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            final class Fetcher: Sendable {
                init(client: Client, @Assisted id: Int) async {}
            }
            """,
            expandedSource: """
                final class Fetcher: Sendable {
                    init(client: Client, @Assisted id: Int) async {}
                }

                extension Fetcher: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Fetcher.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Fetcher")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Fetcher")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "an 'async' initializer cannot take '@Assisted' parameters",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("a failable initializer is rejected")
    func failableInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            final class Parser {
                init?(source: Source) {}
            }
            """,
            expandedSource: """
                final class Parser {
                    init?(source: Source) {}
                }

                extension Parser: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Parser.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Parser")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Parser")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "an injected initializer cannot be failable",
                    line: 3,
                    column: 9,
                )
            ],
        )
    }

    @Test("a variadic parameter is rejected")
    func variadicParameter() {
        assertMacroExpansion(
            """
            @Injectable
            final class Batch {
                init(items: Item...) {}
            }
            """,
            expandedSource: """
                final class Batch {
                    init(items: Item...) {}
                }

                extension Batch: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Batch.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Batch")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Batch")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "an injected parameter cannot be variadic",
                    line: 3,
                    column: 21,
                )
            ],
        )
    }

    @Test("every problem of one initializer is reported (being async is not one)")
    func failableAndVariadicTogether() {
        assertMacroExpansion(
            """
            @Injectable
            final class Mixer {
                init?(tracks: Track...) async {}
            }
            """,
            expandedSource: """
                final class Mixer {
                    init?(tracks: Track...) async {}
                }

                extension Mixer: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Mixer.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Mixer")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Mixer")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "an injected initializer cannot be failable",
                    line: 3,
                    column: 9,
                ),
                DiagnosticSpec(
                    message: "an injected parameter cannot be variadic",
                    line: 3,
                    column: 24,
                ),
            ],
        )
    }
}
