public import Synchronization

/// The disposable instances a storage built and still caches.
///
/// A cached instance that conforms to `AsyncDisposable` is recorded when its construction
/// publishes it, keyed by the address of its cache box, under the slot's lock. Every path that
/// drops a cache (a reset, a replaced registration, a storage that goes away) hands the dropped
/// boxes to `dispose(_:)`, so an instance is disposed once, after it has left the cache, and never
/// while it is still cached. A storage with nothing disposable pays one empty dictionary.
struct DisposalState {
    var entries: [UInt: DisposalEntry] = Dictionary()
    var nextSequence = 0
}

/// An `AsyncDisposable` instance on its way from a construction to the record of its storage.
@usableFromInline
final class DisposableInstance: Sendable {
    let instance: any AsyncDisposable

    @usableFromInline init(_ instance: any AsyncDisposable) {
        self.instance = instance
    }
}

/// Types found not to conform to `AsyncDisposable`, so that building another instance of one
/// skips the dynamic cast (a scope builds its `.scoped` services per request).
///
/// A direct-mapped table of 64 words, shared by the process, each zero or the metadata address
/// of one such type: a collision replaces an entry, and a miss costs only the cast it would have
/// saved. A type's conformance does not change, so whatever word a reader loads is a correct
/// answer for the type it names.
///
/// NB: not a field of `Registration`: the word would take every registration from the
/// allocator's 64-byte class to its 80-byte one.
@usableFromInline
final class NonDisposableTypes: @unchecked Sendable {
    // Safety: `entries` lives as long as the table, and each entry is only read or written with
    // atomic operations.
    @usableFromInline let entries: UnsafeMutablePointer<Atomic<UInt>>

    @usableFromInline static let shared = NonDisposableTypes()

    /// How far `SlotTable.home(of:shift:)` shifts a hash for this table: 64 − log2(`count`).
    ///
    /// NB: computed constants, not stored ones, so that the hot path loads no global for them.
    @inlinable static var shift: Int { 58 }

    @inlinable static var count: Int { 1 << (64 - shift) }

    /// An empty table; the process uses `shared`.
    init() {
        entries = .allocate(capacity: Self.count)
        for index in 0..<Self.count {
            (entries + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        // NB: `Atomic<UInt>` needs no deinitialization.
        entries.deallocate()
    }

    /// The entry `type` (a metadata address) is kept in: its home in a slot table of 64.
    @inlinable @inline(__always)
    func entry(for type: UInt) -> Int {
        SlotTable.home(of: type, shift: Self.shift)
    }

    /// Whether `type` was found not to conform (and not displaced since).
    @inlinable @inline(__always)
    func contains(_ type: UInt) -> Bool {
        entries[entry(for: type)].load(ordering: .relaxed) == type
    }

    /// Remembers that `type` does not conform.
    @inlinable
    func insert(_ type: UInt) {
        entries[entry(for: type)].store(type, ordering: .relaxed)
    }
}

/// One recorded instance.
struct DisposalEntry: Sendable {
    /// The order of publication in its storage: disposal runs in reverse.
    let sequence: Int
    let service: String
    let instance: any AsyncDisposable
}

extension ServiceStorage {
    /// Records `instance`, just published in the cache box at `bits`.
    func record(_ instance: any AsyncDisposable, service: String, bits: UInt) {
        withDisposals { state in
            state.entries[bits] = DisposalEntry(sequence: state.nextSequence, service: service, instance: instance)
            state.nextSequence += 1
        }
    }

    /// Disposes the recorded instances among the dropped pointers `bits`, newest first.
    func dispose(_ bits: [UInt]) {
        let batch = withDisposals { state in
            state.entries.isEmpty ? [] : bits.compactMap { state.entries.removeValue(forKey: $0) }
        }
        if !batch.isEmpty {
            disposalReport.dispose(batch, from: name, scope: disposalScope)
        }
    }

    /// Disposes every recorded instance, newest first: the storage is going away.
    func disposeAll() {
        let all = withDisposals { state -> [DisposalEntry] in
            guard !state.entries.isEmpty else {
                return []
            }
            defer { state.entries = Dictionary() }
            return Array(state.entries.values)
        }
        if !all.isEmpty {
            disposalReport.dispose(all, from: name, scope: disposalScope, closing: true)
        }
    }
}

/// Runs disposals in batches, and keeps their failures until they are collected.
///
/// A batch of a scope (the end of a request, say) runs beside the batches of other scopes: two
/// requests' services are never built from each other, so one request's slow `dispose()` does not
/// hold up the next request's, and a server's disposals keep pace with its requests. It runs after
/// the scope's own batch before it. A batch of the environment itself (a reset, a replaced
/// registration, a shutdown) runs after every batch started before it, scopes' included, so a
/// scope's services are disposed before the singletons they were built from.
final class DisposalReport: Sendable {
    private struct State: Sendable {
        /// The last batch of the environment itself; every batch started after it awaits it.
        var barrier: Task<Void, Never>?
        /// The scopes' batches that may still be running, by the number they were started under.
        var running: [Int: Task<Void, Never>] = [:]
        /// The number of the last batch of each scope still open, by the scope's storage.
        ///
        /// NB: the batch a scope's storage starts as it goes away is not kept here: another
        /// storage may take its address, and with it the key.
        var scopes: [ObjectIdentifier: Int] = [:]
        /// How many batches were started.
        var started = 0
        /// The failures not yet collected, up to `keptFailures`.
        var failures: [ServiceDisposalError.Failure] = []
        /// How many failures came after the first `keptFailures`, and were counted only.
        var omitted = 0
        /// Where failures go as they happen instead, when the environment says so.
        var handler: (@Sendable (ServiceDisposalError.Failure) -> Void)?
    }

    /// How many failures are kept until they are collected: a server that never collects them
    /// does not grow without end.
    static var keptFailures: Int { 1_000 }

    private let state = Locked(State())

    /// Hands every failure from now on to `handler`, as it happens, instead of keeping it.
    func report(to handler: @escaping @Sendable (ServiceDisposalError.Failure) -> Void) {
        state.withLock { $0.handler = handler }
    }

    /// Starts disposing `entries`, which the environment named `environment` cached, newest
    /// first: beside other scopes' batches when `scope` names the scope's storage (`closing` when
    /// it is going away), after every batch started before when it is nil.
    func dispose(
        _ entries: [DisposalEntry],
        from environment: String,
        scope: ObjectIdentifier?,
        closing: Bool = false,
    ) {
        let ordered = entries.sorted { $0.sequence > $1.sequence }
        state.withLock { state in
            state.started &+= 1
            let number = state.started
            let barrier = state.barrier
            guard let scope else {
                let earlier = Array(state.running.values)
                state.running = [:]
                state.scopes = [:]
                state.barrier = Task.detached { [self] in
                    await barrier?.value
                    for task in earlier {
                        await task.value
                    }
                    await run(ordered, from: environment)
                }
                return
            }
            let previous = state.scopes[scope].flatMap { state.running[$0] }
            state.scopes[scope] = closing ? nil : number
            state.running[number] = Task.detached { [self] in
                await barrier?.value
                await previous?.value
                await run(ordered, from: environment)
                self.state.withLock { state in
                    state.running[number] = nil
                    if state.scopes[scope] == number {
                        state.scopes[scope] = nil
                    }
                }
            }
        }
    }

    /// Disposes `entries` in order, recording each failure.
    private func run(_ entries: [DisposalEntry], from environment: String) async {
        for entry in entries {
            do {
                try await entry.instance.dispose()
            } catch {
                let failure = ServiceDisposalError.Failure(
                    serviceType: entry.service,
                    environment: environment,
                    error: error,
                )
                let handler = state.withLock { state in
                    if state.handler == nil {
                        if state.failures.count < Self.keptFailures {
                            state.failures.append(failure)
                        } else {
                            state.omitted += 1
                        }
                    }
                    return state.handler
                }
                handler?(failure)
            }
        }
    }

    /// Waits for every disposal started so far, including those started while waiting, and
    /// returns the failures kept since the last call, and how many more were only counted.
    func settle() async -> (failures: [ServiceDisposalError.Failure], omitted: Int) {
        while true {
            let (started, running) = state.withLock { state in
                (state.started, [state.barrier].compactMap { $0 } + state.running.values)
            }
            for task in running {
                await task.value
            }
            let collected = state.withLock { state -> (failures: [ServiceDisposalError.Failure], omitted: Int)? in
                guard state.started == started else {
                    return nil
                }
                defer {
                    state.failures = []
                    state.omitted = 0
                }
                return (state.failures, state.omitted)
            }
            if let collected {
                return collected
            }
        }
    }
}
