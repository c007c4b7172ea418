/* Sscofpmf and Smcntrpmf (docs/architecture.md "Counter overflow"). Overflow is exact: the run
 * loop runs at most sscof_insns_to_overflow() instructions (cutting a block if it must), so the
 * instruction that wraps a counter is the last one before sscof_check raises LCOFIP, and the
 * interrupt is taken before the next one. */
#include "cpu/sscofpmf.h"
#include "cpu/csr.h"
#include "pmu/model.h"

#define CSR_MCYCLECFG 0x321
#define CSR_MINSTRETCFG 0x322
#define CSR_MCYCLECFGH 0x721
#define CSR_MINSTRETCFGH 0x722
#define CSR_MHPMEVENT3H 0x723

unsigned sscof_modes(uint64_t v)
{
    unsigned modes = PMU_MODES_ALL;
    if (v & MHPMEVENT_MINH)
        modes &= ~(1u << PRIV_M);
    if (v & MHPMEVENT_SINH)
        modes &= ~(1u << PRIV_S);
    if (v & MHPMEVENT_UINH)
        modes &= ~(1u << PRIV_U);
    return modes; /* VSINH/VUINH: no H extension, stored only */
}

void sscof_rearm(hart_t *h)
{
    uint32_t armed = 0;
    if (sscof_has(h)) {
        const pmu_t *p = &h->pmu;
        uint64_t now = hart_cycle(h);
        for (unsigned n = 3; n < 32; n++) {
            if (!((p->model->hpm_mask >> n) & 1) || (p->selector[n] & MHPMEVENT_OF) ||
                p->slot[n].kind == SLOT_OFF || p->slot[n].inhibited)
                continue;
            armed |= 1u << n;
            h->ovf_last[n] = pmu_read(p, n, now);
        }
    }
    h->ovf_armed = armed;
    hart_kick(h); /* the run loop looks at the distance to the next overflow again */
}

void sscof_event_written(hart_t *h, unsigned n)
{
    if (!sscof_has(h))
        return;
    pmu_set_slot_modes(&h->pmu, n, sscof_modes(h->pmu.selector[n]), hart_cycle(h));
    hart_pmu_changed(h);
    sscof_rearm(h);
}

uint64_t sscof_insns_to_overflow(const hart_t *h)
{
    const pmu_t *p = &h->pmu;
    uint64_t best = UINT64_MAX, now = hart_cycle(h);
    for (uint32_t a = h->ovf_armed; a; a &= a - 1) {
        unsigned n = (unsigned)__builtin_ctz(a);
        if (!pmu_slot_counting(p, n))
            continue;
        uint64_t left = p->slot[n].width_mask - pmu_read(p, n, now); /* increments before the wrap */
        if (left < best)
            best = left;
    }
    return best == UINT64_MAX ? UINT64_MAX : best + 1;
}

void sscof_check(hart_t *h)
{
    pmu_t *p = &h->pmu;
    uint64_t now = hart_cycle(h);
    for (uint32_t a = h->ovf_armed; a; a &= a - 1) {
        unsigned n = (unsigned)__builtin_ctz(a);
        uint64_t v = pmu_read(p, n, now);
        if (v < h->ovf_last[n]) { /* wrapped: OF was clear, so the interrupt is raised */
            p->selector[n] |= MHPMEVENT_OF;
            h->ovf_armed &= ~(1u << n);
            hart_set_sw_pending(h, 1ull << IRQ_LCOF, 1ull << IRQ_LCOF);
        }
        h->ovf_last[n] = v;
    }
}

bool sscof_rd_scountovf(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)csr, (void)own;
    if (!sscof_has(h))
        return false;
    uint64_t v = 0;
    for (unsigned n = 3; n < 32; n++)
        if (h->pmu.selector[n] & MHPMEVENT_OF)
            v |= 1ull << n;
    if (h->priv < PRIV_M)
        v &= h->csr.mcounteren; /* S-mode sees the counters M-mode lets it read */
    *val = v;
    return true;
}

bool sscof_rd_mhpmeventh(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)own;
    if (!sscof_has(h) || h->xlen != 32)
        return false;
    *val = h->pmu.selector[csr - CSR_MHPMEVENT3H + 3] >> 32;
    return true;
}

void sscof_wr_mhpmeventh(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)own;
    unsigned n = csr - CSR_MHPMEVENT3H + 3;
    const pmu_model_t *m = h->pmu.model;
    if (!((m->hpm_mask >> n) & 1))
        return;
    uint64_t sel = (h->pmu.selector[n] & UINT32_MAX) | (v & UINT32_MAX) << 32;
    pmu_set_selector(&h->pmu, n, m->legalize(m, sel), hart_cycle(h));
    hart_pmu_changed(h);
    sscof_event_written(h, n);
}

static uint64_t *countercfg(hart_t *h, unsigned csr)
{
    return (csr & 0xFF) == (CSR_MCYCLECFG & 0xFF) ? &h->csr.mcyclecfg : &h->csr.minstretcfg;
}

bool sscof_rd_countercfg(hart_t *h, unsigned csr, evset_t own, uint64_t *val)
{
    (void)own;
    if (!(h->isa & ISA_EXT_SMCNTRPMF) || (csr >= CSR_MCYCLECFGH && h->xlen != 32))
        return false;
    uint64_t v = *countercfg(h, csr);
    *val = csr >= CSR_MCYCLECFGH ? v >> 32 : v;
    return true;
}

void sscof_wr_countercfg(hart_t *h, unsigned csr, uint64_t v, evset_t own)
{
    (void)own;
    uint64_t *cfg = countercfg(h, csr);
    if (csr >= CSR_MCYCLECFGH)
        v = (*cfg & UINT32_MAX) | (v & UINT32_MAX) << 32;
    else if (h->xlen == 32)
        v = (*cfg & ~(uint64_t)UINT32_MAX) | (v & UINT32_MAX);
    *cfg = v & COUNTERCFG_INH_BITS;
    unsigned slot = cfg == &h->csr.mcyclecfg ? PMU_SLOT_CYCLE : PMU_SLOT_INSTRET;
    pmu_set_slot_modes(&h->pmu, slot, sscof_modes(*cfg), hart_cycle(h));
    hart_pmu_changed(h);
}
