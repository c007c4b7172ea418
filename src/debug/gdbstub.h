/* A GDB remote serial protocol server (gdb's `target remote`): registers (the general registers,
 * pc and the CSRs with every counter, described to gdb by a target description), memory,
 * software breakpoints, watchpoints, single step, and every hart of the machine as a thread.
 * docs/profiling.md "Debugging with gdb" shows a session. */
#ifndef PMUSIM_DEBUG_GDBSTUB_H
#define PMUSIM_DEBUG_GDBSTUB_H

#include <stdbool.h>
#include <stdint.h>

#include "machine/machine.h"

typedef struct gdb_outcome {
    hart_stop_t stop; /* how the run ended */
    bool killed;      /* the debugger killed the program (`k`) */
    bool failed;      /* the server could not start (a message was printed) */
} gdb_outcome_t;

/* Listens on 127.0.0.1:port (0: a free port, printed), waits for a debugger before the first
 * instruction, and serves it until it kills the program, the program ends, or it detaches (then
 * the program runs on to its end). */
gdb_outcome_t gdb_serve(machine_t *m, unsigned port);

#endif
