// The innermost synchronous construction of the calling thread, for the `Service` module.
//
// A C thread-local, because Swift has none: reading it costs a few instructions, where
// `pthread_getspecific` behind a lazily created key costs a function call and a branch or two
// on every construction. See `ThreadFrame` in the `Service` module.

#ifndef SERVICE_THREAD_LOCAL_H
#define SERVICE_THREAD_LOCAL_H

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

#endif
