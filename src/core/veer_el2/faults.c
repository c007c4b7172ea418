/* VeeR EL2 traps as the core raises them (docs/machine-veer-el2.md):
 *   - the load/store address rules of el2_lsu_addrcheck.sv: region crossing and misaligned
 *     side-effect accesses (MRAC) are misaligned exceptions; core-local holes, region prediction
 *     and PIC sizes are access faults; each with its mscause;
 *   - fetches from the ICCM region outside the ICCM (el2_ifu_ifc_ctl.sv);
 *   - mscause on every trap (el2_dec_tlu_ctl.sv);
 *   - NMIs (pin, vector, imprecise D-bus errors with mdseac/mdeau), one-cycle interrupt pulses and
 *     injected bus errors, as the testbench drives them through the mailbox. */
#include "core/veer_el2/veer_el2.h"
#include "core/veer_el2/veer_signals.h"
#include "cpu/csr.h"
#include "cpu/exec.h"
#include "cpu/pmp.h"

enum { CSR_MRAC = 0x7C0, CSR_MSCAUSE = 0x7FF, CSR_MDEAU = 0xBC0, CSR_MDSEAC = 0xFC0 };
enum { CSR_MSECCFG = 0x747, CSR_MSECCFGH = 0x757 };
enum { MSECCFG_MML = 1, MSECCFG_MMWP = 2, MSECCFG_RLB = 4 };

static bool in_range(uint32_t a, uint32_t base, uint32_t size)
{
    return a - base < size;
}

static bool in_dccm(uint32_t a)
{
    return in_range(a, VEER_DCCM_BASE, VEER_DCCM_SIZE);
}

static bool in_pic(uint32_t a)
{
    return in_range(a, VEER_PIC_BASE, VEER_PIC_SIZE);
}

static bool in_iccm(uint32_t a)
{
    return in_range(a, VEER_ICCM_BASE, VEER_ICCM_SIZE);
}

static bool raise_fault(hart_t *h, veer_core_state_t *s, uint64_t cause, uint32_t addr, int mscause)
{
    h->trap_cause = cause;
    h->trap_tval = addr;
    s->flt.pending_mscause = mscause;
    return true;
}

/* el2_lsu_addrcheck.sv, for the default build (DCCM and PIC in region 0xF, no DATA_ACCESS
 * windows): misaligned faults first, then access faults by the RTL's mscause priority. */
bool veer_access_fault(hart_t *h, uint64_t addr64, uint64_t base, unsigned size, bool store, uint64_t val)
{
    veer_core_state_t *s = veer_state(h);
    if (!s)
        return false;
    uint32_t start = (uint32_t)addr64, end = start + size - 1;
    if (veer_triggers_armed(s) && veer_trigger_access(h, s, start, store, val)) {
        s->flt.pending_mscause = MSCAUSE_TRIGGER;
        return true;
    }
    unsigned rs = start >> 28, re = end >> 28, rb = (uint32_t)base >> 28;
    bool aligned = (start & (size - 1)) == 0;
    uint64_t misaligned = store ? CAUSE_MISALIGNED_STORE : CAUSE_MISALIGNED_LOAD;
    uint64_t access = store ? CAUSE_STORE_ACCESS : CAUSE_LOAD_ACCESS;

    if (rs != re)
        return raise_fault(h, s, misaligned, start, MSCAUSE_REGION_CROSS);
    uint32_t mrac = *veer_csr(s, CSR_MRAC);
    bool side_effect = (mrac >> (2 * rs + 1)) & 1;
    if (!aligned && side_effect && rs != VEER_DCCM_REGION && rs != VEER_ICCM_REGION)
        return raise_fault(h, s, misaligned, start, MSCAUSE_SIDE_EFFECT);

    bool start_local = in_dccm(start) || in_pic(start), end_local = in_dccm(end) || in_pic(end);
    bool unmapped = (rs == VEER_DCCM_REGION && !start_local) || (re == VEER_DCCM_REGION && !end_local) ||
                    (in_dccm(start) && in_pic(end)) || (in_pic(start) && in_dccm(end));
    if (unmapped)
        return raise_fault(h, s, access, start, MSCAUSE_UNMAPPED);
    if (!pmp_allows(h, start, size, store ? PMP_W : PMP_R, hart_data_priv(h)))
        return raise_fault(h, s, access, start, MSCAUSE_PMP);
    if ((rs == VEER_DCCM_REGION) != (rb == VEER_DCCM_REGION))
        return raise_fault(h, s, access, start, MSCAUSE_REGION_PRED);
    if (in_pic(start) && in_pic(end) && (!aligned || size != 4))
        return raise_fault(h, s, access, start, MSCAUSE_PIC_SIZE);
    if (veer_ecc_access(h, s, start, size, store))
        return true;
    if (store && in_pic(start))
        veer_pic_store(h, s, start, (uint32_t)val);

    if (s->flt.dbus_error && rs != VEER_DCCM_REGION) {
        /* An injected D-bus error: the access completes (imprecisely), and unless an earlier error
         * is still locked in mdseac, an NMI reports it at the next instruction boundary. */
        s->flt.dbus_error = false;
        veer_update_slow_mem(h, s);
        if (!s->flt.mdseac_locked) {
            s->flt.mdseac_locked = true;
            *veer_csr(s, CSR_MDSEAC) = start;
            s->flt.nmi_pending = true;
            s->flt.nmi_cause = store ? VEER_NMI_STORE_BUS : VEER_NMI_LOAD_BUS;
            hart_kick(h);
        }
    }
    return false;
}

/* The ICCM region outside the ICCM cannot be fetched from (ifc_region_acc_fault_bf). */
bool veer_fetch_fault(hart_t *h, uint64_t pc, bool first)
{
    uint32_t a = (uint32_t)pc;
    veer_core_state_t *s = veer_state(h);
    if (s && !first && veer_exec_trigger_at(s, a)) {
        h->trap_cause = CAUSE_BREAKPOINT; /* not raised: the block ends here, see take_event */
        h->trap_tval = a;
        return true;
    }
    if (s && in_iccm(a))
        return veer_ecc_fetch(h, s, a);
    if (a >> 28 != VEER_ICCM_REGION)
        return false;
    h->trap_cause = CAUSE_FETCH_ACCESS;
    h->trap_tval = a;
    return true;
}

/* mscause_type of el2_dec_tlu_ctl.sv: the LSU's cause, 1 for a trigger, 2 for ebreak, the IFU's
 * cause for a fetch access fault, 0 for everything else (ecall, illegal, interrupts, NMIs). */
void veer_trap_taken(hart_t *h, uint64_t cause, uint64_t tval)
{
    veer_core_state_t *s = veer_state(h);
    if (!s)
        return;
    uint32_t m = MSCAUSE_NONE;
    if (s->flt.pending_mscause >= 0)
        m = (uint32_t)s->flt.pending_mscause;
    else if (cause == CAUSE_BREAKPOINT)
        m = MSCAUSE_EBREAK;
    else if (cause == CAUSE_FETCH_ACCESS) {
        /* icaf_type: the ICCM region's hole, an ICCM double-bit error, PMP (at the privilege the
         * trap was taken from), or the bus */
        enum priv_mode from = (enum priv_mode)((h->csr.mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT);
        if ((uint32_t)tval >> 28 == VEER_ICCM_REGION && !in_iccm((uint32_t)tval))
            m = MSCAUSE_UNMAPPED;
        else if (veer_ecc_fetch_double(s, (uint32_t)tval))
            m = MSCAUSE_ECC;
        else if (!pmp_allows(h, tval, 2, PMP_X, from))
            m = MSCAUSE_PMP;
        else
            m = MSCAUSE_FETCH_BUS;
    }
    if (s->flt.pending_mscause == MSCAUSE_TRIGGER && cause == CAUSE_BREAKPOINT)
        h->csr.mtval = h->csr.mepc; /* a trigger's breakpoint reports the pc (mtval_capture_pc_r) */
    s->flt.pending_mscause = -1;
    *veer_csr(s, CSR_MSCAUSE) = m;
    if (cause == (1ull << 63 | 11)) /* machine external interrupt */
        veer_pic_taken(h, s);
}

bool veer_take_event(hart_t *h)
{
    veer_core_state_t *s = veer_state(h);
    if (!s)
        return false;
    veer_faults_t *f = &s->flt;
    if (f->nmi_pending) { /* NMIs are taken whatever mstatus.MIE says */
        f->nmi_pending = false;
        trap_enter_nmi(h, f->nmi_cause, f->nmi_vector & ~1u);
        return true;
    }
    if (veer_exec_trigger_take(h, s))
        return true;
    if (f->ibus_error && !in_iccm((uint32_t)h->pc)) {
        /* The first fetch from the bus after the injection: a precise fetch access fault. */
        f->ibus_error = false;
        f->pending_mscause = MSCAUSE_FETCH_BUS;
        trap_enter(h, CAUSE_FETCH_ACCESS, h->pc, h->pc);
        return true;
    }
    veer_ecc_icache_fetch(s, (uint32_t)h->pc);
    if (s->pic.pulses) {
        /* External lines raised for one cycle: through the gateways now; an edge-triggered one
         * latches. The claim is taken after the pulse (veer_pic_taken), as in the RTL. */
        uint32_t p = s->pic.pulses;
        s->pic.pulses = 0;
        veer_pic_edges(h, s, s->pic.lines, s->pic.lines | p);
        s->pic.pulses = p;
        veer_pic_update(h, s, true);
        s->pic.pulses = 0;
        bool taken = hart_take_interrupt(h);
        veer_pic_update(h, s, false);
        if (taken)
            return true;
    }
    if (f->irq_pulses) {
        /* Lines raised for one cycle: pending at this boundary only, taken if enabled. */
        uint64_t p = f->irq_pulses & ~h->csr.mip;
        f->irq_pulses = 0;
        hart_set_lines(h, p, p);
        bool taken = hart_take_interrupt(h);
        hart_set_lines(h, p, 0);
        return taken;
    }
    return false;
}

void veer_update_slow_mem(hart_t *h, veer_core_state_t *s)
{
    bool slow = s->flt.dbus_error || veer_triggers_armed(s);
    if (slow != h->slow_mem) {
        h->slow_mem = slow;
        hart_pmu_changed(h);
    }
}

void veer_signal(hart_t *h, unsigned sig, uint64_t value)
{
    veer_core_state_t *s = veer_state(h);
    if (!s)
        return;
    switch (sig) {
    case VEER_SIG_NMI:
        s->flt.nmi_pending = true;
        s->flt.nmi_cause = VEER_NMI_PIN;
        break;
    case VEER_SIG_NMI_VECTOR: s->flt.nmi_vector = (uint32_t)value; break;
    case VEER_SIG_IRQ_PULSE:
        if (value < 32)
            s->flt.irq_pulses |= 1ull << value;
        break;
    case VEER_SIG_DBUS_ERROR:
        s->flt.dbus_error = true;
        veer_update_slow_mem(h, s);
        break;
    case VEER_SIG_IBUS_ERROR: s->flt.ibus_error = true; break;
    case VEER_SIG_ECC_INJECT: veer_ecc_inject(s, (unsigned)value); break;
    case VEER_SIG_EXT_LINE: veer_pic_line(h, s, (unsigned)value & 0xFF, (value >> 8) & 1); break;
    case VEER_SIG_EXT_PULSE:
        if (value >= 1 && value < 32)
            s->pic.pulses |= 1u << value;
        break;
    case VEER_SIG_EXT_CLEAR: veer_pic_clear_all(h, s); break;
    default: break;
    }
    hart_kick(h);
}

/* The nmi_vec input as the VeeR testbench drives it out of reset (tb_top.sv). */
#define VEER_TB_NMI_VECTOR 0xEE000000u

void veer_faults_reset(hart_t *h, veer_core_state_t *s)
{
    s->flt = (veer_faults_t){ .pending_mscause = -1, .nmi_vector = VEER_TB_NMI_VECTOR };
    h->slow_mem = false;
}

/* mrac (side effect clears cacheable), mdeau (unlocks mdseac), mseccfg (with U-mode). */
bool veer_fault_csr_read(hart_t *h, veer_core_state_t *s, unsigned csr, uint64_t *val)
{
    if ((csr == CSR_MSECCFG || csr == CSR_MSECCFGH) && (h->isa & ISA_EXT_U)) {
        *val = csr == CSR_MSECCFG ? s->flt.mseccfg : 0;
        return true;
    }
    return false;
}

bool veer_fault_csr_write(hart_t *h, veer_core_state_t *s, unsigned csr, uint64_t val)
{
    if (csr == CSR_MRAC) {
        uint32_t v = (uint32_t)val, side = v & 0xAAAAAAAAu;
        *veer_csr(s, CSR_MRAC) = side | (v & 0x55555555u & ~(side >> 1));
        return true;
    }
    if (csr == CSR_MDEAU) {
        s->flt.mdseac_locked = false;
        return true;
    }
    if ((csr == CSR_MSECCFG || csr == CSR_MSECCFGH) && (h->isa & ISA_EXT_U)) {
        if (csr == CSR_MSECCFG) {
            /* MML and MMWP are sticky; RLB cannot be set while a PMP entry is locked. */
            uint32_t v = (uint32_t)val, old = s->flt.mseccfg;
            bool locked = false;
            for (unsigned k = 0; k < 16; k++)
                locked |= (h->csr.pmpcfg[k / 4] >> (8 * (k % 4)) & 0x80) != 0;
            uint32_t rlb = locked ? (v & old & MSECCFG_RLB) : (v & MSECCFG_RLB);
            s->flt.mseccfg = rlb | ((v | old) & (MSECCFG_MML | MSECCFG_MMWP));
        }
        return true;
    }
    return false;
}
