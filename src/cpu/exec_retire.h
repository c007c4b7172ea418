/* Retiring a whole block: the one place the interpreter (RETIRE_BLOCK_VIA in exec_template.h) and
 * translated code (jit/jit.c) count a block's instructions and events.
 *
 * Counting is lazy (pmu/pmu.h): the block only counts its own executions, and its taken exits
 * when it ends in a conditional branch; on its first execution since the PMU last looked it joins
 * the PMU's pending list (block_counts_flush folds the list in). pmu_sync() derives the counter
 * values from these counts and the block's static facts when something reads them. What a
 * retirement costs does not depend on how many events are selected. The clocks follow the budget
 * (hart_insns). Translated code (jit/jit.c, emit_leave) emits the same steps inline. */
#ifndef PMUSIM_CPU_EXEC_RETIRE_H
#define PMUSIM_CPU_EXEC_RETIRE_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/exec.h"

/* The cold part: the block's first execution since the PMU looked joins the pending list; a
 * timed block comes here every time (its execs stays at UINT64_MAX). True for a timed block: the
 * caller then runs its timing (exec_block_timing), after the block's profile record if any. */
static inline __attribute__((always_inline)) bool exec_retire_cold(hart_t *h, block_t *b)
{
    if (!b->pending) {
        b->pending = 1;
        b->pending_next = h->pmu.pending;
        h->pmu.pending = b;
    }
    if (!b->timed)
        return false;
    b->execs = UINT64_MAX;
    b->timed_execs++;
    return true;
}

/* Block b committed all its instructions, leaving through a taken conditional branch or not.
 * True when the block is timed: the caller calls exec_block_timing. A timing model is the only
 * test on the path, folded into the count's. */
static inline __attribute__((always_inline)) bool exec_retire_block(hart_t *h, block_t *b, bool taken)
{
    h->budget -= b->n_insns;
    if (taken)
        b->taken++;
    if (__builtin_expect(++b->execs == 0, 0))
        return exec_retire_cold(h, b);
    return false;
}

#endif
