public import Synchronization

/// Striped reader counters that tell a writer when no reader can still hold a retired pointer.
///
/// A reader increments one stripe, picked from the address of its own stack so that threads
/// rarely share a cache line, reads, and decrements the same stripe. A writer first unpublishes
/// a pointer, then calls `isQuiescent()`: when every stripe reads zero, no reader that could
/// have seen the old pointer is still running. Readers never wait and never take a lock.
@usableFromInline
final class ReaderGate: @unchecked Sendable {
    // Safety: `stripes` points at `stripeCount` atomics owned by this object; they are only
    // touched through atomic operations and freed in `deinit`.

    @usableFromInline static let stripeCount = 16
    @usableFromInline static let stripeBytes = 128

    @usableFromInline let stripes: UnsafeMutableRawPointer

    init() {
        stripes = UnsafeMutableRawPointer.allocate(
            byteCount: Self.stripeCount * Self.stripeBytes,
            alignment: Self.stripeBytes,
        )
        for index in 0..<Self.stripeCount {
            (stripes + index * Self.stripeBytes)
                .bindMemory(to: Atomic<Int>.self, capacity: 1)
                .initialize(to: Atomic(0))
        }
    }

    deinit {
        for index in 0..<Self.stripeCount {
            _ = counter(index).move()
        }
        stripes.deallocate()
    }

    @inlinable @inline(__always)
    func counter(_ index: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (stripes + index &* Self.stripeBytes).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// Marks the calling thread as a reader and returns the stripe to pass to `leave(_:)`.
    @inlinable @inline(__always)
    func enter() -> Int {
        var marker: UInt8 = 0
        let address = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        // NB: thread stacks lie megabytes apart; frames of one thread stay within a few pages.
        let stripe = Int(truncatingIfNeeded: ((address >> 14) &* 0x9E37_79B9_7F4A_7C15) >> 60)
        counter(stripe).pointee.wrappingAdd(1, ordering: .sequentiallyConsistent)
        return stripe
    }

    /// Ends a read section started by `enter()`.
    @inlinable @inline(__always)
    func leave(_ stripe: Int) {
        counter(stripe).pointee.wrappingSubtract(1, ordering: .releasing)
    }

    /// Whether no read section is running right now (call after unpublishing a pointer).
    func isQuiescent() -> Bool {
        for index in 0..<Self.stripeCount where counter(index).pointee.load(ordering: .sequentiallyConsistent) != 0 {
            return false
        }
        return true
    }
}
