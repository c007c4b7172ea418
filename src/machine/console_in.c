/* The guest's console input: pmusim's standard input, one byte at a time when the guest asks.
 * A file is read as far as the guest reads; a pipe or terminal is polled without waiting, so a
 * guest that polls its UART never stops the simulation (docs/usage.md "Console input"). */
#include <errno.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "machine/machine.h"

int machine_console_getc(machine_t *m)
{
    if (m->console_in < 0) {
        machine_console_flush(m); /* a prompt is out before the guest waits for the answer */
        m->console_in = 0;
    }
    if (m->console_in > 0)
        return -1;
    struct stat st;
    bool regular = fstat(m->console_fd, &st) == 0 && S_ISREG(st.st_mode);
    if (!regular) {
        struct pollfd pfd = { .fd = m->console_fd, .events = POLLIN };
        int n;
        while ((n = poll(&pfd, 1, 0)) < 0 && errno == EINTR)
            ;
        if (n <= 0) {
            machine_console_flush(m); /* nothing there yet: what the guest printed is out */
            return -1;
        }
    }
    unsigned char c;
    ssize_t r;
    while ((r = read(m->console_fd, &c, 1)) < 0 && errno == EINTR)
        ;
    if (r == 1)
        return c;
    m->console_in = 1; /* end of input (or an error): no more bytes */
    return -1;
}
