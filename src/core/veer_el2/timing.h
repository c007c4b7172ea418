/* The VeeR EL2 timing model (timing.c) as core.c wires it into the core's hooks (core_ext_t). */
#ifndef PMUSIM_CORE_VEER_EL2_TIMING_H
#define PMUSIM_CORE_VEER_EL2_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/exec.h"

typedef struct veer_timing veer_timing_t;

veer_timing_t *veer_timing_new(void); /* NULL: out of memory */
void veer_timing_free(veer_timing_t *t);
/* Hands the model's address log to hart h (hart_t.addr_log_next); veer_timing_detach takes it back. */
void veer_timing_attach(hart_t *h, veer_timing_t *t);
void veer_timing_detach(hart_t *h);
/* The hart's model (core.c keeps it in the core state); NULL: timing=off. */
veer_timing_t *veer_timing_of(hart_t *h);

void veer_timing_block_built(hart_t *h, block_t *b, const decoded_insn_t *dec, unsigned n);
void veer_timing_block_retired(hart_t *h, const block_t *b, unsigned n, uint64_t next_pc);
void veer_timing_retire_translated(hart_t *h, block_t *b, uint32_t taken, uint64_t next_pc, uint32_t hint);
uint32_t veer_timing_retire_hint(const hart_t *h, const block_t *b, uint64_t next_pc);
void veer_timing_data_access(hart_t *h, const bus_region_t *r, uint64_t addr, unsigned size, bool store);
void veer_timing_div(hart_t *h, const block_t *b, unsigned idx, uint64_t a, uint64_t d, bool is_signed,
                     bool is_rem);

#endif
