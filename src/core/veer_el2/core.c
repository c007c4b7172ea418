/* VeeR EL2 core-specific CSRs and core-local timers (../shared/reference/veer-el2.md §8-9).
 *
 * Every custom CSR of the default build exists with its reset value and writable bits, so programs
 * written for the VeeR testbench run unmodified. Behaviour is modelled for:
 *   - mitcnt0/1, mitb0/1, mitctl0/1: the internal timers, their interrupts (mip bits 29 and 28,
 *     counted by the PMU as timer interrupts) and the cascade mode;
 *   - mpmc: firmware halt (the core clock is gated until an enabled interrupt is pending), haltie;
 *   - mcpc: PAUSE for N cycles or until an interrupt;
 *   - mscause, mrac, mdeau/mdseac, the triggers, the PIC's CSRs, the error counters, mseccfg, with
 *     the trap rules, NMIs, PIC and ECC injection of faults.c, triggers.c, pic.c and ecc.c
 *     (docs/machine-veer-el2.md).
 * The rest (caches, feature disables other than mfdc's ECC bit) is storage only. */
#include <stdlib.h>

#include "core/core.h"
#include "core/veer_el2/timing.h"
#include "core/veer_el2/veer_el2.h"
#include "cpu/exec.h"
#include "isa/isa.h"
#include "util/u64.h"

enum {
    CSR_MCPC = 0x7C2,
    CSR_MPMC = 0x7C6,
    CSR_MITCNT0 = 0x7D2,
    CSR_MITB0 = 0x7D3,
    CSR_MITCTL0 = 0x7D4,
    CSR_MITCNT1 = 0x7D5,
    CSR_MITB1 = 0x7D6,
    CSR_MITCTL1 = 0x7D7
};
enum { MITCTL_ENABLE = 1, MITCTL_HALT_EN = 2, MITCTL_PAUSE_EN = 4, MITCTL_CASCADE = 8 };
enum { IRQ_MITIP0 = 29, IRQ_MITIP1 = 28 };

typedef struct veer_csr_desc {
    uint16_t csr;
    const char *name;
    uint32_t reset;
    uint32_t writable;
    bool reads_zero; /* write-only command registers */
} veer_csr_desc_t;

static const veer_csr_desc_t veer_csrs[] = {
    { 0x7C0, "mrac", 0, 0xFFFFFFFF, false },     /* region access control */
    { 0x7C2, "mcpc", 0, 0xFFFFFFFF, true },      /* PAUSE: write N pauses ~N cycles; reads 0 */
    { 0x7C6, "mpmc", 0x2, 0x2, false },          /* [0] halt (W1, reads 0), [1] haltie */
    { 0x7C8, "dicawics", 0, 0x0130FFFC, false }, /* I-cache diagnostics */
    { 0x7C9, "dicad0", 0, 0xFFFFFFFF, false },
    { 0x7CA, "dicad1", 0, 0x0000FFFF, false },
    { 0x7CB, "dicago", 0, 0, true },
    { 0x7CC, "dicad0h", 0, 0xFFFFFFFF, false },
    { 0x7CE, "mfdht", 0, 0x3F, false }, /* forced debug halt threshold */
    { 0x7CF, "mfdhs", 0, 0x3, false },
    { 0x7D2, "mitcnt0", 0, 0xFFFFFFFF, false }, /* internal timer 0 */
    { 0x7D3, "mitb0", 0xFFFFFFFF, 0xFFFFFFFF, false },
    { 0x7D4, "mitctl0", 0x1, 0x7, false },
    { 0x7D5, "mitcnt1", 0, 0xFFFFFFFF, false }, /* internal timer 1 */
    { 0x7D6, "mitb1", 0xFFFFFFFF, 0xFFFFFFFF, false },
    { 0x7D7, "mitctl1", 0x1, 0xF, false },
    { 0x7F0, "micect", 0, 0xFFFFFFFF, false }, /* correctable error counters */
    { 0x7F1, "miccmect", 0, 0xFFFFFFFF, false },
    { 0x7F2, "mdccmect", 0, 0xFFFFFFFF, false },
    { 0x7F8, "mcgc", 0, 0x3FF, false },               /* clock gating control */
    { 0x7F9, "mfdc", 0x00070000, 0x00071FFF, false }, /* feature disable control */
    { 0x7FF, "mscause", 0, 0xF, false },
    { 0xBC0, "mdeau", 0, 0, true },
    { 0xBC8, "meivt", 0, 0xFFFFFC00, false }, /* PIC: external interrupt vector table */
    { 0xBC9, "meipt", 0, 0xF, false },
    { 0xBCA, "meicpct", 0, 0, true },
    { 0xBCB, "meicidpl", 0, 0xF, false },
    { 0xBCC, "meicurpl", 0, 0xF, false },
    { 0xFC0, "mdseac", 0, 0, false }, /* read-only by address */
    { 0xFC8, "meihap", 0, 0, false },
};
#define N_VEER_CSRS (sizeof veer_csrs / sizeof veer_csrs[0])

struct veer_alloc {
    veer_core_state_t s;
    uint32_t value[N_VEER_CSRS];
    uint8_t ecc_iccm[VEER_ICCM_SIZE / 4], ecc_dccm[VEER_DCCM_SIZE / 4]; /* injected ECC errors */
};

static int find(unsigned csr)
{
    /* VeeR's CSRs live in the custom ranges 0x7c0-0x7ff, 0xbc0-0xbff and 0xfc0-0xfff. */
    if ((csr & 0x3c0) != 0x3c0 || (csr >> 10) == 0)
        return -1;
    for (unsigned k = 0; k < N_VEER_CSRS; k++)
        if (veer_csrs[k].csr == csr)
            return (int)k;
    return -1;
}

static veer_core_state_t *state(hart_t *h)
{
    if (!h->core_state) {
        struct veer_alloc *a = calloc(1, sizeof *a);
        if (!a)
            return NULL;
        a->s.value = a->value;
        a->s.ecc.iccm = a->ecc_iccm;
        a->s.ecc.dccm = a->ecc_dccm;
        a->s.flt.pending_mscause = -1;
        h->core_state = &a->s;
    }
    return h->core_state;
}

veer_core_state_t *veer_state(hart_t *h)
{
    return state(h);
}

static uint32_t *reg(veer_core_state_t *s, unsigned csr)
{
    return &s->value[find(csr)];
}

uint32_t *veer_csr(veer_core_state_t *s, unsigned csr)
{
    return reg(s, csr);
}

/* Cycles until timer `t` reaches its bound, counting from `cnt`. */
static uint64_t to_bound(uint32_t cnt, uint32_t bound)
{
    return cnt >= bound ? 0 : (uint64_t)bound - cnt;
}

static bool timer_counts(uint32_t ctl, enum hart_run_state st)
{
    return (ctl & MITCTL_ENABLE) && (st != RUN_PAUSED || (ctl & MITCTL_PAUSE_EN)) &&
           (st != RUN_HALTED || (ctl & MITCTL_HALT_EN));
}

/* Advances one timer by `cycles`: it counts up to its bound, raises its interrupt in the cycle it
 * reaches it and reads 0 the cycle after. Returns how many times it reached the bound. */
static uint64_t timer_advance(uint32_t *cnt, bool *fired, uint32_t bound, uint64_t cycles)
{
    if (cycles == 0)
        return 0;
    uint64_t period = (uint64_t)bound + 1;
    uint64_t d = *fired ? period : to_bound(*cnt, bound); /* cycles until it is at the bound */
    if (cycles < d) {
        *cnt = *fired ? (uint32_t)(cycles - 1) : *cnt + (uint32_t)cycles;
        *fired = false;
        return 0;
    }
    uint64_t rest = cycles - d;        /* cycles after the first hit */
    uint64_t hits = 1 + rest / period; /* at the bound again every period cycles */
    *cnt = rest ? (uint32_t)((rest - 1) % period) : bound;
    *fired = rest % period == 0;
    return hits;
}

static uint64_t veer_advance(hart_t *h, uint64_t cycles, enum hart_run_state st)
{
    veer_core_state_t *s = state(h);
    if (!s)
        return UINT64_MAX;
    uint32_t *cnt0 = reg(s, CSR_MITCNT0), *cnt1 = reg(s, CSR_MITCNT1);
    uint32_t b0 = *reg(s, CSR_MITB0), b1 = *reg(s, CSR_MITB1);
    uint32_t ctl0 = *reg(s, CSR_MITCTL0), ctl1 = *reg(s, CSR_MITCTL1);
    if (cycles && s->pulses) { /* the interrupts are one-cycle pulses, not latched */
        uint64_t ended = s->pulses;
        s->pulses = 0;
        hart_set_lines(h, ended, 0);
    }
    uint64_t hits0 = 0, hits1 = 0;
    if (timer_counts(ctl0, st))
        hits0 = timer_advance(cnt0, &s->fired[0], b0, cycles);
    if (timer_counts(ctl1, st)) {
        /* Cascade: timer 1 counts the cycles in which timer 0 is at its bound. */
        uint64_t c1 = (ctl1 & MITCTL_CASCADE) ? hits0 : cycles;
        hits1 = timer_advance(cnt1, &s->fired[1], b1, c1);
    }
    if (hits0)
        s->pulses |= 1ull << IRQ_MITIP0;
    if (hits1)
        s->pulses |= 1ull << IRQ_MITIP1;
    if (s->pulses)
        hart_set_lines(h, s->pulses, s->pulses);
    /* an armed execute trigger is checked at every block boundary: back to the run loop soon */
    uint64_t next = veer_exec_triggers_armed(s) ? 1 : UINT64_MAX;
    if (timer_counts(ctl0, RUN_ACTIVE) || timer_counts(ctl0, st)) {
        uint64_t d0 = s->fired[0] ? (uint64_t)b0 + 1 : to_bound(*cnt0, b0);
        next = d0 < next ? d0 : next;
    }
    if (!(ctl1 & MITCTL_CASCADE) && (timer_counts(ctl1, RUN_ACTIVE) || timer_counts(ctl1, st))) {
        uint64_t d1 = s->fired[1] ? (uint64_t)b1 + 1 : to_bound(*cnt1, b1);
        next = d1 < next ? d1 : next;
    }
    return next;
}

/* Cycles until an internal timer raises an interrupt enabled in mie, staying in `st`. */
static uint64_t veer_wake(hart_t *h, enum hart_run_state st)
{
    veer_core_state_t *s = state(h);
    if (!s)
        return UINT64_MAX;
    uint32_t cnt0 = *reg(s, CSR_MITCNT0), cnt1 = *reg(s, CSR_MITCNT1);
    uint32_t b0 = *reg(s, CSR_MITB0), b1 = *reg(s, CSR_MITB1);
    uint32_t ctl0 = *reg(s, CSR_MITCTL0), ctl1 = *reg(s, CSR_MITCTL1);
    bool counts0 = timer_counts(ctl0, st);
    /* timer 0 is at its bound after d0 cycles, then every b0 + 1 */
    uint64_t d0 = s->fired[0] ? (uint64_t)b0 + 1 : to_bound(cnt0, b0);
    uint64_t next = UINT64_MAX;
    if (counts0 && ((h->csr.mie >> IRQ_MITIP0) & 1))
        next = d0;
    if (timer_counts(ctl1, st) && ((h->csr.mie >> IRQ_MITIP1) & 1)) {
        uint64_t k1 = s->fired[1] ? (uint64_t)b1 + 1 : to_bound(cnt1, b1);
        uint64_t d1;
        if (!(ctl1 & MITCTL_CASCADE))
            d1 = k1;
        else if (!counts0)
            d1 = UINT64_MAX; /* it counts timer 0's hits, and timer 0 stands still */
        else /* the k1-th hit of timer 0 (at least the next one); k1, b0 + 1 <= 2^32: no overflow */
            d1 = u64_add_sat(d0, (k1 ? k1 - 1 : 0) * ((uint64_t)b0 + 1));
        next = d1 < next ? d1 : next;
    }
    return next;
}

static bool veer_read(hart_t *h, unsigned csr, uint64_t *val)
{
    int k = find(csr);
    veer_core_state_t *s = state(h);
    if (!s)
        return false;
    if (veer_trigger_csr_read(s, csr, val) || veer_fault_csr_read(h, s, csr, val))
        return true;
    if (k < 0)
        return false;
    if (csr == CSR_MITCNT0 || csr == CSR_MITCNT1)
        hart_advance_core(h, RUN_ACTIVE); /* bring the count up to this cycle */
    *val = veer_csrs[k].reads_zero ? 0 : s->value[k];
    return true;
}

static bool veer_write(hart_t *h, unsigned csr, uint64_t val)
{
    int k = find(csr);
    veer_core_state_t *s = state(h);
    if (!s)
        return false;
    if (veer_trigger_csr_write(h, s, csr, val) || veer_fault_csr_write(h, s, csr, val))
        return true;
    if (k < 0)
        return false;
    const veer_csr_desc_t *d = &veer_csrs[k];
    if ((csr >= CSR_MITCNT0 && csr <= CSR_MITCTL1) || csr == CSR_MPMC || csr == CSR_MCPC)
        hart_advance_core(h, RUN_ACTIVE); /* the cycles up to this write were active */
    s->value[k] = (s->value[k] & ~d->writable) | ((uint32_t)val & d->writable);
    if (csr == CSR_MITCNT0 || csr == CSR_MITCNT1)
        s->fired[csr == CSR_MITCNT1] = false; /* the written value stands */
    if (csr == CSR_MPMC && (val & 1) && !h->halted) {
        /* Firmware halt until an enabled interrupt is pending; haltie sets mstatus.MIE with it. */
        if (val & 2)
            csr_set_mstatus(h, h->csr.mstatus | MSTATUS_MIE);
        h->halted = true;
        hart_kick(h);
    }
    if (csr == 0xBC9 || csr == 0xBCC) /* meipt, meicurpl: the PIC's threshold moved */
        veer_pic_update(h, s, false);
    if (csr == CSR_MCPC && val) {
        h->pause_cycles = val;
        hart_kick(h);
    }
    return true;
}

static void veer_reset(hart_t *h)
{
    veer_core_state_t *s = state(h);
    if (!s)
        return;
    for (unsigned k = 0; k < N_VEER_CSRS; k++)
        s->value[k] = veer_csrs[k].reset;
    s->pulses = 0;
    s->fired[0] = s->fired[1] = false;
    veer_triggers_reset(s);
    veer_faults_reset(h, s);
    veer_ecc_reset(s);
    veer_pic_reset(s);
}

/* Operand-dependent event classes, as the VeeR EL2 decoder sets them (docs/pmu-veer-el2.md):
 * the three CSR instruction kinds of events 16-18, returns and unpredictable jumps (event 27). */
static evset_t veer_decode_events(const decoded_insn_t *d)
{
    bool rd_x0 = d->rd == 32; /* the decoder sends writes to x0 to the sink register */
    switch (d->op) {
    case OP_CSRRW:
    case OP_CSRRWI: return rd_x0 ? EVBIT(CSR_WRITE) : EVBIT(CSR_RW);
    case OP_CSRRS:
    case OP_CSRRC:
    case OP_CSRRSI:
    case OP_CSRRCI: return d->rs1 == 0 ? EVBIT(CSR_READ) : EVBIT(CSR_RW);
    case OP_JAL: return (d->imm >= -4096 && d->imm < 4096) ? 0 : EVBIT(JUMP_UNPRED);
    case OP_JALR: return (rd_x0 && (d->rs1 == 1 || d->rs1 == 5)) ? EVBIT(RETURN) : EVBIT(JUMP_UNPRED);
    default: return 0;
    }
}

veer_timing_t *veer_timing_of(hart_t *h)
{
    veer_core_state_t *s = h->core_state;
    return s ? s->timing : NULL;
}

/* The timing model is on unless the machine option timing=off was given. */
static bool veer_setup(hart_t *h, const core_config_t *cfg)
{
    if ((cfg->given & CORE_CFG_TIMING) && !cfg->timing)
        return true;
    veer_core_state_t *s = state(h);
    if (!s)
        return false;
    s->timing = veer_timing_new();
    /* D-bus transactions and busy cycles depend on the 8-byte bus word of each access */
    h->core_addr_events = EVBIT(TM_DBUS_TRANS) | EVBIT(TM_DBUS_BUSY);
    if (s->timing)
        veer_timing_attach(h, s->timing);
    return s->timing != NULL;
}

static void veer_destroy(hart_t *h)
{
    veer_core_state_t *s = h->core_state;
    veer_timing_detach(h);
    veer_timing_free(s->timing);
    s->timing = NULL;
}

static const core_ext_t veer_el2_ext = {
    .read = veer_read,
    .write = veer_write,
    .reset = veer_reset,
    .advance = veer_advance,
    .wake = veer_wake,
    .decode_events = veer_decode_events,
    .access_fault = veer_access_fault,
    .fetch_fault = veer_fetch_fault,
    .trap_taken = veer_trap_taken,
    .take_event = veer_take_event,
    .signal = veer_signal,
    .block_built = veer_timing_block_built,
    .block_retired = veer_timing_block_retired,
    .prefix_as_block = true,
    .retire_translated = veer_timing_retire_translated,
    .retire_hint = veer_timing_retire_hint,
    .data_access = veer_timing_data_access,
    .div = veer_timing_div,
    .destroy = veer_destroy,
};

/* The default build (configs/veer.config): RV32IMC + Zba/Zbb/Zbc/Zbs, machine mode (U-mode is a
 * build option), internal timers 0 and 1 as interrupts 29 and 28. */
const core_desc_t core_veer_el2 = {
    .name = "veer-el2",
    .xlen = 32,
    .isa = ISA_EXT_M | ISA_EXT_C | ISA_EXT_ZICSR | ISA_EXT_ZIFENCEI | ISA_EXT_ZBA | ISA_EXT_ZBB |
           ISA_EXT_ZBC | ISA_EXT_ZBS,
    .mvendorid = 0x45,
    .marchid = 0x10,
    .mimpid = 0x4,
    .mstatus_reset = 0x1800,
    .platform_irqs = (1ull << IRQ_MITIP0) | (1ull << IRQ_MITIP1),
    .timer_irqs = (1ull << IRQ_MITIP0) | (1ull << IRQ_MITIP1),
    .wfi_is_nop = true,
    .pmp_entries = 16, /* configs/veer.config: pmp_entries = 16 */
    .pmu = &pmu_model_veer_el2,
    .ext = &veer_el2_ext,
    .setup = veer_setup,
};
