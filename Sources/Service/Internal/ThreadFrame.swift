public import ServiceThreadLocal

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#elseif os(Windows)
    import WinSDK
#endif

/// The innermost *synchronous* construction of the calling thread.
///
/// A synchronous factory cannot suspend, so everything it resolves runs on the thread that
/// started it, strictly nested inside it. Such a frame is therefore published in a per-thread
/// cell, a C thread-local (`ServiceThreadLocal`) that costs a few instructions to read and
/// write, instead of a task-local, whose push allocates and whose read walks the task's
/// bindings. Asynchronous constructions, which can resume on another thread, still use the
/// task-local `ResolutionFrame.innermost`.
///
/// The cell holds a pointer to a `SyncFrame` on the stack of the construction that stored it,
/// which restores the previous value before it returns.
///
/// A factory that lets other work run on its thread before it returns (it spins a nested run
/// loop, shows a modal dialog, runs jobs synchronously) lets that work's resolves see its
/// construction as their parent, as a task-local seen from code outside any task did before:
/// they share its graph-scoped instances and count toward its depth, and resolving a service
/// it is building reports `.circularDependency` rather than waiting for it forever. A factory
/// should not do that; the frame cannot tell whose work the thread runs without asking the
/// concurrency runtime for the current task (`withUnsafeCurrentTask`), which measured about
/// 400 instructions inside a task, more than a quarter of a whole transient resolve.
@usableFromInline
enum ThreadFrame {
    /// The calling thread's cell; it holds the innermost synchronous frame or nil.
    @inlinable
    static var cell: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        service_thread_frame_cell()
    }
}

extension DepthFloor {
    /// The floor, read with one load (it is a C global: see `ServiceThreadLocal`).
    @inlinable
    static var value: Int {
        service_depth_floor_load()
    }
}

extension ResolutionFrame {
    /// How many asynchronous constructions are running in the process. While it is zero no task
    /// can have a live `innermost` frame, so `active` skips reading the task-local. A C global,
    /// like `DepthFloor.value`.
    @inlinable
    static var asyncRuns: Int {
        service_async_runs_load()
    }

    /// Counts an asynchronous construction in or out of `asyncRuns`.
    static func countAsyncRun(_ delta: Int) {
        service_async_runs_add(delta)
    }
}

/// The calling thread's `FailureTrace`: where the latest failed synchronous construction on this
/// thread was. Only failures write it, and only callers that report where a failure happened
/// read it, so the resolve paths never touch it.
enum ThreadTrace {
    /// The trace stored for this thread, if any.
    static var current: FailureTrace? {
        get { storage.object.map { Unmanaged<FailureTrace>.fromOpaque($0).takeUnretainedValue() } }
        set {
            let old = storage.object
            storage.object = newValue.map { Unmanaged.passRetained($0).toOpaque() }
            if let old {
                Unmanaged<FailureTrace>.fromOpaque(old).release()
            }
        }
    }

    /// Forgets this thread's trace; costs one read when there is none.
    static func clear() {
        if storage.object != nil {
            current = nil
        }
    }

    private static let storage = ThreadObjectStorage()
}

/// One retained object per thread, released when the thread exits.
private final class ThreadObjectStorage: Sendable {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl) || canImport(Android)
        private let key: pthread_key_t

        init() {
            var key = pthread_key_t()
            let status = pthread_key_create(&key) { object in
                #if canImport(Darwin)
                    Unmanaged<AnyObject>.fromOpaque(object).release()
                #else
                    if let object {
                        Unmanaged<AnyObject>.fromOpaque(object).release()
                    }
                #endif
            }
            precondition(status == 0, "Service could not create its thread-specific key (error \(status))")
            self.key = key
        }

        var object: UnsafeMutableRawPointer? {
            get { pthread_getspecific(key) }
            set { pthread_setspecific(key, newValue) }
        }
    #elseif os(Windows)
        private let index: DWORD

        init() {
            index = FlsAlloc { object in
                if let object {
                    Unmanaged<AnyObject>.fromOpaque(object).release()
                }
            }
            precondition(index != FLS_OUT_OF_INDEXES, "Service could not allocate its fiber-local index")
        }

        var object: UnsafeMutableRawPointer? {
            get { FlsGetValue(index) }
            set { FlsSetValue(index, newValue) }
        }
    #else
        // NB: a platform without threads (WASI): one object for the only thread.
        nonisolated(unsafe) private static var stored: UnsafeMutableRawPointer?

        var object: UnsafeMutableRawPointer? {
            get { Self.stored }
            set { Self.stored = newValue }
        }
    #endif
}
