/* Trap entry and return, interrupt selection (privileged spec 3.1.6-3.1.9, 3.3.2). */
#include "cpu/csr.h"
#include "cpu/exec.h"
#include "cpu/pmp.h"
#include "cpu/prof.h"

#define INTERRUPT_FLAG (1ull << 63)

/* Traps taken in a row with no instruction committed between them: the guest cannot make progress
 * (e.g. mtvec points at unmapped memory). */
#define TRAP_LOOP_LIMIT 64
/* The same exception at the same pc this many times in a row, each raised before the handler of
 * the previous one returned (mret/sret): the handler itself faults (e.g. it saves registers on a
 * stack that is not in memory) and runs into the same trap for ever. */
#define TRAP_REPEAT_LIMIT 64

static void count_trap_event(hart_t *h, bool interrupt, uint64_t code, uint64_t epc)
{
    evset_t ev;
    if (!interrupt)
        ev = EVBIT(EXCEPTION);
    else if ((h->timer_irq_mask >> code) & 1)
        ev = EVBIT(IRQ_TIMER);
    else if ((h->external_irq_mask >> code) & 1)
        ev = EVBIT(IRQ_EXTERNAL);
    else if (code == IRQ_MSI || code == IRQ_SSI)
        ev = EVBIT(IRQ_SOFTWARE);
    else
        ev = EVBIT(IRQ_OTHER);
    if (h->pmu.dyn_interest & ev) {
        if (h->prof)
            h->prof->at_pc = epc; /* recording: the trap's instruction */
        pmu_commit_events(&h->pmu, ev, 0);
    }
}

void trap_enter(hart_t *h, uint64_t cause, uint64_t tval, uint64_t epc)
{
    bool interrupt = (cause & INTERRUPT_FLAG) != 0;
    uint64_t code = cause & ~INTERRUPT_FLAG;
    csr_state_t *c = &h->csr;

    if (hart_insns(h) == h->last_trap_insns) {
        if (++h->trap_depth >= TRAP_LOOP_LIMIT) {
            h->trap_loop_kind = TRAP_LOOP_NO_PROGRESS;
            goto trap_loop;
        }
    } else {
        h->trap_depth = 0;
        h->last_trap_insns = hart_insns(h);
    }
    if (!interrupt) {
        if (h->trap_unreturned && cause == h->repeat_cause && epc == h->repeat_epc) {
            if (++h->trap_repeat >= TRAP_REPEAT_LIMIT) {
                h->trap_loop_kind = TRAP_LOOP_HANDLER_FAULTS;
                goto trap_loop;
            }
        } else {
            h->trap_repeat = 0;
            h->repeat_cause = cause;
            h->repeat_epc = epc;
        }
        h->trap_unreturned = true;
    }
    count_trap_event(h, interrupt, code, epc);
    if (!interrupt && h->priv != PRIV_M && h->platform && h->platform->firmware_exception)
        h->platform->firmware_exception(h->platform_ctx, h, code);
    h->reservation_valid = false;

    uint64_t xcause = interrupt ? (code | (h->xlen == 32 ? 1ull << 31 : INTERRUPT_FLAG)) : code;
    bool delegated = h->priv <= PRIV_S && (((interrupt ? c->mideleg : c->medeleg) >> code) & 1);
    if (delegated) {
        c->sepc = epc;
        c->scause = xcause;
        c->stval = tval;
        uint64_t s = c->mstatus;
        s = (s & ~MSTATUS_SPIE) | ((s & MSTATUS_SIE) ? MSTATUS_SPIE : 0);
        s &= ~MSTATUS_SIE;
        s = (s & ~MSTATUS_SPP) | (h->priv == PRIV_S ? MSTATUS_SPP : 0);
        csr_set_mstatus(h, s);
        hart_set_priv(h, PRIV_S);
        h->pc = (c->stvec & ~(uint64_t)3) + ((interrupt && (c->stvec & 1)) ? 4 * code : 0);
    } else {
        c->mepc = epc;
        c->mcause = xcause;
        c->mtval = tval;
        uint64_t s = c->mstatus;
        s = (s & ~MSTATUS_MPIE) | ((s & MSTATUS_MIE) ? MSTATUS_MPIE : 0);
        s &= ~MSTATUS_MIE;
        s = (s & ~MSTATUS_MPP) | ((uint64_t)h->priv << MSTATUS_MPP_SHIFT);
        csr_set_mstatus(h, s);
        hart_set_priv(h, PRIV_M);
        h->pc = (c->mtvec & ~(uint64_t)3) + ((interrupt && (c->mtvec & 1)) ? 4 * code : 0);
    }
    if (h->xlen == 32)
        h->pc &= UINT32_MAX;
    if (h->core_ext && h->core_ext->trap_taken)
        h->core_ext->trap_taken(h, cause, tval);
    return;

trap_loop:
    /* The trap is not taken: the hart stops at the instruction that raised it. */
    h->stop = STOP_TRAP_LOOP;
    h->trap_cause = cause;
    h->trap_tval = tval;
    h->pc = epc;
}

void trap_enter_nmi(hart_t *h, uint64_t mcause, uint64_t vector)
{
    csr_state_t *c = &h->csr;
    h->trap_depth = 0;
    h->reservation_valid = false;
    c->mepc = h->pc;
    c->mcause = mcause;
    uint64_t s = c->mstatus;
    s = (s & ~MSTATUS_MPIE) | ((s & MSTATUS_MIE) ? MSTATUS_MPIE : 0);
    s &= ~MSTATUS_MIE;
    s = (s & ~MSTATUS_MPP) | ((uint64_t)h->priv << MSTATUS_MPP_SHIFT);
    csr_set_mstatus(h, s);
    hart_set_priv(h, PRIV_M);
    h->pc = h->xlen == 32 ? vector & UINT32_MAX : vector;
    if (h->core_ext && h->core_ext->trap_taken)
        h->core_ext->trap_taken(h, INTERRUPT_FLAG, 0);
    hart_kick(h);
}

void trap_return_m(hart_t *h)
{
    csr_state_t *c = &h->csr;
    uint64_t s = c->mstatus;
    enum priv_mode mpp = (enum priv_mode)((s & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
    s = (s & ~MSTATUS_MIE) | ((s & MSTATUS_MPIE) ? MSTATUS_MIE : 0);
    s |= MSTATUS_MPIE;
    enum priv_mode least = (h->isa & ISA_EXT_U) ? PRIV_U : PRIV_M;
    s = (s & ~MSTATUS_MPP) | ((uint64_t)least << MSTATUS_MPP_SHIFT);
    if (mpp != PRIV_M)
        s &= ~MSTATUS_MPRV;
    csr_set_mstatus(h, s);
    hart_set_priv(h, mpp);
    h->pc = c->mepc;
    h->trap_unreturned = false;
    hart_kick(h); /* MIE may have come back on */
}

void trap_return_s(hart_t *h)
{
    csr_state_t *c = &h->csr;
    uint64_t s = c->mstatus;
    enum priv_mode spp = (s & MSTATUS_SPP) ? PRIV_S : PRIV_U;
    s = (s & ~MSTATUS_SIE) | ((s & MSTATUS_SPIE) ? MSTATUS_SIE : 0);
    s |= MSTATUS_SPIE;
    s &= ~MSTATUS_SPP;
    s &= ~MSTATUS_MPRV;
    csr_set_mstatus(h, s);
    hart_set_priv(h, spp);
    h->pc = c->sepc;
    h->trap_unreturned = false;
    hart_kick(h);
}

/* Standard priority (privileged spec 3.1.9): MEI, MSI, MTI, SEI, SSI, STI, LCOF; then any
 * platform interrupts (16 and up) from the highest number down. */
static int pick(uint64_t pending)
{
    static const int order[] = { IRQ_MEI, IRQ_MSI, IRQ_MTI, IRQ_SEI, IRQ_SSI, IRQ_STI, IRQ_LCOF };
    if (!pending)
        return -1;
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        if ((pending >> order[k]) & 1)
            return order[k];
    return 63 - __builtin_clzll(pending);
}

static int pending_interrupt(const hart_t *h)
{
    const csr_state_t *c = &h->csr;
    uint64_t pending = c->mip & c->mie;
    if (!pending)
        return -1;
    uint64_t m_pending = pending & ~c->mideleg;
    bool m_enabled = h->priv < PRIV_M || (c->mstatus & MSTATUS_MIE);
    if (m_enabled && m_pending)
        return pick(m_pending);
    uint64_t s_pending = pending & c->mideleg;
    bool s_enabled = h->priv < PRIV_S || (h->priv == PRIV_S && (c->mstatus & MSTATUS_SIE));
    if (s_enabled && s_pending)
        return pick(s_pending);
    return -1;
}

bool hart_take_interrupt(hart_t *h)
{
    int irq = pending_interrupt(h);
    if (irq < 0)
        return false;
    if (h->core_ext && h->core_ext->irq_taken)
        h->core_ext->irq_taken(h, (unsigned)irq);
    trap_enter(h, INTERRUPT_FLAG | (uint64_t)irq, 0, h->pc);
    return true;
}

sys_result_t sys_wfi(hart_t *h)
{
    if (h->wfi_is_nop || (h->csr.mip & h->csr.mie))
        return SYS_OK;
    h->wfi_wait = true;
    return SYS_WAIT;
}

uint64_t hart_advance_core(hart_t *h, enum hart_run_state state)
{
    uint64_t now = hart_cycle(h), elapsed = now - h->core_clock_mark;
    h->core_clock_mark = now;
    if (!h->core_ext || !h->core_ext->advance)
        return UINT64_MAX;
    return h->core_ext->advance(h, elapsed, state);
}
