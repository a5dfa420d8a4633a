public import ServiceThreadLocal
import Synchronization

/// Read sections that tell a writer when no reader can still hold a pointer it unpublished.
///
/// Every thread has a record of its own (`service_reader`, in `ServiceThreadLocal`), on a cache
/// line no other thread writes. Entering a section stores the thread's nesting depth with a plain
/// store; leaving stores it back and, for the outermost section, counts an exit. A reader never
/// executes a locked instruction, never waits, and never writes a cache line that another
/// reader writes, so cached reads scale with the number of cores.
///
/// A writer first unpublishes a pointer, then asks `isQuiescent()`. That issues one heavy
/// barrier (`membarrier(2)` on Linux), which has the effect of a full fence on every thread
/// of the process: afterwards, a reader's depth store is visible to the writer, or the reader's
/// section began after the barrier and can only see the new pointer. The writer then waits for
/// each thread it sees inside a section to leave it once (a section runs no factory and takes no
/// lock a writer holds while it waits, so that is short). Where
/// the kernel has no such barrier (other platforms, or Linux without `membarrier`), readers fence
/// after their store instead, which costs a few cycles and still writes no shared line.
///
/// ThreadSanitizer does not know what the heavy barrier does, but it does not need to: the
/// writer frees a pointer only after an acquire load that reads a reader's release store (its
/// depth back to zero, or a new exit), which orders the reader's accesses before the free.
/// What it cannot check is the case the barrier exists for (a reader's store still buffered
/// when the writer looks); the reclamation stress test exercises that one under ASan.
@usableFromInline
enum ReaderGate {
    /// The record and depth a section entered with, for `leave(_:)`.
    @usableFromInline
    struct Section {
        @usableFromInline let reader: UnsafeMutablePointer<service_reader>
        @usableFromInline let depth: Int

        @inlinable
        init(reader: UnsafeMutablePointer<service_reader>, depth: Int) {
            self.reader = reader
            self.depth = depth
        }
    }

    /// Enters a read section on the calling thread.
    @inlinable @inline(__always)
    static func enter() -> Section {
        let reader = service_reader_current()
        return Section(reader: reader, depth: service_read_enter(reader))
    }

    /// Leaves the section `enter()` returned.
    ///
    /// A call the optimizer cannot see into (`service_read_leave` is out of line), so that every
    /// retain of what the section read stays before it: a retain moved after the leave races with
    /// a writer that frees what was read.
    @inlinable @inline(__always)
    static func leave(_ section: Section) {
        service_read_leave(section.reader, section.depth)
    }

    #if DEBUG
        /// The storage (its address) whose cached reads yield their thread inside their section,
        /// a few times or until a writer has unpublished what they read, so that a test can show
        /// a writer never frees what such a reader holds; zero for none (debug builds only).
        static let yieldingStorage = Atomic<UInt>(0)

        /// Yields the thread up to 4 times, until `unpublished` returns `true`, if `storage` is
        /// `yieldingStorage`.
        @usableFromInline
        static func yieldInsideSectionForTesting(in storage: ServiceStorage, until unpublished: () -> Bool) {
            guard yieldingStorage.load(ordering: .relaxed) == UInt(bitPattern: ObjectIdentifier(storage)) else {
                return
            }
            for _ in 0..<4 where !unpublished() {
                service_thread_yield()
            }
        }
    #endif

    /// Whether no reader that could have seen a pointer unpublished before the call is still
    /// reading, after waiting for the sections other threads are in to end; `false` when the
    /// calling thread is inside a section itself.
    static func isQuiescent() -> Bool {
        service_readers_quiescent() != 0
    }
}
