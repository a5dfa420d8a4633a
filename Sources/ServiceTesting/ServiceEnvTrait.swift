public import Service
public import Testing

/// Gives each test its own `ServiceEnv`, bound as `ServiceEnv.current` while the test runs, so
/// tests that run in parallel never share registrations or instances.
///
/// The environment can inherit production wiring from a parent: it then resolves every
/// registration of the parent, builds and caches its own instances, and takes the overrides that
/// `configure` registers. On a suite, every test (and every case of a parameterized test) gets a
/// fresh environment. A test of that suite (or of a suite nested in it) whose own trait names no
/// parent adds to that environment: its `configure` runs after the suite's, on the same
/// environment, so it can override one service of the suite's wiring. A trait that names a
/// parent always starts a new environment from it.
///
/// When the test ends, the trait that made its environment shuts it down
/// (``Service/ServiceEnv/shutdown()``), whether the test passed, failed or threw: the instances it
/// built that are ``Service/AsyncDisposable`` are disposed, the parent's are not, and a disposal
/// that fails is recorded as an issue of the test.
///
/// ```swift
/// import Service
/// import ServiceTesting
/// import Testing
///
/// struct Clock: Sendable { var now: Int }
///
/// @Test(.serviceEnv(inheriting: .online) { env in env.register(Clock.self) { Clock(now: 0) } })
/// func startsAtZero() throws {
///     #expect(try ServiceEnv.current.resolve(Clock.self).now == 0)
/// }
/// ```
public struct ServiceEnvTrait: TestTrait, SuiteTrait, TestScoping {
    /// The environment each test's environment inherits from, if any.
    public let parent: ServiceEnv?
    private let configure: @MainActor @Sendable (ServiceEnv) async throws -> Void

    /// Applies to every test of a suite, each with its own environment.
    public var isRecursive: Bool { true }

    fileprivate init(parent: ServiceEnv?, configure: @escaping @MainActor @Sendable (ServiceEnv) async throws -> Void) {
        self.parent = parent
        self.configure = configure
    }

    /// The environment an enclosing `.serviceEnv` trait made for the test that is running, if any.
    @TaskLocal private static var enclosing: ServiceEnv?

    /// Creates the test's environment, configures it, runs the test with it as
    /// `ServiceEnv.current`, and shuts it down.
    ///
    /// A trait without a parent, on a test of a suite that has a `.serviceEnv` trait of its own,
    /// makes no environment: it configures the one the suite's trait made for this test, after the
    /// suite's `configure`, so a test's trait adds to its suite's wiring or overrides part of it.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @concurrent @Sendable () async throws -> Void,
    ) async throws {
        if parent == nil, let enclosing = Self.enclosing {
            try await configure(enclosing)
            try await function()
            return
        }
        let env = parent.map { ServiceEnv(name: test.name, parent: $0) } ?? ServiceEnv(name: test.name)
        do {
            try await configure(env)
            try await Self.$enclosing.withValue(env) {
                try await ServiceEnv.$current.withValue(env) {
                    try await function()
                }
            }
        } catch {
            await Self.shutDown(env, of: test)
            throw error
        }
        await Self.shutDown(env, of: test)
    }

    /// Disposes what the test's environment built, as a server's shutdown does: a disposal that
    /// fails is an issue of the test.
    private static func shutDown(_ env: ServiceEnv, of test: Test) async {
        do {
            try await env.shutdown()
        } catch {
            Issue.record(error, "disposing the test's environment", sourceLocation: test.sourceLocation)
        }
    }
}

extension Trait where Self == ServiceEnvTrait {
    /// A fresh environment per test, inheriting from `parent` when given and set up by
    /// `configure` (on the main actor, so it can apply assemblies; `async`, so it can await an
    /// asynchronous start-up such as building an `async` singleton before the test reads it).
    ///
    /// Without a parent, on a test of a suite that has this trait, it configures the suite's
    /// environment for that test instead of making one, after the suite's `configure`
    /// (`CatalogTests.emptyCatalog` below).
    ///
    /// ```swift
    /// import Service
    /// import ServiceTesting
    /// import Testing
    ///
    /// @Suite(.serviceEnv { env in env.register(Int.self) { 42 } })
    /// struct AnswerTests {
    ///     @Test func answer() throws { #expect(try ServiceEnv.current.resolve(Int.self) == 42) }
    /// }
    ///
    /// struct Catalog: Sendable { let items: [String] }
    ///
    /// @Test(
    ///     .serviceEnv { env in
    ///         env.register(Catalog.self) { () async in Catalog(items: ["tea"]) }
    ///         _ = try await env.resolveAsync(Catalog.self)  // warm the async singleton
    ///     }
    /// )
    /// func readsWarmCatalog() throws {
    ///     #expect(try ServiceEnv.current.resolve(Catalog.self).items == ["tea"])
    /// }
    ///
    /// @Suite(.serviceEnv { env in env.register(Catalog.self) { Catalog(items: ["tea"]) } })
    /// struct CatalogTests {
    ///     @Test func listsTea() throws {
    ///         #expect(try ServiceEnv.current.resolve(Catalog.self).items == ["tea"])
    ///     }
    ///
    ///     @Test(.serviceEnv { env in env.register(Catalog.self) { Catalog(items: []) } })
    ///     func emptyCatalog() throws {
    ///         #expect(try ServiceEnv.current.resolve(Catalog.self).items.isEmpty)
    ///     }
    /// }
    /// ```
    public static func serviceEnv(
        inheriting parent: ServiceEnv? = nil,
        _ configure: @escaping @MainActor @Sendable (ServiceEnv) async throws -> Void = { _ in },
    ) -> Self {
        ServiceEnvTrait(parent: parent, configure: configure)
    }
}
