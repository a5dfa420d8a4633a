/// The disposable instances an environment built and still caches, and the disposals it started.
///
/// A cached instance that conforms to `AsyncDisposable` is recorded when its construction
/// publishes it, keyed by the address of its cache box. Every path that drops a cache (a reset, a
/// replaced registration, a storage that goes away) hands the dropped boxes to `take(_:)`, so an
/// instance is disposed once, after it has left the cache, and never while it is still cached.
@usableFromInline
final class DisposalLedger: Sendable {
    /// One recorded instance.
    struct Entry: Sendable {
        /// The order of publication, across the environment: disposal runs in reverse.
        let sequence: Int
        let service: String
        let instance: any AsyncDisposable
    }

    private struct State: Sendable {
        var entries: [UInt: Entry] = [:]
        var nextSequence = 0
    }

    private let state = Locked(State())
    /// Where disposals run and their failures wait; a scope shares its parent's.
    let report: DisposalReport

    init(report: DisposalReport) {
        self.report = report
    }

    /// Records `instance`, just published in the cache box at `bits`.
    func record(_ instance: any AsyncDisposable, service: String, bits: UInt) {
        state.withLock { state in
            state.entries[bits] = Entry(sequence: state.nextSequence, service: service, instance: instance)
            state.nextSequence += 1
        }
    }

    /// Disposes the recorded instances among the dropped pointers `bits`, newest first.
    func take(_ bits: [UInt]) {
        let batch = state.withLock { state in
            state.entries.isEmpty ? [] : bits.compactMap { state.entries.removeValue(forKey: $0) }
        }
        report.dispose(batch)
    }

    /// Disposes every recorded instance, newest first: the storage is going away.
    func takeAll() {
        let all = state.withLock { state in
            defer { state.entries = [:] }
            return Array(state.entries.values)
        }
        report.dispose(all)
    }
}

/// Runs disposals one batch after another, and keeps their failures until they are collected.
final class DisposalReport: Sendable {
    private struct State: Sendable {
        /// The last batch started; each batch awaits the one before it.
        var tail: Task<Void, Never>?
        var failures: [ServiceDisposalError.Failure] = []
    }

    private let state = Locked(State())

    /// Starts disposing `entries`, newest first, after every batch started before.
    func dispose(_ entries: [DisposalLedger.Entry]) {
        guard !entries.isEmpty else {
            return
        }
        let ordered = entries.sorted { $0.sequence > $1.sequence }
        state.withLock { state in
            let previous = state.tail
            state.tail = Task.detached { [self] in
                await previous?.value
                for entry in ordered {
                    do {
                        try await entry.instance.dispose()
                    } catch {
                        let failure = ServiceDisposalError.Failure(serviceType: entry.service, error: error)
                        self.state.withLock { $0.failures.append(failure) }
                    }
                }
            }
        }
    }

    /// Waits for every disposal started so far, including those started while waiting, and
    /// returns the failures collected since the last call.
    func settle() async -> [ServiceDisposalError.Failure] {
        while true {
            let tail = state.withLock { $0.tail }
            await tail?.value
            let failures: [ServiceDisposalError.Failure]? = state.withLock { state in
                guard state.tail == tail else {
                    return nil
                }
                defer { state.failures = [] }
                return state.failures
            }
            if let failures {
                return failures
            }
        }
    }
}
