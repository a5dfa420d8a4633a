public import Synchronization

/// An open-addressing hash table from a type's identity to its `Slot`, read without locks.
///
/// Keys and values are written once per entry, by `ServiceStorage` under its writer lock, value
/// before key; readers load the key, then the value. A full table is never resized in place: the
/// storage builds a larger one and publishes it, and keeps the old one alive until it deinits.
@usableFromInline
final class SlotTable: @unchecked Sendable {
    // Safety: `keys` and `values` point at `capacity` atomics each, owned by this object. They are
    // only read and written through atomic operations; writers are serialised by the writer lock
    // of the `ServiceStorage` that owns the table. Values are unretained `Slot` pointers: the
    // storage keeps every slot alive for as long as any of its tables.

    @usableFromInline let capacity: Int
    @usableFromInline let shift: Int
    @usableFromInline let keys: UnsafeMutablePointer<Atomic<UInt>>
    @usableFromInline let values: UnsafeMutablePointer<Atomic<UInt>>

    init(capacity: Int) {
        precondition(capacity >= 2 && capacity & (capacity - 1) == 0, "capacity must be a power of two")
        self.capacity = capacity
        self.shift = UInt.bitWidth - capacity.trailingZeroBitCount
        // NB: one allocation for both arrays: keys first, then values.
        keys = .allocate(capacity: capacity * 2)
        values = keys + capacity
        for index in 0..<capacity {
            (keys + index).initialize(to: Atomic(0))
            (values + index).initialize(to: Atomic(0))
        }
    }

    deinit {
        keys.deinitialize(count: capacity * 2)
        keys.deallocate()
    }

    /// The first probe position for `key` (Fibonacci hashing).
    @inlinable @inline(__always)
    func home(of key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(truncatingIfNeeded: shift))
    }

    /// The slot registered for `key`, if any.
    @inlinable @inline(__always)
    func slot(for key: UInt) -> Unmanaged<Slot>? {
        var index = home(of: key)
        while true {
            let found = keys[index].load(ordering: .acquiring)
            if found == key {
                return RetainedBits.object(values[index].load(ordering: .acquiring), as: Slot.self)
            }
            if found == 0 {
                return nil
            }
            index = (index &+ 1) & (capacity &- 1)
        }
    }

    /// Adds an entry; the caller holds the writer lock, checked `slot(for:)` and left room.
    func insert(_ slot: Slot, for key: UInt) {
        var index = home(of: key)
        while keys[index].load(ordering: .relaxed) != 0 {
            index = (index &+ 1) & (capacity &- 1)
        }
        values[index].store(UInt(bitPattern: Unmanaged.passUnretained(slot).toOpaque()), ordering: .releasing)
        keys[index].store(key, ordering: .releasing)
    }
}
