import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Dependencies taken as `Lazy` or `ServiceProvider`: resolved when used, not when built.
extension InjectableMacroTests {
    @Test("a Lazy<T> parameter is deferred, listed as lazy, met by a lazy provider, and checked like a required one")
    func lazyDependency() {
        assertMacroExpansion(
            """
            @Injectable
            final class Notifier {
                init(mailer: Lazy<Mailer>, clock: Clock) {}
            }
            """,
            expandedSource: """
                final class Notifier {
                    init(mailer: Lazy<Mailer>, clock: Clock) {}
                }

                extension Notifier: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Mailer
                        func check(_ type: Mailer.Type) -> D0
                        associatedtype D1 = Clock
                        func check(_ type: Clock.Type) -> D1
                    }
                    nonisolated static func `Notifier.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Clock.Type) -> Clock
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1 {
                        func provide(_ type: __ServiceMacroSupport.LazyDependency<Mailer>.Type) -> __ServiceMacroSupport.LazyDependency<Mailer>
                    }
                    private static var `Notifier is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Notifier is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Mailer.self, label: "mailer", kind: .lazy),
                            __ServiceMacroSupport.Dependency(Clock.self, label: "clock", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(mailer: __ServiceMacroSupport.LazyDependency(Mailer.self, in: resolver), clock: try resolver.resolve(Clock.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(mailer: graph.provide(__ServiceMacroSupport.LazyDependency<Mailer>.self), clock: graph.provide(Clock.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Clock = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Clock>.Result
                }
                """,
        )
    }

    @Test(
        "a ServiceProvider<T> parameter is deferred, listed as provider, met by a provider, and checked like a required one"
    )
    func providerDependency() {
        assertMacroExpansion(
            """
            @Injectable
            struct Checkout {
                init(makeReceipt: ServiceProvider<Receipt>) {}
            }
            """,
            expandedSource: """
                struct Checkout {
                    init(makeReceipt: ServiceProvider<Receipt>) {}
                }

                extension Checkout: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Receipt
                        func check(_ type: Receipt.Type) -> D0
                    }
                    nonisolated static func `Checkout.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: __ServiceMacroSupport.ProviderDependency<Receipt>.Type) -> __ServiceMacroSupport.ProviderDependency<Receipt>
                    }
                    private static var `Checkout is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Checkout is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Receipt.self, label: "makeReceipt", kind: .provider),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(makeReceipt: __ServiceMacroSupport.ProviderDependency(Receipt.self, in: resolver))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(makeReceipt: graph.provide(__ServiceMacroSupport.ProviderDependency<Receipt>.self))
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
        )
    }
}
