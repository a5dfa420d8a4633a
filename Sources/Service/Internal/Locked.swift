import Synchronization

/// A value guarded by a short spin lock on an atomic flag.
///
/// Used for the engine's brief, user-code-free critical sections (bookkeeping of slots, tables,
/// waits and graph caches). Built on `Atomic` rather than `Mutex` because ThreadSanitizer on
/// Linux cannot see the kernel's priority-inheritance handoff of a contended `Mutex` and reports
/// false races inside it; these atomics are compiled into this module, so it sees them.
final class Locked<Value: Sendable>: @unchecked Sendable {
    // Safety: `value` is only read or written between acquiring `flag` in `withLock` and
    // releasing it there.
    private let flag = Atomic(false)
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        flag.lockSpinning()
        defer { flag.unlockSpinning() }
        return body(&value)
    }
}

extension Atomic where Value == Bool {
    /// Takes the spin lock this flag stands for.
    func lockSpinning() {
        while !compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            while load(ordering: .relaxed) {}
        }
    }

    /// Releases the spin lock taken by `lockSpinning()`.
    func unlockSpinning() {
        store(false, ordering: .releasing)
    }
}
