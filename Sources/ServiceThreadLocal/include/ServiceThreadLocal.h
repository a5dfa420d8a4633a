// The state every construction of the `Service` module reads: the innermost synchronous
// construction of the calling thread, and two process-wide counters.
//
// A C thread-local, because Swift has none: reading it costs a few instructions, where
// `pthread_getspecific` behind a lazily created key costs a function call and a branch or two
// on every construction. See `ThreadFrame` in the `Service` module. The counters live here too,
// as plain C globals read with `__atomic` builtins in inline functions: a Swift global in
// another module is read through an accessor call that checks its lazy initialisation.

#ifndef SERVICE_THREAD_LOCAL_H
#define SERVICE_THREAD_LOCAL_H

#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#define SERVICE_THREAD_LOCAL __declspec(thread)
#elif defined(__ELF__)
// NB: the module is linked into the executable or a library loaded with it, so the cheapest
// dynamic model applies; the default for position-independent code calls `__tls_get_addr`.
#define SERVICE_THREAD_LOCAL _Thread_local __attribute__((tls_model("initial-exec")))
#else
#define SERVICE_THREAD_LOCAL _Thread_local
#endif

/// The calling thread's cell: a pointer to the `SyncFrame` that runs on it, or null.
extern SERVICE_THREAD_LOCAL void *_Nullable service_thread_frame;

/// The address of the calling thread's cell, valid for as long as the thread runs.
static inline void *_Nullable *_Nonnull service_thread_frame_cell(void) {
    return &service_thread_frame;
}

/// The storage whose assembly the calling thread is applying (an assembly's `assemble(env:)`
/// runs synchronously on it), or null.
extern SERVICE_THREAD_LOCAL void *_Nullable service_thread_assembling;

/// The address of the calling thread's assembling storage, valid for as long as the thread runs.
static inline void *_Nullable *_Nonnull service_thread_assembling_cell(void) {
    return &service_thread_assembling;
}

/// The smallest resolution depth limit ever bound in the process: see `DepthFloor`.
#define SERVICE_DEFAULT_DEPTH_LIMIT 100

extern intptr_t service_depth_floor;

/// `service_depth_floor`, read atomically.
static inline intptr_t service_depth_floor_load(void) {
    return __atomic_load_n(&service_depth_floor, __ATOMIC_RELAXED);
}

/// Lowers `service_depth_floor` to `limit` if that is smaller.
void service_depth_floor_lower(intptr_t limit);

/// How many asynchronous constructions run in the process: see `ResolutionFrame.asyncRuns`.
extern intptr_t service_async_runs;

/// `service_async_runs`, read atomically.
static inline intptr_t service_async_runs_load(void) {
    return __atomic_load_n(&service_async_runs, __ATOMIC_RELAXED);
}

/// Adds `delta` to `service_async_runs`.
void service_async_runs_add(intptr_t delta);

/// How many decorators the environments of the process hold: see `Decorations.inUse`.
extern intptr_t service_decorations;

/// `service_decorations`, read atomically.
static inline intptr_t service_decorations_load(void) {
    return __atomic_load_n(&service_decorations, __ATOMIC_RELAXED);
}

/// Adds `delta` to `service_decorations`.
void service_decorations_add(intptr_t delta);

/// How many resolution traces are on in the process: see `ResolutionTracing.isOn`.
extern intptr_t service_traces;

/// `service_traces`, read atomically.
static inline intptr_t service_traces_load(void) {
    return __atomic_load_n(&service_traces, __ATOMIC_RELAXED);
}

/// Adds `delta` to `service_traces`.
void service_traces_add(intptr_t delta);

/// `service_decorations` plus `service_traces`: whether a construction has a hook to run.
extern intptr_t service_construction_hooks;

/// `service_construction_hooks`, read atomically.
static inline intptr_t service_construction_hooks_load(void) {
    return __atomic_load_n(&service_construction_hooks, __ATOMIC_RELAXED);
}

/// Adds `delta` to `service_construction_hooks`.
void service_construction_hooks_add(intptr_t delta);

// MARK: Readers

/// One thread's record of its read sections (see `ReaderGate` in the `Service` module).
///
/// Only its thread writes `depth` and `exits`, with plain atomic stores: a read section costs no
/// locked instruction and writes no cache line another thread writes, so reads scale with cores.
/// A writer that unpublished a pointer makes every thread's earlier stores visible with one heavy
/// barrier (`membarrier(2)` on Linux), then waits until each thread it saw inside a section has
/// left it. Records are never freed: a record whose thread ended is claimed by the next new one.
typedef struct service_reader {
    /// How many read sections the thread is inside (they may nest).
    intptr_t depth;
    /// How many times the thread left its outermost section.
    intptr_t exits;
    /// Whether a running thread owns the record.
    intptr_t claimed;
    /// The next record of the process, immutable once the record is published.
    struct service_reader *_Nullable next;
    /// Fills the record to 128 bytes; records are allocated 128-byte aligned, so each has its
    /// own cache line (its own pair, where the hardware fetches lines in pairs).
    char padding[128 - 4 * sizeof(intptr_t)];
} service_reader;

/// Whether a reader must fence after entering a section, because the process has no heavy
/// barrier that writers can use instead; decided before any thread's first section.
extern intptr_t service_readers_fence;

extern SERVICE_THREAD_LOCAL service_reader *_Nullable service_thread_reader;

/// Claims a record for the calling thread (the slow path of `service_reader_current`).
service_reader *_Nonnull service_reader_claim(void);

/// The calling thread's record.
static inline service_reader *_Nonnull service_reader_current(void) {
    service_reader *reader = service_thread_reader;
    return reader ? reader : service_reader_claim();
}

/// Enters a read section; returns the depth to hand back to `service_read_leave`.
static inline intptr_t service_read_enter(service_reader *_Nonnull reader) {
    intptr_t depth = __atomic_load_n(&reader->depth, __ATOMIC_RELAXED);
    __atomic_store_n(&reader->depth, depth + 1, __ATOMIC_RELAXED);
    if (__builtin_expect(__atomic_load_n(&service_readers_fence, __ATOMIC_RELAXED) != 0, 0)) {
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
    } else {
        // NB: the compiler keeps the store before the section's loads; the writer's heavy
        // barrier does what a fence would do on this thread.
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
    }
    return depth;
}

/// Leaves the section `service_read_enter` entered at `depth`.
///
/// Out of line on purpose. Every retain of what the section read must happen before the depth
/// store: once the depth is back, a writer may free it. Swift's ARC optimizer moves a retain down
/// to where the retained value is used, past inlined stores, atomic or not, and past an empty
/// `asm` barrier: in a release build it moved a cached resolve's retain after this store. It does
/// not move one past a call it cannot see into. `ServiceBenchmarks --check-read-order` checks the
/// release build's order.
void service_read_leave(service_reader *_Nonnull reader, intptr_t depth);

/// Whether no thread is still inside a read section it entered before the call: if so, a
/// reader that enters one later sees every store the caller made before calling. Waits for the
/// sections of other threads to end (they are short), and returns 0 at once if the caller is
/// inside one itself.
int service_readers_quiescent(void);

/// Lets another thread run (for tests that widen a race window).
void service_thread_yield(void);

// MARK: Immortal objects

/// Marks the native Swift object at `object` immortal, as the Swift runtime marks the objects
/// it never frees: retaining and releasing it then only read its reference count, so threads
/// that share it write no common cache line, and it is never deinitialized. Returns 1 if it is
/// immortal when the call returns, 0 if it was left as it was: it has a side table (a weak
/// reference was made to it, and the word holds the table's address), it is being
/// deinitialized, or the platform is not one whose object header this knows (64-bit, no
/// Objective-C interoperability).
///
/// The header's second word is the object's reference count: bit 63 (`UseSlowRC`) with the low
/// 32 bits all set means immortal; bit 63 with bit 62 means a side table; bit 32 deinitializing;
/// bits 33 to 62 the strong count, which this sets to 2 as the runtime does for its immortal
/// objects (a release of one whose count is 0 would clear the flag). One compare-and-swap writes
/// the word, so a concurrent retain, release or weak reference either happens before it (and
/// makes it fail and retry) or sees an immortal object.
int service_object_make_immortal(void *_Nonnull object);

/// Whether the native Swift object at `object` is immortal (0 where
/// `service_object_make_immortal` does not apply).
int service_object_is_immortal(const void *_Nonnull object);

#endif
