/* A core: everything that makes one RISC-V core model what it is, in its own folder under
 * src/core/ (core.c, pmu_model.c, later its timing model). Machines name a core; generic code
 * (cpu/, pmu/, machine/) asks the core and never names one. */
#ifndef PMUSIM_CORE_CORE_H
#define PMUSIM_CORE_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu/csr.h"
#include "pmu/model.h"

struct hart;

/* The hardware parameters of a configurable core (a Vivado IP's generics), as machine options
 * set them. A field counts only when its bit is in `given`; otherwise the core's default holds. */
enum core_config_field {
    CORE_CFG_EVENT_COUNTERS = 1u << 0,
    CORE_CFG_LATENCY_COUNTERS = 1u << 1,
    CORE_CFG_USE_COUNTERS = 1u << 2,
    CORE_CFG_ICACHE = 1u << 3,
    CORE_CFG_DCACHE = 1u << 4,
    CORE_CFG_CACHE_LINE = 1u << 5,
    CORE_CFG_FPU = 1u << 6,
    CORE_CFG_PIPELINE = 1u << 7,
    CORE_CFG_SMODE = 1u << 8,
    CORE_CFG_TIMING = 1u << 9,
    CORE_CFG_BTC = 1u << 10,
    CORE_CFG_MEM_LATENCY = 1u << 11,
    CORE_CFG_IO_LATENCY = 1u << 12,
    /* the virt machines' memory-hierarchy model (docs/machine-virt.md) */
    CORE_CFG_HIERARCHY = 1u << 13,
    CORE_CFG_L1I = 1u << 14,
    CORE_CFG_L1D = 1u << 15,
    CORE_CFG_L2 = 1u << 16,
    CORE_CFG_ITLB = 1u << 17,
    CORE_CFG_DTLB = 1u << 18,
    CORE_CFG_BP = 1u << 19,
};

typedef struct core_config {
    unsigned given; /* CORE_CFG_* */
    unsigned event_counters, latency_counters;
    bool use_counters;
    uint64_t icache_bytes, dcache_bytes; /* 0: no cache */
    unsigned cache_line_words;
    bool fpu, smode, timing;
    unsigned pipeline;                /* stages */
    unsigned btc_entries;             /* branch target cache entries, 0: none */
    unsigned mem_latency, io_latency; /* cycles of an external memory / peripheral access */
    /* The virt machines' memory-hierarchy model: on or off, and each part's size (0: absent). */
    bool hierarchy;
    uint64_t l1i_bytes, l1d_bytes, l2_bytes;
    unsigned itlb_entries, dtlb_entries, bp_entries;
    /* Parts of the hierarchy (HIER_* of core/generic/hierarchy.h) the machine's own memory model
     * counts in the harts' PMU instead (p8700: the coherence manager's L1s and L2); the core's
     * model then has only the others, and is on unless caches=off. Set by the machine, not an
     * option (machine_desc_t.hier_machine_parts). */
    unsigned machine_parts;
} core_config_t;

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
    /* Configurable cores (NULL otherwise): whether a configuration can exist (NULL, or why not
     * in `buf`), and setting up hart h for it (core state, PMU model instance, ISA); false: out
     * of memory. */
    const char *(*check_config)(const core_config_t *cfg, char *buf, size_t size);
    bool (*setup)(struct hart *h, const core_config_t *cfg);
    /* Optional: the PMU model a configuration has, when its events depend on the configuration
     * (NULL: `pmu` always). What tools list and count, and what the device tree offers. */
    const pmu_model_t *(*pmu_for)(const core_config_t *cfg);
} core_desc_t;

extern const core_desc_t core_veer_el2;
extern const core_desc_t core_generic_rv32, core_generic_rv64;
extern const core_desc_t core_mbv32, core_mbv64;

#endif
