import Service
import Synchronization
import Testing

/// What the disposals of one test did, in order.
private final class DisposalLog: Sendable {
    private let events = Shared<[String]>([])

    func append(_ event: String) {
        events.withLock { $0.append(event) }
    }

    var all: [String] { events.withLock { $0 } }
}

/// A service that logs its disposal and fails it when asked to.
private final class Resource: AsyncDisposable {
    struct Failed: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) could not close" }
    }

    let name: String
    let log: DisposalLog
    let fails: Bool
    let disposals = Atomic(0)

    init(_ name: String, log: DisposalLog, fails: Bool = false) {
        self.name = name
        self.log = log
        self.fails = fails
    }

    func dispose() async throws {
        disposals.add(1, ordering: .relaxed)
        await Task.yield()
        log.append(name)
        if fails {
            throw Failed(name: name)
        }
    }
}

private struct StoreHandle: AsyncDisposable {
    let resource: Resource
    func dispose() async throws { try await resource.dispose() }
}

private struct SessionCache: AsyncDisposable {
    let resource: Resource
    func dispose() async throws { try await resource.dispose() }
}

private struct NoteRepo: AsyncDisposable {
    let database: StoreHandle
    let resource: Resource
    func dispose() async throws { try await resource.dispose() }
}

@MainActor
private final class ClosingScreen: AsyncDisposable {
    let log: DisposalLog
    init(log: DisposalLog) { self.log = log }
    func dispose() async throws { log.append("screen") }
}

/// A key whose factory may build a disposable instance or not.
private protocol Handle: Sendable {}

private struct PlainHandle: Handle {}

extension Resource: Handle {}

@Suite("Disposal")
struct DisposalTests {
    @Test(
        "a registration whose instances change type: a non-disposable first instance does not hide a disposable later one"
    )
    func dynamicTypeDecidesEachTime() async throws {
        let log = DisposalLog()
        let builds = Atomic(0)
        let env = ServiceEnv(name: "handles")
        env.register((any Handle).self) {
            let first = builds.add(1, ordering: .relaxed).newValue == 1
            return first ? PlainHandle() as any Handle : Resource("second", log: log)
        }
        _ = try env.resolve((any Handle).self)
        env.resetCaches()
        try await env.waitForDisposals()
        #expect(log.all.isEmpty)
        _ = try env.resolve((any Handle).self)
        try await env.shutdown()
        #expect(log.all == ["second"])
    }

    @Test("shutdown disposes cached instances newest first, once, and keeps the registrations")
    func shutdownDisposesNewestFirst() async throws {
        let log = DisposalLog()
        let env = ServiceEnv(name: "server")
        env.register(StoreHandle.self) { StoreHandle(resource: Resource("database", log: log)) }
        env.register(NoteRepo.self) {
            let database = try ServiceEnv.current.resolve(StoreHandle.self)
            return NoteRepo(database: database, resource: Resource("repository", log: log))
        }
        env.register(Resource.self) { Resource("resource", log: log) }
        let first = try env.resolve(NoteRepo.self)
        _ = try env.resolve(Resource.self)

        try await env.shutdown()
        #expect(log.all == ["resource", "repository", "database"])
        try await env.shutdown()
        #expect(log.all.count == 3, "a second shutdown disposes nothing more")

        let second = try env.resolve(NoteRepo.self)
        #expect(second.resource !== first.resource, "a resolve after shutdown builds a new instance")
        try await env.shutdown()
        #expect(log.all == ["resource", "repository", "database", "repository", "database"])
    }

    @Test("resets dispose what they drop, and only that")
    func resetsDisposeWhatTheyDrop() async throws {
        let log = DisposalLog()
        let env = ServiceEnv(name: "resets")
        env.register(StoreHandle.self) { StoreHandle(resource: Resource("database", log: log)) }
        env.register(SessionCache.self, scope: .custom("session")) {
            SessionCache(resource: Resource("cache", log: log))
        }
        _ = try env.resolve(StoreHandle.self)
        _ = try env.resolve(SessionCache.self)

        env.resetScope(.custom("session"))
        try await env.waitForDisposals()
        #expect(log.all == ["cache"])

        _ = try env.resolve(SessionCache.self)
        env.resetCaches()
        try await env.waitForDisposals()
        #expect(log.all.sorted() == ["cache", "cache", "database"])

        _ = try env.resolve(StoreHandle.self)
        env.resetAll()
        try await env.waitForDisposals()
        #expect(log.all.filter { $0 == "database" }.count == 2)
    }

    @Test("a registration that drops the cache disposes the old instance; one that keeps it does not")
    func replacement() async throws {
        let log = DisposalLog()
        let env = ServiceEnv(name: "replacement")
        env.register(StoreHandle.self) { StoreHandle(resource: Resource("first", log: log)) }
        _ = try env.resolve(StoreHandle.self)

        env.register(StoreHandle.self) { StoreHandle(resource: Resource("second", log: log)) }
        try await env.waitForDisposals()
        #expect(log.all.isEmpty, "same scope: the cached instance stays, as the baseline requires")

        env.register(StoreHandle.self, scope: .custom("other")) { StoreHandle(resource: Resource("third", log: log)) }
        try await env.waitForDisposals()
        #expect(log.all == ["first"])
    }

    @Test("transient instances and instances handed to register(_:) are not the environment's to dispose")
    func notOwned() async throws {
        let log = DisposalLog()
        let env = ServiceEnv(name: "not owned")
        env.register(StoreHandle.self, scope: .transient) { StoreHandle(resource: Resource("transient", log: log)) }
        env.register(SessionCache(resource: Resource("instance", log: log)))
        _ = try env.resolve(StoreHandle.self)
        _ = try env.resolve(SessionCache.self)
        try await env.shutdown()
        #expect(log.all.isEmpty)
    }

    @Test("failures are collected, every other disposal still runs, and the next wait is clean")
    func failuresAreCollected() async throws {
        let log = DisposalLog()
        let env = ServiceEnv(name: "failing")
        env.register(StoreHandle.self) { StoreHandle(resource: Resource("database", log: log, fails: true)) }
        env.register(SessionCache.self) { SessionCache(resource: Resource("cache", log: log)) }
        env.register(Resource.self) { Resource("resource", log: log, fails: true) }
        _ = try env.resolve(StoreHandle.self)
        _ = try env.resolve(SessionCache.self)
        _ = try env.resolve(Resource.self)

        let error = await #expect(throws: ServiceDisposalError.self) { try await env.shutdown() }
        #expect(log.all == ["resource", "cache", "database"])
        #expect(error?.failures.map(\.serviceType) == ["Resource", "StoreHandle"])
        #expect(
            error?.description
                == "2 disposals failed in environment 'failing':\n  - 'Resource': resource could not close\n  - 'StoreHandle': database could not close"
        )
        await #expect(throws: Never.self) { try await env.waitForDisposals() }
    }

    @Test("a scope's instances are disposed when the scope ends, and reported to its parent")
    func scopeEnd() async throws {
        let log = DisposalLog()
        let app = ServiceEnv(name: "app")
        app.register(StoreHandle.self) { StoreHandle(resource: Resource("database", log: log)) }
        app.register(SessionCache.self, scope: .scoped) { SessionCache(resource: Resource("request cache", log: log)) }
        for _ in 0..<3 {
            try app.withScope(named: "request") { scope in
                _ = try scope.resolve(SessionCache.self)
                _ = try scope.resolve(StoreHandle.self)
            }
        }
        try await app.waitForDisposals()
        #expect(log.all == ["request cache", "request cache", "request cache"], "the shared singleton stays")
        try await app.shutdown()
        #expect(log.all.last == "database")
    }

    @Test("async factories and the MainActor track are disposed too")
    @MainActor
    func asyncAndMainActor() async throws {
        let log = DisposalLog()
        let env = ServiceEnv(name: "tracks")
        env.register(StoreHandle.self) { () async -> StoreHandle in
            await Task.yield()
            return StoreHandle(resource: Resource("async database", log: log))
        }
        env.registerMain(ClosingScreen.self) { ClosingScreen(log: log) }
        _ = try await env.resolveAsync(StoreHandle.self)
        _ = try env.resolveMain(ClosingScreen.self)
        try await env.shutdown()
        #expect(log.all == ["screen", "async database"])
    }

    @Test("concurrent resolves and resets: every cached instance is disposed at most once, the last one exactly once")
    func concurrentResets() async throws {
        let log = DisposalLog()
        let built = Shared<[Resource]>([])
        let env = ServiceEnv(name: "busy")
        env.register(Resource.self) {
            let resource = Resource("resource", log: log)
            built.withLock { $0.append(resource) }
            return resource
        }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        _ = try? env.resolve(Resource.self)
                        if task == 0, round % 10 == 0 {
                            env.resetCaches()
                        }
                    }
                }
            }
        }
        let last = try env.resolve(Resource.self)
        try await env.shutdown()
        let counts = built.withLock { $0.map { $0.disposals.load(ordering: .relaxed) } }
        #expect(counts.allSatisfy { $0 <= 1 })
        #expect(last.disposals.load(ordering: .relaxed) == 1)
        #expect(counts.reduce(0, +) == log.all.count)
    }
}
