import Synchronization

/// A synchronous construction in progress, kept on the stack of the thread that runs it.
///
/// A synchronous factory cannot suspend, so everything it resolves runs on its thread, strictly
/// nested inside it: the frame can live in the resolving function's stack, published through
/// `ThreadFrame`'s cell while the factory runs, and a transient or graph-scoped construction
/// allocates nothing for its bookkeeping. The root frame of a synchronous resolution (its
/// parent is `.none`) keeps the resolution's graph-scoped instances, which only its own thread
/// touches.
///
/// Anything another thread may look at must be on the heap: a shared construction's frame,
/// which the `ConstructionCoordinator` inspects from waiting threads. `FrameParent.heapFrame()`
/// copies a chain of stack frames to `ResolutionFrame`s on first need and remembers each copy in
/// `heap`, so that one resolution keeps one identity however many shared services it builds.
@usableFromInline
struct SyncFrame {
    // NB: every stored property is trivial (no reference counting), so creating, copying and
    // reading a frame never retains anything. What a frame owns (`heap`, `graph`) is released
    // by `construct(_:)` when the construction ends.

    @usableFromInline let key: ObjectIdentifier
    /// The slot of the registration being built, which names its type and tags. Slots live as
    /// long as their storage, which the resolving environment keeps alive.
    @usableFromInline let slot: Slot
    /// The storage of the environment that builds the service: `ServiceEnv.current` while the
    /// factory runs. The resolve that created the frame keeps it alive.
    @usableFromInline unowned(unsafe) let storage: ServiceStorage
    /// Whether `ServiceEnv.current` reads `storage`; false while the factory runs a
    /// `ServiceEnv.$current.withValue`, whose binding then wins.
    @usableFromInline var bindsCurrent = true
    /// The number of frames from the root to this one, both included.
    @usableFromInline let depth: Int
    /// The types from the root to this frame (see `Ancestry`).
    @usableFromInline let ancestry: Ancestry
    /// The enclosing synchronous construction on this thread, if any.
    @usableFromInline let outer: UnsafeMutablePointer<SyncFrame>?
    /// The asynchronous construction this one runs below, when `outer` is nil; alive while this
    /// one runs, since this one runs inside its factory.
    @usableFromInline unowned(unsafe) let asyncParent: ResolutionFrame?
    /// This construction as a retained heap frame, once one was needed.
    @usableFromInline var heap: Unmanaged<ResolutionFrame>?
    /// The resolution's graph-scoped instances, on the root only and once there is one.
    ///
    /// A resolution rarely has more than a few, so they are searched in order instead of hashed.
    @usableFromInline var graph = GraphEntries()

    /// Starts constructing the service of `slot` in `storage` below `parent`, or throws if that
    /// would close a cycle or exceed the maximum depth.
    @inlinable @inline(__always)
    init(_ slot: Slot, key: ObjectIdentifier, below parent: FrameParent, in storage: ServiceStorage)
        throws(ServiceError)
    {
        try parent.admit(slot, key: key)
        self.key = key
        self.slot = slot
        self.storage = storage
        self.heap = nil
        switch parent {
        case .none:
            (outer, asyncParent, depth, ancestry) = (nil, nil, 1, Ancestry(key))
        case .sync(let frame):
            (outer, asyncParent, depth, ancestry) = (
                frame, nil, frame.pointee.depth + 1, frame.pointee.ancestry.adding(key),
            )
        case .heap(let frame):
            (outer, asyncParent, depth, ancestry) = (nil, frame, frame.depth + 1, frame.ancestry.adding(key))
        }
        #if DEBUG
            SyncFrame.countForProbe()
        #endif
    }

    /// The stack frame that runs the factory of the shared construction `heap` of `slot` in
    /// `storage`, which `ResolutionFrame.begin` admitted below `parent`.
    @usableFromInline
    init(running heap: ResolutionFrame, of slot: Slot, below parent: FrameParent, in storage: ServiceStorage) {
        self.key = heap.key
        self.slot = slot
        self.storage = storage
        self.heap = Unmanaged.passRetained(heap)
        self.depth = heap.depth
        self.ancestry = heap.ancestry
        switch parent {
        case .none: (outer, asyncParent) = (nil, nil)
        case .sync(let frame): (outer, asyncParent) = (frame, nil)
        case .heap(let frame): (outer, asyncParent) = (nil, frame)
        }
    }

    #if DEBUG
        @usableFromInline
        static func countForProbe() {
            FrameProbe.current?.count.wrappingAdd(1, ordering: .relaxed)
        }
    #endif

    /// The innermost synchronous construction running on this thread, if any.
    @inlinable
    static var innermost: UnsafeMutablePointer<SyncFrame>? {
        ThreadFrame.cell.pointee?.assumingMemoryBound(to: SyncFrame.self)
    }

    /// The type being built.
    @usableFromInline var type: Any.Type { slot.type }

    /// The tags of the registration being built; empty for an untagged one.
    @usableFromInline var tags: TagSet { slot.tags }

    /// The frame this one runs below.
    var parent: FrameParent {
        if let outer {
            return .sync(outer)
        }
        return FrameParent(asyncParent)
    }

    /// The service this frame builds, as errors spell it.
    @usableFromInline var name: String { slot.name }

    /// Builds this frame's service with `make`, with this frame published in `cell`, the thread's
    /// (and so its storage as `ServiceEnv.current`), then releases what the frame owns.
    ///
    /// A `ServiceError` thrown by `make` passes through; any other error is wrapped in
    /// `.factoryFailed` naming this frame's type.
    @inlinable
    mutating func construct<Value>(
        in cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
        _ make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        try withUnsafeMutablePointer(to: &self) { frame throws(ServiceError) -> Value in
            let outer = SyncFrame.publish(frame, in: cell)
            defer { SyncFrame.unpublish(frame, restoring: outer, in: cell) }
            do {
                return try make()
            } catch {
                throw frame.pointee.failure(error)
            }
        }
    }

    /// Makes `frame` the thread's innermost construction in `cell`; returns what `cell` held,
    /// for `unpublish(_:restoring:in:)`.
    @inlinable @inline(__always)
    static func publish(
        _ frame: UnsafeMutablePointer<SyncFrame>,
        in cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    ) -> UnsafeMutableRawPointer? {
        let outer = cell.pointee
        cell.pointee = UnsafeMutableRawPointer(frame)
        return outer
    }

    /// Ends the construction `frame`: puts `outer` back in `cell`, then releases what the frame
    /// owns.
    @inlinable @inline(__always)
    static func unpublish(
        _ frame: UnsafeMutablePointer<SyncFrame>,
        restoring outer: UnsafeMutableRawPointer?,
        in cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>,
    ) {
        cell.pointee = outer
        if frame.pointee.heap != nil || !frame.pointee.graph.isEmpty {
            SyncFrame.end(frame)
        }
    }

    /// Releases what the ended construction `frame` owns: its heap copy (marking a root one
    /// finished) and its graph-scoped instances, after the frame was unpublished.
    @usableFromInline
    static func end(_ frame: UnsafeMutablePointer<SyncFrame>) {
        let ended = frame.pointee
        if let heap = ended.heap {
            if ended.outer == nil && ended.asyncParent == nil {
                heap._withUnsafeGuaranteedRef { $0.finished.store(true, ordering: .releasing) }
            }
            heap.release()
        }
        ended.graph.release()
    }

    /// The `ServiceError` for `error` leaving this construction, whose chain is noted for callers
    /// that report where a failure happened.
    @usableFromInline
    mutating func failure(_ error: any Error) -> ServiceError {
        let failure = ServiceError.fromFactory(error, name: name)
        withUnsafeMutablePointer(to: &self) { FailureTrace.note(failure, in: .sync($0)) }
        return failure
    }
}

/// The construction a resolve runs below: none, a synchronous one on this thread's stack, or a
/// heap frame (an asynchronous construction).
@usableFromInline
enum FrameParent {
    case none
    case sync(UnsafeMutablePointer<SyncFrame>)
    case heap(ResolutionFrame)

    /// The innermost construction running on this thread, published in its `cell`, or else the
    /// innermost asynchronous construction of the task, if any.
    @inlinable
    static func active(in cell: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> FrameParent {
        if let pointer = cell.pointee {
            return .sync(pointer.assumingMemoryBound(to: SyncFrame.self))
        }
        return ResolutionFrame.asyncParent
    }

    /// `.heap(frame)`, or `.none` without a frame.
    @usableFromInline init(_ frame: ResolutionFrame?) {
        self = frame.map(FrameParent.heap) ?? .none
    }

    /// The depth and ancestry bits of this frame (zero for `.none`).
    @inlinable
    var depthAndAncestry: (Int, Ancestry) {
        switch self {
        case .none: (0, Ancestry())
        case .sync(let frame): (frame.pointee.depth, frame.pointee.ancestry)
        case .heap(let frame): (frame.depth, frame.ancestry)
        }
    }

    /// The number of frames from the root to this one (zero for `.none`).
    var depth: Int { depthAndAncestry.0 }

    /// The key of the service this frame builds (nil for `.none`).
    var key: FailureHint.Key? {
        switch self {
        case .none: nil
        case .sync(let frame): FailureHint.Key(type: frame.pointee.type, tags: frame.pointee.tags)
        case .heap(let frame): FailureHint.Key(type: frame.type, tags: frame.tags)
        }
    }

    /// Checks that the service of `slot` may be built below this frame; throws
    /// `.circularDependency` or `.maxDepthExceeded` otherwise.
    ///
    /// Most resolves pass on a few comparisons: the type is not in the frame's `Ancestry` (it
    /// cannot close a cycle) and the chain is shallower than any depth limit ever bound
    /// (`DepthFloor`).
    @inlinable @inline(__always)
    func admit(_ slot: Slot, key: ObjectIdentifier) throws(ServiceError) {
        let (depth, ancestry) = depthAndAncestry
        if ancestry.mayContain(key) || depth >= DepthFloor.value {
            try admitChecked(slot, key: key)
        }
    }

    /// `admitChecked(_:tags:key:)` for the type and tags of `slot`.
    @usableFromInline
    func admitChecked(_ slot: Slot, key: ObjectIdentifier) throws(ServiceError) {
        let slot = slot
        try admitChecked(slot.type, tags: slot.storedTags, key: key)
    }

    /// `admit(_:key:)` for a type and tags without a slot.
    func admit(_ type: Any.Type, tags: TagSet?, key: ObjectIdentifier) throws(ServiceError) {
        let (depth, ancestry) = depthAndAncestry
        if ancestry.mayContain(key) || depth >= DepthFloor.value {
            try admitChecked(type, tags: tags, key: key)
        }
    }

    /// The full check behind `admit`: walks the chain for `key` under `tags` and reads
    /// `ServiceEnv.maxResolutionDepth`.
    func admitChecked(_ type: Any.Type, tags: TagSet?, key: ObjectIdentifier) throws(ServiceError) {
        let (depth, ancestry) = depthAndAncestry
        if ancestry.mayContain(key) && contains(key, tags: tags) {
            let name = serviceName(type, tags: tags ?? .empty)
            throw .circularDependency(serviceType: name, chain: chain() + [name])
        }
        guard depth >= DepthFloor.value else {
            return
        }
        let maxDepth = ServiceEnv.maxResolutionDepth
        guard depth < maxDepth else {
            throw .maxDepthExceeded(depth: maxDepth, chain: chain())
        }
    }

    /// Whether this frame or one of its ancestors builds `key` under `tags`.
    private func contains(_ key: ObjectIdentifier, tags: TagSet?) -> Bool {
        var heap: ResolutionFrame?
        switch self {
        case .none:
            return false
        case .heap(let frame):
            heap = frame
        case .sync(let innermost):
            var frame = innermost
            while true {
                if frame.pointee.key == key && frame.pointee.slot.storedTags == tags {
                    return true
                }
                guard let outer = frame.pointee.outer else {
                    break
                }
                frame = outer
            }
            heap = frame.pointee.asyncParent
        }
        while let current = heap {
            if current.key == key && current.tags == tags ?? .empty {
                return true
            }
            heap = current.parent
        }
        return false
    }

    /// The names from the root down to this frame, outermost first.
    func chain() -> [String] {
        var names: [String] = []
        var heap: ResolutionFrame?
        switch self {
        case .none:
            return []
        case .heap(let frame):
            heap = frame
        case .sync(let innermost):
            var frame: UnsafeMutablePointer<SyncFrame>? = innermost
            while let current = frame {
                names.append(current.pointee.name)
                heap = current.pointee.asyncParent
                frame = current.pointee.outer
            }
        }
        if let heap {
            names += heap.chain(below: nil).reversed()
        }
        return names.reversed()
    }

    /// This frame on the heap, copying it and its stack ancestors there on first use.
    @usableFromInline
    func heapFrame() -> ResolutionFrame? {
        switch self {
        case .none:
            return nil
        case .heap(let frame):
            return frame
        case .sync(let frame):
            if let heap = frame.pointee.heap {
                return heap.takeUnretainedValue()
            }
            let heap = ResolutionFrame(copying: frame.pointee, parent: frame.pointee.parent.heapFrame())
            frame.pointee.heap = Unmanaged.passRetained(heap)
            return heap
        }
    }

    /// The graph-scoped instance stored under `key` in this resolution, if any.
    @usableFromInline
    func graphObject(for key: GraphKey) -> AnyObject? {
        switch self {
        case .none:
            return nil
        case .heap(let frame):
            return frame.root.graphObject(for: key)
        case .sync(let frame):
            let root = SyncFrame.root(of: frame)
            if let asyncParent = root.pointee.asyncParent {
                return asyncParent.root.graphObject(for: key)
            }
            return root.pointee.graph.object(for: key)
        }
    }

    /// Stores a graph-scoped instance for the rest of this resolution (nothing without one).
    @usableFromInline
    func storeGraphObject(_ object: AnyObject, for key: GraphKey) {
        switch self {
        case .none:
            break
        case .heap(let frame):
            frame.root.storeGraphObject(object, for: key)
        case .sync(let frame):
            let root = SyncFrame.root(of: frame)
            if let asyncParent = root.pointee.asyncParent {
                asyncParent.root.storeGraphObject(object, for: key)
            } else {
                root.pointee.graph.append(object, for: key)
            }
        }
    }
}

extension SyncFrame {
    /// The outermost synchronous frame of the chain `frame` belongs to.
    static func root(of frame: UnsafeMutablePointer<SyncFrame>) -> UnsafeMutablePointer<SyncFrame> {
        var root = frame
        while let outer = root.pointee.outer {
            root = outer
        }
        return root
    }
}

/// The graph-scoped instances of a synchronous resolution: the first inline, any others in a
/// list of their own (a resolution rarely shares more than one or two). A trivial value, so
/// that `SyncFrame` stays one; `release()` releases what it holds.
@usableFromInline
struct GraphEntries {
    @usableFromInline var firstKey: GraphKey?
    @usableFromInline var first: Unmanaged<AnyObject>?
    @usableFromInline var more: Unmanaged<MoreGraphEntries>?

    @usableFromInline init() {}

    /// The instance stored under `key`, if any.
    func object(for key: GraphKey) -> AnyObject? {
        guard let first else {
            return nil
        }
        if firstKey == key {
            return first.takeUnretainedValue()
        }
        return more?.takeUnretainedValue().entries.first { $0.key == key }?.object
    }

    /// Stores `object` (retaining it) under `key`.
    mutating func append(_ object: AnyObject, for key: GraphKey) {
        guard first != nil else {
            (firstKey, first) = (key, Unmanaged.passRetained(object))
            return
        }
        if more == nil {
            more = Unmanaged.passRetained(MoreGraphEntries())
        }
        more.unsafelyUnwrapped.takeUnretainedValue().entries.append((key, object))
    }

    /// Whether nothing was stored (and so nothing needs releasing).
    @usableFromInline var isEmpty: Bool { first == nil }

    /// Releases every instance.
    func release() {
        first?.release()
        more?.release()
    }
}

/// The graph-scoped instances of a synchronous resolution after its first; only the thread
/// that runs the resolution touches them.
@usableFromInline
final class MoreGraphEntries {
    var entries: [(key: GraphKey, object: AnyObject)] = []
}
