#include "main_queue.h"

#if defined(__linux__)
#include <poll.h>

// libdispatch's interface for CoreFoundation (dispatch/private headers): the eventfd that
// becomes readable when blocks are queued on the main queue.
extern int _dispatch_get_main_queue_handle_4CF(void);

int flipbook_main_queue_has_work(void) {
    int fd = _dispatch_get_main_queue_handle_4CF();
    if (fd < 0) return -1;
    struct pollfd p = {.fd = fd, .events = POLLIN, .revents = 0};
    int ready = poll(&p, 1, 0);
    if (ready < 0) return -1;
    return ready > 0 && (p.revents & POLLIN) ? 1 : 0;
}
#else
int flipbook_main_queue_has_work(void) { return -1; }
#endif
