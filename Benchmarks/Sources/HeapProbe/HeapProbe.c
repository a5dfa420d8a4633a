#include "HeapProbe.h"

#if defined(__GLIBC__)
#include <malloc.h>

intptr_t heap_probe_allocated_bytes(void) {
    // NB: `uordblks` is the heap's bytes in use, `hblkhd` those of blocks large enough to be
    // mapped on their own (a slot table past 128 KiB).
    struct mallinfo2 info = mallinfo2();
    return (intptr_t)(info.uordblks + info.hblkhd);
}
#else
intptr_t heap_probe_allocated_bytes(void) {
    return -1;
}
#endif
