/* pmusim's own exit statuses (README "Usage"), shared by the CLI and the library: any other
 * status is the guest's exit code (& 0xff). */
#ifndef PMUSIM_SESSION_SESSION_EXIT_H
#define PMUSIM_SESSION_SESSION_EXIT_H

enum session_exit {
    SESSION_EXIT_OK = 0,
    SESSION_EXIT_GUEST_STUCK = 123, /* the guest cannot continue: trap loop, wfi nothing can wake */
    SESSION_EXIT_MAX_INSNS = 124,   /* stopped by --max-insns */
    SESSION_EXIT_USAGE = 125,       /* bad command line, or no machine can be built from it */
    SESSION_EXIT_BAD_INPUT = 126,   /* the program file cannot be loaded */
    SESSION_EXIT_INTERRUPTED = 130, /* SIGINT (128 + 2, as shells report it) */
};

#endif
