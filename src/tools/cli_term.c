/* The host terminal while a guest runs: keys go to the guest's console as a serial line would
 * carry them (each key at once, Enter as CR, no local echo: the guest echoes), as QEMU's
 * -nographic does. Ctrl-C, Ctrl-\ and Ctrl-Z keep their meaning for pmusim itself
 * (docs/usage.md "Console input"). The terminal's settings come back when the run ends. */
#include <stdbool.h>
#include <stdlib.h>
#include <termios.h>
#include <unistd.h>

#include "tools/cli_run.h"

/* Process-wide like the terminal itself: one terminal, one saved state. */
static struct termios cli_term_saved;
static int cli_term_fd = -1;

void cli_term_restore(void)
{
    if (cli_term_fd < 0)
        return;
    tcsetattr(cli_term_fd, TCSADRAIN, &cli_term_saved);
    cli_term_fd = -1;
}

void cli_term_raw(int fd)
{
    static bool restore_registered;
    struct termios raw;

    /* Set before the guest runs, not at its first read: keys typed earlier would be echoed. */
    if (cli_term_fd >= 0 || !isatty(fd) || tcgetattr(fd, &cli_term_saved) != 0)
        return; /* a file or a pipe: bytes as they come */
    if (tcgetpgrp(fd) != getpgrp())
        return; /* a background job: changing the terminal would stop it (SIGTTOU) */
    raw = cli_term_saved;
    raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ECHONL | IEXTEN); /* ISIG stays: Ctrl-C stops pmusim */
    raw.c_iflag &= ~(tcflag_t)(ICRNL | INLCR | IGNCR | IXON);    /* Enter reaches the guest as CR */
    raw.c_cc[VMIN] = 1;
    raw.c_cc[VTIME] = 0;
    if (tcsetattr(fd, TCSADRAIN, &raw) != 0)
        return;
    cli_term_fd = fd;
    if (!restore_registered)
        restore_registered = atexit(cli_term_restore) == 0; /* also when a command exits early */
}
