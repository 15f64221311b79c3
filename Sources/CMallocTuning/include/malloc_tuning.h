#ifndef FLIPBOOK_MALLOC_TUNING_H
#define FLIPBOOK_MALLOC_TUNING_H
/// Keeps large allocations (frame buffers) in the heap instead of mmap/munmap per frame.
void flipbook_keep_large_allocations_in_heap(void);
#endif
