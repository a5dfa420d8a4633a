import Dispatch
import Service

/// A request's transaction, committed when the request ends: 1 ms of I/O.
final class RequestTransaction: AsyncDisposable {
    func dispose() async throws {
        try await Task.sleep(for: .milliseconds(1))
    }
}

/// How long `requests` concurrent requests, each with a `RequestTransaction`, take until every
/// transaction is disposed: by hand (each request commits its own as it ends) and with Service
/// (a `.scoped` service, disposed when the request's scope ends; `waitForDisposals()` waits).
func measureScopeDisposals(requests: Int) -> (handWritten: Duration, service: Duration) {
    let app = ServiceEnv(name: "disposals")
    app.register(RequestTransaction.self, scope: .scoped) { RequestTransaction() }
    let handWritten = blockingWait {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<requests {
                group.addTask { try? await RequestTransaction().dispose() }
            }
        }
    }
    let service = blockingWait {
        await withTaskGroup(of: Void.self) { group in
            for id in 0..<requests {
                group.addTask {
                    try? await app.withScope(named: "request \(id)") { _ in
                        blackHole(try await ServiceEnv.current.resolveAsync(RequestTransaction.self))
                    }
                }
            }
        }
        try? await app.waitForDisposals()
    }
    return (handWritten, service)
}

/// Runs `body` on the global executor and blocks this thread until it is done; returns how long
/// it took.
private func blockingWait(_ body: @escaping @Sendable () async -> Void) -> Duration {
    let finished = DispatchSemaphore(value: 0)
    let start = ContinuousClock.now
    Task.detached {
        await body()
        finished.signal()
    }
    finished.wait()
    return ContinuousClock.now - start
}
