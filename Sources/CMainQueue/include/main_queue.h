#ifndef FLIPBOOK_MAIN_QUEUE_H
#define FLIPBOOK_MAIN_QUEUE_H

/// Whether blocks wait on the main dispatch queue: 1 yes, 0 no, -1 unknown (then assume yes).
/// On Linux libdispatch signals the main queue's work on a file descriptor, the one
/// CoreFoundation's run loop waits on; polling it costs one system call, a run-loop turn
/// several.
int flipbook_main_queue_has_work(void);

#endif
