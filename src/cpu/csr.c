/* The standard CSR set (privileged spec v1.12) and the counter CSRs, which belong to the PMU. */
#include "cpu/csr.h"

#include "cpu/exec.h"
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
    return MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM | MSTATUS_MXR |
           (h->xlen == 64 ? MSTATUS_UXL : 0);
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
    h->csr.mstatus = value;
    hart_irq_state_changed(h);
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

/* Reads a CSR. Returns false when it does not exist or may not be read at this privilege.
 * `own` holds the events of the reading instruction (counters are read as of before it). */
static bool csr_read(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    csr_state_t *c = &h->csr;
    if (h->core_ext && h->core_ext->read && h->priv == PRIV_M && h->core_ext->read(h, csr, val))
        return true;
    unsigned slot;
    bool high, user;
    if (counter_csr(csr, &slot, &high, &user)) {
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
    switch (csr) {
    case CSR_MSTATUS: *val = c->mstatus; break;
    case CSR_MSTATUSH:
        if (h->xlen != 32)
            return false;
        *val = 0;
        break;
    case CSR_MISA: *val = c->misa; break;
    case CSR_MEDELEG:
        if (!HAS_S(h))
            return false;
        *val = c->medeleg;
        break;
    case CSR_MIDELEG:
        if (!HAS_S(h))
            return false;
        *val = c->mideleg;
        break;
    case CSR_MIE: *val = c->mie; break;
    case CSR_MIP: *val = c->mip; break;
    case CSR_MTVEC: *val = c->mtvec; break;
    case CSR_MCOUNTEREN:
        if (!HAS_U(h))
            return false;
        *val = c->mcounteren;
        break;
    case CSR_MENVCFG:
        if (!HAS_U(h))
            return false;
        *val = c->menvcfg;
        break;
    case CSR_MCOUNTINHIBIT: *val = h->pmu.mcountinhibit; break;
    case CSR_MSCRATCH: *val = c->mscratch; break;
    case CSR_MEPC: *val = c->mepc; break;
    case CSR_MCAUSE: *val = c->mcause; break;
    case CSR_MTVAL: *val = c->mtval; break;
    case CSR_MVENDORID: *val = c->mvendorid; break;
    case CSR_MARCHID: *val = c->marchid; break;
    case CSR_MIMPID: *val = c->mimpid; break;
    case CSR_MHARTID: *val = c->mhartid; break;
    case CSR_MCONFIGPTR: *val = 0; break;
    case CSR_TSELECT:
    case CSR_TDATA1:
    case CSR_TDATA2:
    case CSR_TDATA3:
        *val = 0; /* no triggers implemented: tselect reads 0, tdata1 type 0 */
        break;
    /* Supervisor */
    case CSR_SSTATUS:
        if (!HAS_S(h))
            return false;
        *val = c->mstatus & sstatus_mask(h);
        break;
    case CSR_SIE:
        if (!HAS_S(h))
            return false;
        *val = c->mie & c->mideleg;
        break;
    case CSR_SIP:
        if (!HAS_S(h))
            return false;
        *val = c->mip & c->mideleg;
        break;
    case CSR_STVEC:
        if (!HAS_S(h))
            return false;
        *val = c->stvec;
        break;
    case CSR_SCOUNTEREN:
        if (!HAS_S(h))
            return false;
        *val = c->scounteren;
        break;
    case CSR_SENVCFG:
        if (!HAS_S(h))
            return false;
        *val = c->senvcfg;
        break;
    case CSR_SSCRATCH:
        if (!HAS_S(h))
            return false;
        *val = c->sscratch;
        break;
    case CSR_SEPC:
        if (!HAS_S(h))
            return false;
        *val = c->sepc;
        break;
    case CSR_SCAUSE:
        if (!HAS_S(h))
            return false;
        *val = c->scause;
        break;
    case CSR_STVAL:
        if (!HAS_S(h))
            return false;
        *val = c->stval;
        break;
    case CSR_SATP:
        if (!HAS_S(h) || (h->priv == PRIV_S && (c->mstatus & MSTATUS_TVM)))
            return false;
        *val = c->satp;
        break;
    default:
        if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) {
            *val = h->pmu.selector[csr - CSR_MHPMEVENT3 + 3];
            break;
        }
        if (csr >= CSR_PMPCFG0 && csr <= CSR_PMPCFG15) {
            if (h->xlen == 64 && (csr & 1))
                return false;
            *val = c->pmpcfg[csr - CSR_PMPCFG0];
            break;
        }
        if (csr >= CSR_PMPADDR0 && csr <= CSR_PMPADDR63) {
            *val = c->pmpaddr[csr - CSR_PMPADDR0];
            break;
        }
        return false;
    }
    *val &= xlen_mask(h);
    return true;
}

static void pmpcfg_write(hart_t *h, unsigned idx, uint64_t v)
{
    unsigned bytes = h->xlen / 8;
    uint64_t old = h->csr.pmpcfg[idx], n = 0;
    for (unsigned k = 0; k < bytes; k++) {
        uint8_t ob = (uint8_t)(old >> (8 * k)), nb = (uint8_t)(v >> (8 * k));
        if (ob & 0x80)
            nb = ob; /* locked entry */
        else
            nb &= 0x9f;        /* bits 6:5 reserved */
        if ((nb & 0x3) == 0x2) /* R=0,W=1 is reserved: drop W */
            nb &= (uint8_t)~0x2;
        n |= (uint64_t)nb << (8 * k);
    }
    h->csr.pmpcfg[idx] = n;
}

/* Writes a CSR that csr_read() accepted. */
static void csr_write(hart_t *h, unsigned csr, uint64_t v)
{
    csr_state_t *c = &h->csr;
    v &= xlen_mask(h);
    if (h->core_ext && h->core_ext->write && h->priv == PRIV_M && h->core_ext->write(h, csr, v))
        return;
    unsigned slot;
    bool high, user;
    if (counter_csr(csr, &slot, &high, &user)) {
        if (user || slot == 1)
            return; /* read-only views (csr_permitted refuses) */
        uint64_t old = pmu_read(&h->pmu, slot, hart_cycle(h));
        uint64_t n = h->xlen == 64 ? v
                     : high        ? (old & UINT32_MAX) | (v << 32)
                                   : (old & ~(uint64_t)UINT32_MAX) | v;
        pmu_write(&h->pmu, slot, n, hart_cycle(h)); /* the write wins over this instruction's increment */
        return;
    }
    switch (csr) {
    case CSR_MSTATUS: mstatus_write(h, v); break;
    case CSR_MSTATUSH: break;
    case CSR_MISA: break; /* WARL: extensions cannot be switched off */
    case CSR_MEDELEG: c->medeleg = v & 0xb3ff; break;
    case CSR_MIDELEG:
        c->mideleg = v & h->irq_mask &
                     ((1ull << IRQ_SSI) | (1ull << IRQ_STI) | (1ull << IRQ_SEI) | (1ull << IRQ_LCOF));
        break;
    case CSR_MIE: c->mie = v & h->irq_mask; break;
    case CSR_MIP: {
        uint64_t sw =
            h->irq_mask & ((1ull << IRQ_SSI) | (1ull << IRQ_STI) | (1ull << IRQ_SEI) | (1ull << IRQ_LCOF));
        c->mip = (c->mip & ~sw) | (v & sw);
        break;
    }
    case CSR_MTVEC: c->mtvec = (v & 3) >= 2 ? (v & ~(uint64_t)3) : v; break;
    case CSR_MCOUNTEREN:
        /* Bits of implemented counters only (VeeR with user mode: 0x7D); TM where time exists. */
        c->mcounteren = v & (h->pmu.model->inhibit_mask | (h->time_csr ? 2 : 0)) &
                        (((uint64_t)h->pmu.model->hpm_mask) | 7);
        break;
    case CSR_MENVCFG: c->menvcfg = v & 1; break;
    case CSR_MCOUNTINHIBIT:
        pmu_set_inhibit(&h->pmu, v, hart_cycle(h));
        hart_pmu_changed(h);
        break;
    case CSR_MSCRATCH: c->mscratch = v; break;
    case CSR_MEPC: c->mepc = v & ~(uint64_t)1; break;
    case CSR_MCAUSE: c->mcause = v; break;
    case CSR_MTVAL: c->mtval = v; break;
    case CSR_TSELECT:
    case CSR_TDATA1:
    case CSR_TDATA2:
    case CSR_TDATA3: break;
    case CSR_SSTATUS: mstatus_write(h, (c->mstatus & ~sstatus_mask(h)) | (v & sstatus_mask(h))); break;
    case CSR_SIE: c->mie = (c->mie & ~c->mideleg) | (v & c->mideleg & h->irq_mask); break;
    case CSR_SIP: {
        uint64_t sw = c->mideleg & ((1ull << IRQ_SSI) | (1ull << IRQ_LCOF));
        c->mip = (c->mip & ~sw) | (v & sw);
        break;
    }
    case CSR_STVEC: c->stvec = (v & 3) >= 2 ? (v & ~(uint64_t)3) : v; break;
    case CSR_SCOUNTEREN: c->scounteren = v & 0xffffffffu; break;
    case CSR_SENVCFG: c->senvcfg = v & 1; break;
    case CSR_SSCRATCH: c->sscratch = v; break;
    case CSR_SEPC: c->sepc = v & ~(uint64_t)1; break;
    case CSR_SCAUSE: c->scause = v; break;
    case CSR_STVAL: c->stval = v; break;
    case CSR_SATP: {
        /* Only Bare translation is implemented: a write selecting another mode is ignored. */
        uint64_t mode = h->xlen == 32 ? v >> 31 : v >> 60;
        if (mode == 0)
            c->satp = 0;
        break;
    }
    default:
        if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) {
            unsigned n = csr - CSR_MHPMEVENT3 + 3;
            const pmu_model_t *m = h->pmu.model;
            if ((m->hpm_mask >> n) & 1) {
                pmu_set_selector(&h->pmu, n, m->legalize(m, v), hart_cycle(h));
                hart_pmu_changed(h);
            }
            break;
        }
        if (csr >= CSR_PMPCFG0 && csr <= CSR_PMPCFG15) {
            pmpcfg_write(h, csr - CSR_PMPCFG0, v);
            break;
        }
        if (csr >= CSR_PMPADDR0 && csr <= CSR_PMPADDR63) {
            unsigned idx = csr - CSR_PMPADDR0;
            uint8_t cfg =
                (uint8_t)(c->pmpcfg[h->xlen == 32 ? idx / 4 : (idx / 8) * 2] >> (8 * (idx % (h->xlen / 8))));
            if (!(cfg & 0x80))
                c->pmpaddr[idx] = h->xlen == 32 ? v : v & ((1ull << 54) - 1);
            break;
        }
        break;
    }
}

/* Whether a write can change what the run loop decides: which interrupt is pending and enabled,
 * or when a timer fires. Counter, selector and trap-state CSRs cannot: writing them in a loop
 * must not cost a trip through the run loop each time. */
static bool csr_affects_run_loop(unsigned csr)
{
    switch (csr) {
    case CSR_MSTATUS:
    case CSR_SSTATUS:
    case CSR_MIE:
    case CSR_SIE:
    case CSR_MIP:
    case CSR_SIP:
    case CSR_MIDELEG: return true;
    default:
        /* core-specific CSRs (timers, halt, pause) */
        return (csr >= 0x7c0 && csr <= 0x7ff) || (csr >= 0xbc0 && csr <= 0xbff) || csr >= 0xfc0;
    }
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
    uint64_t old = 0;
    csr_read(h, csr, own, &old);
    if (csr_writes(d, op)) {
        uint64_t n;
        switch (op) {
        case OP_CSRRW:
        case OP_CSRRWI: n = src; break;
        case OP_CSRRS:
        case OP_CSRRSI: n = old | src; break;
        default: n = old & ~src; break;
        }
        csr_write(h, csr, n);
        if (csr_affects_run_loop(csr)) {
            hart_irq_state_changed(h);
            hart_kick(h);
        }
    }
    h->x[d->rd] = old; /* rd == x0 was rewritten to the sink register */
    return h->stop ? SYS_STOP : SYS_OK;
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
        { ISA_EXT_A, 'A' }, { ISA_EXT_C, 'C' }, { ISA_EXT_I, 'I' },
        { ISA_EXT_M, 'M' }, { ISA_EXT_S, 'S' }, { ISA_EXT_U, 'U' },
    };
    for (size_t k = 0; k < sizeof letters / sizeof letters[0]; k++)
        if (h->isa & letters[k].isa)
            ext |= 1ull << (letters[k].letter - 'A');
    c->misa = ext | (h->xlen == 32 ? 1ull << 30 : 2ull << 62);
    c->medeleg = c->mideleg = c->mie = 0;
    c->mip &= ~h->irq_mask;
    c->mtvec = c->mepc = c->mcause = c->mtval = c->mscratch = 0;
    c->stvec = c->sepc = c->scause = c->stval = c->sscratch = c->satp = 0;
    c->mcounteren = c->scounteren = c->menvcfg = c->senvcfg = 0;
    for (unsigned k = 0; k < 16; k++)
        c->pmpcfg[k] = 0;
    for (unsigned k = 0; k < 64; k++)
        c->pmpaddr[k] = 0;
    if (h->core_ext && h->core_ext->reset)
        h->core_ext->reset(h);
}
