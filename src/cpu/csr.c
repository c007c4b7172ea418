/* The standard CSR set (privileged spec v1.12) and the counter CSRs, which belong to the PMU. */
#include "cpu/csr.h"
#include "cpu/sscofpmf.h"

#include "cpu/exec.h"
#include "cpu/mmu.h"
#include "cpu/pmp.h"
#include "isa/isa.h"
#include "pmu/model.h"

#define HAS_S(h) (((h)->isa & ISA_EXT_S) != 0)
#define HAS_U(h) (((h)->isa & ISA_EXT_U) != 0)

static uint64_t xlen_mask(const hart_t *h)
{
    return h->xlen == 32 ? UINT32_MAX : UINT64_MAX;
}

static uint64_t sstatus_mask(const hart_t *h)
{
    return MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM | MSTATUS_MXR | MSTATUS_FS |
           (h->xlen == 64 ? MSTATUS_UXL : 0);
}

/* mstatus as read: SD summarises FS == Dirty. */
static uint64_t mstatus_read(const hart_t *h)
{
    uint64_t v = h->csr.mstatus;
    if ((v & MSTATUS_FS) == MSTATUS_FS)
        v |= 1ull << (h->xlen - 1);
    return v;
}

static uint64_t mstatus_writable(const hart_t *h)
{
    uint64_t w = MSTATUS_MIE | MSTATUS_MPIE;
    if (HAS_U(h))
        w |= MSTATUS_MPP | MSTATUS_MPRV;
    if (HAS_S(h))
        w |= MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM | MSTATUS_MXR | MSTATUS_TVM | MSTATUS_TW |
             MSTATUS_TSR;
    if (HAS_U(h))
        w |= MSTATUS_TW;
    if (h->isa & ISA_EXT_F)
        w |= MSTATUS_FS;
    return w;
}

static void mstatus_write(hart_t *h, uint64_t v)
{
    uint64_t w = mstatus_writable(h);
    uint64_t old = h->csr.mstatus;
    uint64_t n = (old & ~w) | (v & w);
    /* MPP is WARL: only implemented modes are kept. */
    unsigned mpp = (unsigned)((n & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
    bool legal = mpp == PRIV_M || (mpp == PRIV_U && HAS_U(h)) || (mpp == PRIV_S && HAS_S(h));
    if (!legal)
        n = (n & ~MSTATUS_MPP) | (old & MSTATUS_MPP);
    csr_set_mstatus(h, n);
}

void csr_set_mstatus(hart_t *h, uint64_t value)
{
    uint64_t old = h->csr.mstatus;
    h->csr.mstatus = value;
    hart_irq_state_changed(h);
    if ((old ^ value) & MSTATUS_MXR)
        mmu_ftlb_flush(h); /* loads of execute-only pages */
    if ((old ^ value) & (MSTATUS_MPRV | MSTATUS_MPP | MSTATUS_SUM))
        hart_mem_changed(h); /* the privilege of loads and stores, the fast TLB's key */
}

/* Counter CSR number -> PMU slot, for the machine (0xb..) and user (0xc..) views. */
static bool counter_csr(unsigned csr, unsigned *slot, bool *high, bool *user)
{
    unsigned base = csr & 0xf80, n = csr & 0x1f;
    *slot = n;
    *high = (base == 0xb80 || base == 0xc80);
    *user = (base == 0xc00 || base == 0xc80);
    return base == 0xb00 || base == 0xb80 || base == 0xc00 || base == 0xc80;
}

/* mcounteren/scounteren gate user and supervisor reads of cycle/time/instret/hpmcounterN. */
static bool counter_enabled(const hart_t *h, unsigned n)
{
    if (h->priv == PRIV_M)
        return true;
    if (!((h->csr.mcounteren >> n) & 1))
        return false;
    if (h->priv == PRIV_U && HAS_S(h) && !((h->csr.scounteren >> n) & 1))
        return false;
    return true;
}

static bool read_time(const hart_t *h, uint64_t *time)
{
    return h->platform && h->platform->read_time && h->platform->read_time(h->platform_ctx, time);
}

/* ---- the CSR table: one row per CSR (or range of numbered CSRs), as QEMU's csr_ops ---- */

static bool has_s(const hart_t *h)
{
    return HAS_S(h);
}
static bool has_u(const hart_t *h)
{
    return HAS_U(h);
}
static bool rv32(const hart_t *h)
{
    return h->xlen == 32;
}
static bool has_u_rv32(const hart_t *h)
{
    return HAS_U(h) && h->xlen == 32;
}

/* A plain register of csr_state_t: read as stored. */
#define FIELD_READ(fn, field) \
    static bool fn(hart_t *h, unsigned csr, evset_t own, uint64_t *val) \
    { \
        (void)csr, (void)own; \
        *val = h->csr.field; \
        return true; \
    }
static bool rd_mstatus(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)csr, (void)own;
    *val = mstatus_read(h);
    return true;
}
/* fflags, frm, fcsr: with F, and only while mstatus.FS is not Off (else illegal). */
static bool has_fp_on(const hart_t *h)
{
    return (h->isa & ISA_EXT_F) && (h->csr.mstatus & MSTATUS_FS);
}
static bool rd_fcsr(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)own;
    *val = csr == CSR_FFLAGS ? h->fflags : csr == CSR_FRM ? h->frm : (uint64_t)h->frm << 5 | h->fflags;
    return true;
}
static void wr_fcsr(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)own;
    if (csr == CSR_FFLAGS)
        h->fflags = v & 0x1f;
    else if (csr == CSR_FRM)
        h->frm = v & 7;
    else {
        h->fflags = v & 0x1f;
        h->frm = (v >> 5) & 7;
    }
    h->csr.mstatus |= MSTATUS_FS; /* Dirty */
}
FIELD_READ(rd_misa, misa)
FIELD_READ(rd_medeleg, medeleg)
FIELD_READ(rd_mideleg, mideleg)
FIELD_READ(rd_mie, mie)
FIELD_READ(rd_mip, mip)
FIELD_READ(rd_mtvec, mtvec)
FIELD_READ(rd_mcounteren, mcounteren)
FIELD_READ(rd_menvcfg, menvcfg)
FIELD_READ(rd_mscratch, mscratch)
FIELD_READ(rd_mepc, mepc)
FIELD_READ(rd_mcause, mcause)
FIELD_READ(rd_mtval, mtval)
FIELD_READ(rd_mvendorid, mvendorid)
FIELD_READ(rd_marchid, marchid)
FIELD_READ(rd_mimpid, mimpid)
FIELD_READ(rd_mhartid, mhartid)
FIELD_READ(rd_stvec, stvec)
FIELD_READ(rd_scounteren, scounteren)
FIELD_READ(rd_senvcfg, senvcfg)
FIELD_READ(rd_sscratch, sscratch)
FIELD_READ(rd_sepc, sepc)
FIELD_READ(rd_scause, scause)
FIELD_READ(rd_stval, stval)
#undef FIELD_READ

static bool rd_zero(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)h, (void)csr, (void)own;
    *val = 0; /* mstatush, mconfigptr, the trigger CSRs (no triggers: tselect 0, tdata1 type 0) */
    return true;
}
static bool rd_mcountinhibit(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)csr, (void)own;
    *val = h->pmu.mcountinhibit;
    return true;
}
static bool rd_sstatus(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)csr, (void)own;
    uint64_t sd = 1ull << (h->xlen - 1);
    *val = mstatus_read(h) & (sstatus_mask(h) | sd);
    return true;
}
static bool rd_sie(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)csr, (void)own;
    *val = h->csr.mie & h->csr.mideleg;
    return true;
}
static bool rd_sip(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)csr, (void)own;
    *val = h->csr.mip & h->csr.mideleg;
    return true;
}
static bool rd_satp(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)csr, (void)own;
    if (h->priv == PRIV_S && (h->csr.mstatus & MSTATUS_TVM))
        return false;
    *val = h->csr.satp;
    return true;
}
static bool rd_mhpmevent(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)own;
    *val = h->pmu.selector[csr - CSR_MHPMEVENT3 + 3];
    if (h->xlen == 32)
        *val &= UINT32_MAX; /* the high half is mhpmeventNh (Sscofpmf) */
    return true;
}
static bool rd_pmpcfg(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)own;
    if (h->xlen == 64 && (csr & 1))
        return false;
    *val = pmp_read_cfg(h, csr - CSR_PMPCFG0);
    return true;
}
static bool rd_pmpaddr(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)own;
    *val = pmp_read_addr(h, csr - CSR_PMPADDR0);
    return true;
}
/* mcycle, minstret, mhpmcounterN and their user views (cycle, time, instret, hpmcounterN), and
 * the RV32 high halves. */
static bool rd_counter(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    unsigned slot;
    bool high, user;
    counter_csr(csr, &slot, &high, &user);
    if (slot == 1 && !user)
        return false; /* there is no mtime CSR */
    if (high && h->xlen != 32)
        return false;
    if (user && (!HAS_U(h) || !counter_enabled(h, slot)))
        return false;
    uint64_t v;
    if (slot == 1) {
        if (!h->time_csr || !read_time(h, &v))
            return false;
    } else {
        v = pmu_read_for_insn(&h->pmu, slot, own, hart_cycle(h));
    }
    *val = high ? v >> 32 : v;
    return true;
}

/* A register of csr_state_t written under a mask of its writable bits. */
#define FIELD_WRITE(fn, field, writable) \
    static void fn(hart_t *h, unsigned csr, uint64_t v, evset_t own) \
    { \
        (void)csr, (void)own; \
        h->csr.field = v & (writable); \
    }
FIELD_WRITE(wr_mscratch, mscratch, UINT64_MAX)
FIELD_WRITE(wr_mcause, mcause, UINT64_MAX)
FIELD_WRITE(wr_mtval, mtval, UINT64_MAX)
FIELD_WRITE(wr_sscratch, sscratch, UINT64_MAX)
FIELD_WRITE(wr_scause, scause, UINT64_MAX)
FIELD_WRITE(wr_stval, stval, UINT64_MAX)
FIELD_WRITE(wr_mepc, mepc, ~(uint64_t)1)
FIELD_WRITE(wr_sepc, sepc, ~(uint64_t)1)
FIELD_WRITE(wr_menvcfg, menvcfg, 1)
FIELD_WRITE(wr_senvcfg, senvcfg, 1)
FIELD_WRITE(wr_scounteren, scounteren, 0xffffffffu)
#undef FIELD_WRITE

static void wr_ignore(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)own;
    (void)h, (void)csr, (void)v; /* WARL with nothing writable: misa, mstatush, triggers */
}
static void wr_mstatus(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    mstatus_write(h, v);
}
static void wr_medeleg(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    h->csr.medeleg = v & 0xb3ff;
}
static void wr_mideleg(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    h->csr.mideleg =
        v & h->irq_mask & ((1ull << IRQ_SSI) | (1ull << IRQ_STI) | (1ull << IRQ_SEI) | (1ull << IRQ_LCOF));
}
static void wr_mie(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    h->csr.mie = v & h->irq_mask;
}
static void wr_mip(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    uint64_t sw =
        h->irq_mask & ((1ull << IRQ_SSI) | (1ull << IRQ_STI) | (1ull << IRQ_SEI) | (1ull << IRQ_LCOF));
    hart_set_sw_pending(h, sw, v);
}
static uint64_t tvec_legal(uint64_t v)
{
    return (v & 3) >= 2 ? (v & ~(uint64_t)3) : v; /* modes 2 and 3 are reserved */
}
static void wr_mtvec(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    h->csr.mtvec = tvec_legal(v);
}
static void wr_mcounteren(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    /* Bits of implemented counters only; TM where time exists. */
    h->csr.mcounteren =
        v & (h->pmu.model->inhibit_mask | (h->time_csr ? 2 : 0)) & (((uint64_t)h->pmu.model->hpm_mask) | 7);
}
static void wr_mcountinhibit(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    pmu_set_inhibit(&h->pmu, v, hart_cycle(h));
    hart_pmu_changed(h);
    if (sscof_has(h))
        sscof_rearm(h);
}
static void wr_sstatus(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    mstatus_write(h, (h->csr.mstatus & ~sstatus_mask(h)) | (v & sstatus_mask(h)));
}
static void wr_sie(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    h->csr.mie = (h->csr.mie & ~h->csr.mideleg) | (v & h->csr.mideleg & h->irq_mask);
}
static void wr_sip(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    uint64_t sw = h->csr.mideleg & ((1ull << IRQ_SSI) | (1ull << IRQ_LCOF));
    hart_set_sw_pending(h, sw, v);
}
static void wr_stvec(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    h->csr.stvec = tvec_legal(v);
}
static void wr_satp(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)csr, (void)own;
    mmu_write_satp(h, v);
}
static void wr_mhpmevent(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)own;
    unsigned n = csr - CSR_MHPMEVENT3 + 3;
    const pmu_model_t *m = h->pmu.model;
    if ((m->hpm_mask >> n) & 1) {
        if (h->xlen == 32 && sscof_has(h)) /* the high half (OF, xINH) is mhpmeventNh's */
            v = (h->pmu.selector[n] & ~(uint64_t)UINT32_MAX) | (v & UINT32_MAX);
        pmu_set_selector(&h->pmu, n, m->legalize(m, v), hart_cycle(h));
        hart_pmu_changed(h);
        sscof_event_written(h, n);
    }
}
static void wr_pmpcfg(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)own;
    pmp_write_cfg(h, csr - CSR_PMPCFG0, v);
}
static void wr_pmpaddr(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)own;
    pmp_write_addr(h, csr - CSR_PMPADDR0, v);
}
static void wr_counter(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    unsigned slot;
    bool high, user;
    counter_csr(csr, &slot, &high, &user);
    /* The write replaces this instruction's increment (pmu_write after the block retired).
     * Writing one half of a 64-bit counter keeps the other half as it was before the
     * instruction, or on cores that say so as the instruction left it (carry included). */
    uint64_t now = hart_cycle(h);
    uint64_t other = h->pmu.model->half_write_keeps_increment ? pmu_read(&h->pmu, slot, now)
                                                              : pmu_read_before_insn(&h->pmu, slot, own, now);
    uint64_t n = h->xlen == 64 ? v
                 : high        ? (other & UINT32_MAX) | (v << 32)
                               : (other & ~(uint64_t)UINT32_MAX) | v;
    pmu_write(&h->pmu, slot, n, now);
    if (sscof_has(h))
        sscof_rearm(h);
}

/* Sorted by number. Rows whose read-only view (top bits 11) is refused by csr_permitted have no
 * write; `run_loop`: a write can change which interrupt is pending and enabled. */
static const csr_desc_t csr_table[] = {
    { CSR_FFLAGS, CSR_FCSR, "fflags", has_fp_on, rd_fcsr, wr_fcsr, false },
    { CSR_SSTATUS, CSR_SSTATUS, "sstatus", has_s, rd_sstatus, wr_sstatus, true },
    { CSR_SIE, CSR_SIE, "sie", has_s, rd_sie, wr_sie, true },
    { CSR_STVEC, CSR_STVEC, "stvec", has_s, rd_stvec, wr_stvec, false },
    { CSR_SCOUNTEREN, CSR_SCOUNTEREN, "scounteren", has_s, rd_scounteren, wr_scounteren, false },
    { CSR_SENVCFG, CSR_SENVCFG, "senvcfg", has_s, rd_senvcfg, wr_senvcfg, false },
    { CSR_SSCRATCH, CSR_SSCRATCH, "sscratch", has_s, rd_sscratch, wr_sscratch, false },
    { CSR_SEPC, CSR_SEPC, "sepc", has_s, rd_sepc, wr_sepc, false },
    { CSR_SCAUSE, CSR_SCAUSE, "scause", has_s, rd_scause, wr_scause, false },
    { CSR_STVAL, CSR_STVAL, "stval", has_s, rd_stval, wr_stval, false },
    { CSR_SIP, CSR_SIP, "sip", has_s, rd_sip, wr_sip, true },
    { CSR_SATP, CSR_SATP, "satp", has_s, rd_satp, wr_satp, false },
    { CSR_MSTATUS, CSR_MSTATUS, "mstatus", NULL, rd_mstatus, wr_mstatus, true },
    { CSR_MISA, CSR_MISA, "misa", NULL, rd_misa, wr_ignore, false },
    { CSR_MEDELEG, CSR_MEDELEG, "medeleg", has_s, rd_medeleg, wr_medeleg, false },
    { CSR_MIDELEG, CSR_MIDELEG, "mideleg", has_s, rd_mideleg, wr_mideleg, true },
    { CSR_MIE, CSR_MIE, "mie", NULL, rd_mie, wr_mie, true },
    { CSR_MTVEC, CSR_MTVEC, "mtvec", NULL, rd_mtvec, wr_mtvec, false },
    { CSR_MCOUNTEREN, CSR_MCOUNTEREN, "mcounteren", has_u, rd_mcounteren, wr_mcounteren, false },
    { CSR_MENVCFG, CSR_MENVCFG, "menvcfg", has_u, rd_menvcfg, wr_menvcfg, false },
    { CSR_MSTATUSH, CSR_MSTATUSH, "mstatush", rv32, rd_zero, wr_ignore, false },
    /* RV32, where menvcfg exists; its fields (STCE, PBMTE, ADUE, CDE) belong to extensions pmusim
     * does not implement: read-only 0 (WARL) */
    { CSR_MENVCFGH, CSR_MENVCFGH, "menvcfgh", has_u_rv32, rd_zero, wr_ignore, false },
    { CSR_MCOUNTINHIBIT, CSR_MCOUNTINHIBIT, "mcountinhibit", NULL, rd_mcountinhibit, wr_mcountinhibit,
      false },
    { 0x321, 0x322, "mcyclecfg", NULL, sscof_rd_countercfg, sscof_wr_countercfg, false },
    { CSR_MHPMEVENT3, CSR_MHPMEVENT31, "mhpmevent3", NULL, rd_mhpmevent, wr_mhpmevent, false },
    { CSR_MSCRATCH, CSR_MSCRATCH, "mscratch", NULL, rd_mscratch, wr_mscratch, false },
    { CSR_MEPC, CSR_MEPC, "mepc", NULL, rd_mepc, wr_mepc, false },
    { CSR_MCAUSE, CSR_MCAUSE, "mcause", NULL, rd_mcause, wr_mcause, false },
    { CSR_MTVAL, CSR_MTVAL, "mtval", NULL, rd_mtval, wr_mtval, false },
    { CSR_MIP, CSR_MIP, "mip", NULL, rd_mip, wr_mip, true },
    { CSR_PMPCFG0, CSR_PMPCFG15, "pmpcfg0", NULL, rd_pmpcfg, wr_pmpcfg, false },
    { CSR_PMPADDR0, CSR_PMPADDR63, "pmpaddr0", NULL, rd_pmpaddr, wr_pmpaddr, false },
    { 0x721, 0x722, "mcyclecfgh", NULL, sscof_rd_countercfg, sscof_wr_countercfg, false },
    { 0x723, 0x73f, "mhpmevent3h", NULL, sscof_rd_mhpmeventh, sscof_wr_mhpmeventh, false },
    { CSR_TSELECT, CSR_TDATA3, "tselect", NULL, rd_zero, wr_ignore, false },
    { CSR_MCYCLE, CSR_MHPMCOUNTER31, "mcycle", NULL, rd_counter, wr_counter, false },
    { CSR_MCYCLEH, CSR_MHPMCOUNTER31H, "mcycleh", NULL, rd_counter, wr_counter, false },
    { CSR_CYCLE, CSR_HPMCOUNTER31, "cycle", NULL, rd_counter, NULL, false },
    { CSR_CYCLEH, CSR_HPMCOUNTER31H, "cycleh", NULL, rd_counter, NULL, false },
    { 0xda0, 0xda0, "scountovf", NULL, sscof_rd_scountovf, NULL, false },
    { CSR_MVENDORID, CSR_MVENDORID, "mvendorid", NULL, rd_mvendorid, NULL, false },
    { CSR_MARCHID, CSR_MARCHID, "marchid", NULL, rd_marchid, NULL, false },
    { CSR_MIMPID, CSR_MIMPID, "mimpid", NULL, rd_mimpid, NULL, false },
    { CSR_MHARTID, CSR_MHARTID, "mhartid", NULL, rd_mhartid, NULL, false },
    { CSR_MCONFIGPTR, CSR_MCONFIGPTR, "mconfigptr", NULL, rd_zero, NULL, false },
};

const csr_desc_t *csr_find(unsigned csr)
{
    size_t lo = 0, hi = sizeof(csr_table) / sizeof(csr_table[0]);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (csr_table[mid].last < csr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < sizeof(csr_table) / sizeof(csr_table[0]) && csr_table[lo].first <= csr ? &csr_table[lo]
                                                                                       : NULL;
}

/* csr_find for an instruction of hart h: the row it found last first (csr_permitted and csr_exec
 * look each instruction's CSR up twice or three times, and one CSR, sstatus, is most of an OS's). */
static const csr_desc_t *csr_find_hart(hart_t *h, unsigned csr)
{
    const csr_desc_t *d = h->csr_recent;
    if (d && d->first <= csr && csr <= d->last)
        return d;
    d = csr_find(csr);
    if (d)
        h->csr_recent = d;
    return d;
}

const csr_desc_t *csr_table_rows(size_t *n)
{
    *n = sizeof(csr_table) / sizeof(csr_table[0]);
    return csr_table;
}

/* Reads a CSR as the instruction with events `own` sees it; false when it does not exist for this
 * hart (or not now: a counter the enable bits hide, satp under TVM). */
static bool csr_read(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    /* A core's own CSRs come first (in M-mode): they may shadow unimplemented standard numbers. */
    if (h->core_ext && h->core_ext->read && h->priv == PRIV_M && h->core_ext->read(h, csr, val))
        return true;
    const csr_desc_t *d = csr_find_hart(h, csr);
    if (!d || (d->exists && !d->exists(h)) || !d->read(h, csr, own, val))
        return false;
    if (h->core_ext && h->core_ext->csr_absent && h->core_ext->csr_absent(h, csr))
        return false;
    *val &= xlen_mask(h);
    return true;
}

/* What a CSR write can change of the run loop's decisions (csr_write). */
enum csr_write_effect {
    CSR_WROTE,      /* nothing */
    CSR_WROTE_IRQ,  /* which interrupt is pending and enabled (csr_desc_t.run_loop) */
    CSR_WROTE_CORE, /* a core's own CSR: its timers, halt or pause */
};

/* Writes a CSR that csr_read() accepted (`own`: the writing instruction's events). */
static enum csr_write_effect csr_write(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    v &= xlen_mask(h);
    if (h->core_ext && h->core_ext->write && h->priv == PRIV_M && h->core_ext->write(h, csr, v))
        return CSR_WROTE_CORE;
    const csr_desc_t *d = csr_find_hart(h, csr);
    if (d && d->write)
        d->write(h, csr, v, own);
    return d && d->run_loop ? CSR_WROTE_IRQ : CSR_WROTE;
}

static bool csr_writes(const dinsn_t *d, enum insn_op op)
{
    return op == OP_CSRRW || op == OP_CSRRWI || d->rs1 != 0;
}

bool csr_permitted(hart_t *h, const dinsn_t *d, enum insn_op op)
{
    unsigned csr = (unsigned)d->imm & 0xfff;
    if (h->priv < ((csr >> 8) & 3))
        return false;
    if (csr_writes(d, op) && (csr >> 10) == 3)
        return false;
    uint64_t dummy;
    return csr_read(h, csr, 0, &dummy);
}

sys_result_t csr_exec(hart_t *h, const dinsn_t *d, enum insn_op op, evset_t own)
{
    unsigned csr = (unsigned)d->imm & 0xfff;
    bool imm = op == OP_CSRRWI || op == OP_CSRRSI || op == OP_CSRRCI;
    uint64_t src = imm ? d->rs1 : h->x[d->rs1];
    uint64_t old = 0, flushes = h->bc.flushes;
    uint32_t ctx = h->ctx;
    own &= ~h->fetch_presumed; /* its fetch, done before it, is not the instruction's own event */
    csr_read(h, csr, own, &old);
    if (csr_writes(d, op)) {
        /* mip/sip read the OR of the software bits and the hardware lines, but a set or clear
         * modifies the software bits only (privileged spec 3.1.9): a line that is high must not
         * become a software bit that stays pending after the line falls */
        uint64_t base = old;
        if (csr == CSR_MIP || csr == CSR_SIP)
            base = (old & ~h->irq_lines) | (h->csr.mip_sw & h->irq_lines);
        uint64_t n;
        switch (op) {
        case OP_CSRRW:
        case OP_CSRRWI: n = src; break;
        case OP_CSRRS:
        case OP_CSRRSI: n = base | src; break;
        default: n = base & ~src; break;
        }
        enum csr_write_effect effect = csr_write(h, csr, n, own);
        if (effect != CSR_WROTE)
            hart_irq_state_changed(h);
        /* Back to the run loop after this block: for a core's CSR, and for an interrupt it may
         * take now; a write that leaves none pending and enabled (Linux's local_irq_enable and
         * disable, the uaccess SUM toggles) does not end the executor's run. */
        if (effect == CSR_WROTE_CORE || (effect == CSR_WROTE_IRQ && (h->csr.mip & h->csr.mie)))
            hart_kick(h);
    }
    h->x[d->rd] = old; /* rd == x0 was rewritten to the sink register */
    /* SYS_STOP also when the write dropped the decoded blocks (PMP) or changed the context blocks
     * are found in (satp): the executor must not follow the links of the block it is in */
    bool satp_written = csr == CSR_SATP && csr_writes(d, op);
    return h->stop || flushes != h->bc.flushes || ctx != h->ctx || satp_written ? SYS_STOP : SYS_OK;
}

void csr_reset(hart_t *h)
{
    csr_state_t *c = &h->csr;
    c->mstatus = (uint64_t)PRIV_M << MSTATUS_MPP_SHIFT;
    if (h->xlen == 64)
        c->mstatus |= (HAS_S(h) ? 2ull << 34 : 0) | (HAS_U(h) ? 2ull << 32 : 0);
    uint64_t ext = 0;
    static const struct {
        uint32_t isa;
        char letter;
    } letters[] = {
        { ISA_EXT_A, 'A' }, { ISA_EXT_C, 'C' }, { ISA_EXT_D, 'D' }, { ISA_EXT_F, 'F' },
        { ISA_EXT_I, 'I' }, { ISA_EXT_M, 'M' }, { ISA_EXT_S, 'S' }, { ISA_EXT_U, 'U' },
    };
    for (size_t k = 0; k < sizeof letters / sizeof letters[0]; k++)
        if (h->isa & letters[k].isa)
            ext |= 1ull << (letters[k].letter - 'A');
    c->misa = ext | (h->xlen == 32 ? 1ull << 30 : 2ull << 62);
    c->medeleg = c->mideleg = c->mie = 0;
    h->fflags = h->frm = 0; /* mstatus.FS = Off; the f registers keep their (zero) contents */
    hart_clear_pending(h);
    c->mtvec = c->mepc = c->mcause = c->mtval = c->mscratch = 0;
    c->stvec = c->sepc = c->scause = c->stval = c->sscratch = c->satp = 0;
    h->vm_levels = 0;
    h->vm_ctx = h->vm_gctx = 0; /* Bare; the ids of the contexts seen go on (blocks may carry them) */
    hart_ctx_update(h);
    mmu_flush_tlb(h);
    c->mcounteren = c->scounteren = c->menvcfg = c->senvcfg = 0;
    for (unsigned k = 0; k < 16; k++)
        c->pmpcfg[k] = 0;
    for (unsigned k = 0; k < 64; k++)
        c->pmpaddr[k] = 0;
    if (h->core_ext && h->core_ext->reset)
        h->core_ext->reset(h);
}
