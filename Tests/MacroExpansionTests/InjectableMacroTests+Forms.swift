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
                    package protocol InjectionRequirements: `needs Store` {}
                    package protocol `needs Store` {
                        func provide(_ type: Store.Type) -> Store
                    }
                    package static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Store.self, label: "store", kind: .required),
                    ]
                    package static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(store: try resolver.resolve(Store.self))
                    }
                    package static func make(graph: some InjectionRequirements) -> Self {
                        Self(store: graph.provide(Store.self))
                    }
                    package protocol __CycleRequirements {
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
                    protocol InjectionRequirements: `needs Network.Client`, `needs Cache<String, Data>`, `needs [String]` {}
                    protocol `needs Network.Client` {
                        func provide(_ type: Network.Client.Type) -> Network.Client
                    }
                    protocol `needs Cache<String, Data>` {
                        func provide(_ type: Cache<String, Data>.Type) -> Cache<String, Data>
                    }
                    protocol `needs [String]` {
                        func provide(_ type: [String].Type) -> [String]
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Network.Client.self, label: "client", kind: .required),
                        __ServiceMacroSupport.Dependency(Cache<String, Data>.self, label: "cache", kind: .required),
                        __ServiceMacroSupport.Dependency([String].self, label: "tags", kind: .required),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(client: try resolver.resolve(Network.Client.self), cache: try resolver.resolve(Cache<String, Data>.self), tags: try resolver.resolve([String].self))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(client: graph.provide(Network.Client.self), cache: graph.provide(Cache<String, Data>.self), tags: graph.provide([String].self))
                    }
                    protocol __CycleRequirements {
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
                    protocol InjectionRequirements: `needs any Sink & Sendable` {}
                    protocol `needs any Sink & Sendable` {
                        func provide(_ type: (any Sink & Sendable).Type) -> (any Sink & Sendable)
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency((any Sink & Sendable).self, label: "sink", kind: .required),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(sink: try resolver.resolve((any Sink & Sendable).self))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(sink: graph.provide((any Sink & Sendable).self))
                    }
                    protocol __CycleRequirements {
                        associatedtype Cycle_any_Sink_Sendable = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_any_Sink_Sendable>.Result
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
                    protocol InjectionRequirements: __ServiceMacroSupport.MainTrackRequirement {}
                    nonisolated static let dependencies: [__ServiceMacroSupport.Dependency] = []
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self()
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self()
                    }
                    protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
                }
                """,
        )
    }

    @Test("@Inject stored properties get a generated initializer")
    func propertyInjectionClass() {
        assertMacroExpansion(
            """
            @Injectable
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
                        self.pricing = pricing
                        self.coupons = coupons
                    }
                }

                extension Cart: __ServiceMacroSupport.InjectableType {
                    protocol InjectionRequirements: `needs Pricing` {
                        func provide(_ type: Coupons?.Type) -> Coupons?
                    }
                    protocol `needs Pricing` {
                        func provide(_ type: Pricing.Type) -> Pricing
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Pricing.self, label: "pricing", kind: .required),
                        __ServiceMacroSupport.Dependency(Coupons.self, label: "coupons", kind: .optional),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(pricing: try resolver.resolve(Pricing.self), coupons: try __ServiceMacroSupport.resolveIfRegistered(Coupons.self, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(pricing: graph.provide(Pricing.self), coupons: graph.provide(Coupons?.self))
                    }
                    protocol __CycleRequirements {
                        associatedtype Cycle_Pricing = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Pricing>.Result
                }
                """,
        )
    }

    @Test("a public struct in property-injection mode gets a public initializer")
    func propertyInjectionPublicStruct() {
        assertMacroExpansion(
            """
            @Injectable
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
                        self.search = search
                    }
                }

                extension Catalog: __ServiceMacroSupport.InjectableType {
                    public protocol InjectionRequirements: `needs SearchIndex` {}
                    public protocol `needs SearchIndex` {
                        func provide(_ type: SearchIndex.Type) -> SearchIndex
                    }
                    public static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(SearchIndex.self, label: "search", kind: .required),
                    ]
                    public static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(search: try resolver.resolve(SearchIndex.self))
                    }
                    public static func make(graph: some InjectionRequirements) -> Self {
                        Self(search: graph.provide(SearchIndex.self))
                    }
                    public protocol __CycleRequirements {
                        associatedtype Cycle_SearchIndex = Void
                    }
                    public typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_SearchIndex>.Result
                }
                """,
        )
    }

    @Test("a Lazy<T> parameter is deferred, listed as lazy, and met by a lazy provider")
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
                    protocol InjectionRequirements: `needs Clock` {
                        func provide(_ type: __ServiceMacroSupport.LazyDependency<Mailer>.Type) -> __ServiceMacroSupport.LazyDependency<Mailer>
                    }
                    protocol `needs Clock` {
                        func provide(_ type: Clock.Type) -> Clock
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Mailer.self, label: "mailer", kind: .lazy),
                        __ServiceMacroSupport.Dependency(Clock.self, label: "clock", kind: .required),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(mailer: __ServiceMacroSupport.LazyDependency(Mailer.self, in: resolver), clock: try resolver.resolve(Clock.self))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(mailer: graph.provide(__ServiceMacroSupport.LazyDependency<Mailer>.self), clock: graph.provide(Clock.self))
                    }
                    protocol __CycleRequirements {
                        associatedtype Cycle_Clock = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Clock>.Result
                }
                """,
        )
    }

    @Test("a ServiceProvider<T> parameter is deferred, listed as provider, and met by a provider")
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
                    protocol InjectionRequirements {
                        func provide(_ type: __ServiceMacroSupport.ProviderDependency<Receipt>.Type) -> __ServiceMacroSupport.ProviderDependency<Receipt>
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Receipt.self, label: "makeReceipt", kind: .provider),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(makeReceipt: __ServiceMacroSupport.ProviderDependency(Receipt.self, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(makeReceipt: graph.provide(__ServiceMacroSupport.ProviderDependency<Receipt>.self))
                    }
                    protocol __CycleRequirements {}
                    typealias __CycleEdges<G: __CycleRequirements> = Void
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
                    protocol InjectionRequirements: `needs Repository` {}
                    protocol `needs Repository` {
                        func provide(_ type: Repository.Type) -> Repository
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Int.self, label: "id", kind: .argument),
                        __ServiceMacroSupport.Dependency(Repository.self, label: "repository", kind: .required),
                        __ServiceMacroSupport.Dependency(String.self, label: "_2", kind: .argument),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment, id: Int, _ title: String) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(id: id, repository: try resolver.resolve(Repository.self), title)
                    }
                    static func make(graph: some InjectionRequirements, id: Int, _ title: String) -> Self {
                        Self(id: id, repository: graph.provide(Repository.self), title)
                    }
                    protocol __CycleRequirements {
                        associatedtype Cycle_Repository = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Repository>.Result
                    static func register(in env: __ServiceMacroSupport.Environment, scope: __ServiceMacroSupport.Scope) {
                        env.register(DetailModel.self, scope: scope) { (id: Int, title: String) throws -> DetailModel in
                            try make(resolver: __ServiceMacroSupport.Environment.current, id: id, title)
                        }
                    }
                }
                """,
        )
    }
}

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
                    protocol InjectionRequirements: `needs Settings` {
                        func provide(_ type: Cache?.Type) -> Cache?
                    }
                    protocol `needs Settings` {
                        func provide(_ type: Settings.Type) -> Settings
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Settings.self, label: "settings", kind: .required),
                        __ServiceMacroSupport.Dependency(Cache.self, label: "cache", kind: .optional),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) async throws(__ServiceMacroSupport.Failure) -> Self {
                        do {
                            return try await Self(settings: try await resolver.resolveAsync(Settings.self), cache: try await resolver.resolveAsyncIfRegistered(Cache.self))
                        } catch let error as __ServiceMacroSupport.Failure {
                            throw error
                        } catch {
                            throw .factoryFailed(serviceType: String(describing: Self.self), underlyingError: error)
                        }
                    }
                    static func make(graph: some InjectionRequirements) async throws -> Self {
                        try await Self(settings: graph.provide(Settings.self), cache: graph.provide(Cache?.self))
                    }
                    protocol __CycleRequirements {
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
                    protocol InjectionRequirements: __ServiceMacroSupport.MainTrackRequirement, `needs Settings` {
                        func provide(_ type: Screen?.Type) -> Screen?
                    }
                    protocol `needs Settings` {
                        func provide(_ type: Settings.Type) -> Settings
                    }
                    nonisolated static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Settings.self, label: "settings", kind: .required),
                        __ServiceMacroSupport.Dependency(Screen.self, label: "screen", kind: .optional),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) async throws(__ServiceMacroSupport.Failure) -> Self {
                        await Self(settings: try await __ServiceMacroSupport.resolveOnEitherTrackAsync(Settings.self, in: resolver), screen: try await __ServiceMacroSupport.resolveOnEitherTrackAsyncIfRegistered(Screen.self, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) async -> Self {
                        await Self(settings: graph.provide(Settings.self), screen: graph.provide(Screen?.self))
                    }
                    protocol __CycleRequirements {
                        associatedtype Cycle_Settings = Void
                    }
                    typealias __CycleEdges<G: __CycleRequirements> = __ServiceMacroSupport.CycleEdges<G.Cycle_Settings>.Result
                }
                """,
        )
    }
}
