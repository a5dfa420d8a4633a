import SwiftSyntaxMacrosGenericTestSupport
import Testing

extension InjectableMacroTests {
    @Test("a package type gets package members")
    func packageAccess() {
        assertMacroExpansion(
            """
            @Injectable
            package final class Indexer {
                package init(store: Store) {}
            }
            """,
            expandedSource: """
                package final class Indexer {
                    package init(store: Store) {}
                }

                extension Indexer: __ServiceMacroSupport.InjectableType {
                    package nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Store
                        func check(_ type: Store.Type) -> D0
                    }
                    package nonisolated static func `Indexer.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    package nonisolated protocol InjectionRequirements {
                        func provide(_ type: Store.Type) -> Store
                    }
                    private static var `Indexer is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Indexer is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    package nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Store.self, label: "store", kind: .required),
                        ]
                    }
                    package nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(store: try resolver.resolve(Store.self))
                    }
                    package nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(store: graph.provide(Store.self))
                    }
                    package nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Store = Void
                    }
                    package typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Store>.Result
                }
                """,
        )
    }

    @Test("qualified, generic and collection parameter types are kept as written")
    func qualifiedAndGenericTypes() {
        assertMacroExpansion(
            """
            @Injectable
            struct Feed: Sendable {
                let client: Network.Client
                let cache: Cache<String, Data>
                let tags: [String]
            }
            """,
            expandedSource: """
                struct Feed: Sendable {
                    let client: Network.Client
                    let cache: Cache<String, Data>
                    let tags: [String]
                }

                extension Feed: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Network.Client
                        func check(_ type: Network.Client.Type) -> D0
                        associatedtype D1 = Cache<String, Data>
                        func check(_ type: Cache<String, Data>.Type) -> D1
                        associatedtype D2 = [String]
                        func check(_ type: [String].Type) -> D2
                    }
                    nonisolated static func `Feed.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Cache<String, Data>.Type) -> Cache<String, Data>
                    }
                    nonisolated protocol __InjectionRequirement2 {
                        func provide(_ type: [String].Type) -> [String]
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1, __InjectionRequirement2 {
                        func provide(_ type: Network.Client.Type) -> Network.Client
                    }
                    private static var `Feed is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Feed is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Network.Client.self, label: "client", kind: .required),
                            __ServiceMacroSupport.Dependency(Cache<String, Data>.self, label: "cache", kind: .required),
                            __ServiceMacroSupport.Dependency([String].self, label: "tags", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(client: try resolver.resolve(Network.Client.self), cache: try resolver.resolve(Cache<String, Data>.self), tags: try resolver.resolve([String].self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(client: graph.provide(Network.Client.self), cache: graph.provide(Cache<String, Data>.self), tags: graph.provide([String].self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Network_Client = Void
                        associatedtype Cycle_Cache_String_Data = Void
                        associatedtype Cycle_String = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Network_Client, G.Cycle_Cache_String_Data, G.Cycle_String>.Result
                }
                """,
        )
    }

    @Test("a protocol composition is parenthesized where it is used as a metatype")
    func compositionType() {
        assertMacroExpansion(
            """
            @Injectable
            final class Auditor {
                init(sink: any Sink & Sendable) {}
            }
            """,
            expandedSource: """
                final class Auditor {
                    init(sink: any Sink & Sendable) {}
                }

                extension Auditor: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = (any Sink & Sendable)
                        func check(_ type: (any Sink & Sendable).Type) -> D0
                    }
                    nonisolated static func `Auditor.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: (any Sink & Sendable).Type) -> (any Sink & Sendable)
                    }
                    private static var `Auditor is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Auditor is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency((any Sink & Sendable).self, label: "sink", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(sink: try resolver.resolve((any Sink & Sendable).self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(sink: graph.provide((any Sink & Sendable).self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_any_Sink_Sendable = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_any_Sink_Sendable>.Result
                }
                """,
        )
    }

    @Test("a @Sendable function type is parenthesized where it is used as a metatype")
    func sendableFunctionType() {
        assertMacroExpansion(
            """
            @Injectable
            struct Ticker: Sendable {
                let now: @Sendable () -> Date
            }
            """,
            expandedSource: """
                struct Ticker: Sendable {
                    let now: @Sendable () -> Date
                }

                extension Ticker: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = (@Sendable () -> Date)
                        func check(_ type: (@Sendable () -> Date).Type) -> D0
                    }
                    nonisolated static func `Ticker.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: (@Sendable () -> Date).Type) -> (@Sendable () -> Date)
                    }
                    private static var `Ticker is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Ticker is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency((@Sendable () -> Date).self, label: "now", kind: .required),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(now: try resolver.resolve((@Sendable () -> Date).self))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(now: graph.provide((@Sendable () -> Date).self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Sendable_Date = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Sendable_Date>.Result
                }
                """,
        )
    }

    @Test("@MainActor spelled with its module still selects the MainActor track")
    func explicitMainActorModuleQualified() {
        assertMacroExpansion(
            """
            @Injectable
            @_Concurrency.MainActor
            final class Toolbar {
                init() {}
            }
            """,
            expandedSource: """
                @_Concurrency.MainActor
                final class Toolbar {
                    init() {}
                }

                extension Toolbar: __ServiceMacroSupport.MainInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {}
                    nonisolated static func `Toolbar.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {}
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] { [] }
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self()
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self()
                    }
                    nonisolated protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
        )
    }

    @Test("@Injectable(.memberwise) generates a class's initializer from its @Inject properties")
    func propertyInjectionClass() {
        assertMacroExpansion(
            """
            @Injectable(.memberwise)
            final class Cart {
                @Inject let pricing: Pricing
                @Inject var coupons: Coupons?
                var items: [Item] = []
                var note: String?
                static let limit = 10
            }
            """,
            expandedSource: """
                final class Cart {
                    let pricing: Pricing
                    var coupons: Coupons?
                    var items: [Item] = []
                    var note: String?
                    static let limit = 10

                    init(pricing: Pricing, coupons: Coupons?) {
                        #sourceLocation(file: "test.swift", line: 3)
                        self.pricing = pricing
                        #sourceLocation()
                        self.coupons = coupons
                    }
                }

                extension Cart: __ServiceMacroSupport.InjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Pricing
                        func check(_ type: Pricing.Type) -> D0
                    }
                    nonisolated static func `Cart.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol __InjectionRequirement1 {
                        func provide(_ type: Coupons?.Type) -> Coupons?
                    }
                    nonisolated protocol InjectionRequirements: __InjectionRequirement1 {
                        func provide(_ type: Pricing.Type) -> Pricing
                    }
                    private static var `Cart is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Cart is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Pricing.self, label: "pricing", kind: .required),
                            __ServiceMacroSupport.Dependency(Coupons.self, label: "coupons", kind: .optional),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(pricing: try resolver.resolve(Pricing.self), coupons: try __ServiceMacroSupport.resolveIfRegistered(Coupons.self, in: resolver))
                    }
                    nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(pricing: graph.provide(Pricing.self), coupons: graph.provide(Coupons?.self))
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Pricing = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Pricing>.Result
                }
                """,
        )
    }

    @Test("@Injectable(.memberwise) gives a public struct a public initializer")
    func propertyInjectionPublicStruct() {
        assertMacroExpansion(
            """
            @Injectable(.memberwise)
            public struct Catalog: Sendable {
                @Inject public let search: SearchIndex
                public var pageSize = 20
            }
            """,
            expandedSource: """
                public struct Catalog: Sendable {
                    public let search: SearchIndex
                    public var pageSize = 20

                    public init(search: SearchIndex) {
                        #sourceLocation(file: "test.swift", line: 3)
                        self.search = search
                        #sourceLocation()
                    }
                }

                extension Catalog: __ServiceMacroSupport.InjectableType {
                    public nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = SearchIndex
                        func check(_ type: SearchIndex.Type) -> D0
                    }
                    public nonisolated static func `Catalog.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    public nonisolated protocol InjectionRequirements {
                        func provide(_ type: SearchIndex.Type) -> SearchIndex
                    }
                    private static var `Catalog is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `Catalog is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    public nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(SearchIndex.self, label: "search", kind: .required),
                        ]
                    }
                    public nonisolated static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(search: try resolver.resolve(SearchIndex.self))
                    }
                    public nonisolated static func make(graph: some InjectionRequirements) -> Self {
                        Self(search: graph.provide(SearchIndex.self))
                    }
                    public nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_SearchIndex = Void
                    }
                    public typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_SearchIndex>.Result
                }
                """,
        )
    }

    @Test("@Assisted parameters become resolve-time arguments of a generated, type-checked factory")
    func assistedInjection() {
        assertMacroExpansion(
            """
            @Injectable
            struct DetailModel {
                init(@Assisted id: Int, repository: Repository, @Assisted _ title: String) {}
            }
            """,
            expandedSource: """
                struct DetailModel {
                    init(@Assisted id: Int, repository: Repository, @Assisted _ title: String) {}
                }

                extension DetailModel: __ServiceMacroSupport.AssistedInjectableType {
                    nonisolated protocol __ProviderChecks: __ServiceMacroSupport.ProviderChecks {
                        associatedtype D0 = Repository
                        func check(_ type: Repository.Type) -> D0
                    }
                    nonisolated static func `DetailModel.init`<G: __ProviderChecks>(_ graph: G.Type) {}
                    nonisolated protocol InjectionRequirements {
                        func provide(_ type: Repository.Type) -> Repository
                    }
                    private static var `DetailModel is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated`: Void { () }
                    #sourceLocation(file: "test.swift", line: 2)
                    nonisolated private static func __isolationCheck() { _ = `DetailModel is isolated to an actor it does not name: write @MainActor on it and register it with #registerMain, or mark it nonisolated` }
                    #sourceLocation()
                    nonisolated static var dependencies: [__ServiceMacroSupport.Dependency] {
                        [
                            __ServiceMacroSupport.Dependency(Int.self, label: "id", kind: .argument),
                            __ServiceMacroSupport.Dependency(Repository.self, label: "repository", kind: .required),
                            __ServiceMacroSupport.Dependency(String.self, label: "_2", kind: .argument),
                        ]
                    }
                    nonisolated static func make(resolver: __ServiceMacroSupport.Environment, id: Int, _ title: String) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(id: id, repository: try resolver.resolve(Repository.self), title)
                    }
                    nonisolated static func make(graph: some InjectionRequirements, id: Int, _ title: String) -> Self {
                        Self(id: id, repository: graph.provide(Repository.self), title)
                    }
                    nonisolated protocol __CycleRequirements {
                        associatedtype Cycle_Repository = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Repository>.Result
                    nonisolated static func register(in env: __ServiceMacroSupport.Environment, scope: __ServiceMacroSupport.Scope) {
                        env.register(DetailModel.self, scope: scope) { (id: Int, title: String) throws -> DetailModel in
                            try make(resolver: __ServiceMacroSupport.Environment.current, id: id, title)
                        }
                    }
                }
                """,
        )
    }
}
