import Synchronization

/// One service under construction on the heap, linked to the frame that asked for it.
///
/// Synchronous constructions normally run in a `SyncFrame` on the stack. A heap frame is made
/// for an asynchronous construction, which can resume on another thread and so publishes its
/// frame in a task-local, and for a shared (singleton or custom) construction, which the
/// `ConstructionCoordinator` inspects from waiting threads; the stack frames above such a
/// construction are then copied to the heap once (`FrameParent.heapFrame()`). The outermost heap
/// frame, the root, owns an asynchronous resolution's graph cache and marks itself finished when
/// its top-level resolve returns, so a task that escaped with the task-local starts afresh.
///
/// A shared construction's frame is its `Construction` too, one object, so that building a
/// singleton or a scoped service allocates one record of it, not two.
@usableFromInline
class ResolutionFrame: @unchecked Sendable {
    // Safety: every stored property is a `let` of a Sendable type or an atomic; `Construction`,
    // the one subclass, says what guards its own.
    /// The task-local innermost frame of the asynchronous construction in progress, if any.
    @TaskLocal static var innermost: ResolutionFrame?

    let key: ObjectIdentifier
    @usableFromInline let type: Any.Type
    /// The tags of the registration being built; empty for an untagged one.
    let tags: TagSet
    let parent: ResolutionFrame?
    /// The number of frames from the root to this one, both included.
    @usableFromInline let depth: Int
    /// Two bits per type from the root to this frame (`Ancestry`); a type whose bits are
    /// clear cannot close a cycle, so most resolves skip walking the chain.
    @usableFromInline let ancestry: Ancestry
    private let rootFrame: ResolutionFrame?
    /// Set on the root when its top-level resolve has returned.
    let finished = Atomic(false)
    /// A retained `Locked<[GraphKey: GraphObject]>` with this resolution's graph-scoped instances, or
    /// zero until the first one is stored; used on the root only.
    private let graph = Atomic<UInt>(0)

    init(type: Any.Type, tags: TagSet, key: ObjectIdentifier, parent: ResolutionFrame?) {
        self.type = type
        self.tags = tags
        self.key = key
        self.parent = parent
        self.depth = (parent?.depth ?? 0) + 1
        self.ancestry = (parent?.ancestry ?? Ancestry()).adding(key)
        self.rootFrame = parent?.root
    }

    /// The heap copy of a synchronous frame, below the heap copy of its parent.
    convenience init(copying frame: SyncFrame, parent: ResolutionFrame?) {
        self.init(type: frame.type, tags: frame.tags, key: frame.key, parent: parent)
    }

    deinit {
        let bits = graph.load(ordering: .acquiring)
        if bits != 0 {
            RetainedBits.release(bits)
        }
    }

    /// The outermost frame of this resolution.
    @usableFromInline final var root: ResolutionFrame { rootFrame ?? self }

    /// The innermost construction of a resolution that is still running on this thread or task.
    @usableFromInline static var activeParent: FrameParent {
        if let pointer = ThreadFrame.cell.pointee {
            return .sync(pointer.assumingMemoryBound(to: SyncFrame.self))
        }
        return asyncParent
    }

    /// The innermost asynchronous construction of the current task, if any; for a thread that
    /// runs no synchronous construction.
    @usableFromInline static var asyncParent: FrameParent {
        // NB: relaxed is enough. A task sees its own increment, and a task created inside an
        // asynchronous construction sees its creator's, for as long as that construction runs.
        guard asyncRuns != 0, let frame = innermost,
            !frame.root.finished.load(ordering: .acquiring)
        else {
            return .none
        }
        return .heap(frame)
    }

    /// Starts constructing `type` in a heap frame below `parent` (copied to the heap first if it
    /// is on the stack), or throws if that would close a cycle or exceed the maximum depth.
    @usableFromInline static func begin(
        _ type: Any.Type,
        tags: TagSet,
        key: ObjectIdentifier,
        below parent: FrameParent,
    ) throws(ServiceError) -> ResolutionFrame {
        try parent.admit(type, tags: tags, key: key)
        #if DEBUG
            FrameProbe.current?.count.wrappingAdd(1, ordering: .relaxed)
        #endif
        return ResolutionFrame(type: type, tags: tags, key: key, parent: parent.heapFrame())
    }

    /// `begin(_:tags:key:below:)` for a shared construction (a singleton, custom-scoped or weak
    /// instance), whose frame is the record its slot keeps while it builds (`Construction`).
    @usableFromInline static func beginConstruction(
        _ type: Any.Type,
        tags: TagSet,
        key: ObjectIdentifier,
        below parent: FrameParent,
        isAsync: Bool,
    ) throws(ServiceError) -> Construction {
        try parent.admit(type, tags: tags, key: key)
        #if DEBUG
            FrameProbe.current?.count.wrappingAdd(1, ordering: .relaxed)
        #endif
        return Construction(type: type, tags: tags, key: key, parent: parent.heapFrame(), isAsync: isAsync)
    }

    /// The service this frame builds, as errors spell it.
    @usableFromInline final var name: String { serviceName(type, tags: tags) }

    /// The names from just below `ancestor` (or from the root) down to this frame, outermost first.
    final func chain(below ancestor: ResolutionFrame?) -> [String] {
        var names: [String] = []
        var frame: ResolutionFrame? = self
        while let current = frame, current !== ancestor {
            names.append(current.name)
            frame = current.parent
        }
        return names.reversed()
    }

    /// Builds this frame's service with the `async` factory `make`, with the same error rules as
    /// `SyncFrame.construct(in:_:)`. The frame stays the innermost one across every suspension.
    @inlinable
    final func constructAsync<Value: Sendable>(
        in env: ServiceEnv,
        _ make: () async throws -> Value,
    ) async throws(ServiceError) -> Value {
        do {
            return try await runAsync(in: env, make)
        } catch {
            throw failure(error)
        }
    }

    /// The `ServiceError` for `error` leaving this construction, whose chain is noted for callers
    /// that report where a failure happened.
    @usableFromInline
    final func failure(_ error: any Error) -> ServiceError {
        let failure = ServiceError.fromFactory(error, name: name)
        FailureTrace.note(failure, in: .heap(self))
        return failure
    }

    /// Runs `body` with this frame as the task's innermost one and `env` as `ServiceEnv.current`.
    @usableFromInline
    final func runAsync<Value: Sendable>(in env: ServiceEnv, _ body: () async throws -> Value) async throws -> Value {
        ResolutionFrame.countAsyncRun(1)
        defer {
            ResolutionFrame.countAsyncRun(-1)
            if rootFrame == nil {
                finished.store(true, ordering: .releasing)
            }
        }
        return try await ResolutionFrame.$innermost.withValue(self) {
            if ServiceEnv.current.storage === env.storage {
                return try await body()
            }
            return try await ServiceEnv.$current.withValue(env, operation: body)
        }
    }

    /// The graph-scoped instance stored under `key` in this (root) frame, if any.
    @usableFromInline
    final func graphObject(for key: GraphKey) -> AnyObject? {
        let bits = graph.load(ordering: .acquiring)
        guard bits != 0 else {
            return nil
        }
        return RetainedBits.object(bits, as: Locked<[GraphKey: GraphObject]>.self)._withUnsafeGuaranteedRef {
            $0.withLock { $0[key]?.object }
        }
    }

    /// Stores a graph-scoped instance in this (root) frame, creating its graph cache if needed.
    @usableFromInline
    final func storeGraphObject(_ object: AnyObject, for key: GraphKey) {
        var bits = graph.load(ordering: .acquiring)
        if bits == 0 {
            let fresh = RetainedBits.retain(Locked<[GraphKey: GraphObject]>([:]))
            let (exchanged, existing) = graph.compareExchange(
                expected: 0,
                desired: fresh,
                ordering: .acquiringAndReleasing,
            )
            if exchanged {
                bits = fresh
            } else {
                RetainedBits.release(fresh)
                bits = existing
            }
        }
        RetainedBits.object(bits, as: Locked<[GraphKey: GraphObject]>.self)._withUnsafeGuaranteedRef {
            $0.withLock { $0[key] = GraphObject(object: object) }
        }
    }
}

/// A graph-scoped instance kept by an asynchronous resolution (see `GraphValue`).
struct GraphObject: @unchecked Sendable {
    // Safety: `object` never changes. It holds a Sendable value, or a value of the MainActor
    // track, which only `resolveMain` reads, on the main actor.
    let object: AnyObject
}

/// Identifies a graph-scoped instance: the slot it is cached for (one per environment storage,
/// type and tags, alive as long as its storage) and the track.
@usableFromInline
struct GraphKey: Hashable, Sendable {
    @usableFromInline let slot: Slot
    @usableFromInline let track: Track

    @inlinable
    init(_ slot: Slot, track: Track) {
        self.slot = slot
        self.track = track
    }
}

#if DEBUG
    /// Counts the frames created by the task it is bound to; lets tests prove a path creates none.
    final class FrameProbe: Sendable {
        @TaskLocal static var current: FrameProbe?

        let count = Atomic(0)
    }
#endif

/// The types from the root of a construction to one of its frames, as a Bloom filter of two
/// 64-bit words: each type sets one bit in each, from two slices of a multiplicative hash of its
/// address.
///
/// A type whose two bits are not both set is not an ancestor, so most admissions cost two tests;
/// one whose bits are both set may be, and is checked against the frames. With one word and one
/// bit, the ninth link of a chain already met a set bit about one time in eight; with two, about
/// one time in fifty.
@usableFromInline
struct Ancestry: Sendable {
    @usableFromInline var first: UInt64
    @usableFromInline var second: UInt64

    @inlinable
    init() {
        (first, second) = (0, 0)
    }

    @inlinable @inline(__always)
    init(_ key: ObjectIdentifier) {
        // NB: metadata records are 16-byte aligned and often evenly spaced; without the shift, the
        // hashes of evenly spaced addresses repeat their top bits every few records.
        let hash = UInt64(UInt(bitPattern: key) &>> 4) &* 0x9E37_79B9_7F4A_7C15
        (first, second) = (1 &<< (hash &>> 58), 1 &<< ((hash &>> 52) & 63))
    }

    /// These types and `key`.
    @inlinable @inline(__always)
    func adding(_ key: ObjectIdentifier) -> Ancestry {
        let bits = Ancestry(key)
        var union = self
        union.first |= bits.first
        union.second |= bits.second
        return union
    }

    /// Whether `key` may be one of these types; `false` means it is not.
    @inlinable @inline(__always)
    func mayContain(_ key: ObjectIdentifier) -> Bool {
        let bits = Ancestry(key)
        return first & bits.first != 0 && second & bits.second != 0
    }
}
