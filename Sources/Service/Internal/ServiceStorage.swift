public import Synchronization

/// The registrations and caches of one `ServiceEnv` value and its copies.
///
/// Reads take no lock: `lookup` probes the published `SlotTable` (tables and slots live as long
/// as the storage), and what a slot points at (registration, cached instance) is read inside a
/// `ReaderGate` section. Writes (registration, resets) serialise on `writer` and on the affected
/// slot's lock, unpublish old pointers and hand them to `retire(_:)`, which releases them once no
/// reader can still see them.
@usableFromInline
final class ServiceStorage: @unchecked Sendable {
    // Safety: `writerState`, `retiredBits`, `assemblyLog` and `disposalState` are each only read or
    // written while their own spin lock (`writerLock`, `retiredLock`, `assemblyLock`,
    // `disposalLock`) is held, in `withWriter`, `withRetired`, `withAssembly` and `withDisposals`; every other stored property is immutable or atomic. The
    // locks are atomics of this module, so ThreadSanitizer sees them (it cannot see the futex of
    // `Synchronization.Mutex`), and they live inline, so a storage (a scope) is one allocation.
    /// Keeps the fields every resolve reads off the cache line of the object's reference count,
    /// which every copy of a `ServiceEnv` writes.
    private let headerPadding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0,
    )
    private let moreHeaderPadding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0,
    )
    /// The current `SlotTable`, unretained; `writer` keeps it alive, and keeps every table it
    /// outgrew alive too, so a reader may probe any table it loaded without a gate section.
    @usableFromInline let table: Atomic<UInt>
    /// The current `SlotTable` of tagged slots, unretained, or zero before the first tagged slot;
    /// kept alive the way `table` is (`ServiceStorage+Tagged.swift`).
    let taggedTable = Atomic<UInt>(0)
    private let writerLock = Atomic(false)
    @exclusivity(unchecked) private var writerState: WriterState
    private let retiredLock = Atomic(false)
    /// Retained pointers that were unpublished but may still be seen by a reader.
    @exclusivity(unchecked) private var retiredBits: [UInt] = []
    /// The name of the environment, which `ServiceEnv` reads (so an environment value is one
    /// reference, cheap to copy in and out of `ServiceEnv.current`).
    let name: String
    /// The environment this one inherits registrations from, if any.
    var parent: ServiceStorage? { parentReference?.takeUnretainedValue() }
    /// `parent`, retained here and released by `deinit`.
    ///
    /// NB: not a stored `ServiceStorage?`. The compiler destroys a class's stored optional of its
    /// own type with a loop that retains the parent, releases it, tests whether it is uniquely
    /// referenced and releases it again: three writes to the application's reference count from
    /// every scope that goes away, where one release will do.
    @usableFromInline let parentReference: Unmanaged<ServiceStorage>?
    /// Whether this is a scope: it leaves inherited singletons and custom-scoped services to the
    /// environment that registered them, and caches `.scoped` services itself.
    @usableFromInline let isScope: Bool
    /// Whether this storage or one of its ancestors is a scope, so `.scoped` services resolve here.
    @usableFromInline let isWithinScope: Bool
    private let assemblyLock = Atomic(false)
    /// The declared assemblies applied to this storage.
    @exclusivity(unchecked) private var assemblyLog = AssemblyLog()
    /// Whether `assemblyLog.assembled` may have entries: any other registration installed then
    /// removes its slot's, so the log does not keep a replaced registration alive.
    /// NB: internal for `install(_:for:tags:)`, in ServiceStorage+Install.swift.
    let mayHaveAssembled = Atomic(false)
    private let disposalLock = Atomic(false)
    /// The published `AsyncDisposable` instances, by the address of their cache box, and the
    /// sequence number of the next one; see `ServiceStorage+Disposal.swift`.
    @exclusivity(unchecked) private var disposalState = DisposalState()
    /// Runs this storage's disposals; nil for a scope, which reports to its parent's.
    private let ownDisposalReport: DisposalReport?

    /// The key of a tagged registration.
    struct TaggedKey: Hashable {
        let type: ObjectIdentifier
        let tags: TagSet

        /// Where the key goes in a `SlotTable`, which mixes it: the type's address and the tags'
        /// hash, without a `Hasher`.
        var tableKey: UInt { UInt(bitPattern: type) ^ UInt(bitPattern: tags.combinedHash) }
    }

    /// A storage named `name` that inherits from `parent` (which it retains), if one is given.
    ///
    /// NB: `parent` is unretained, so that opening a scope writes the parent's reference count
    /// once; a strong parameter cost the caller a retain and a release around the call too.
    init(name: String, parent: Unmanaged<ServiceStorage>? = nil, isScope: Bool = false) {
        self.name = name
        self.parentReference = parent?.retain()
        self.isScope = isScope
        self.isWithinScope = isScope || parent?._withUnsafeGuaranteedRef { $0.isWithinScope } == true
        // NB: a scope is opened per request: it allocates nothing for disposal.
        self.ownDisposalReport = isScope && parent != nil ? nil : DisposalReport()
        // NB: a scope usually registers a value or two; a table of 4 holds 3 before it grows. Its
        // first two slots live in the table's own allocation, which the storage keeps until its
        // deinit has freed the slots (`writerState` keeps every table, the outgrown ones too).
        let first: SlotTable
        let blocks: SlotBlocks
        if isScope {
            first = SlotTable.make(capacity: 4, spareBytes: SlotBlocks.bytes(forCells: 2))
            blocks = SlotBlocks(firstCapacity: 2, firstCells: first.spare)
        } else {
            first = SlotTable.make(capacity: 16)
            blocks = SlotBlocks(firstCapacity: 8)
        }
        table = Atomic(UInt(bitPattern: Unmanaged.passUnretained(first).toOpaque()))
        writerState = WriterState(blocks: blocks, table: first)
    }

    deinit {
        // NB: nothing else can reach a storage in its deinit, so the check needs no lock.
        if !disposalState.entries.isEmpty {
            disposeAll()
        }
        for bits in withRetired({ $0 }) {
            RetainedBits.release(bits)
        }
        writerState.blocks.free()
        Decorations.count(-writerState.decorations.values.reduce(0) { $0 + $1.count })
        ResolutionTracing.count((writerState.traceHandler == nil ? 0 : -1) - (writerState.usageRecorder == nil ? 0 : 1))
        parentReference?.release()
    }

    /// The registration of `type` under `tags` that a resolve here uses, and the storage that
    /// registered it: this one or the nearest ancestor that has one.
    func registrar(of type: Any.Type, tags: TagSet) -> (ServiceStorage, Registration)? {
        for storage in chain {
            if let registration = storage.ownEntry(for: type, tags: tags).1 {
                return (storage, registration)
            }
        }
        return nil
    }

    /// Adds `decoration` after the decorators of its type.
    func add(_ decoration: Decoration) {
        withWriter { $0.decorations[decoration.key, default: []].append(decoration) }
        Decorations.count(1)
    }

    /// The decorators of the type `key` on `track`, in the order they were added.
    func decorations(of key: ObjectIdentifier, on track: Track) -> [Decoration] {
        withWriter { $0.decorations[key]?.filter { $0.track == track } ?? [] }
    }

    /// Removes every decorator.
    func removeDecorations() {
        let removed = withWriter { state in
            defer { state.decorations = [:] }
            return state.decorations.values.reduce(0) { $0 + $1.count }
        }
        Decorations.count(-removed)
    }

    /// Runs `body` with exclusive access to the registration bookkeeping.
    func withWriter<Result>(_ body: (inout WriterState) -> Result) -> Result {
        writerLock.lockSpinning()
        defer { writerLock.unlockSpinning() }
        return body(&writerState)
    }

    /// Runs `body` with exclusive access to the retired pointers.
    private func withRetired<Result>(_ body: (inout [UInt]) -> Result) -> Result {
        retiredLock.lockSpinning()
        defer { retiredLock.unlockSpinning() }
        return body(&retiredBits)
    }

    /// Runs `body` with exclusive access to the disposal bookkeeping.
    func withDisposals<Result>(_ body: (inout DisposalState) -> Result) -> Result {
        disposalLock.lockSpinning()
        defer { disposalLock.unlockSpinning() }
        return body(&disposalState)
    }

    /// Where this storage's disposals run: its own report, or for a scope its parent's.
    var disposalReport: DisposalReport {
        ownDisposalReport ?? parent.unsafelyUnwrapped.disposalReport
    }

    /// This storage, for a scope whose disposals run beside other scopes' in its parent's report;
    /// nil for an environment with a report of its own.
    var disposalScope: ObjectIdentifier? {
        ownDisposalReport == nil ? ObjectIdentifier(self) : nil
    }

    /// Runs `body` with exclusive access to the log of applied assemblies.
    func withAssembly<Result>(_ body: (inout AssemblyLog) -> Result) -> Result {
        assemblyLock.lockSpinning()
        defer { assemblyLock.unlockSpinning() }
        return body(&assemblyLog)
    }

    /// The slot of `key`, if the type was ever registered here.
    ///
    /// Needs no gate section: neither tables nor slots are freed before the storage.
    @inlinable @inline(__always)
    func lookup(_ key: ObjectIdentifier) -> Slot? {
        RetainedBits.object(table.load(ordering: .acquiring), as: SlotTable.self)
            ._withUnsafeGuaranteedRef { $0.slot(for: UInt(bitPattern: key)) }
    }

    /// The cached instance of `type` on `track`, without locks or allocation.
    @inlinable @inline(__always)
    func cachedValue<Value>(_ type: Value.Type, track: Track) -> Value? {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        return lookup(ObjectIdentifier(type))?.cachedValue(type, on: track)
    }

    /// The slot and registration to resolve `type` under `tags` with, and the storage that owns
    /// the slot, if the type is registered here or in a parent.
    ///
    /// An inherited registration is normally returned with a slot of this storage: instances are
    /// built and cached in the environment that resolves them, so its overrides apply to their
    /// dependencies. A scope instead leaves an inherited singleton or custom-scoped service to
    /// its parent (and so, up the chain, to the environment that registered it), which then owns
    /// the slot: build such a service in the owner, with the owner as the environment.
    @usableFromInline
    func registration(for type: Any.Type, tags: TagSet = .empty) -> (Slot, Registration, ServiceStorage)? {
        let (slot, own) = ownEntry(for: type, tags: tags)
        if let slot, let own {
            return (slot, own, self)
        }
        // NB: one walk up the chain finds the registration and, for a scope, who caches it. The
        // storages it passes are borrowed (this one holds them); only the one returned is retained.
        var ancestor = parentReference
        var caching: Unmanaged<ServiceStorage>? = isScope ? nil : .passUnretained(self)
        while let current = ancestor {
            let ((ownerSlot, registration), currentIsScope, next) = current._withUnsafeGuaranteedRef {
                ($0.ownEntry(for: type, tags: tags), $0.isScope, $0.parentReference)
            }
            if let ownerSlot, let registration {
                guard isScope, registration.isShared else {
                    return (slot ?? self.slot(creating: type, tags: tags), registration, self)
                }
                // NB: a scope leaves a shared service to the nearest environment above it that is not a
                // scope (an override environment caches its own), or to the one that registered it.
                guard let caching, caching.toOpaque() != current.toOpaque() else {
                    return (ownerSlot, registration, current.takeUnretainedValue())
                }
                let owner = caching.takeUnretainedValue()
                return (owner.slot(creating: type, tags: tags), registration, owner)
            }
            if caching == nil && !currentIsScope {
                caching = current
            }
            ancestor = next
        }
        return nil
    }

    /// Whether `type` is registered under `tags` here or in a parent.
    func isRegistered(_ type: Any.Type, tags: TagSet) -> Bool {
        ownEntry(for: type, tags: tags).1 != nil || inheritedRegistration(for: type, tags: tags) != nil
    }

    /// The tag sets `type` is registered under, here or in a parent, parents' first, each in the
    /// order its key was first registered.
    func registeredTagSets(of type: Any.Type) -> [TagSet] {
        var seen = Set<TagSet>()
        var ordered: [TagSet] = []
        for storage in chain.reversed() {
            for slot in storage.ownSlots(of: type) where slot.registrationBits != 0 {
                if seen.insert(slot.tags).inserted {
                    ordered.append(slot.tags)
                }
            }
        }
        return ordered
    }

    /// The registration a resolve finds for each key of `type` whose tags include `required`, with
    /// the storage that holds it, in the order of ``registeredTagSets(of:)``, leaving out those
    /// whose factories take arguments: what a resolve of every registration (`resolveAll`,
    /// `@All`) builds.
    func registrations(
        of type: Any.Type,
        including required: TagSet,
    ) -> [(tags: TagSet, slot: Slot, registration: Registration, owner: ServiceStorage)] {
        registeredTagSets(of: type).compactMap { key in
            guard key.isSuperset(of: required), let (slot, registration, owner) = registration(for: type, tags: key),
                registration.form != .arguments
            else {
                return nil
            }
            return (key, slot, registration, owner)
        }
    }

    /// The instance of the registration of `type` under exactly `tags`, awaiting its factory if
    /// it is `async`, as `resolveAsync(_:tags:)` finds it; nil when nothing is registered there.
    func resolveAsync<S: Sendable>(
        _ type: S.Type,
        exactly tags: TagSet,
        in env: ServiceEnv,
    ) async throws(ServiceError) -> S? {
        try await resolveAsyncIfRegistered(type, tags: tags, in: env)
    }

    /// Every registration made in this storage (not inherited), in the order the keys were first
    /// registered.
    func ownRegistrations() -> [(type: Any.Type, tags: TagSet, registration: Registration)] {
        ownRegistrationsWithMarks().map { ($0.type, $0.tags, $0.registration) }
    }

    /// How many slots this storage has made: the next slot's `sequence`.
    var slotCount: Int {
        withWriter { $0.blocks.count }
    }

    /// `ownRegistrations()`, each with what tells it apart if an assembly being applied installed
    /// it (see `AssemblyMark`).
    func ownRegistrationsWithMarks()
        -> [(type: Any.Type, tags: TagSet, registration: Registration, mark: AssemblyMark?)]
    {
        let slots = withWriter { $0.blocks.all }
        let assembled = withAssembly { $0.assembled }
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        return slots.compactMap { slot in
            let bits = slot.registrationBits
            guard bits != 0 else {
                return nil
            }
            let registration = slot.registration(at: bits)
            let mark: AssemblyMark?
            if registration.isInline {
                // NB: the mark never returns to a slot once replaced, so the slot's own
                // registration is the one it was made with.
                mark = slot.inlineFacts.contains(.assembled) ? .slot(slot.sequence) : nil
            } else if registration.keepsSerial {
                mark = registration.ownSerial.map(AssemblyMark.serial)
            } else {
                mark = assembled[slot].flatMap { $0.registration === registration ? .serial($0.serial) : nil }
            }
            return (slot.type, slot.tags, registration, mark)
        }
    }

    /// This storage and its ancestors, nearest first.
    var chain: [ServiceStorage] {
        var chain: [ServiceStorage] = [self]
        while let parent = chain.last?.parent {
            chain.append(parent)
        }
        return chain
    }

    /// The untagged and tagged slots of `type` in this storage, in creation order.
    private func ownSlots(of type: Any.Type) -> [Slot] {
        let tagged = withWriter { $0.taggedByType[ObjectIdentifier(type)] ?? [] }
        guard let untagged = ownEntry(for: type, tags: .empty).0 else {
            return tagged
        }
        return ([untagged] + tagged).sorted { $0.sequence < $1.sequence }
    }

    /// The slot of `type` under `tags` in this storage, if any, and its registration, if any.
    private func ownEntry(for type: Any.Type, tags: TagSet) -> (Slot?, Registration?) {
        let section = ReaderGate.enter()
        defer { ReaderGate.leave(section) }
        guard tags.isEmpty else {
            guard let slot = taggedSlot(TaggedKey(type: ObjectIdentifier(type), tags: tags)) else {
                return (nil, nil)
            }
            let bits = slot.registrationBits
            return (slot, bits == 0 ? nil : slot.registration(at: bits))
        }
        guard let slot = lookup(ObjectIdentifier(type)) else {
            return (nil, nil)
        }
        let bits = slot.registrationBits
        return (slot, bits == 0 ? nil : slot.registration(at: bits))
    }

    /// The nearest parent's registration of `type` under `tags`.
    private func inheritedRegistration(for type: Any.Type, tags: TagSet) -> Registration? {
        var ancestor = parent
        while let current = ancestor {
            if let registration = current.ownEntry(for: type, tags: tags).1 {
                return registration
            }
            ancestor = current.parent
        }
        return nil
    }

    /// Drops the cached instances of every slot whose registration's scope matches `predicate`;
    /// with `registrations`, drops the registrations of all slots too.
    func reset(registrations: Bool, where predicate: (StoredScope) -> Bool) {
        let slots = withWriter { $0.blocks.all }
        var dropped: [UInt] = []
        for slot in slots {
            // NB: a slot without a registration may cache an instance of an inherited one.
            let inherited = parent == nil ? nil : inheritedRegistration(for: slot.type, tags: slot.tags)?.storedScope
            slot.withState { state in
                // NB: the scope is read where the slot holds it: no object is made (and freed)
                // for a registration held inline while the state is locked.
                let bits = slot.registrationBits
                let scope = bits != 0 ? slot.registrationFacts(at: bits).scope : inherited
                let matches = scope.map(predicate) ?? false
                if matches || registrations {
                    state.markConstructionStale()
                    slot.takeCaches(of: &state, into: &dropped)
                }
                if registrations {
                    let old = slot.retirable(slot.exchangeRegistration(0, direct: .no))
                    if old != 0 {
                        dropped.append(old)
                    }
                }
            }
        }
        retire(dropped)
    }

    /// Drops the cached instances of this storage's slot of `type` under `tags`, if it has one.
    func resetCache(of type: Any.Type, tags: TagSet) {
        guard let slot = ownEntry(for: type, tags: tags).0 else {
            return
        }
        var dropped: [UInt] = []
        slot.withState { state in
            state.markConstructionStale()
            slot.takeCaches(of: &state, into: &dropped)
        }
        retire(dropped)
    }

    /// Releases `bits` as soon as no reader can still see them.
    @usableFromInline
    func retire(_ bits: [UInt]) {
        guard !bits.isEmpty else {
            return
        }
        dispose(bits)
        let releasable = withRetired { list in
            list += bits
            guard ReaderGate.isQuiescent() else {
                return [UInt]()
            }
            defer { list = [] }
            return list
        }
        // NB: released outside the lock: a released instance's deinit is user code.
        for bits in releasable {
            RetainedBits.release(bits)
        }
    }
}
