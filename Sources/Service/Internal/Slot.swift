public import Synchronization

/// Everything the environment knows about one service type: its registration and cached instances.
///
/// The three atomics hold retained pointers (or zero). They are replaced only while the slot's
/// state is locked, and a replaced pointer is released through `ReaderGate` (`retire(_:)`), so
/// readers may load them without taking any lock.
@usableFromInline
final class Slot: @unchecked Sendable {
    // Safety: `stateValue` is only read or written inside `withState`, between taking and
    // releasing `stateLock`; every other stored property is immutable or atomic.
    /// The registered type, kept for error messages.
    @usableFromInline let type: Any.Type
    /// The tags of the registration key; empty for the untagged registration of `type`.
    @usableFromInline let tags: TagSet
    /// A retained `Registration`, or zero when nothing is registered.
    @usableFromInline let registration = Atomic<UInt>(0)
    /// A retained `ValueBox` with the cached instance of the Sendable track, or zero.
    @usableFromInline let cache = Atomic<UInt>(0)
    /// A retained `ValueBox` with the cached instance of the MainActor track, or zero.
    @usableFromInline let mainCache = Atomic<UInt>(0)
    /// Whether the service can be built without its registration, by a direct call of the
    /// `make(resolver:)` of the `Injectable` type it was registered with; set with `registration`.
    @usableFromInline let direct = Atomic<DirectBuild>(.no)
    /// Guards `stateValue`; inline, so a slot is one allocation.
    private let stateLock = Atomic(false)
    /// The slot's position in the order slots were created, which `resolveAll` reports in.
    ///
    /// NB: 32 bits, beside the two one-byte atomics: a slot is 88 bytes, which the allocator
    /// serves from its 96-byte class (104 bytes took a 112-byte one).
    let sequence: Int32
    @exclusivity(unchecked) private var stateValue = SlotState()

    /// A slot for `type` under `tags`, holding `registration` (retained) if one is given.
    init(type: Any.Type, tags: TagSet = [], sequence: Int, registration: Registration? = nil) {
        self.type = type
        self.tags = tags
        self.sequence = Int32(sequence)
        if let registration {
            // NB: the slot is not published yet; the store that publishes it orders these.
            self.registration.store(RetainedBits.retain(registration), ordering: .relaxed)
            direct.store(registration.direct(under: tags), ordering: .relaxed)
        }
    }

    /// `tags`, or nil when there are none, as cycle checks compare them.
    @inlinable var storedTags: TagSet? {
        tags.isEmpty ? nil : tags
    }

    /// The registered type and tags, as errors spell them.
    var name: String { serviceName(type, tags: tags) }

    deinit {
        // NB: three loads, not a loop over an array literal, which would allocate.
        let registrationBits = registration.load(ordering: .relaxed)
        let cacheBits = cache.load(ordering: .relaxed)
        let mainBits = mainCache.load(ordering: .relaxed)
        if registrationBits != 0 {
            RetainedBits.release(registrationBits)
        }
        if cacheBits != 0 {
            RetainedBits.release(cacheBits)
        }
        if mainBits != 0 {
            RetainedBits.release(mainBits)
        }
    }

    /// Loads the cache pointer of `track`.
    /// `direct`, as the last install or reset left it.
    @inlinable @inline(__always)
    var directBuild: DirectBuild {
        direct.load(ordering: .acquiring)
    }

    @inlinable @inline(__always)
    func loadCache(_ track: Track) -> UInt {
        switch track {
        case .sendable: cache.load(ordering: .sequentiallyConsistent)
        case .main: mainCache.load(ordering: .sequentiallyConsistent)
        }
    }

    /// Replaces the cache pointer of `track` and returns the previous one.
    @usableFromInline
    func exchangeCache(_ track: Track, with bits: UInt) -> UInt {
        switch track {
        case .sendable: cache.exchange(bits, ordering: .sequentiallyConsistent)
        case .main: mainCache.exchange(bits, ordering: .sequentiallyConsistent)
        }
    }

    /// Runs `body` with exclusive access to the slot's construction bookkeeping.
    func withState<Result>(_ body: (inout SlotState) -> Result) -> Result {
        stateLock.lockSpinning()
        defer { stateLock.unlockSpinning() }
        return body(&stateValue)
    }

    /// Unpublishes both caches and forgets a weak instance; returns the retained pointers the
    /// caller must retire.
    ///
    /// Call only while `state` is locked.
    func takeCaches(of state: inout SlotState, into retired: inout [UInt]) {
        state.weakInstance = nil
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

/// The mutable part of a `Slot`, guarded by its mutex.
struct SlotState {
    /// Bumped whenever the cache is dropped; a construction that started under an older
    /// generation does not publish its instance.
    var generation: UInt64 = 0
    /// The singleton or custom-scoped construction in flight, if any.
    var construction: Construction?
    /// Refers weakly to the instance of a weak registration, while something else holds it.
    ///
    /// NB: a box, not a `weak` property: a weak reference costs a runtime call to initialise,
    /// assign and destroy, and every slot would pay them, where only weak registrations need one.
    var weakInstance: WeakInstance?

    /// The living instance of a weak registration, if any.
    var weakObject: AnyObject? { weakInstance?.object }
}

/// A weak reference to the instance of a weak registration (see `SlotState.weakInstance`).
final class WeakInstance {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}

/// One singleton or custom-scoped construction in flight.
///
/// A synchronous constructor holds `latch` for exactly as long as the factory runs, and
/// synchronous waiters block on it, after `ConstructionCoordinator` has made sure that waiting
/// cannot close a cycle. The latch guards no data: it only parks waiters. Asynchronous waiters
/// (and every waiter of an `async` construction, which cannot hold a lock across `await`)
/// suspend on a continuation that `finish()` resumes.
@usableFromInline
final class Construction: @unchecked Sendable {
    // Safety: `waitState` is only read or written between taking and releasing `waitLock`.
    /// The frame that is constructing the instance.
    let frame: ResolutionFrame
    /// Whether the factory is `async`; then `latch` is never held.
    @usableFromInline let isAsync: Bool
    /// Held by a synchronous constructor while the factory runs.
    @usableFromInline let latch = Mutex(())
    private let waitLock = Atomic(false)
    @exclusivity(unchecked) private var waitState = WaitState()

    private struct WaitState {
        var finished = false
        var continuations: [CheckedContinuation<Void, Never>] = []
    }

    @usableFromInline
    init(frame: ResolutionFrame, isAsync: Bool = false) {
        self.frame = frame
        self.isAsync = isAsync
    }

    /// Marks the construction finished and resumes every suspended waiter.
    @usableFromInline
    func finish() {
        waitLock.lockSpinning()
        waitState.finished = true
        let continuations = waitState.continuations
        waitState.continuations = []
        waitLock.unlockSpinning()
        for continuation in continuations {
            continuation.resume()
        }
    }

    /// Suspends until `finish()` has run.
    func waitUntilFinished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waitLock.lockSpinning()
            let finished = waitState.finished
            if !finished {
                waitState.continuations.append(continuation)
            }
            waitLock.unlockSpinning()
            if finished {
                continuation.resume()
            }
        }
    }
}
