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
            disposalReport.dispose(batch)
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
            disposalReport.dispose(all)
        }
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
    func dispose(_ entries: [DisposalEntry]) {
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
