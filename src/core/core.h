/* A core: everything that makes one RISC-V core model what it is, in its own folder under
 * src/core/ (core.c, pmu_model.c, later its timing model). Machines name a core; generic code
 * (cpu/, pmu/, machine/) asks the core and never names one. */
#ifndef PMUSIM_CORE_CORE_H
#define PMUSIM_CORE_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/csr.h"
#include "pmu/model.h"

typedef struct core_desc {
    const char *name;
    unsigned xlen;
    uint32_t isa; /* ISA_EXT_* the core implements (I, S and U are added from the flags below) */
    uint64_t mvendorid, marchid, mimpid;
    bool has_s_mode, has_u_mode; /* has_u_mode false: a machine option may add U-mode */
    uint64_t mstatus_reset;
    uint64_t platform_irqs; /* implemented interrupts beyond the standard ones (writable mie bits) */
    uint64_t timer_irqs;    /* interrupts the PMU counts as timer interrupts */
    uint64_t external_irqs; /* ... as external interrupts */
    bool misaligned_traps;  /* misaligned loads and stores trap instead of being done in hardware */
    bool wfi_is_nop;        /* wfi does not wait */
    unsigned pmp_entries;   /* PMP entries (0: the pmp CSRs are plain storage, nothing checked) */
    const pmu_model_t *pmu;
    const core_ext_t *ext; /* custom CSRs, core-local timers and run states; NULL for none */
} core_desc_t;

extern const core_desc_t core_veer_el2;
extern const core_desc_t core_generic_rv32, core_generic_rv64;

#endif
