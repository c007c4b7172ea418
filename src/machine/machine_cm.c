/* Machines with a MIPS coherence manager (docs/mips-cm.md): the harts' accesses feed the CM's
 * memory model, and the DMA engine copies through an IOCU. */
#include <string.h>

#include "cpu/csr.h"
#include "cpu/exec.h"
#include "cpu/pmp.h"
#include "dev/mips_cm.h"
#include "machine/machine.h"
#include "mem/l1_memo.h"

/* n occurrences of an SBI cache event of the hart's PMU (the PMU model maps them to SBI indices:
 * core/generic/pmu_model.c, as for the virt machines' hierarchy). */
static inline void count(pmu_t *p, unsigned ev, unsigned n)
{
    if (n && (!p->observe || (p->dyn_interest & ((evset_t)1 << ev)))) /* else nothing selects it */
        pmu_commit_event_n(p, ev, n);
}

/* What a hart's access did in its core's L1 and in the L2, as the hart's cache events: L1 accesses
 * and misses (a store to a shared line, which needs an upgrade, is a miss), the L2 reads that
 * filled its L1 and the L2 write-backs it caused (docs/mips-cm.md "Cache events"). */
static void count_outcome(hart_t *h, unsigned kind, bool presumed, const coh_outcome_t *o)
{
    pmu_t *p = &h->pmu;
    if (kind == COH_IFETCH) {
        count(p, EV_ICACHE_REQ, o->l1_access);
        count(p, EV_ICACHE_MISS, o->l1_miss);
    } else {
        bool store = kind == COH_STORE;
        unsigned access_ev = store ? EV_DCACHE_WRITE : EV_DCACHE_READ;
        evset_t access = (evset_t)1 << access_ev;
        /* presumed by the instruction (MEM_ACCESS_PRESUMED): one access already counted, taken
         * back when it was none (uncached; every slot that counts it selects it alone) */
        if (!presumed)
            count(p, access_ev, o->l1_access);
        else if (o->l1_access > 1)
            count(p, access_ev, o->l1_access - 1);
        else if (!o->l1_access && (p->dyn_interest & access))
            pmu_retract_events(p, access, access);
        count(p, store ? EV_DCACHE_WRITE_MISS : EV_DCACHE_READ_MISS, o->l1_miss);
    }
    count(p, EV_L2_WRITE, o->l2_write);
    count(p, EV_L2_WRITE_MISS, o->l2_write_miss);
    count(p, EV_L2_READ, o->l2_read);
    count(p, EV_L2_READ_MISS, o->l2_read_miss);
}

void machine_cm_mem_access(void *ctx, hart_t *h, uint64_t addr, unsigned size, unsigned kind,
                           const bus_region_t *r)
{
    machine_t *m = ctx;
    bool presumed = kind & MEM_ACCESS_PRESUMED;
    kind &= MEM_ACCESS_KIND;
    /* the core's own model: the virt machines' memory hierarchy; on p8700 its TLBs */
    if (h->core_ext && h->core_ext->mem_access)
        h->core_ext->mem_access(h, addr, size, kind, r);
    if (!m->cm)
        return;
    enum coh_cca cca = COH_CACHED;
    if (r && !r->host)
        cca = COH_REGISTER;
    else if (r && (r->flags & REGION_UNCACHED))
        cca = COH_UNCACHED;
    else if (r && (r->flags & REGION_UNCACHED_ACCEL))
        cca = COH_UNCACHED_ACC;
    unsigned core = (unsigned)(h - m->harts) / m->harts_per_core;
    coh_outcome_t out = { 0 };
    mips_cm_core_access(m->cm, core, addr, size, (enum coh_access)kind, cca, &out);
    count_outcome(h, kind, presumed, &out);
}

void machine_cm_attach(machine_t *m, hart_t *h)
{
    if (!m->cm)
        return;
    unsigned core = (unsigned)(h - m->harts) / m->harts_per_core;
    h->l1d_memo = mips_cm_l1_memo(m->cm, core, false);
    /* translated code's hits: main RAM only (l1_memo_t.fast_lo) */
    h->l1d_memo->fast_lo = h->ram_base;
    h->l1d_memo->fast_hi = h->ram_base + h->ram_size;
    /* stores to watched granules (code, tohost, reservations) are no hits in translated code:
     * every L1D memo of the ring leaves them out of its store tags */
    for (l1_memo_t *k = h->l1d_memo; k && !k->watch;) {
        k->watch = m->store_watch;
        k = k->peer;
    }
    h->l1i_memo = mips_cm_l1_memo(m->cm, core, true);
    /* L1 accesses presumed by the blocks (hart_t.load_presumed, fetch_presumed_lines): a memo hit
     * is one, so the memos stay on while they are counted; the model counts every access it
     * sees, and what it saw is taken back from the presumed counts (cpu/mem.c, mem_observe.c) */
    h->load_presumed = EVBIT(DCACHE_READ);
    h->store_presumed = EVBIT(DCACHE_WRITE);
    h->fetch_presumed = EVBIT(ICACHE_REQ);
    h->fetch_presumed_lines = true;
}

void machine_cm_reset(machine_t *m, uint64_t entry)
{
    if (!m->cm)
        return;
    mips_cm_boot(m->cm, entry, m->all_harts_start);
    for (unsigned k = 1; k < m->n_harts && !m->all_harts_start; k++)
        machine_cm_hart_run(m, k, false, 0); /* held in reset until the CPC starts it */
}

void machine_cm_hart_run(void *ctx, unsigned hart, bool run, uint64_t pc)
{
    machine_t *m = ctx;
    if (!m->cm || hart >= m->n_harts)
        return;
    hart_t *h = &m->harts[hart];
    if (!run) {
        /* held as in reset: a gated clock, and no interrupt can wake it (mie is 0) */
        h->halted = true;
        h->wfi_wait = false;
        h->csr.mie = 0;
        hart_irq_state_changed(h);
        hart_kick(h);
        return;
    }
    /* out of reset at pc: registers and CSRs as at reset, a0 = mhartid, M-mode; its clocks and
     * counters go on from where they are (they did not count while it was held) */
    memset(h->x, 0, sizeof h->x);
    h->x[10] = h->csr.mhartid;
    h->pc = pc;
    h->halted = h->wfi_wait = false;
    h->pause_cycles = 0;
    h->reservation_valid = false;
    h->trap_depth = 0;
    h->trap_unreturned = false;
    h->trap_repeat = 0;
    csr_reset(h);
    if (m->clint)
        clint_lines_lost(m->clint, hart); /* the reset cleared its lines: MTIP is driven again */
    if (m->desc->core->mstatus_reset)
        h->csr.mstatus = m->desc->core->mstatus_reset;
    hart_set_priv(h, PRIV_M);
    hart_irq_state_changed(h);
    pmp_changed(h);
    hart_kick(h);
}

bool machine_cm_dma(void *ctx, unsigned iocu, uint64_t src, uint64_t dst, uint64_t len, bool coherent)
{
    machine_t *m = ctx;
    if (!m->cm)
        return false;
    uint8_t *from = len ? bus_ram_ptr(&m->bus, src, len) : NULL;
    uint8_t *to = len ? bus_ram_ptr(&m->bus, dst, len) : NULL;
    if (len && (!from || !to))
        return false;
    if (len)
        memmove(to, from, len);
    mips_cm_iocu_access(m->cm, iocu, src, len, false, coherent);
    mips_cm_iocu_access(m->cm, iocu, dst, len, true, coherent);
    /* what the copy wrote: decoded code there is dropped, reservations there are broken */
    for (unsigned k = 0; k < m->n_harts && len; k++) {
        hart_t *h = &m->harts[k];
        if (block_range_has_code(h, dst, len))
            h->code_dirty = true;
        if (h->reservation_valid && h->reservation_addr < dst + len && dst < (h->reservation_addr | 63) + 1)
            h->reservation_valid = false;
    }
    if (len)
        hart_kick(m->running);
    return true;
}
