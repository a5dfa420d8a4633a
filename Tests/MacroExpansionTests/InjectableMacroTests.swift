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
                    protocol InjectionRequirements {
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = []
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self()
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self()
                    }
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
                    public protocol InjectionRequirements {
                        func provide(_ type: String.Type) -> String
                    }
                    public static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(String.self, label: "title", kind: .required),
                    ]
                    public static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(title: try resolver.resolve(String.self))
                    }
                    public static func make(graph: some InjectionRequirements) -> Self {
                        Self(title: graph.provide(String.self))
                    }
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
                    protocol InjectionRequirements {
                        func provide(_ type: (any PaymentGateway).Type) -> (any PaymentGateway)
                        func provide(_ type: Metrics?.Type) -> Metrics?
                        func provide(_ type: Cache?.Type) -> Cache?
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency((any PaymentGateway).self, label: "_0", kind: .required),
                        __ServiceMacroSupport.Dependency(Metrics.self, label: "metrics", kind: .optional),
                        __ServiceMacroSupport.Dependency(Cache.self, label: "cache", kind: .optional),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(try resolver.resolve((any PaymentGateway).self), metrics: try __ServiceMacroSupport.resolveIfRegistered(Metrics.self, in: resolver), cache: try __ServiceMacroSupport.resolveIfRegistered(Cache.self, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(graph.provide((any PaymentGateway).self), metrics: graph.provide(Metrics?.self), cache: graph.provide(Cache?.self))
                    }
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
                    protocol InjectionRequirements {
                        func provide(_ type: Repository.Type) -> Repository
                        func provide(_ type: Router?.Type) -> Router?
                    }
                    nonisolated static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Repository.self, label: "repository", kind: .required),
                        __ServiceMacroSupport.Dependency(Router.self, label: "router", kind: .optional),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(repository: try __ServiceMacroSupport.resolveOnEitherTrack(Repository.self, in: resolver), router: try __ServiceMacroSupport.resolveOnEitherTrackIfRegistered(Router.self, in: resolver))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(repository: graph.provide(Repository.self), router: graph.provide(Router?.self))
                    }
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
                    protocol InjectionRequirements {
                        func provide(_ type: Store.Type) -> Store
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Store.self, label: "store", kind: .required),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(store: try resolver.resolve(Store.self))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(store: graph.provide(Store.self))
                    }
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
                    protocol InjectionRequirements {
                        func provide(_ type: Parser.Type) -> Parser
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Parser.self, label: "parser", kind: .required),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self(parser: try resolver.resolve(Parser.self))
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self(parser: graph.provide(Parser.self))
                    }
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
                    protocol InjectionRequirements {
                        func provide(_ type: Client.Type) -> Client
                    }
                    static let dependencies: [__ServiceMacroSupport.Dependency] = [
                        __ServiceMacroSupport.Dependency(Client.self, label: "client", kind: .required),
                    ]
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        do {
                            return try Self(client: try resolver.resolve(Client.self))
                        } catch let error as __ServiceMacroSupport.Failure {
                            throw error
                        } catch {
                            throw .factoryFailed(serviceType: String(describing: Self.self), underlyingError: error)
                        }
                    }
                    static func make(graph: some InjectionRequirements) throws -> Self {
                        try Self(client: graph.provide(Client.self))
                    }
                }
                """,
        )
    }

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
                    package protocol InjectionRequirements {
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
                    protocol InjectionRequirements {
                        func provide(_ type: Network.Client.Type) -> Network.Client
                        func provide(_ type: Cache<String, Data>.Type) -> Cache<String, Data>
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
                    protocol InjectionRequirements {
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
                    protocol InjectionRequirements {
                    }
                    nonisolated static let dependencies: [__ServiceMacroSupport.Dependency] = []
                    static func make(resolver: __ServiceMacroSupport.Environment) throws(__ServiceMacroSupport.Failure) -> Self {
                        Self()
                    }
                    static func make(graph: some InjectionRequirements) -> Self {
                        Self()
                    }
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
                    protocol InjectionRequirements {
                        func provide(_ type: Pricing.Type) -> Pricing
                        func provide(_ type: Coupons?.Type) -> Coupons?
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
                    public protocol InjectionRequirements {
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
                    protocol InjectionRequirements {
                        func provide(_ type: __ServiceMacroSupport.LazyDependency<Mailer>.Type) -> __ServiceMacroSupport.LazyDependency<Mailer>
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
                }
                """,
        )
    }
}
