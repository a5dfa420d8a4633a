import ServiceMacrosPlugin
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Diagnostics of `@Inject` properties (property-injection mode) and of `@Assisted` parameters.
extension InjectableDiagnosticTests {
    @Test("an @Inject property without a type annotation is rejected")
    func injectWithoutType() {
        assertMacroExpansion(
            """
            @Injectable(.memberwise)
            final class Cart {
                @Inject var pricing = Pricing()
            }
            """,
            expandedSource: """
                final class Cart {
                    var pricing = Pricing()
                }

                extension Cart: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Cart.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Cart")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Cart")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
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

    @Test("@Inject(escaping:) on an initializer, or with a value the macro cannot read, is rejected")
    func escapingArgumentMisused() {
        let inject = ["Inject": MacroSpec(type: InjectMacro.self)]
        assertMacroExpansion(
            """
            struct Cart {
                @Inject(escaping: true) init(onPay: @escaping Handler) {}
                @Inject(escaping: isClosure) let onPay: Handler
                @Inject(escaping: true) let onRefund: Handler
            }
            """,
            expandedSource: """
                struct Cart {
                    init(onPay: @escaping Handler) {}
                    let onPay: Handler
                    let onRefund: Handler
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'escaping:' is for an '@Inject' stored property; an initializer writes '@escaping' on its parameters",
                    line: 2,
                    column: 13,
                ),
                DiagnosticSpec(
                    message:
                        "'escaping:' takes 'true' or 'false', as written: the macro reads it, the compiler does not",
                    line: 3,
                    column: 23,
                ),
            ],
            macroSpecs: inject,
        )
    }

    @Test("@Inject on a static property is rejected")
    func injectOnStaticProperty() {
        assertMacroExpansion(
            """
            @Injectable(.memberwise)
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

                extension Cart: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Cart.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Cart")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Cart")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
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
            @Injectable(.memberwise)
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

                extension Cart: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Cart.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Cart")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Cart")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "stored property 'owner' needs a default value or '@Inject': '@Injectable' passes only the '@Inject' properties to the initializer",
                    line: 4,
                    column: 5,
                    fixIts: [FixItSpec(message: "mark 'owner' with '@Inject'")],
                )
            ],
            applyFixIts: ["mark 'owner' with '@Inject'"],
            fixedSource: """
                @Injectable(.memberwise)
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

                extension DetailScreen: __ServiceMacroSupport.MainInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `DetailScreen.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of DetailScreen")
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of DetailScreen")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
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

                extension Detail: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Detail.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Detail")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Detail")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
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
            @Injectable(.memberwise)
            final class Feed {
                @Inject var source: Source { Source() }
            }
            """,
            expandedSource: """
                final class Feed {
                    var source: Source { Source() }
                }

                extension Feed: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Feed.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Feed")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Feed")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
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

                extension Feed: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Feed.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Feed")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Feed")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
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
