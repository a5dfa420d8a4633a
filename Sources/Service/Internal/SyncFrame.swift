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
    // by `run(_:in:_:)` when the construction ends.

    @usableFromInline let key: ObjectIdentifier
    /// The slot of the registration being built, which names its type and tags. Slots live as
    /// long as their storage, which the resolving environment keeps alive.
    @usableFromInline unowned(unsafe) let slot: Slot
    /// The number of frames from the root to this one, both included.
    @usableFromInline let depth: Int
    /// `ServiceEnv.maxResolutionDepth` as read when the root was created.
    @usableFromInline let maxDepth: Int
    /// One bit per type from the root to this frame (see `ResolutionFrame.ancestry`).
    @usableFromInline let ancestry: UInt64
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

    /// Starts constructing the service of `slot` below `parent`, or throws if that would close a
    /// cycle or exceed the maximum depth.
    @usableFromInline
    init(_ slot: Slot, key: ObjectIdentifier, below parent: FrameParent) throws(ServiceError) {
        self.maxDepth = try parent.admit(slot.type, tags: slot.storedTags, key: key)
        self.key = key
        self.slot = slot
        self.heap = nil
        (outer, asyncParent, depth, ancestry) = SyncFrame.links(below: parent, key: key)
        #if DEBUG
            FrameProbe.current?.count.wrappingAdd(1, ordering: .relaxed)
        #endif
    }

    /// The stack frame that runs the factory of the shared construction `heap` of `slot`, which
    /// `ResolutionFrame.begin` admitted below `parent`.
    @usableFromInline
    init(running heap: ResolutionFrame, of slot: Slot, below parent: FrameParent) {
        self.maxDepth = heap.maxDepth
        self.key = heap.key
        self.slot = slot
        self.heap = Unmanaged.passRetained(heap)
        (outer, asyncParent, depth, ancestry) = SyncFrame.links(below: parent, key: heap.key)
    }

    /// The links, depth and ancestry bits of a frame for `key` below `parent`.
    private static func links(
        below parent: FrameParent,
        key: ObjectIdentifier,
    ) -> (UnsafeMutablePointer<SyncFrame>?, ResolutionFrame?, Int, UInt64) {
        let bit = ResolutionFrame.ancestryBit(of: key)
        return switch parent {
        case .none: (nil, nil, 1, bit)
        case .sync(let frame): (frame, nil, frame.pointee.depth + 1, frame.pointee.ancestry | bit)
        case .heap(let frame): (nil, frame, frame.depth + 1, frame.ancestry | bit)
        }
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

    /// Builds the service of `slot` with `make` in a new frame below `parent`.
    @inlinable
    static func construct<Value>(
        slot: Slot,
        key: ObjectIdentifier,
        below parent: FrameParent,
        in env: ServiceEnv,
        _ make: () throws -> Value,
    ) throws(ServiceError) -> Value {
        var frame = try SyncFrame(slot, key: key, below: parent)
        return try frame.construct(in: env, make)
    }

    /// Builds this frame's service with `make`, with this frame published as the thread's
    /// innermost one and `env` as `ServiceEnv.current`.
    ///
    /// A `ServiceError` thrown by `make` passes through; any other error is wrapped in
    /// `.factoryFailed` naming this frame's type.
    @inlinable
    mutating func construct<Value>(in env: ServiceEnv, _ make: () throws -> Value) throws(ServiceError) -> Value {
        var result: Result<Value, any Error>?
        withUnsafeMutablePointer(to: &self) { frame in
            SyncFrame.run(frame, in: env) { result = Result { try make() } }
        }
        switch result {
        case .success(let value)?:
            return value
        case .failure(let error)?:
            throw failure(error)
        case nil:
            preconditionFailure("run(_:in:_:) always calls its body")
        }
    }

    /// The `ServiceError` for `error` leaving this construction, whose chain is noted for callers
    /// that report where a failure happened.
    @usableFromInline
    mutating func failure(_ error: any Error) -> ServiceError {
        let failure = ServiceError.fromFactory(error, name: name)
        withUnsafeMutablePointer(to: &self) { FailureTrace.note(failure, in: .sync($0)) }
        return failure
    }

    /// Runs `body` with `frame` published in the thread's cell and `env` as `ServiceEnv.current`,
    /// then releases what the frame owns.
    @usableFromInline
    static func run(_ frame: UnsafeMutablePointer<SyncFrame>, in env: ServiceEnv, _ body: () -> Void) {
        let cell = ThreadFrame.cell
        let outer = cell.pointee
        cell.pointee = UnsafeMutableRawPointer(frame)
        defer {
            cell.pointee = outer
            let ended = frame.pointee
            if let heap = ended.heap {
                if ended.outer == nil && ended.asyncParent == nil {
                    heap._withUnsafeGuaranteedRef { $0.finished.store(true, ordering: .releasing) }
                }
                heap.release()
            }
            // NB: graph-scoped instances are released here, after the frame was unpublished.
            ended.graph.release()
        }
        if ServiceEnv.current.storage === env.storage {
            body()
        } else {
            ServiceEnv.$current.withValue(env, operation: body)
        }
    }
}

/// The construction a resolve runs below: none, a synchronous one on this thread's stack, or a
/// heap frame (an asynchronous construction).
@usableFromInline
enum FrameParent {
    case none
    case sync(UnsafeMutablePointer<SyncFrame>)
    case heap(ResolutionFrame)

    /// `.heap(frame)`, or `.none` without a frame.
    @usableFromInline init(_ frame: ResolutionFrame?) {
        self = frame.map(FrameParent.heap) ?? .none
    }

    /// The number of frames from the root to this one (zero for `.none`).
    @usableFromInline var depth: Int {
        switch self {
        case .none: 0
        case .sync(let frame): frame.pointee.depth
        case .heap(let frame): frame.depth
        }
    }

    /// The ancestry bits of this frame (zero for `.none`).
    var ancestry: UInt64 {
        switch self {
        case .none: 0
        case .sync(let frame): frame.pointee.ancestry
        case .heap(let frame): frame.ancestry
        }
    }

    /// Checks that `type` under `tags` (nil when untagged) may be built below this frame and
    /// returns the depth limit
    /// of the resolution; throws `.circularDependency` or `.maxDepthExceeded` otherwise.
    func admit(_ type: Any.Type, tags: TagSet?, key: ObjectIdentifier) throws(ServiceError) -> Int {
        switch self {
        case .none:
            return try FrameParent.rootDepthLimit()
        case .sync(let frame):
            try admit(type, tags: tags, key: key, ancestry: frame.pointee.ancestry)
            return frame.pointee.maxDepth
        case .heap(let frame):
            try admit(type, tags: tags, key: key, ancestry: frame.ancestry)
            return frame.maxDepth
        }
    }

    /// `ServiceEnv.maxResolutionDepth`, for a new root; throws if it admits no frame at all.
    static func rootDepthLimit() throws(ServiceError) -> Int {
        let maxDepth = ServiceEnv.maxResolutionDepth
        guard maxDepth > 0 else {
            throw .maxDepthExceeded(depth: maxDepth, chain: [])
        }
        return maxDepth
    }

    /// Checks that `type` under `tags` may be built below this frame, whose ancestry bits are
    /// `ancestry`; throws `.circularDependency` or `.maxDepthExceeded` otherwise.
    func admit(_ type: Any.Type, tags: TagSet?, key: ObjectIdentifier, ancestry: UInt64) throws(ServiceError) {
        if ancestry & ResolutionFrame.ancestryBit(of: key) != 0 && contains(key, tags: tags) {
            let name = serviceName(type, tags: tags ?? [])
            throw .circularDependency(serviceType: name, chain: chain() + [name])
        }
        let (depth, maxDepth) =
            switch self {
            case .none: (0, Int.max)
            case .sync(let frame): (frame.pointee.depth, frame.pointee.maxDepth)
            case .heap(let frame): (frame.depth, frame.maxDepth)
            }
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
            if current.key == key && current.tags == tags ?? [] {
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
    func graphBox(for key: GraphKey) -> Box? {
        switch self {
        case .none:
            return nil
        case .heap(let frame):
            return frame.root.graphBox(for: key)
        case .sync(let frame):
            let root = SyncFrame.root(of: frame)
            if let asyncParent = root.pointee.asyncParent {
                return asyncParent.root.graphBox(for: key)
            }
            return root.pointee.graph.box(for: key)
        }
    }

    /// Stores a graph-scoped instance for the rest of this resolution (nothing without one).
    @usableFromInline
    func storeGraphBox(_ box: Box, for key: GraphKey) {
        switch self {
        case .none:
            break
        case .heap(let frame):
            frame.root.storeGraphBox(box, for: key)
        case .sync(let frame):
            let root = SyncFrame.root(of: frame)
            if let asyncParent = root.pointee.asyncParent {
                asyncParent.root.storeGraphBox(box, for: key)
            } else {
                root.pointee.graph.append(box, for: key)
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

/// The graph-scoped instances of a synchronous resolution: a few retained boxes in a buffer of
/// its own, searched in order (a resolution rarely has more than a handful). A trivial value, so
/// that `SyncFrame` stays one; `release()` frees it.
@usableFromInline
struct GraphEntries {
    private var entries: UnsafeMutablePointer<(key: GraphKey, box: Unmanaged<Box>)>?
    private var count = 0
    private var capacity = 0

    @usableFromInline init() {}

    /// The instance stored under `key`, if any.
    func box(for key: GraphKey) -> Box? {
        for index in 0..<count where entries.unsafelyUnwrapped[index].key == key {
            return entries.unsafelyUnwrapped[index].box.takeUnretainedValue()
        }
        return nil
    }

    /// Stores `box` (retaining it) under `key`.
    mutating func append(_ box: Box, for key: GraphKey) {
        if count == capacity {
            let grown = UnsafeMutablePointer<(key: GraphKey, box: Unmanaged<Box>)>.allocate(
                capacity: max(4, capacity * 2))
            if let entries {
                grown.moveInitialize(from: entries, count: count)
                entries.deallocate()
            }
            entries = grown
            capacity = max(4, capacity * 2)
        }
        (entries.unsafelyUnwrapped + count).initialize(to: (key, Unmanaged.passRetained(box)))
        count += 1
    }

    /// Releases every instance and the buffer.
    func release() {
        guard let entries else {
            return
        }
        for index in 0..<count {
            entries[index].box.release()
        }
        entries.deinitialize(count: count)
        entries.deallocate()
    }
}
