/* The hook of a core's timing model (src/core/<core>/timing.c): what the executor asks of it.
 * A hart without a model (h->timing == NULL) runs one cycle per instruction and pays one
 * predictable test per block for it. With a model:
 *   - block_cycles: at block build, the block's static extra cycles (block_t.stall_cycles),
 *     computed once and added every time the block retires;
 *   - block_end: at every transition from a retired block to the next (`next_pc`), for what
 *     depends on state: fetch (caches) and control flow (predictors);
 *   - access: after a load or store that took the slow path (anything but main RAM aligned), for
 *     costs that depend on the address;
 *   - div: before a divide or remainder, with its operands.
 * Each may add cycles to h->stall_cycles and report pipeline events to the PMU. */
#ifndef PMUSIM_CPU_TIMING_H
#define PMUSIM_CPU_TIMING_H

#include <stdbool.h>
#include <stdint.h>

struct hart;
struct block;

typedef struct core_timing {
    bool (*attach)(struct hart *h); /* allocates the model's state (h->timing_state); false: no memory */
    void (*detach)(struct hart *h);
    uint32_t (*block_cycles)(struct hart *h, const struct block *b);
    void (*block_end)(struct hart *h, const struct block *b, uint64_t next_pc);
    void (*access)(struct hart *h, const struct block *b, unsigned idx, uint64_t addr, unsigned size,
                   bool store);
    void (*div)(struct hart *h, const struct block *b, unsigned idx, uint64_t a, uint64_t d, bool is_signed,
                bool is_rem);
} core_timing_t;

#endif
