// Counts the retains of one object made inside and outside the calling thread's read sections
// (see `ReaderGate` in the Service module), through the Swift runtime's retain hook. A release
// build that moved the retain of a cached instance after the section ends (as Swift's LLVM ARC
// optimizer did before `service_read_leave` became an optimization barrier) counts none inside.

#ifndef RETAIN_PROBE_H
#define RETAIN_PROBE_H

#include <stdint.h>

/// Starts counting the retains of `object` on this thread.
void retain_probe_start(const void *_Nonnull object);

/// Stops counting; writes the retains made inside and outside a read section.
void retain_probe_stop(intptr_t *_Nonnull inside, intptr_t *_Nonnull outside);

#endif
