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
                    protocol InjectionRequirements: `needs Token` {}
                    protocol `needs Token` {
                        func provide(_ type: Token.Type) -> Token
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Token.self, label: "token", kind: .required),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(token: try resolver.resolve(Token.self))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(token: graph.provide(Token.self))
                    }
                    protocol __CycleRequirements {
                        associatedtype Cycle_Token = Void
                    }
                    enum __CycleNode<G: __CycleRequirements> {
                        typealias Edges = __ServiceMacroSupport.CycleEdges<G.Cycle_Token>.Result
                    }
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

    @Test("an async initializer on a @MainActor type is rejected")
    func asyncMainActorInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            @MainActor
            final class Fetcher {
                init(client: Client) async {}
            }
            """,
            expandedSource: """
                @MainActor
                final class Fetcher {
                    init(client: Client) async {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@Injectable' does not support an 'async' initializer on a '@MainActor' type; make the initializer synchronous",
                    line: 1,
                    column: 1,
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

    @Test("an @Inject property without a type annotation is rejected")
    func injectWithoutType() {
        assertMacroExpansion(
            """
            @Injectable
            final class Cart {
                @Inject var pricing = Pricing()
            }
            """,
            expandedSource: """
                final class Cart {
                    var pricing = Pricing()
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "an '@Inject' property needs a type annotation",
                    line: 3,
                    column: 17,
                )
            ],
        )
    }

    @Test("@Inject on a static property is rejected")
    func injectOnStaticProperty() {
        assertMacroExpansion(
            """
            @Injectable
            final class Cart {
                @Inject static var shared: Cart
                @Inject let pricing: Pricing
            }
            """,
            expandedSource: """
                final class Cart {
                    static var shared: Cart
                    let pricing: Pricing
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Inject' cannot be applied to a static property",
                    line: 3,
                    column: 5,
                )
            ],
        )
    }

    @Test("a stored property with no default in property-injection mode gets a fix-it")
    func missingDefaultValue() {
        assertMacroExpansion(
            """
            @Injectable
            final class Cart {
                @Inject let pricing: Pricing
                let owner: User
            }
            """,
            expandedSource: """
                final class Cart {
                    let pricing: Pricing
                    let owner: User
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "stored property 'owner' needs a default value or '@Inject' when '@Injectable' generates the initializer",
                    line: 4,
                    column: 5,
                    fixIts: [FixItSpec(message: "mark 'owner' with '@Inject'")],
                )
            ],
            applyFixIts: ["mark 'owner' with '@Inject'"],
            fixedSource: """
                @Injectable
                final class Cart {
                    @Inject let pricing: Pricing
                    @Inject let owner: User
                }
                """,
        )
    }

    @Test("@Assisted parameters on a @MainActor type are diagnosed")
    func assistedMainActor() {
        assertMacroExpansion(
            """
            @Injectable @MainActor
            final class DetailScreen {
                init(@Assisted id: Int, model: Model) {}
            }
            """,
            expandedSource: """
                @MainActor
                final class DetailScreen {
                    init(@Assisted id: Int, model: Model) {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Assisted' parameters are not supported on a '@MainActor' type",
                    line: 1,
                    column: 1,
                )
            ],
        )
    }

    @Test("an @Assisted parameter with a default value is diagnosed")
    func assistedDefaultValue() {
        assertMacroExpansion(
            """
            @Injectable
            struct Detail {
                init(@Assisted id: Int = 0, model: Model) {}
            }
            """,
            expandedSource: """
                struct Detail {
                    init(@Assisted id: Int = 0, model: Model) {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "an '@Assisted' parameter cannot have a default value", line: 3, column: 10)
            ],
        )
    }

    @Test("@Inject on a computed property is diagnosed")
    func injectOnComputedProperty() {
        assertMacroExpansion(
            """
            @Injectable
            final class Feed {
                @Inject var source: Source { Source() }
            }
            """,
            expandedSource: """
                final class Feed {
                    var source: Source { Source() }
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "'@Inject' can only be applied to a stored property", line: 3, column: 5)
            ],
        )
    }

    @Test("stored properties inside #if are diagnosed instead of silently left out")
    func storedPropertyInConditional() {
        assertMacroExpansion(
            """
            @Injectable
            struct Feed {
                #if DEBUG
                let probe: Probe
                #endif
                let source: Source
            }
            """,
            expandedSource: """
                struct Feed {
                    #if DEBUG
                    let probe: Probe
                    #endif
                    let source: Source
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@Injectable' cannot read stored properties inside '#if'; declare the initializer to inject",
                    line: 3,
                    column: 5,
                )
            ],
        )
    }
}
