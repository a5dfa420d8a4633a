#include "ServiceThreadLocal.h"

SERVICE_THREAD_LOCAL void *_Nullable service_thread_frame = 0;

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
