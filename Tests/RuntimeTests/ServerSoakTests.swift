import Foundation
import Service
import Synchronization
import Testing

/// The request's own value, registered on its scope.
struct ServerSoakContext: Sendable {
    let id: Int
}

/// The application's singleton, shared by every request between two resets.
final class ServerSoakCatalog: Sendable {}

/// Held weakly by the application: one instance while some request holds it.
final class ServerSoakSession: Sendable {}

/// Never dropped by a reset: one instance for the application's life.
final class ServerSoakMetrics: Sendable {}

/// Counts the per-request services: made, disposed, and disposed wrongly.
final class ServerSoakTally: Sendable {
    let made = Counter()
    let disposed = Counter()
    let disposedTwice = Counter()
    let disposedDuringRequest = Counter()
}

/// A request's `.scoped` service: one per scope, built with the scope's context and the
/// application's catalog, disposed once, after its request ended.
final class ServerSoakLedger: AsyncDisposable {
    let context: ServerSoakContext
    let catalog: ServerSoakCatalog
    private let tally: ServerSoakTally
    private let requestEnded = Atomic(false)
    private let disposals = Atomic(0)

    init(context: ServerSoakContext, catalog: ServerSoakCatalog, tally: ServerSoakTally) {
        self.context = context
        self.catalog = catalog
        self.tally = tally
        tally.made.increment()
    }

    func endRequest() {
        requestEnded.store(true, ordering: .releasing)
    }

    func dispose() async throws {
        if disposals.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue != 1 {
            tally.disposedTwice.increment()
        }
        if !requestEnded.load(ordering: .acquiring) {
            tally.disposedDuringRequest.increment()
        }
        tally.disposed.increment()
    }
}

/// What a server does to one application environment from many tasks at once: requests in
/// scopes of their own (and a job in a scope of the request's), with `.scoped` services that are
/// disposed when their scope ends, beside weak and `.immortal` services, registrations replaced
/// while requests run, and resets.
@Suite("Server soak")
struct ServerSoakTests {
    /// Seconds to run; `SERVICE_SOAK_SECONDS` raises it for a longer local run.
    static let duration = (Double(ProcessInfo.processInfo.environment["SERVICE_SOAK_SECONDS"] ?? "") ?? 10) / 2

    /// The application: what every request shares.
    static func application(tally: ServerSoakTally) -> ServiceEnv {
        let app = ServiceEnv(name: "server soak")
        app.register(ServerSoakCatalog.self) { ServerSoakCatalog() }
        app.register(ServerSoakSession.self, scope: .weak) { ServerSoakSession() }
        app.register(ServerSoakMetrics.self, scope: .immortal) { ServerSoakMetrics() }
        app.register(ServerSoakLedger.self, scope: .scoped) {
            ServerSoakLedger(
                context: try ServiceEnv.current.resolve(ServerSoakContext.self),
                catalog: try ServiceEnv.current.resolve(ServerSoakCatalog.self),
                tally: tally,
            )
        }
        return app
    }

    @Test("requests in scopes with disposed services, weak and immortal services, replaced registrations and resets")
    func soak() async throws {
        let tally = ServerSoakTally()
        let app = Self.application(tally: tally)
        let epoch = ResetEpoch()
        let catalogs = SoakLedger()
        let ledger = SoakLedger()
        let tasks = 12
        let context = StepContext(app: app, epoch: epoch, catalogs: catalogs, ledger: ledger)
        let finished = await SoakTests.run(tasks: tasks, for: Self.duration) { task, iteration in
            await Self.step(id: task * 10_000_000 + iteration, task: task, context)
        }
        #expect(finished, "a request hung")
        #expect(ledger.operations.value >= 50 * tasks, "\(ledger.operations.value) operations")
        // Every scope has ended: each of its services is disposed once, after its request.
        try await app.waitForDisposals()
        #expect(tally.made.value > 0)
        #expect(tally.disposed.value == tally.made.value, "\(tally.disposed.value) of \(tally.made.value) disposed")
        #expect(tally.disposedTwice.value == 0)
        #expect(tally.disposedDuringRequest.value == 0)
        #expect(catalogs.failures.isEmpty, "\(catalogs.failures.prefix(5))")
        #expect(ledger.failures.isEmpty, "\(ledger.failures.prefix(5))")
        print(
            """
            server soak: \(ledger.operations.value) operations from \(tasks) tasks in \(Self.duration) s; \
            \(tally.made.value) request services made, \(tally.disposed.value) disposed; \
            failures: \(ledger.failures.count + catalogs.failures.count)
            """
        )
    }

    /// What every step works on and records into.
    struct StepContext {
        let app: ServiceEnv
        let epoch: ResetEpoch
        /// The catalog singleton seen per stable epoch.
        let catalogs: SoakLedger
        let ledger: SoakLedger
    }

    /// One randomly chosen operation, checking its invariant.
    static func step(id: Int, task: Int, _ context: StepContext) async {
        let (app, epoch, catalogs, ledger) = (context.app, context.epoch, context.catalogs, context.ledger)
        ledger.operations.increment()
        switch Int.random(in: 0..<100) {
        case 0..<40:
            let before = epoch.current
            do {
                let catalog = try await asyncRequest(id: id, app: app, ledger: ledger)
                if before == epoch.current && before % 2 == 0 {
                    catalogs.observe(catalog, kind: "sync", epoch: before)
                }
            } catch {
                ledger.fail("request \(id) failed: \(error)")
            }
        case 40..<55:
            do {
                try syncRequest(id: id, app: app, ledger: ledger)
            } catch {
                ledger.fail("synchronous request \(id) failed: \(error)")
            }
        case 55..<70:
            let before = epoch.current
            guard let held = try? app.resolve(ServerSoakSession.self),
                let again = try? app.resolve(ServerSoakSession.self)
            else {
                return ledger.fail("weak resolve failed")
            }
            if before == epoch.current && before % 2 == 0 && held !== again {
                ledger.fail("two weak sessions while one was held")
            }
        case 70..<78:
            // NB: a reset drops an immortal instance too; the next resolve builds another.
            let before = epoch.current
            guard let first = try? app.resolve(ServerSoakMetrics.self),
                let second = try? app.resolve(ServerSoakMetrics.self)
            else {
                return ledger.fail("immortal resolve failed")
            }
            if before == epoch.current && before % 2 == 0 && first !== second {
                ledger.fail("two immortal instances between two resets")
            }
        case 78..<90:
            // NB: each task replaces its own key, so the latest registration is its own.
            app.register(Int.self, tags: "task \(task)", scope: .transient) { id }
            guard (try? app.resolve(Int.self, tags: "task \(task)")) == id else {
                return ledger.fail("a replaced registration did not resolve as the replacement")
            }
        case 90..<93:
            epoch.reset { app.resetCaches() }
        default:
            await Task.yield()
        }
    }

    /// An `async` handler: the request's context on its scope, its `.scoped` ledger resolved on
    /// both paths, and a job in a scope of the request's scope with a ledger of its own.
    static func asyncRequest(id: Int, app: ServiceEnv, ledger: SoakLedger) async throws -> ServerSoakCatalog {
        try await app.withScope(named: "request \(id)") { scope in
            scope.register(ServerSoakContext(id: id))
            let own = try await ServiceEnv.current.resolveAsync(ServerSoakLedger.self)
            let again = try scope.resolve(ServerSoakLedger.self)
            if own !== again || own.context.id != id {
                ledger.fail("request \(id) got another scope's ledger (\(own.context.id), \(again.context.id))")
            }
            await Task.yield()
            try await scope.withScope(named: "job") { job in
                let jobs = try await job.resolveAsync(ServerSoakLedger.self)
                if jobs === own || jobs.context.id != id {
                    ledger.fail("the job of request \(id) shared its request's ledger, or lost its context")
                }
                jobs.endRequest()
            }
            own.endRequest()
            return own.catalog
        }
    }

    /// A synchronous handler, with the scope handed on to a task that outlives nothing.
    static func syncRequest(id: Int, app: ServiceEnv, ledger: SoakLedger) throws {
        try app.withScope(named: "request \(id)") { scope in
            scope.register(ServerSoakContext(id: id))
            let own = try ServiceEnv.current.resolve(ServerSoakLedger.self)
            let again = try scope.resolve(ServerSoakLedger.self)
            if own.context.id != id || again !== own {
                ledger.fail("synchronous request \(id) got another scope's ledger")
            }
            own.endRequest()
        }
    }
}
