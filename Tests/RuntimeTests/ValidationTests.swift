import Service
import Synchronization
import Testing

@Injectable
final class CycleA: Sendable {
    let b: CycleB
    init(b: CycleB) { self.b = b }
}

@Injectable
final class CycleB: Sendable {
    let a: CycleA
    init(a: CycleA) { self.a = a }
}

@Injectable
final class LazyLoopA: Sendable {
    let b: LazyLoopB
    init(b: LazyLoopB) { self.b = b }
}

@Injectable
final class LazyLoopB: Sendable {
    let a: Lazy<LazyLoopA>
    init(a: Lazy<LazyLoopA>) { self.a = a }
}

/// A service that is never registered.
struct AuditTrail: Sendable {}

@Injectable
struct AuditedStore: Sendable {
    let auditTrail: AuditTrail
    let logger: Logger?
}

@Injectable
@MainActor
final class Banner {
    init() {}
}

@Injectable
struct BannerPresenter: Sendable {
    let banner: Banner
}

@Injectable
struct StatusBoard: Sendable {
    let database: Database
    let presenter: BannerPresenter
}

/// An assembly whose wiring compiles but whose external dependency is only registered by hand.
@Assembly
struct StatusBoardAssembly {
    #external(Database.self)
    #register(StatusBoard.self)
    #register(BannerPresenter.self) { BannerPresenter(banner: Banner.makeDetached()) }
}

extension Banner {
    /// A Banner built off the main actor, for the closure registration above.
    nonisolated static func makeDetached() -> Banner {
        MainActor.assumeIsolated { Banner() }
    }
}

/// A hand-written `Injectable` whose dependency list counts how often it is read.
struct CountedListing: Injectable {
    static let reads = Atomic(0)

    static var dependencies: [ServiceDependency] {
        reads.add(1, ordering: .relaxed)
        return [ServiceDependency(Unlisted.self, label: "unlisted", kind: .required)]
    }

    static func make(resolver: ServiceEnv) throws(ServiceError) -> CountedListing { CountedListing() }
}

/// A type nothing registers.
struct Unlisted: Sendable {}

@Suite("validate()")
struct ValidationTests {
    @Test("a complete graph validates; closure registrations are listed as unchecked")
    @MainActor
    func validGraph() throws {
        let env = ServiceEnv(name: "valid")
        env.register(Database.self) { Database() }
        env.assemble(StatusBoardAssembly())
        let graph = try env.validate()
        #expect(graph.nodes.map(\.name) == ["BannerPresenter", "Database", "StatusBoard"])
        #expect(
            graph.uncheckedNodes.map(\.description) == [
                "BannerPresenter (singleton, Sendable, StatusBoardAssembly)",
                "Database (singleton, Sendable, runtime)",
            ])
        #expect(graph.node(named: "StatusBoard")?.dependencies.map(\.target) == ["Database", "BannerPresenter"])
    }

    @Test("each kind of problem is reported")
    @MainActor
    func eachProblem() {
        let env = ServiceEnv(name: "problems")
        env.register(AuditedStore.self)
        #expect(
            problems(env) == [
                missing("AuditedStore", needs: "AuditTrail", for: "auditTrail", in: "runtime")
            ]
        )

        let cycles = ServiceEnv(name: "cycles")
        cycles.register(CycleA.self)
        cycles.register(CycleB.self)
        cycles.register(LazyLoopA.self)
        cycles.register(LazyLoopB.self)
        #expect(problems(cycles) == [.cycle(path: ["CycleA", "CycleB", "CycleA"])])

        let tracks = ServiceEnv(name: "tracks")
        tracks.registerMain(Banner.self)
        tracks.register(BannerPresenter.self)
        #expect(
            problems(tracks) == [
                .mainActorDependency(service: "BannerPresenter", dependency: "Banner", origin: "runtime")
            ]
        )

        let external = ServiceEnv(name: "external")
        external.assemble(StatusBoardAssembly())
        #expect(
            problems(external) == [
                missing("StatusBoard", needs: "Database", for: "database", in: "StatusBoardAssembly"),
                .missingExternal(service: "Database", assembly: "StatusBoardAssembly"),
            ]
        )
    }

    @Test("every problem is reported at once, in one error with a readable description")
    @MainActor
    func allProblemsTogether() {
        let env = ServiceEnv(name: "broken")
        env.assemble(StatusBoardAssembly())
        env.register(AuditedStore.self)
        env.register(CycleA.self)
        env.register(CycleB.self)
        env.registerMain(Banner.self)
        env.register(BannerPresenter.self)
        do {
            try env.validate()
            Issue.record("validate() passed a broken graph")
        } catch {
            #expect(error.problems.count == 5)
            #expect(
                error.description == """
                    5 problems in the services of 'broken':
                      - 'AuditedStore' (runtime) needs 'AuditTrail' for 'auditTrail', which is not registered
                      - 'StatusBoard' (StatusBoardAssembly) needs 'Database' for 'database', which is not registered
                      - 'Database' is declared #external in StatusBoardAssembly but is not registered: register it \
                    before validating, or, if each scope registers its own, declare it with scope: .scoped
                      - Sendable 'BannerPresenter' (runtime) depends on MainActor 'Banner': register 'BannerPresenter' \
                    with registerMain
                      - cycle: CycleA -> CycleB -> CycleA: take one of them as Lazy or ServiceProvider
                    """
            )
        }
    }

    @Test("a runtime override of an assembly's registration is unchecked, not trusted")
    @MainActor
    func overrideIsUnchecked() throws {
        let env = ServiceEnv(name: "override")
        env.register(Database.self) { Database() }
        env.assemble(StatusBoardAssembly())
        env.register(StatusBoard.self) { throw FactoryError(reason: "stub") }
        let graph = try env.validate()
        #expect(graph.node(named: "StatusBoard")?.source == .runtime)
        #expect(graph.node(named: "StatusBoard")?.dependencies.isEmpty == true)
    }

    @Test("a child validates against itself plus its parents")
    @MainActor
    func nestedEnvironments() throws {
        let parent = ServiceEnv(name: "parent")
        parent.register(Database.self) { Database() }
        parent.assemble(StatusBoardAssembly())
        let child = ServiceEnv(name: "child", parent: parent)
        child.register(AuditedStore.self)
        try parent.validate()
        #expect(
            problems(child).map(\.description) == [
                "'AuditedStore' (runtime) needs 'AuditTrail' for 'auditTrail', which is not registered"
            ])
        child.register(AuditTrail.self) { AuditTrail() }
        let graph = try child.validate()
        #expect(
            graph.nodes.map(\.name) == ["AuditTrail", "AuditedStore", "BannerPresenter", "Database", "StatusBoard"])
    }

    @Test("assemblies can be validated before they are applied")
    func beforeAssembling() {
        let env = ServiceEnv(name: "ahead")
        do {
            try env.validate(including: [StatusBoardAssembly.self])
            Issue.record("validate() passed without Database")
        } catch {
            #expect(
                error.problems == [
                    missing("StatusBoard", needs: "Database", for: "database", in: "StatusBoardAssembly"),
                    .missingExternal(service: "Database", assembly: "StatusBoardAssembly"),
                ])
        }
        env.register(Database.self) { Database() }
        #expect(throws: Never.self) { try env.validate(including: [StatusBoardAssembly.self]) }
    }

    @Test("a registration keeps the type, and reads its dependency list only when validate() asks")
    func dependencyListReadOnDemand() {
        let env = ServiceEnv(name: "on-demand")
        let before = CountedListing.reads.load(ordering: .relaxed)
        env.register(CountedListing.self)
        env.register(CountedListing.self, scope: .transient)
        #expect(CountedListing.reads.load(ordering: .relaxed) == before)

        #expect(problems(env) == [missing("CountedListing", needs: "Unlisted", for: "unlisted", in: "runtime")])
        #expect(CountedListing.reads.load(ordering: .relaxed) > before)
    }
}

/// The problems `validate()` reports for `env`, or none.
func problems(_ env: ServiceEnv) -> [ServiceValidationError.Problem] {
    do {
        try env.validate()
        return []
    } catch {
        return error.problems
    }
}

/// A `.missingDependency` problem, spelled short.
func missing(
    _ service: String,
    needs dependency: String,
    for label: String,
    in origin: String,
) -> ServiceValidationError.Problem {
    .missingDependency(service: service, dependency: dependency, label: label, origin: origin)
}
