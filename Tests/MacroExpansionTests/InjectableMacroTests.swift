import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Injectable expansion")
struct InjectableMacroTests {
    @Test("a struct with no stored properties builds with no dependencies")
    func structWithoutDependencies() {
        assertMacroExpansion(
            """
            @Injectable
            struct Clock {
            }
            """,
            expandedSource: """
                struct Clock {
                }

                extension Clock: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Clock.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    private static var `Clock is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Clock is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self()
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self()
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
        )
    }

    @Test("a public struct injects the stored properties of its memberwise initializer, with public members")
    func publicStructMemberwise() {
        assertMacroExpansion(
            """
            @Injectable
            public struct Report: Sendable {
                public let title: String
                let count: Int = 3
                var retries = 2
                static var shared: Int = 0
                var computed: Int { 1 }
            }
            """,
            expandedSource: """
                public struct Report: Sendable {
                    public let title: String
                    let count: Int = 3
                    var retries = 2
                    static var shared: Int = 0
                    var computed: Int { 1 }
                }

                extension Report: __ServiceMacroSupport.InjectableType {
                    public nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = String
                        func check(_ type: String.Type) -> D0
                    }
                    public nonisolated static func `Report.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    public nonisolated protocol InjectionRequirements {
                        func provide(_ type: String.Type) -> String
                    }
                    private static var `Report is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Report is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    public nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(String.self, label: "title", kind: .required),
                        ]
                    }
                    public nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(title: try resolver.resolve(String.self))
                    }
                    public nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(title: graph.provide(String.self))
                    }
                    public nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_String = Void
                    }
                    public typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_String>.Result
                }
                """,
        )
    }

    @Test("unlabeled, defaulted, optional and implicitly unwrapped parameters")
    func optionalAndDefaultedParameters() {
        assertMacroExpansion(
            """
            @Injectable
            final class Checkout {
                init(_ payments: any PaymentGateway, logger: Logger? = nil, metrics: Optional<Metrics>, cache: Cache!) {}
            }
            """,
            expandedSource: """
                final class Checkout {
                    init(_ payments: any PaymentGateway, logger: Logger? = nil, metrics: Optional<Metrics>, cache: Cache!) {}
                }

                extension Checkout: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = (any PaymentGateway)
                        func check(_ type: (any PaymentGateway).Type) -> D0
                    }
                    nonisolated static func `Checkout.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Metrics?.Type) -> Metrics?
                    }
                    nonisolated protocol __InjectionRequirement2 {
                        func provide(_ type: Cache?.Type) -> Cache?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1, __InjectionRequirement2 {
                        func provide(_ type: (any PaymentGateway).Type) -> (any PaymentGateway)
                    }
                    private static var `Checkout is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Checkout is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency((any PaymentGateway).self, label: "_0", kind: .required),
                            __ServiceMacroSupport.Dependency(Metrics.self, label: "metrics", kind: .optional),
                            __ServiceMacroSupport.Dependency(Cache.self, label: "cache", kind: .optional),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(try resolver.resolve((any PaymentGateway).self), metrics: try __ServiceMacroSupport.resolveIfRegistered(Metrics.self, in: resolver), cache: try __ServiceMacroSupport.resolveIfRegistered(Cache.self, in: resolver))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(graph.provide((any PaymentGateway).self), metrics: graph.provide(Metrics?.self), cache: graph.provide(Cache?.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_any_PaymentGateway = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_any_PaymentGateway>.Result
                }
                """,
        )
    }

    @Test("a @MainActor class conforms to MainInjectable and resolves on either track")
    func mainActorClass() {
        assertMacroExpansion(
            """
            @Injectable
            @MainActor
            final class HomeViewModel {
                init(repository: Repository, router: Router?) {}
            }
            """,
            expandedSource: """
                @MainActor
                final class HomeViewModel {
                    init(repository: Repository, router: Router?) {}
                }

                extension HomeViewModel: __ServiceMacroSupport.MainInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Repository
                        func check(_ type: Repository.Type) -> D0
                    }
                    nonisolated static func `HomeViewModel.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Router?.Type) -> Router?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1 {
                        func provide(_ type: Repository.Type) -> Repository
                    }
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Repository.self, label: "repository", kind: .required),
                            __ServiceMacroSupport.Dependency(Router.self, label: "router", kind: .optional),
                        ]
                    }
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(repository: try __ServiceMacroSupport.resolveOnEitherTrack(Repository.self, in: resolver), router: try __ServiceMacroSupport.resolveOnEitherTrackIfRegistered(Router.self, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(repository: graph.provide(Repository.self), router: graph.provide(Router?.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Repository = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Repository>.Result
                }
                """,
        )
    }

    @Test("an actor is injectable")
    func actorType() {
        assertMacroExpansion(
            """
            @Injectable
            actor Ledger {
                init(store: Store) {}
            }
            """,
            expandedSource: """
                actor Ledger {
                    init(store: Store) {}
                }

                extension Ledger: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Store
                        func check(_ type: Store.Type) -> D0
                    }
                    nonisolated static func `Ledger.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Store.Type) -> Store
                    }
                    private static var `Ledger is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Ledger is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Store.self, label: "store", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(store: try resolver.resolve(Store.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(store: graph.provide(Store.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Store = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Store>.Result
                }
                """,
        )
    }

    @Test("the @Inject initializer is chosen among several")
    func markedInitializerWins() {
        assertMacroExpansion(
            """
            @Injectable
            final class Importer {
                @Inject init(parser: Parser) {}
                init() {}
            }
            """,
            expandedSource: """
                final class Importer {
                    init(parser: Parser) {}
                    init() {}
                }

                extension Importer: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Parser
                        func check(_ type: Parser.Type) -> D0
                    }
                    nonisolated static func `Importer.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Parser.Type) -> Parser
                    }
                    private static var `Importer is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Importer is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Parser.self, label: "parser", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(parser: try resolver.resolve(Parser.self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(parser: graph.provide(Parser.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Parser = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Parser>.Result
                }
                """,
        )
    }

    @Test("a throwing initializer's errors are wrapped as factoryFailed")
    func throwingInitializer() {
        assertMacroExpansion(
            """
            @Injectable
            final class Uploader {
                init(client: Client) throws {}
            }
            """,
            expandedSource: """
                final class Uploader {
                    init(client: Client) throws {}
                }

                extension Uploader: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Client
                        func check(_ type: Client.Type) -> D0
                    }
                    nonisolated static func `Uploader.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Client.Type) -> Client
                    }
                    private static var `Uploader is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Uploader is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Client.self, label: "client", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        do {
                            return try Self(client: try resolver.resolve(Client.self))
                        } catch let error as __ServiceMacroSupport.Failure {
                            throw error
                        } catch {
                            throw .factoryFailed(serviceType: String(describing: Self.self), underlyingError: error)
                        }
                    }
                    nonisolated static func make(graph: some InjectionRequirements) throws -> Self {
                        try Self(client: graph.provide(Client.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Client = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Client>.Result
                }
                """,
        )
    }
}
