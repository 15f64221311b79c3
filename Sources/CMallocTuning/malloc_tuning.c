#include "malloc_tuning.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void flipbook_keep_large_allocations_in_heap(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    // One heap for every thread: a frame's LZW trials run on worker threads, and each thread's
    // own arena kept its peak apart from the others' (2.5 MB more at peak on bench-wave).
    mallopt(M_ARENA_MAX, 1);
#endif
}
