public import Synchronization

/// The mutable part of a `Slot`, guarded by its lock.
///
/// NB: one word: a reset marks the construction in flight stale (`markConstructionStale()`)
/// where a generation count beside it would take eight of the cell's 64 bytes.
struct SlotState {
    /// The construction in flight, or the weak reference a weak registration's last one left.
    ///
    /// NB: one word for both (a construction starts only when no weak instance is alive, and
    /// ends by leaving one or none), so that a slot's state and record fit one cache line.
    private var activity = Activity.idle

    private enum Activity {
        case idle
        /// The singleton or custom-scoped construction in flight.
        case constructing(Construction)
        /// Refers weakly to the instance of a weak registration, while something else holds it.
        ///
        /// NB: a box, not a `weak` property: a weak reference costs a runtime call to
        /// initialise, assign and destroy, and every slot would pay them, where only weak
        /// registrations need one.
        case weak(WeakInstance)
    }

    /// Whether no construction is in flight and no weak instance is kept: the state holds no
    /// reference.
    var isIdle: Bool {
        if case .idle = activity {
            return true
        }
        return false
    }

    /// The singleton or custom-scoped construction in flight, if any. Setting one forgets the
    /// weak instance, which is no longer alive when a construction starts; ending one
    /// (setting nil) leaves no weak instance.
    var construction: Construction? {
        get {
            guard case .constructing(let construction) = activity else {
                return nil
            }
            return construction
        }
        set {
            activity = newValue.map(Activity.constructing) ?? .idle
        }
    }

    /// The living instance of a weak registration, if any.
    var weakObject: AnyObject? {
        guard case .weak(let instance) = activity else {
            return nil
        }
        return instance.object
    }

    /// Makes the construction in flight, if any, publish nothing: the caches it would fill were
    /// dropped, or its registration replaced, after it started.
    func markConstructionStale() {
        construction?.isStale = true
    }

    /// Keeps `instance` as the weak registration's instance, once its construction has ended.
    mutating func keepWeakInstance(_ instance: WeakInstance) {
        activity = .weak(instance)
    }

    /// Forgets the weak registration's instance, leaving a construction in flight alone.
    mutating func forgetWeakInstance() {
        if case .weak = activity {
            activity = .idle
        }
    }
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
///
/// A construction is the heap frame that builds its instance (`ResolutionFrame`), one object: a
/// resolve that waits for another and finds it wait-free loops with the same one.
@usableFromInline
final class Construction: ResolutionFrame, @unchecked Sendable {
    // Safety: `waitState` is only read or written between taking and releasing `waitLock`;
    // `isStale` only while the state of the slot it builds for is locked (`Slot.withState`).
    /// The frame that is constructing the instance: this object.
    var frame: ResolutionFrame { self }
    /// Whether the factory is `async`; then `latch` is never held.
    @usableFromInline let isAsync: Bool
    /// Held by a synchronous constructor while the factory runs.
    @usableFromInline let latch = Mutex(())
    private let waitLock = Atomic(false)
    @exclusivity(unchecked) private var waitState = WaitState()
    /// Whether the slot's caches were dropped while it ran: then it publishes nothing.
    var isStale = false

    private struct WaitState {
        var finished = false
        /// The number the next suspended waiter is known by, so that its cancellation finds it.
        var nextWaiter = 0
        var continuations: [(waiter: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    init(type: Any.Type, tags: TagSet, key: ObjectIdentifier, parent: ResolutionFrame?, isAsync: Bool) {
        self.isAsync = isAsync
        super.init(type: type, tags: tags, key: key, parent: parent)
    }

    /// Marks the construction finished and resumes every suspended waiter.
    @usableFromInline
    func finish() {
        waitLock.lockSpinning()
        waitState.finished = true
        // NB: most constructions have no waiter; then the list is not touched.
        guard waitState.nextWaiter != 0 else {
            waitLock.unlockSpinning()
            return
        }
        let continuations = waitState.continuations
        waitState.continuations = []
        waitLock.unlockSpinning()
        Self.resume(continuations)
    }

    /// Resumes `continuations`.
    ///
    /// A function of its own: `CheckedContinuation`'s size is known only at run time, and a
    /// function that holds one on its stack looks up its type on entry, which `finish()`, called
    /// by every construction, then skips.
    @inline(never)
    private static func resume(_ continuations: [(waiter: Int, continuation: CheckedContinuation<Void, Never>)]) {
        for (_, continuation) in continuations {
            continuation.resume()
        }
    }

    /// Suspends until `finish()` has run, or until the calling task is cancelled; whether the
    /// construction finished.
    ///
    /// A cancelled waiter stops waiting at once, and one cancelled before it asks does not
    /// suspend; the construction goes on for the task that began it.
    func waitUntilFinished() async -> Bool {
        let waiter = withWaitState { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // NB: a task's cancellation sets its flag before it runs the handler, so a handler
                // that ran before the continuation was kept leaves the flag for this check.
                let suspended = withWaitState { state in
                    guard !state.finished && !Task.isCancelled else {
                        return false
                    }
                    state.continuations.append((waiter, continuation))
                    return true
                }
                if !suspended {
                    continuation.resume()
                }
            }
        } onCancel: {
            let cancelled = withWaitState { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.continuations.firstIndex(where: { $0.waiter == waiter }) else {
                    return nil
                }
                return state.continuations.remove(at: index).continuation
            }
            cancelled?.resume()
        }
        return withWaitState { $0.finished }
    }

    /// Runs `body` on the waiters' state, under `waitLock`.
    private func withWaitState<Result>(_ body: (inout WaitState) -> Result) -> Result {
        waitLock.lockSpinning()
        defer { waitLock.unlockSpinning() }
        return body(&waitState)
    }
}
