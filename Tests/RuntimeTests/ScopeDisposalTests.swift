import Service
import Testing

/// A `.scoped` service whose disposal runs what the scope that built it asked for.
private struct Transaction: AsyncDisposable {
    let commit: @Sendable () async throws -> Void
    func dispose() async throws { try await commit() }
}

/// What each request's transaction does when it is disposed, registered in the request's scope.
private struct Commit: Sendable {
    let body: @Sendable () async throws -> Void
}

/// The singleton a transaction is built from.
private struct Pool: AsyncDisposable {
    let close: @Sendable () -> Void
    func dispose() async throws { close() }
}

private struct TimedOut: Error, CustomStringConvertible {
    var description: String { "the other scope's disposal never started" }
}

/// A number that disposals on other tasks read and change.
private final class DisposalCount: Sendable {
    private let value = Shared(0)
    func increment() -> Int {
        value.withLock { count in
            count += 1
            return count
        }
    }
    var current: Int { value.withLock { $0 } }
}

/// The order in which disposals ran.
private final class Events: Sendable {
    private let events = Shared<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

@Suite("Scope disposal")
struct ScopeDisposalTests {
    /// An app whose `.scoped` `Transaction` is built from its `Pool` and disposed as the scope's
    /// `Commit` says.
    private func app(events: Events) -> ServiceEnv {
        let app = ServiceEnv(name: "app")
        app.register(Pool.self) { Pool { events.append("pool") } }
        app.register(Transaction.self, scope: .scoped) {
            _ = try ServiceEnv.current.resolve(Pool.self)
            return Transaction(commit: try ServiceEnv.current.resolve(Commit.self).body)
        }
        return app
    }

    @Test("one request's slow disposal does not hold up the next request's")
    func scopesDisposeSideBySide() async throws {
        let app = app(events: Events())
        let secondStarted = DisposalCount()
        try await app.withScope(named: "request 1") { scope in
            scope.register(
                Commit {
                    // NB: until the second request's disposal starts, up to 10 s.
                    for _ in 0..<10_000 where secondStarted.current == 0 {
                        try await Task.sleep(for: .milliseconds(1))
                    }
                    if secondStarted.current == 0 {
                        throw TimedOut()
                    }
                }
            )
            _ = try await ServiceEnv.current.resolveAsync(Transaction.self)
        }
        try await app.withScope(named: "request 2") { scope in
            scope.register(Commit { _ = secondStarted.increment() })
            _ = try await ServiceEnv.current.resolveAsync(Transaction.self)
        }
        await #expect(throws: Never.self) { try await app.waitForDisposals() }
        #expect(secondStarted.current == 1)
    }

    @Test("a shutdown disposes the singletons after the scopes' services built from them")
    func shutdownWaitsForTheScopes() async throws {
        let events = Events()
        let app = app(events: events)
        for request in 0..<4 {
            try await app.withScope(named: "request \(request)") { scope in
                scope.register(
                    Commit {
                        try await Task.sleep(for: .milliseconds(20 * (4 - request)))
                        events.append("transaction \(request)")
                    }
                )
                _ = try await ServiceEnv.current.resolveAsync(Transaction.self)
            }
        }
        try await app.shutdown()
        #expect(events.all.count == 5)
        #expect(events.all.last == "pool")
        #expect(Set(events.all.dropLast()) == Set((0..<4).map { "transaction \($0)" }))
    }

    @Test("a scope's own disposals run in the order it dropped its instances")
    func oneScopeInOrder() async throws {
        let events = Events()
        let app = app(events: events)
        let built = DisposalCount()
        try await app.withScope(named: "request") { scope in
            scope.register(
                Commit {
                    // NB: the first instance is dropped first, and takes longer.
                    let number = built.increment()
                    try await Task.sleep(for: .milliseconds(number == 1 ? 50 : 0))
                    events.append("transaction \(number)")
                }
            )
            _ = try await ServiceEnv.current.resolveAsync(Transaction.self)
            scope.resetCaches()
            _ = try await ServiceEnv.current.resolveAsync(Transaction.self)
        }
        try await app.waitForDisposals()
        #expect(events.all == ["transaction 1", "transaction 2"])
    }

    @Test("many requests' disposals, with failures, all run and are all reported once")
    func manyScopes() async throws {
        struct CommitFailed: Error {}
        let events = Events()
        let app = app(events: events)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for request in 0..<200 {
                group.addTask {
                    try await app.withScope(named: "request \(request)") { scope in
                        scope.register(
                            Commit {
                                await Task.yield()
                                events.append("transaction \(request)")
                                if request % 50 == 0 {
                                    throw CommitFailed()
                                }
                            }
                        )
                        _ = try await ServiceEnv.current.resolveAsync(Transaction.self)
                    }
                }
            }
            try await group.waitForAll()
        }
        let error = await #expect(throws: ServiceDisposalError.self) { try await app.waitForDisposals() }
        #expect(error?.failures.map(\.serviceType) == Array(repeating: "Transaction", count: 4))
        let scopes = Set(error?.failures.map(\.environment) ?? [])
        #expect(scopes == ["request 0", "request 50", "request 100", "request 150"])
        #expect(error?.description.split(separator: "\n").first == "4 disposals failed in environment 'app':")
        #expect(error?.description.contains("\n  - 'Transaction' in 'request 50': CommitFailed()") == true)
        #expect(Set(events.all).count == 200)
        await #expect(throws: Never.self) { try await app.waitForDisposals() }
    }

    @Test("a handler gets each failure as it happens, with its scope, and the next collection finds none")
    func handlerSeesFailuresAsTheyHappen() async throws {
        struct CommitFailed: Error {}
        let app = app(events: Events())
        let reported = Events()
        app.reportDisposalFailures { failure in
            reported.append("\(failure.serviceType) in \(failure.environment): \(failure.error)")
        }
        for request in 0..<3 {
            try await app.withScope(named: "request \(request)") { scope in
                scope.register(Commit { throw CommitFailed() })
                _ = try await ServiceEnv.current.resolveAsync(Transaction.self)
            }
        }
        await #expect(throws: Never.self) { try await app.waitForDisposals() }
        #expect(Set(reported.all) == Set((0..<3).map { "Transaction in request \($0): CommitFailed()" }))
        #expect(reported.all.count == 3)
    }

    @Test("without a handler, the first 1,000 failures are kept and the rest counted")
    func keptFailuresAreBounded() async throws {
        struct CommitFailed: Error {}
        let app = app(events: Events())
        for request in 0..<1_005 {
            try app.withScope(named: "request \(request)") { scope in
                scope.register(Commit { throw CommitFailed() })
                _ = try ServiceEnv.current.resolve(Transaction.self)
            }
        }
        let error = await #expect(throws: ServiceDisposalError.self) { try await app.waitForDisposals() }
        #expect(error?.failures.count == 1_000)
        #expect(error?.omittedFailureCount == 5)
        let lines = error?.description.split(separator: "\n") ?? []
        #expect(lines.first == "1005 disposals failed in environment 'app':")
        #expect(lines.last == "  - and 5 more, not kept")
        #expect(lines.count == 1_002)
        await #expect(throws: Never.self) { try await app.waitForDisposals() }
    }
}
