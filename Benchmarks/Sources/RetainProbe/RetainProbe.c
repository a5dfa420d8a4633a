#include "RetainProbe.h"

#include <stdbool.h>

// The Swift runtime calls through `_swift_retain` when the flag is set (the hook Instruments
// uses); both are exported by libswiftCore.
extern void *_Nullable (*_Nonnull _swift_retain)(void *_Nullable);
extern bool _swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly;

// The first field of the Service module's per-thread reader record: its section depth.
struct retain_probe_reader {
    intptr_t depth;
};
extern _Thread_local struct retain_probe_reader *_Nullable service_thread_reader
    __attribute__((tls_model("initial-exec")));

static void *_Nullable (*_Nullable probe_original)(void *_Nullable);
static const void *_Nullable probe_watched;
static intptr_t probe_inside;
static intptr_t probe_outside;

static void *_Nullable probe_retain(void *_Nullable object) {
    if (object == probe_watched) {
        struct retain_probe_reader *reader = service_thread_reader;
        if (reader && reader->depth > 0) {
            probe_inside++;
        } else {
            probe_outside++;
        }
    }
    return probe_original(object);
}

void retain_probe_start(const void *_Nonnull object) {
    probe_watched = object;
    probe_inside = 0;
    probe_outside = 0;
    probe_original = _swift_retain;
    _swift_retain = probe_retain;
    __atomic_store_n(&_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly, true,
                     __ATOMIC_SEQ_CST);
}

void retain_probe_stop(intptr_t *_Nonnull inside, intptr_t *_Nonnull outside) {
    __atomic_store_n(&_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly, false,
                     __ATOMIC_SEQ_CST);
    _swift_retain = probe_original;
    *inside = probe_inside;
    *outside = probe_outside;
    probe_watched = 0;
}
