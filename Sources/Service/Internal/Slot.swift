public import Synchronization

/// Everything the environment knows about one service type: its registration and cached instances.
///
/// A slot is a reference to a `SlotRecord` in one of its storage's `SlotBlocks`, which neither
/// moves nor frees a record before the storage itself is freed; copying a slot copies the
/// reference, and two slots are equal when they refer to the same record.
///
/// The record's three atomics hold retained pointers (or zero). They are replaced only while the
/// slot's state is locked, and a replaced pointer is released through `ReaderGate`
/// (`retire(_:)`), so readers may load them without taking any lock. A cache word may carry
/// `immortalTag` beside its pointer (see `Slot+Immortal.swift`).
@usableFromInline @frozen
struct Slot: Hashable, @unchecked Sendable {
    // Safety: a slot is only an address; what it refers to is guarded as `SlotRecord` says.
    @usableFromInline let record: UnsafeMutablePointer<SlotRecord>

    @inlinable
    init(_ record: UnsafeMutablePointer<SlotRecord>) {
        self.record = record
    }

    /// The slot whose record is at `bits`, as a `SlotTable` entry stores it.
    @inlinable @inline(__always)
    init(bits: UInt) {
        record = UnsafeMutablePointer(bitPattern: bits).unsafelyUnwrapped
    }

    /// The record's address, as a `SlotTable` entry stores it.
    @inlinable var bits: UInt { UInt(bitPattern: record) }

    /// The registered type, kept for error messages.
    @inlinable var type: Any.Type { record.pointee.type }

    /// The tags of the registration key; empty for the untagged registration of `type`.
    @inlinable var tags: TagSet {
        @inline(__always) get {
            let bits = record.pointee.tagsOrFunction
            guard record.pointee.inlineScope == .none, bits != 0 else {
                return .empty
            }
            return RetainedBits.object(bits, as: BoxedTags.self)._withUnsafeGuaranteedRef { $0.tags }
        }
    }

    /// The slot's position in the order slots were created, which `resolveAll` reports in.
    var sequence: Int32 { record.pointee.sequence }

    /// `tags`, or nil when there are none, as cycle checks compare them.
    @inlinable var storedTags: TagSet? {
        tags.isEmpty ? nil : tags
    }

    /// The registered type and tags, as errors spell them.
    var name: String { serviceName(type, tags: tags) }

    /// The retained `Registration`, zero when nothing is registered, or `inlineMark` while the
    /// slot holds the registration it was made with itself (see `InlineScope`).
    @inlinable @inline(__always)
    var registrationBits: UInt {
        record.pointee.registration.load(ordering: .sequentiallyConsistent)
    }

    /// Makes `bits` (a retained `Registration`, or zero) the registration, with how to build it
    /// `direct`ly, and returns the previous one, which the caller must retire.
    ///
    /// Call only while the slot's state is locked.
    func exchangeRegistration(_ bits: UInt, direct: DirectBuild) -> UInt {
        let old = record.pointee.registration.exchange(bits, ordering: .sequentiallyConsistent)
        record.pointee.direct.store(direct, ordering: .releasing)
        return old
    }

    /// Whether the service can be built without its registration, as the last install or reset
    /// left it.
    @inlinable @inline(__always)
    var directBuild: DirectBuild {
        record.pointee.direct.load(ordering: .acquiring)
    }

    /// Loads the cache pointer of `track`, without its `immortalTag`.
    @inlinable @inline(__always)
    func loadCache(_ track: Track) -> UInt {
        loadCacheWord(track) & ~Slot.immortalTag
    }

    /// Loads the cache word of `track` as it is stored: a cache pointer, with `immortalTag` set
    /// when the box it points to and the instance in it are immortal.
    @inlinable @inline(__always)
    func loadCacheWord(_ track: Track) -> UInt {
        switch track {
        case .sendable: record.pointee.cache.load(ordering: .sequentiallyConsistent)
        case .main: record.pointee.mainCache.load(ordering: .sequentiallyConsistent)
        }
    }

    /// The instance cached on `track`, owned by the caller, or nil.
    ///
    /// Call only inside a `ReaderGate` section, which keeps the cache box alive until the retain.
    @inlinable @inline(__always)
    func cachedValue<Value>(_ type: Value.Type, on track: Track) -> Value? {
        let word = loadCacheWord(track)
        guard word != 0 else {
            return nil
        }
        guard word & Slot.immortalTag == 0 else {
            return Slot.immortalValue(type, in: word)
        }
        return RetainedBits.object(word, as: ValueBox<Value>.self)._withUnsafeGuaranteedRef { $0.value }
    }

    /// Replaces the cache word of `track` and returns the previous pointer, without its
    /// `immortalTag`.
    @usableFromInline
    func exchangeCache(_ track: Track, with bits: UInt) -> UInt {
        let previous =
            switch track {
            case .sendable: record.pointee.cache.exchange(bits, ordering: .sequentiallyConsistent)
            case .main: record.pointee.mainCache.exchange(bits, ordering: .sequentiallyConsistent)
            }
        return previous & ~Slot.immortalTag
    }

    /// The slot's construction bookkeeping, beside its record in the same cell (see `SlotBlocks`).
    private var state: UnsafeMutablePointer<SlotState> {
        SlotBlocks.state(of: record)
    }

    /// Runs `body` with exclusive access to the slot's construction bookkeeping.
    func withState<Result>(_ body: (inout SlotState) -> Result) -> Result {
        let state = state
        record.pointee.stateLock.lockSpinning()
        defer { record.pointee.stateLock.unlockSpinning() }
        return body(&state.pointee)
    }

    /// Unpublishes both caches and forgets a weak instance; returns the retained pointers the
    /// caller must retire.
    ///
    /// Call only while `state` is locked.
    func takeCaches(of state: inout SlotState, into retired: inout [UInt]) {
        state.forgetWeakInstance()
        // NB: two calls, not a loop over an array literal, which would allocate.
        let sendableBits = exchangeCache(.sendable, with: 0)
        if sendableBits != 0 {
            retired.append(sendableBits)
        }
        let mainBits = exchangeCache(.main, with: 0)
        if mainBits != 0 {
            retired.append(mainBits)
        }
    }
}

/// The data of one `Slot`, in a block of `SlotBlocks`.
///
/// The record's fields are immutable or atomic, so every access to a record is a read. The
/// slot's `SlotState` follows the record in its cell, and is only read or written inside
/// `Slot.withState`, between taking and releasing `stateLock`.
///
/// NB: the state is not a field: a modifying access to a field of a record is, to
/// ThreadSanitizer's Swift access checks, a modifying access to the whole record, which readers
/// of the record's immutable fields would race with.
///
/// A slot made by `register(_:scope:factory:)` (or `register(_:scope:)` of an `Injectable` type)
/// holds that registration itself, without an object (see `InlineScope`): its factory's two
/// words are `tagsOrFunction` and `inlineContext`, and `registration` holds the slot's
/// `inlineMark` until another registration replaces it.
@usableFromInline
struct SlotRecord: ~Copyable {
    @usableFromInline let type: Any.Type
    /// The factory's function for a slot made with its registration inline (`inlineScope` is not
    /// `.none`); otherwise the key's tags, as a retained `BoxedTags`, or zero for none.
    ///
    /// NB: one word for both: a tagged slot is never made with its registration inline.
    @usableFromInline let tagsOrFunction: UInt
    /// A retained `Registration`, zero when nothing is registered, or the slot's `inlineMark`.
    @usableFromInline let registration: Atomic<UInt>
    /// A retained `ValueBox` with the cached instance of the Sendable track, or zero.
    @usableFromInline let cache = Atomic<UInt>(0)
    /// A retained `ValueBox` with the cached instance of the MainActor track, or zero.
    @usableFromInline let mainCache = Atomic<UInt>(0)
    /// Whether the service can be built without its registration, by a direct call of the
    /// `make(resolver:)` of the `Injectable` type it was registered with; set with `registration`.
    /// The inline factory's context, retained while `registration` holds the inline mark (zero
    /// for a closure that captures nothing); retired when another registration replaces it.
    @usableFromInline let inlineContext: UInt
    @usableFromInline let direct: Atomic<DirectBuild>
    /// Guards `state`.
    let stateLock = Atomic(false)
    /// The scope of the registration the slot was made with inline; `.none` for a slot made
    /// without one, or with an object.
    @usableFromInline let inlineScope: InlineScope
    /// What else the slot knows of the registration it was made with inline; empty for a slot
    /// made without one, or with an object.
    @usableFromInline let inlineFacts: InlineFacts
    /// NB: 32 bits, beside the four one-byte fields, so that a record is 56 bytes.
    let sequence: Int32

    /// A record at `address` for `type` under `tags`, holding `registration` (its retained bits,
    /// or the factory's retained words, which the record takes over) if one is given.
    init(
        at address: UnsafeMutablePointer<SlotRecord>,
        type: Any.Type,
        tags: TagSet,
        sequence: Int,
        registration: PendingRegistration,
    ) {
        self.type = type
        inlineScope = registration.inlineScope
        inlineFacts = registration.inlineFacts
        if inlineScope == .none {
            tagsOrFunction = tags.isEmpty ? 0 : RetainedBits.retain(BoxedTags(tags))
            inlineContext = 0
            // NB: the slot is not published yet; the store that publishes it orders these.
            self.registration = Atomic(registration.bits)
        } else {
            tagsOrFunction = registration.function
            inlineContext = registration.context
            self.registration = Atomic(Slot(address).inlineMark)
        }
        // NB: a process does not hold 2^31 slots (128 GiB of them); not checked per slot.
        self.sequence = Int32(truncatingIfNeeded: sequence)
        direct = Atomic(registration.direct)
    }

    deinit {
        // NB: three loads, not a loop over an array literal, which would allocate.
        let registrationBits = registration.load(ordering: .relaxed)
        let cacheBits = cache.load(ordering: .relaxed) & ~Slot.immortalTag
        let mainBits = mainCache.load(ordering: .relaxed) & ~Slot.immortalTag
        if registrationBits & Slot.inlineBit != 0 {
            if inlineContext != 0 {
                RetainedBits.release(inlineContext)
            }
        } else if registrationBits != 0 {
            RetainedBits.release(registrationBits)
        }
        if inlineScope == .none && tagsOrFunction != 0 {
            RetainedBits.release(tagsOrFunction)
        }
        if cacheBits != 0 {
            RetainedBits.release(cacheBits)
        }
        if mainBits != 0 {
            RetainedBits.release(mainBits)
        }
    }
}

/// The memory the slots of one storage live in: blocks of cells, allocated as slots are made,
/// never moved, and freed only with the storage, so a reader may use any slot it found for as
/// long as it keeps the storage alive. The slots are in the order they were made, which is the
/// order `resolveAll` and `validate()` report registrations in.
///
/// A cell is a slot's `SlotRecord` (56 bytes) followed by its `SlotState` (8): 64 bytes. In a block of 8 cells
/// or more (an environment's; a scope's first blocks are smaller) cells are aligned to 64, so
/// that a slot is one cache line and the writes of one slot's construction or cache never
/// invalidate the line a reader of another slot reads.
///
/// NB: not a scope's small blocks: an allocation aligned beyond the allocator's own 16 bytes
/// cost the scope benchmark ~700 more instructions per request (8,981 against 8,252).
///
/// NB: one allocation per block, not one object per slot: registering a service allocated its
/// slot (an object of 88 bytes, served from the allocator's 96-byte class) and freed it with the
/// environment, which cost more instructions than everything else the slot's creation does. The
/// first block is held inline, so a scope that registers a value or two allocates one block and
/// no list.
struct SlotBlocks {
    /// Where a cell's `SlotState` begins, after its record.
    static let stateOffset =
        (MemoryLayout<SlotRecord>.size + MemoryLayout<SlotState>.alignment - 1)
        & ~(MemoryLayout<SlotState>.alignment - 1)

    /// The state in the cell of `record`, once `make` has initialised it.
    static func state(of record: UnsafeMutablePointer<SlotRecord>) -> UnsafeMutablePointer<SlotState> {
        (UnsafeMutableRawPointer(record) + stateOffset).assumingMemoryBound(to: SlotState.self)
    }

    /// The size and alignment of a cell: its record and state, rounded up to a cache line.
    static let cellSize = (stateOffset + MemoryLayout<SlotState>.size + cacheLine - 1) & ~(cacheLine - 1)

    /// The cache line size assumed: 64 bytes, as on every x86-64 and most ARM64 cores.
    private static let cacheLine = 64

    /// A block: `capacity` cells, one allocation, or memory its storage gave (`init(cells:capacity:)`).
    private struct Block {
        let cells: UnsafeMutableRawPointer
        let capacity: Int

        init(capacity: Int) {
            cells = UnsafeMutableRawPointer.allocate(
                byteCount: SlotBlocks.cellSize * capacity,
                alignment: capacity >= 8 ? SlotBlocks.cacheLine : MemoryLayout<SlotRecord>.alignment,
            )
            self.capacity = capacity
        }

        init(cells: UnsafeMutableRawPointer, capacity: Int) {
            self.cells = cells
            self.capacity = capacity
        }

        /// The record of the cell at `index`.
        func record(at index: Int) -> UnsafeMutablePointer<SlotRecord> {
            // NB: wrapping: an index is below the block's capacity, which was allocated.
            (cells + index &* SlotBlocks.cellSize).bindMemory(to: SlotRecord.self, capacity: 1)
        }

        func deallocate() {
            cells.deallocate()
        }
    }

    /// The first block, then the others in the order they were allocated.
    private var first: Block?
    private var more: [Block] = []
    /// The block slots are made in: the last one allocated.
    private var last: Block?
    /// How many slots were made, in all blocks, and how many of them in the last block.
    private(set) var count = 0
    private var usedInLast = 0
    /// The size of the first block: small for a scope, which usually registers a value or two.
    private let firstCapacity: Int
    /// The memory of the first block, when the storage gave it; it is not freed here.
    private let givenCells: UnsafeMutableRawPointer?

    /// Blocks starting with `firstCapacity` records, doubling up to `maximumCapacity`.
    init(firstCapacity: Int) {
        self.firstCapacity = firstCapacity
        self.givenCells = nil
    }

    /// Blocks whose first one is `firstCapacity` cells at `firstCells`, memory the caller frees
    /// after `free()` has run. It is 8-byte aligned, not a cache line: for a scope's few slots, an
    /// allocation saved matters more than a line of their own.
    init(firstCapacity: Int, firstCells: UnsafeMutableRawPointer) {
        let alignment = max(MemoryLayout<SlotRecord>.alignment, MemoryLayout<SlotState>.alignment)
        assert(Int(bitPattern: firstCells) % alignment == 0, "a slot's cell must be aligned for its record and state")
        self.firstCapacity = firstCapacity
        self.givenCells = firstCells
    }

    /// The bytes `init(firstCapacity:firstCells:)` needs at `firstCells`.
    static func bytes(forCells count: Int) -> Int {
        cellSize * count
    }

    /// The largest block, in cells (8 KiB): a block's unused tail costs little.
    static let maximumCapacity = 128

    /// Makes a slot for `type` under `tags`, holding `registration` (its retained bits, which the
    /// slot takes over) if one is given.
    @inline(__always)
    mutating func make(type: Any.Type, tags: TagSet, registration: PendingRegistration) -> Slot {
        if usedInLast == last?.capacity ?? 0 {
            let block =
                if let last {
                    Block(capacity: min(last.capacity * 2, Self.maximumCapacity))
                } else if let givenCells {
                    Block(cells: givenCells, capacity: firstCapacity)
                } else {
                    Block(capacity: firstCapacity)
                }
            if first == nil {
                first = block
            } else {
                more.append(block)
            }
            last = block
            usedInLast = 0
        }
        let block = last.unsafelyUnwrapped
        let record = block.record(at: usedInLast)
        record.initialize(
            to: SlotRecord(at: record, type: type, tags: tags, sequence: count, registration: registration)
        )
        (UnsafeMutableRawPointer(record) + Self.stateOffset).bindMemory(to: SlotState.self, capacity: 1)
            .initialize(to: SlotState())
        // NB: wrapping: counts of allocated cells (an overflow check per registration otherwise).
        usedInLast &+= 1
        count &+= 1
        return Slot(record)
    }

    /// Calls `body` with every slot, in the order they were made.
    func forEach(_ body: (Slot) -> Void) {
        var remaining = count
        var next = -1
        // NB: an index, -1 for `first`: no list of the blocks is made.
        while remaining > 0, let block = next < 0 ? first : more[next] {
            let made = min(remaining, block.capacity)
            for index in 0..<made {
                body(Slot(block.record(at: index)))
            }
            remaining -= made
            next += 1
        }
    }

    /// Every slot, in the order they were made.
    var all: [Slot] {
        var slots: [Slot] = []
        slots.reserveCapacity(count)
        forEach { slots.append($0) }
        return slots
    }

    /// Deinitialises every slot and frees the blocks.
    ///
    /// Call only when no reader can reach any of them: from the storage's deinit.
    mutating func free() {
        forEach { slot in
            let state = Self.state(of: slot.record)
            // NB: an idle state holds no reference (and no construction is in flight while the
            // storage is freed), so it needs no deinitialization: skipping it saves a call of
            // its outlined destroy per slot.
            if !state.pointee.isIdle {
                state.deinitialize(count: 1)
            }
            slot.record.deinitialize(count: 1)
        }
        if givenCells == nil {
            first?.deallocate()
        }
        for block in more {
            block.deallocate()
        }
        first = nil
        more = []
        last = nil
        count = 0
        usedInLast = 0
    }
}
