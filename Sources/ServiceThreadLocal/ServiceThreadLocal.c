#include "ServiceThreadLocal.h"

#include <stdlib.h>

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#if !defined(_WIN32)
#include <pthread.h>
#include <sched.h>
#endif

SERVICE_THREAD_LOCAL void *_Nullable service_thread_frame = 0;
SERVICE_THREAD_LOCAL void *_Nullable service_thread_assembling = 0;

intptr_t service_depth_floor = SERVICE_DEFAULT_DEPTH_LIMIT;

void service_depth_floor_lower(intptr_t limit) {
    intptr_t current = __atomic_load_n(&service_depth_floor, __ATOMIC_RELAXED);
    while (limit < current) {
        if (__atomic_compare_exchange_n(&service_depth_floor, &current, limit, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            return;
        }
    }
}

intptr_t service_async_runs = 0;

void service_async_runs_add(intptr_t delta) {
    __atomic_fetch_add(&service_async_runs, delta, __ATOMIC_RELAXED);
}

intptr_t service_decorations = 0;

void service_decorations_add(intptr_t delta) {
    __atomic_fetch_add(&service_decorations, delta, __ATOMIC_RELAXED);
}

intptr_t service_traces = 0;

void service_traces_add(intptr_t delta) {
    __atomic_fetch_add(&service_traces, delta, __ATOMIC_RELAXED);
}

intptr_t service_construction_hooks = 0;

void service_construction_hooks_add(intptr_t delta) {
    __atomic_fetch_add(&service_construction_hooks, delta, __ATOMIC_RELAXED);
}

// MARK: Readers

intptr_t service_readers_fence = 1;

SERVICE_THREAD_LOCAL service_reader *_Nullable service_thread_reader = 0;

/// Every record ever created, newest first.
static service_reader *_Nullable service_readers = 0;

#if !defined(_WIN32)
static pthread_once_t service_readers_once = PTHREAD_ONCE_INIT;
static pthread_key_t service_readers_key;

/// Hands the record of an ending thread back for the next one.
static void service_reader_release(void *_Nullable record) {
    service_reader *reader = record;
    __atomic_store_n(&reader->claimed, 0, __ATOMIC_RELEASE);
}

/// Picks how writers make readers' stores visible, once, before the first record is claimed.
static void service_readers_setup(void) {
    pthread_key_create(&service_readers_key, service_reader_release);
#if defined(__linux__) && defined(__NR_membarrier)
    if (syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        __atomic_store_n(&service_readers_fence, 0, __ATOMIC_RELEASE);
    }
#endif
}
#endif

service_reader *_Nonnull service_reader_claim(void) {
#if !defined(_WIN32)
    pthread_once(&service_readers_once, service_readers_setup);
#endif
    service_reader *reader = 0;
    for (service_reader *candidate = __atomic_load_n(&service_readers, __ATOMIC_ACQUIRE); candidate;
         candidate = candidate->next) {
        intptr_t unclaimed = 0;
        if (__atomic_compare_exchange_n(&candidate->claimed, &unclaimed, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            reader = candidate;
            break;
        }
    }
    if (!reader) {
        reader = aligned_alloc(128, sizeof(service_reader));
        if (!reader) {
            abort();
        }
        reader->depth = 0;
        reader->exits = 0;
        reader->claimed = 1;
        service_reader *head = __atomic_load_n(&service_readers, __ATOMIC_RELAXED);
        do {
            reader->next = head;
        } while (!__atomic_compare_exchange_n(&service_readers, &head, reader, 1, __ATOMIC_RELEASE, __ATOMIC_RELAXED));
    }
#if !defined(_WIN32)
    pthread_setspecific(service_readers_key, reader);
#endif
    service_thread_reader = reader;
    return reader;
}

// NB: out of line, so that callers keep their retains before it (see the header).
void service_read_leave(service_reader *_Nonnull reader, intptr_t depth) {
    __atomic_store_n(&reader->depth, depth, __ATOMIC_RELEASE);
    if (depth == 0) {
        __atomic_store_n(&reader->exits, __atomic_load_n(&reader->exits, __ATOMIC_RELAXED) + 1, __ATOMIC_RELEASE);
    }
}

int service_readers_quiescent(void) {
#if !defined(_WIN32)
    pthread_once(&service_readers_once, service_readers_setup);
#endif
#if defined(__linux__) && defined(__NR_membarrier)
    if (__atomic_load_n(&service_readers_fence, __ATOMIC_ACQUIRE) == 0) {
        syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
    }
#endif
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    service_reader *own = service_thread_reader;
    for (service_reader *reader = __atomic_load_n(&service_readers, __ATOMIC_ACQUIRE); reader; reader = reader->next) {
        if (__atomic_load_n(&reader->depth, __ATOMIC_ACQUIRE) == 0) {
            continue;
        }
        if (reader == own) {
            return 0;
        }
        // NB: the section it is in may have begun before the caller's stores; it ends soon. The
        // sections it enters meanwhile see those stores, so one exit is enough.
        intptr_t exits = __atomic_load_n(&reader->exits, __ATOMIC_ACQUIRE);
        // NB: no limit. A section takes no lock a writer holds while it calls this (the only lock
        // a section may take is a storage's writer lock, which no caller holds), so it ends; and
        // giving up would keep the pointers until the next write to the same storage.
        for (unsigned spins = 0; __atomic_load_n(&reader->depth, __ATOMIC_ACQUIRE) != 0
                                 && __atomic_load_n(&reader->exits, __ATOMIC_ACQUIRE) == exits;
             spins++) {
#if !defined(_WIN32)
            if (spins >= 64) {
                sched_yield();
            }
#endif
        }
    }
    return 1;
}

void service_thread_yield(void) {
#if !defined(_WIN32)
    sched_yield();
#endif
}

// MARK: Immortal objects

#if UINTPTR_MAX == UINT64_MAX && !defined(__OBJC__) && !defined(__APPLE__)
#define SERVICE_KNOWS_OBJECT_HEADER 1
#endif

#if SERVICE_KNOWS_OBJECT_HEADER
static const uint64_t service_slow_rc = UINT64_C(1) << 63;
static const uint64_t service_side_table = UINT64_C(1) << 62;
static const uint64_t service_deiniting = UINT64_C(1) << 32;
static const uint64_t service_immortal_low = UINT64_C(0xFFFFFFFF);
static const uint64_t service_immortal_strong = UINT64_C(2) << 33;

static inline int service_bits_are_immortal(uint64_t bits) {
    return (bits & service_slow_rc) != 0 && (bits & service_immortal_low) == service_immortal_low;
}
#endif

int service_object_make_immortal(void *_Nonnull object) {
#if SERVICE_KNOWS_OBJECT_HEADER
    uint64_t *word = (uint64_t *)((char *)object + sizeof(void *));
    uint64_t bits = __atomic_load_n(word, __ATOMIC_RELAXED);
    for (;;) {
        if (service_bits_are_immortal(bits)) {
            return 1;
        }
        if ((bits & (service_slow_rc | service_side_table | service_deiniting)) != 0) {
            return 0;
        }
        // NB: the strong count is set to 2, as in the runtime's own immortal objects: a release
        // subtracts from it before it looks at the flags, and from 0 it would borrow bit 63,
        // clear the flag and store a mortal count.
        uint64_t immortal = service_slow_rc | service_immortal_strong | service_immortal_low;
        if (__atomic_compare_exchange_n(word, &bits, immortal, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            return 1;
        }
    }
#else
    (void)object;
    return 0;
#endif
}

int service_object_is_immortal(const void *_Nonnull object) {
#if SERVICE_KNOWS_OBJECT_HEADER
    const uint64_t *word = (const uint64_t *)((const char *)object + sizeof(void *));
    return service_bits_are_immortal(__atomic_load_n(word, __ATOMIC_RELAXED));
#else
    (void)object;
    return 0;
#endif
}
