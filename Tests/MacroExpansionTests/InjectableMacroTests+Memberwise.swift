import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Inject` properties without `.memberwise` (a struct's memberwise initializer) and the
/// diagnostics of `@Injectable(.memberwise)`, which alone generates an initializer.
extension InjectableMacroTests {
    @Test("a struct's @Inject properties are passed to its memberwise initializer; nothing is added to the struct")
    func propertyInjectionStructWithoutMemberwise() {
        assertMacroExpansion(
            """
            @Injectable
            struct Cart {
                @Inject let pricing: Pricing
                private var items: [Item] = []
            }
            """,
            expandedSource: """
                struct Cart {
                    let pricing: Pricing
                    private var items: [Item] = []
                }

                extension Cart: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Pricing
                        func check(_ type: Pricing.Type) -> D0
                    }
                    nonisolated static func `Cart.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Pricing.Type) -> Pricing
                    }
                    private static var `Cart is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Cart is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Pricing.self, label: "pricing", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(pricing: try resolver.resolve(Pricing.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(pricing: graph.provide(Pricing.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Pricing = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Pricing>.Result
                }
                """,
        )
    }
}

extension InjectableDiagnosticTests {
    @Test("a class with @Inject properties and no initializer asks for @Injectable(.memberwise)")
    func memberwiseRequiredForClass() {
        assertMacroExpansion(
            """
            @Injectable
            final class Cart {
                @Inject let pricing: Pricing
            }
            """,
            expandedSource: """
                final class Cart {
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
                    message:
                        "an extension cannot declare the initializer of class 'Cart': write '@Injectable(.memberwise)' to generate it from the '@Inject' properties",
                    line: 1,
                    column: 1,
                    fixIts: [FixItSpec(message: "write '@Injectable(.memberwise)'")],
                )
            ],
            applyFixIts: ["write '@Injectable(.memberwise)'"],
            fixedSource: """
                @Injectable(.memberwise)
                final class Cart {
                    @Inject let pricing: Pricing
                }
                """,
        )
    }

    @Test("an actor with @Inject properties and no initializer asks for @Injectable(.memberwise)")
    func memberwiseRequiredForActor() {
        assertMacroExpansion(
            """
            @Injectable actor Ledger {
                @Inject let store: Store
            }
            """,
            expandedSource: """
                actor Ledger {
                    let store: Store
                }

                extension Ledger: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Ledger.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Ledger")
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        fatalError("@Injectable reported why it cannot call the initializer of Ledger")
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "an extension cannot declare the initializer of actor 'Ledger': write '@Injectable(.memberwise)' to generate it from the '@Inject' properties",
                    line: 1,
                    column: 1,
                    fixIts: [FixItSpec(message: "write '@Injectable(.memberwise)'")],
                )
            ],
            applyFixIts: ["write '@Injectable(.memberwise)'"],
            fixedSource: """
                @Injectable(.memberwise) actor Ledger {
                    @Inject let store: Store
                }
                """,
        )
    }

    @Test("@Injectable(.memberwise) on a type with its own initializer is diagnosed, with a fix-it that removes it")
    func memberwiseWithInitializer() {
        assertMacroExpansion(
            """
            @Injectable(.memberwise)
            final class Cart {
                init(pricing: Pricing) {}
            }
            """,
            expandedSource: """
                final class Cart {
                    init(pricing: Pricing) {}
                }

                extension Cart: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Pricing
                        func check(_ type: Pricing.Type) -> D0
                    }
                    nonisolated static func `Cart.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Pricing.Type) -> Pricing
                    }
                    private static var `Cart is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Cart is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Pricing.self, label: "pricing", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(pricing: try resolver.resolve(Pricing.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(pricing: graph.provide(Pricing.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Pricing = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Pricing>.Result
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@Injectable(.memberwise)' generates an initializer for '@Inject' properties, but 'Cart' declares its own",
                    line: 1,
                    column: 13,
                    fixIts: [FixItSpec(message: "remove '(.memberwise)'")],
                )
            ],
            applyFixIts: ["remove '(.memberwise)'"],
            fixedSource: """
                @Injectable
                final class Cart {
                    init(pricing: Pricing) {}
                }
                """,
        )
    }

    @Test("@Injectable(.memberwise) on a struct with no @Inject property is diagnosed")
    func memberwiseWithoutInjectProperties() {
        assertMacroExpansion(
            """
            @Injectable(.memberwise) struct Feed {
                let source: Source
            }
            """,
            expandedSource: """
                struct Feed {
                    let source: Source
                }

                extension Feed: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Source
                        func check(_ type: Source.Type) -> D0
                    }
                    nonisolated static func `Feed.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Source.Type) -> Source
                    }
                    private static var `Feed is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 1)
                    nonisolated private static func __isolationCheck() { _ = `Feed is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Source.self, label: "source", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(source: try resolver.resolve(Source.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(source: graph.provide(Source.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Source = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Source>.Result
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@Injectable(.memberwise)' generates an initializer for '@Inject' properties, but 'Feed' has none",
                    line: 1,
                    column: 13,
                    fixIts: [FixItSpec(message: "remove '(.memberwise)'")],
                )
            ],
            applyFixIts: ["remove '(.memberwise)'"],
            fixedSource: """
                @Injectable struct Feed {
                    let source: Source
                }
                """,
        )
    }
    @Test("@Injectable(.memberwise) takes an @Inject property of a function type @escaping, as it stores it")
    func escapingClosureProperty() {
        assertMacroExpansion(
            """
            @Injectable(.memberwise)
            final class Hooks: Sendable {
                @Inject let onStart: @Sendable () -> Void
                @Inject let onStop: (@Sendable () -> Void)
                @Inject let onError: (@Sendable (any Error) -> Void)?
            }
            """,
            expandedSource: """
                final class Hooks: Sendable {
                    let onStart: @Sendable () -> Void
                    let onStop: (@Sendable () -> Void)
                    let onError: (@Sendable (any Error) -> Void)?

                    init(onStart: @escaping @Sendable () -> Void, onStop: @escaping (@Sendable () -> Void), onError: (@Sendable (any Error) -> Void)?) {
                        self.onStart = onStart
                        self.onStop = onStop
                        self.onError = onError
                    }
                }

                extension Hooks: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = (@Sendable () -> Void)
                        func check(_ type: (@Sendable () -> Void).Type) -> D0
                    }
                    nonisolated static func `Hooks.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: (@Sendable (any Error) -> Void)?.Type) -> (@Sendable (any Error) -> Void)?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1 {
                        func provide(_ type: (@Sendable () -> Void).Type) -> (@Sendable () -> Void)
                    }
                    private static var `Hooks is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Hooks is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency((@Sendable () -> Void).self, label: "onStart", kind: .required),
                            __ServiceMacroSupport.Dependency((@Sendable () -> Void).self, label: "onStop", kind: .required),
                            __ServiceMacroSupport.Dependency((@Sendable (any Error) -> Void).self, label: "onError", kind: .optional),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(onStart: try resolver.resolve((@Sendable () -> Void).self), onStop: try resolver.resolve((@Sendable () -> Void).self), onError: try __ServiceMacroSupport.resolveIfRegistered((@Sendable (any Error) -> Void).self, in: resolver))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(onStart: graph.provide((@Sendable () -> Void).self), onStop: graph.provide((@Sendable () -> Void).self), onError: graph.provide((@Sendable (any Error) -> Void)?.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Sendable_Void = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Sendable_Void>.Result
                }
                """,
        )
    }

    @Test("@Inject(escaping: true) makes the parameter of a type alias @escaping, and leaves an optional as it is")
    func escapingAliasProperty() {
        assertMacroExpansion(
            """
            @Injectable(.memberwise)
            final class Inbox: Sendable {
                @Inject(escaping: true) let onReceive: NoteHandler
                @Inject(escaping: true) let onError: ErrorHandler?
                @Inject(escaping: false) let store: Store
            }
            """,
            expandedSource: """
                final class Inbox: Sendable {
                    let onReceive: NoteHandler
                    let onError: ErrorHandler?
                    let store: Store

                    init(onReceive: @escaping NoteHandler, onError: ErrorHandler?, store: Store) {
                        self.onReceive = onReceive
                        self.onError = onError
                        #sourceLocation(file: "test.swift", line: 5)
                        self.store = store
                        #sourceLocation()
                    }
                }

                extension Inbox: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = NoteHandler
                        func check(_ type: NoteHandler.Type) -> D0
                        associatedtype D1 = Store
                        func check(_ type: Store.Type) -> D1
                    }
                    nonisolated static func `Inbox.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: ErrorHandler?.Type) -> ErrorHandler?
                    }
                    nonisolated protocol __InjectionRequirement2 {
                        func provide(_ type: Store.Type) -> Store
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1, __InjectionRequirement2 {
                        func provide(_ type: NoteHandler.Type) -> NoteHandler
                    }
                    private static var `Inbox is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Inbox is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(NoteHandler.self, label: "onReceive", kind: .required),
                            __ServiceMacroSupport.Dependency(ErrorHandler.self, label: "onError", kind: .optional),
                            __ServiceMacroSupport.Dependency(Store.self, label: "store", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(onReceive: try resolver.resolve(NoteHandler.self), onError: try __ServiceMacroSupport.resolveIfRegistered(ErrorHandler.self, in: resolver), store: try resolver.resolve(Store.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(onReceive: graph.provide(NoteHandler.self), onError: graph.provide(ErrorHandler?.self), store: graph.provide(Store.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_NoteHandler = Void
                        associatedtype Cycle_Store = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_NoteHandler, G.Cycle_Store>.Result
                }
                """,
        )
    }
}
