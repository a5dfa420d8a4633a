#include "ServiceThreadLocal.h"

SERVICE_THREAD_LOCAL void *_Nullable service_thread_frame = 0;
