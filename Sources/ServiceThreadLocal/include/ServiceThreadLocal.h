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

#endif
