/* Control and status registers. */
#ifndef PMUSIM_CPU_CSR_H
#define PMUSIM_CPU_CSR_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

/* CSR numbers used by name in pmusim (privileged spec, table 2.2-2.5). */
enum csr_number {
    CSR_FFLAGS = 0x001,
    CSR_FRM = 0x002,
    CSR_FCSR = 0x003,
    CSR_SSTATUS = 0x100,
    CSR_SIE = 0x104,
    CSR_STVEC = 0x105,
    CSR_SCOUNTEREN = 0x106,
    CSR_SENVCFG = 0x10a,
    CSR_SSCRATCH = 0x140,
    CSR_SEPC = 0x141,
    CSR_SCAUSE = 0x142,
    CSR_STVAL = 0x143,
    CSR_SIP = 0x144,
    CSR_SATP = 0x180,
    CSR_MSTATUS = 0x300,
    CSR_MISA = 0x301,
    CSR_MEDELEG = 0x302,
    CSR_MIDELEG = 0x303,
    CSR_MIE = 0x304,
    CSR_MTVEC = 0x305,
    CSR_MCOUNTEREN = 0x306,
    CSR_MENVCFG = 0x30a,
    CSR_MENVCFGH = 0x31a,
    CSR_MSTATUSH = 0x310,
    CSR_MCOUNTINHIBIT = 0x320,
    CSR_MHPMEVENT3 = 0x323,
    CSR_MHPMEVENT31 = 0x33f,
    CSR_MSCRATCH = 0x340,
    CSR_MEPC = 0x341,
    CSR_MCAUSE = 0x342,
    CSR_MTVAL = 0x343,
    CSR_MIP = 0x344,
    CSR_PMPCFG0 = 0x3a0,
    CSR_PMPCFG15 = 0x3af,
    CSR_PMPADDR0 = 0x3b0,
    CSR_PMPADDR63 = 0x3ef,
    CSR_TSELECT = 0x7a0,
    CSR_TDATA1 = 0x7a1,
    CSR_TDATA2 = 0x7a2,
    CSR_TDATA3 = 0x7a3,
    CSR_DCSR = 0x7b0,
    CSR_DPC = 0x7b1,
    CSR_DSCRATCH0 = 0x7b2,
    CSR_DSCRATCH1 = 0x7b3,
    CSR_MCYCLE = 0xb00,
    CSR_MINSTRET = 0xb02,
    CSR_MHPMCOUNTER3 = 0xb03,
    CSR_MHPMCOUNTER31 = 0xb1f,
    CSR_MCYCLEH = 0xb80,
    CSR_MHPMCOUNTER31H = 0xb9f,
    CSR_CYCLE = 0xc00,
    CSR_TIME = 0xc01,
    CSR_INSTRET = 0xc02,
    CSR_HPMCOUNTER31 = 0xc1f,
    CSR_CYCLEH = 0xc80,
    CSR_HPMCOUNTER31H = 0xc9f,
    CSR_MVENDORID = 0xf11,
    CSR_MARCHID = 0xf12,
    CSR_MIMPID = 0xf13,
    CSR_MHARTID = 0xf14,
    CSR_MCONFIGPTR = 0xf15,
};

/* mstatus fields */
#define MSTATUS_SIE (1ull << 1)
#define MSTATUS_MIE (1ull << 3)
#define MSTATUS_SPIE (1ull << 5)
#define MSTATUS_MPIE (1ull << 7)
#define MSTATUS_SPP (1ull << 8)
#define MSTATUS_MPP_SHIFT 11
#define MSTATUS_MPP (3ull << 11)
#define MSTATUS_FS_SHIFT 13
#define MSTATUS_FS (3ull << 13) /* F state: 0 Off, 1 Initial, 2 Clean, 3 Dirty */
#define MSTATUS_MPRV (1ull << 17)
#define MSTATUS_SUM (1ull << 18)
#define MSTATUS_MXR (1ull << 19)
#define MSTATUS_TVM (1ull << 20)
#define MSTATUS_TW (1ull << 21)
#define MSTATUS_TSR (1ull << 22)
#define MSTATUS_UXL (3ull << 32)
#define MSTATUS_SXL (3ull << 34)

/* Interrupt numbers (mip/mie bits, mcause codes) */
enum irq_number {
    IRQ_SSI = 1,
    IRQ_MSI = 3,
    IRQ_STI = 5,
    IRQ_MTI = 7,
    IRQ_SEI = 9,
    IRQ_MEI = 11,
    IRQ_LCOF = 13,
};

/* What a core adds to the standard hart: its own CSRs (VeeR's mrac, mitcnt0, ...), consulted before
 * the standard set, and core-local timers that the run loop advances. Any hook may be NULL. */
typedef struct core_ext {
    /* Returns false if `csr` is not one of the core's CSRs. */
    bool (*read)(hart_t *h, unsigned csr, uint64_t *val);
    bool (*write)(hart_t *h, unsigned csr, uint64_t val);
    void (*reset)(hart_t *h);
    /* Advances core-local timers by `cycles` spent in `state`; returns the cycles until one of
     * them next raises an interrupt (UINT64_MAX: never). */
    uint64_t (*advance)(hart_t *h, uint64_t cycles, enum hart_run_state state);
    /* Cycles until a core-local timer raises an interrupt that is enabled in mie, if the core
     * stays in `state` (a lower bound is fine); UINT64_MAX if none ever can: what can end a wait. */
    uint64_t (*wake)(hart_t *h, enum hart_run_state state);
    /* Operand-dependent event classes the core's PMU decides at decode time (d->rd is 32 for
     * x0); added to the instruction's static events. */
    evset_t (*decode_events)(const decoded_insn_t *d);
    /* The core's own rules for a load or store on the slow path (base: the value of rs1, for
     * cores that predict the region from it; val: the data of a store): true when the access
     * traps, with the cause and tval in h->trap_cause / h->trap_tval. With this hook the core
     * decides which misaligned accesses trap (the generic side-effect rule is not applied). */
    bool (*access_fault)(hart_t *h, uint64_t addr, uint64_t base, unsigned size, bool store, uint64_t val);
    /* Asked when a block is built, for each instruction address (first: the block's first): true
     * when the instruction at pc cannot be fetched, with the cause and tval in h->trap_cause /
     * h->trap_tval; the block ends before it (a core may also end a block there this way, at an
     * address that is not the first, to see it at a block boundary). */
    bool (*fetch_fault)(hart_t *h, uint64_t pc, bool first);
    /* A trap was taken with mcause `cause` (interrupt flag in bit 63) and `tval`: the core's
     * secondary cause registers. */
    void (*trap_taken)(hart_t *h, uint64_t cause, uint64_t tval);
    /* At an instruction boundary, before interrupts: the core's own asynchronous events (NMIs,
     * injected faults). True when one was taken. */
    bool (*take_event)(hart_t *h);
    /* A device drove one of the core's input signals (dev_host_t.core_signal; the numbers are the
     * core's). */
    void (*signal)(hart_t *h, unsigned sig, uint64_t value);
    /* A timing model (all optional). block_built: a block of n instructions was decoded (dec);
     * it may set b->stall_cycles, b->core_word and b->timed. block_retired: the first n
     * instructions of a timed block committed and control goes on at next_pc & ~1 (0: a trap,
     * an xRET); bit 0 of next_pc is set when a conditional branch ended the block taken.
     * data_access: a load or store on the slow path completed in region r (hart_t.slow_mem
     * sends every data access there). irq_taken: interrupt irq enters its handler. */
    void (*block_built)(hart_t *h, struct block *b, const decoded_insn_t *dec, unsigned n);
    void (*block_retired)(hart_t *h, const struct block *b, unsigned n, uint64_t next_pc);
    /* The model sees a block whose first n instructions committed without a trap (an exact stop
     * of the run loop, an exit device, a debugger) as a block of those n instructions, built for
     * it (block_prefix), going on at the next one: what the core ran does not depend on where
     * pmusim stopped to look. Without it block_retired gets the block and n. */
    bool prefix_as_block;
    /* retire_translated: translated code retires all of timed block b, a taken conditional
     * branch ending it or not, on to next_pc: the whole retirement (exec_retire_block and
     * exec_block_timing), in place of jit/jit.c's own call of block_retired. hint: what
     * retire_hint returned for b and next_pc when b was translated, UINT32_MAX for an exit whose
     * next_pc is known only then (a hint the model must not rely on: an address space's code
     * copied to another hart keeps its hints). */
    void (*retire_translated)(hart_t *h, struct block *b, uint32_t taken, uint64_t next_pc, uint32_t hint);
    uint32_t (*retire_hint)(const hart_t *h, const struct block *b, uint64_t next_pc);
    /* block_counted: the executions of timed block b were folded into the counters
     * (block_counts_flush): the model commits the outcomes it kept in the block since then. */
    void (*block_counted)(hart_t *h, struct block *b);
    void (*data_access)(hart_t *h, const bus_region_t *r, uint64_t addr, unsigned size, bool store);
    void (*irq_taken)(hart_t *h, unsigned irq);
    /* A core that sets hart_t.observe_mem itself (a memory-hierarchy model of its own, on a
     * machine without a coherence manager): every access, as hart_platform_t.mem_access gives it
     * (kind 0 load, 1 store or AMO; r NULL for main RAM). Such a core (observe_core) sees its
     * fetches at block_retired, from block_t.fetch_pa. */
    void (*mem_access)(hart_t *h, uint64_t addr, unsigned size, unsigned kind, const bus_region_t *r);
    /* div: a divide or remainder (instruction idx of timed block b) is about to run on a, d. */
    void (*div)(hart_t *h, const struct block *b, unsigned idx, uint64_t a, uint64_t d, bool is_signed,
                bool is_rem);
    /* A standard CSR this configuration of the core does not implement (illegal to access). */
    bool (*csr_absent)(const hart_t *h, unsigned csr);
    void (*destroy)(hart_t *h); /* frees what setup allocated inside core_state */
} core_ext_t;

/* One row of the CSR table (cpu/csr.c): a CSR, or a range of numbered ones (mhpmevent3-31,
 * pmpaddr0-63, the counters), in the shape of QEMU's csr_ops. */
typedef struct csr_desc {
    uint16_t first, last;            /* the CSR numbers the row covers */
    const char *name;                /* of the first one */
    bool (*exists)(const hart_t *h); /* NULL: on every hart */
    /* false: the CSR cannot be read now (a counter the enable bits hide, satp under TVM) */
    bool (*read)(hart_t *h, unsigned csr, evset_t own_events, uint64_t *val);
    /* `own_events`: the writing instruction's (a counter write replaces its increment) */
    void (*write)(hart_t *h, unsigned csr, uint64_t val, evset_t own_events); /* NULL: read-only */
    bool run_loop; /* a write can change which interrupt is pending and enabled */
} csr_desc_t;

/* The row of CSR `csr`, or NULL; all rows, sorted by number (for listings: a debugger, a DT). */
const csr_desc_t *csr_find(unsigned csr);
const csr_desc_t *csr_table_rows(size_t *n);

/* Legality of the CSR instruction d at the current privilege: existence, privilege level, writes
 * to read-only CSRs, counter-enable bits. No side effects. */
bool csr_permitted(hart_t *h, const dinsn_t *d, enum insn_op op);

void csr_reset(hart_t *h);

/* Every change of mstatus goes through here: the PMU integrates cycles with MIE == 0. */
void csr_set_mstatus(hart_t *h, uint64_t value);

#endif
