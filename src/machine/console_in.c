/* The guest's console input: pmusim's standard input, one byte at a time when the guest asks.
 * A file is read as far as the guest reads; a pipe or terminal is polled without waiting, so a
 * guest that polls its UART never stops the simulation; a guest that waits for it with every hart
 * idle waits in host time (machine_console_wait; docs/usage.md "Console input"). */
#define _GNU_SOURCE /* ppoll */
#include <errno.h>
#include <poll.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "machine/machine.h"
#include "util/host_clock.h"

/* A file on the console is always ready: read as far as the guest reads, never polled or waited on. */
static bool console_is_file(const machine_t *m)
{
    struct stat st;
    return fstat(m->console_fd, &st) == 0 && S_ISREG(st.st_mode);
}

int machine_console_getc(machine_t *m)
{
    if (m->console_in < 0) {
        machine_console_flush(m); /* a prompt is out before the guest waits for the answer */
        m->console_in = 0;
    }
    if (m->console_in > 0)
        return -1;
    if (!console_is_file(m)) {
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

bool machine_console_wait(machine_t *m, uint64_t ns, uint64_t *waited)
{
    if (m->console_in != 0 || console_is_file(m))
        return false;
    machine_console_flush(m); /* what the guest printed is out before it waits */
    if (ns > MACHINE_CONSOLE_WAIT_NS)
        ns = MACHINE_CONSOLE_WAIT_NS;
    struct pollfd pfd = { .fd = m->console_fd, .events = POLLIN };
    struct timespec t = { .tv_sec = (time_t)(ns / 1000000000u), .tv_nsec = (long)(ns % 1000000000u) };
    uint64_t start = host_clock_ns();
    (void)ppoll(&pfd, 1, &t, NULL); /* a byte, the end of the input, the time, or a signal (a stop) */
    *waited = host_clock_ns() - start;
    return true;
}
