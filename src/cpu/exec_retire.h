/* Retiring a whole block: the one place the interpreter (RETIRE_BLOCK_VIA in exec_template.h) and
 * translated code (jit/jit.c) count a block's instructions and events. */
#ifndef PMUSIM_CPU_EXEC_RETIRE_H
#define PMUSIM_CPU_EXEC_RETIRE_H

#include <stdbool.h>

#include "cpu/exec.h"

/* Adds a block's addends to the active counters. The count is the same for every block of a
 * configuration, so the switch is perfectly predicted: two instructions per active counter. */
static inline __attribute__((always_inline)) void retire_addends(uint64_t *acc, const uint32_t *add,
                                                                 uint32_t n)
{
    switch (n) {
    default:
        for (uint32_t k = PMU_RETIRE_LANES; k < n; k++)
            acc[k] += add[k];
        /* fall through */
    case 8: acc[7] += add[7]; /* fall through */
    case 7: acc[6] += add[6]; /* fall through */
    case 6: acc[5] += add[5]; /* fall through */
    case 5: acc[4] += add[4]; /* fall through */
    case 4: acc[3] += add[3]; /* fall through */
    case 3: acc[2] += add[2]; /* fall through */
    case 2: acc[1] += add[1]; /* fall through */
    case 1: acc[0] += add[0]; /* fall through */
    case 0: break;
    }
}

/* Block b committed all its instructions, leaving through a taken conditional branch or not: its
 * events go to the active counters (addends refreshed after a PMU configuration change) and its
 * instructions to the budget, which the clocks follow. Translated code does the budget decrement
 * inline when no counter is active and the block has no timing (jit/jit.c, emit_retire) and calls
 * this otherwise; the timing model's part (exec_block_timing) follows in both. */
static inline __attribute__((always_inline)) void exec_retire_block(hart_t *h, block_t *b, bool taken)
{
    if (__builtin_expect(b->epoch != h->pmu.epoch, 0))
        block_refresh_addends(&h->pmu, b);
    retire_addends(h->pmu.acc, taken ? b->add_taken : b->add, b->n_add);
    h->budget -= b->n_insns;
}

#endif
