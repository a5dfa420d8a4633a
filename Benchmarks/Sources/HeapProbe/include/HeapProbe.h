// The allocator's own count of the bytes it has handed out and not yet had back, beside the
// resident memory the benchmark reads from /proc: the resident figure moves with the pages a run
// happens to touch, this one only with what is allocated.

#ifndef HEAP_PROBE_H
#define HEAP_PROBE_H

#include <stdint.h>

/// Bytes in use in the C allocator's heap and its mapped blocks, each block counted with its
/// header and rounding, as the allocator accounts it; -1 where the allocator does not say
/// (anything but glibc).
intptr_t heap_probe_allocated_bytes(void);

#endif
