public import Synchronization

/// An open-addressing hash table from a type's identity to its `Slot`, read without locks.
///
/// An entry is one word, the address of the slot's record, written once by `ServiceStorage` under its writer
/// lock with a release store, after the slot is initialised; a reader loads it with acquire and
/// compares the slot's type, which never changes, with the one it looks for. A full table is
/// never resized in place: the storage builds a larger one and publishes it, and keeps the old
/// one alive until it deinits.
///
/// The entries live in the object's own tail allocation, so a table is one allocation. The key
/// is not stored beside the address: the probe reads the slot, which the lookup reads next
/// anyway (its cache or its registration), and a table at 10,000 types takes half the memory.
@usableFromInline
final class SlotTable: ManagedBuffer<SlotTable.Header, Atomic<UInt>> {
    // NB: the tail elements are `capacity` atomics, only read and written through atomic
    // operations; writers are serialised by the writer lock of the `ServiceStorage` that owns the
    // table. Values are `Slot` addresses: the storage keeps every slot for as long as any of its
    // tables.

    /// The table's size, fixed at creation.
    @usableFromInline
    struct Header {
        @usableFromInline let capacity: Int
        @usableFromInline let shift: Int
    }

    /// A table with room for `capacity` entries, a power of two, and `spareBytes` of memory after
    /// them, 8-byte aligned, which `spare` points at and which lives as long as the table.
    ///
    /// A scope's first table holds its first block of slots there (see `SlotBlocks`): a request
    /// that opens a scope allocates one object for both.
    static func make(capacity: Int, spareBytes: Int = 0) -> SlotTable {
        precondition(capacity >= 2 && capacity & (capacity - 1) == 0, "capacity must be a power of two")
        let spareWords = (spareBytes + MemoryLayout<UInt>.size - 1) / MemoryLayout<UInt>.size
        let buffer = SlotTable.create(minimumCapacity: capacity + spareWords) { _ in
            Header(capacity: capacity, shift: UInt.bitWidth - capacity.trailingZeroBitCount)
        }
        let table = unsafeDowncast(buffer, to: SlotTable.self)
        table.withUnsafeMutablePointerToElements { elements in
            for index in 0..<capacity {
                (elements + index).initialize(to: Atomic(0))
            }
        }
        return table
    }

    deinit {
        // NB: `Atomic<UInt>` needs no deinitialization; the header is trivial too.
        _ = withUnsafeMutablePointers { header, elements in
            elements.deinitialize(count: header.pointee.capacity)
        }
    }

    /// The memory after the entries that `make(capacity:spareBytes:)` made room for.
    var spare: UnsafeMutableRawPointer {
        withUnsafeMutablePointers { header, entries in UnsafeMutableRawPointer(entries + header.pointee.capacity) }
    }

    /// How many entries the table has room for.
    @inlinable var slotCapacity: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.capacity }
    }

    /// The first probe position for `key`, a metadata address, in a table of 2^(64 − `shift`)
    /// entries (Fibonacci hashing); `NonDisposableTypes` hashes its keys the same way.
    @inlinable @inline(__always)
    static func home(of key: UInt, shift: Int) -> Int {
        // NB: metadata records are 16-byte aligned and often evenly spaced; without the shift,
        // evenly spaced keys share home slots far more often than random ones.
        // NB: a masking shift: `shift` is below 64 for every capacity, and `>>` would add a
        // check for larger ones to every lookup.
        Int(truncatingIfNeeded: ((key &>> 4) &* 0x9E37_79B9_7F4A_7C15) &>> UInt(truncatingIfNeeded: shift))
    }

    /// The slot registered for `key`, if any.
    @inlinable @inline(__always)
    func slot(for key: UInt) -> Slot? {
        slot(for: key) { UInt(bitPattern: ObjectIdentifier($0.type)) == key }
    }

    /// The slot under `key` that `matches`: for `slot(for:)`, the one whose type `key` is; for a
    /// key that is more than a type's identity, a hash of it, and `matches` compares in full.
    @inlinable @inline(__always)
    func slot(for key: UInt, where matches: (Slot) -> Bool) -> Slot? {
        withUnsafeMutablePointers { header, entries in
            let capacity = header.pointee.capacity
            var index = Self.home(of: key, shift: header.pointee.shift)
            while true {
                let found = entries[index].load(ordering: .acquiring)
                if found == 0 {
                    return nil
                }
                let slot = Slot(bits: found)
                if matches(slot) {
                    return slot
                }
                index = (index &+ 1) & (capacity &- 1)
            }
        }
    }

    /// Adds an entry; the caller holds the writer lock, checked `slot(for:)` and left room.
    func insert(_ slot: Slot, for key: UInt) {
        withUnsafeMutablePointers { header, entries in
            let capacity = header.pointee.capacity
            var index = Self.home(of: key, shift: header.pointee.shift)
            while entries[index].load(ordering: .relaxed) != 0 {
                index = (index &+ 1) & (capacity &- 1)
            }
            entries[index].store(slot.bits, ordering: .releasing)
        }
    }
}
