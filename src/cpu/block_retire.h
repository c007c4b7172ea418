/* Retiring a whole block: the one place a block's execution is counted, for the interpreter
 * (exec_template.h) and for anything else that runs decoded blocks.
 *
 * Counting is lazy (pmu/pmu.h): the block only counts its own executions, and its taken exits
 * when it ends in a conditional branch; on its first execution since the PMU last looked it joins
 * the PMU's pending list. pmu_sync() derives the counter values from these counts and the block's
 * static facts when something reads them. What a retirement costs does not depend on how many
 * events are selected. The clocks follow the budget (hart_insns). */
#ifndef PMUSIM_CPU_BLOCK_RETIRE_H
#define PMUSIM_CPU_BLOCK_RETIRE_H

#include <stdbool.h>

#include "cpu/hart.h"

static inline __attribute__((always_inline)) void block_retire(hart_t *h, block_t *b, bool taken)
{
    if (__builtin_expect(b->execs++ == 0, 0)) {
        b->pending_next = h->pmu.pending;
        h->pmu.pending = b;
    }
    if (taken)
        b->taken++;
    h->budget -= b->n_insns;
}

#endif
