/* VeeR EL2 debug triggers (el2_dec_tlu_ctl.sv, el2_dec_trigger.sv, el2_lsu_trigger.sv): four
 * mcontrol triggers selected by tselect: load and store address, store data (select = 1), and
 * execute address (the RTL keeps no load-data or execute-data triggers). A hit with action 0 is a
 * breakpoint exception before the instruction (mcause 3, mscause 1, mtval the pc), taken only
 * while mstatus.MIE is set, as the RTL enables triggers; tdata1.hit is set. While no load/store
 * trigger is armed, loads and stores keep the inline RAM path (hart.slow_mem); while an
 * execute trigger is armed, blocks end before its addresses and the run loop sees every block
 * boundary, where it is checked. */
#include "core/veer_el2/veer_el2.h"
#include "cpu/csr.h"
#include "cpu/exec.h"

/* The 10 bits the RTL stores of tdata1, and where they appear in the CSR. */
enum {
    T_LOAD = 1 << 0,    /* tdata1[0] */
    T_STORE = 1 << 1,   /* tdata1[1] */
    T_EXECUTE = 1 << 2, /* tdata1[2] */
    T_M = 1 << 3,       /* tdata1[6] */
    T_MATCH = 1 << 4,   /* tdata1[7]: 0 equal, 1 match the bits above the lowest 0 of tdata2 */
    T_CHAIN = 1 << 5,   /* tdata1[11]: triggers 0 and 2 only */
    T_ACTION = 1 << 6,  /* tdata1[12]: 1 enters debug mode (only with dmode) */
    T_SELECT = 1 << 7,  /* tdata1[19]: 0 address, 1 data */
    T_HIT = 1 << 8,     /* tdata1[20] */
    T_DMODE = 1 << 9,   /* tdata1[27]: writable only in debug mode, so 0 here */
};

static uint32_t to_csr(uint16_t d)
{
    return 2u << 28 | (uint32_t)((d >> 9) & 1) << 27 | 0x1Fu << 21 | (uint32_t)((d >> 7) & 3) << 19 |
           (uint32_t)((d >> 5) & 3) << 11 | (uint32_t)((d >> 3) & 3) << 6 | (d & 7u);
}

/* el2_dec_tlu_ctl.sv tdata_wrdata_r, outside debug mode. */
static uint16_t from_csr(unsigned sel, uint32_t v)
{
    bool select = (v >> 19) & 1, execute = (v >> 2) & 1, load = v & 1;
    uint16_t d = (uint16_t)(((v >> 20) & 1) << 8 | ((v >> 19) & 1) << 7);
    /* action needs dmode, which cannot be set here; chain only on triggers 0 and 2 */
    if (!(sel & 1) && ((v >> 11) & 1))
        d |= T_CHAIN;
    d |= (uint16_t)(((v >> 6) & 3) << 3);
    /* tdata_opcode, tdata_load: no execute-data or load-data triggers (select clears them) */
    if (execute && !select)
        d |= T_EXECUTE;
    if ((v >> 1) & 1)
        d |= T_STORE;
    if (load && !select)
        d |= T_LOAD;
    return d;
}

bool veer_trigger_csr_read(veer_core_state_t *s, unsigned csr, uint64_t *val)
{
    veer_triggers_t *t = &s->trig;
    switch (csr) {
    case CSR_TSELECT: *val = t->tselect; return true;
    case CSR_TDATA1: *val = to_csr(t->tdata1[t->tselect]); return true;
    case CSR_TDATA2: *val = t->tdata2[t->tselect]; return true;
    default: return false;
    }
}

bool veer_trigger_csr_write(hart_t *h, veer_core_state_t *s, unsigned csr, uint64_t val)
{
    veer_triggers_t *t = &s->trig;
    switch (csr) {
    case CSR_TSELECT: t->tselect = (unsigned)val & 3; return true;
    case CSR_TDATA1:
        /* Trigger 1 (3) cannot enter debug mode while 0 (2) chains to it: dmode is 0 here anyway. */
        t->tdata1[t->tselect] = from_csr(t->tselect, (uint32_t)val);
        break;
    case CSR_TDATA2: t->tdata2[t->tselect] = (uint32_t)val; break;
    default: return false;
    }
    veer_update_slow_mem(h, s);
    /* execute triggers end blocks before their addresses: decode again (and see the run loop
     * at every block while one is armed, veer_advance) */
    h->code_dirty = true;
    hart_kick(h);
    return true;
}

bool veer_triggers_armed(const veer_core_state_t *s)
{
    for (unsigned k = 0; k < VEER_N_TRIGGERS; k++)
        if ((s->trig.tdata1[k] & T_M) && (s->trig.tdata1[k] & (T_LOAD | T_STORE)))
            return true;
    return false;
}

/* rvmaskandmatch: with match = 1, bit i of tdata2 is ignored when all the bits below it are 1
 * (so are the lowest 0 and everything under it), unless tdata2 is all ones. */
static bool value_matches(uint32_t tdata2, bool masked, uint32_t v)
{
    if (!masked || tdata2 == UINT32_MAX)
        return v == tdata2;
    unsigned ones = (unsigned)__builtin_ctz(~tdata2); /* trailing ones */
    uint32_t care = ones >= 31 ? 0 : ~((2u << ones) - 1);
    return (v & care) == (tdata2 & care);
}

bool veer_trigger_access(hart_t *h, veer_core_state_t *s, uint64_t addr, bool store, uint64_t val)
{
    veer_triggers_t *t = &s->trig;
    bool mie = (h->csr.mstatus & MSTATUS_MIE) != 0;
    bool hit[VEER_N_TRIGGERS] = { false };
    for (unsigned k = 0; k < VEER_N_TRIGGERS; k++) {
        uint16_t d = t->tdata1[k];
        /* enabled: (action | mstatus.MIE) & m; action is 0 without debug mode */
        if (!(d & T_M) || !mie || !(d & (store ? T_STORE : T_LOAD)))
            continue;
        if (d & T_SELECT) { /* data: the store's data; load data is not modelled (see docs) */
            if (!store)
                continue;
            hit[k] = value_matches(t->tdata2[k], d & T_MATCH, (uint32_t)val);
        } else {
            hit[k] = value_matches(t->tdata2[k], d & T_MATCH, (uint32_t)addr);
        }
    }
    /* A chained pair fires only when both of it hit. */
    bool fire = false;
    for (unsigned k = 0; k < VEER_N_TRIGGERS; k += 2) {
        bool chain = t->tdata1[k] & T_CHAIN;
        bool f0 = hit[k] && (!chain || hit[k + 1]), f1 = hit[k + 1] && (!chain || hit[k]);
        if (f0)
            t->tdata1[k] |= T_HIT;
        if (f1)
            t->tdata1[k + 1] |= T_HIT;
        fire |= f0 || f1;
    }
    if (!fire)
        return false;
    h->trap_cause = CAUSE_BREAKPOINT;
    h->trap_tval = addr;
    return true;
}

bool veer_exec_triggers_armed(const veer_core_state_t *s)
{
    for (unsigned k = 0; k < VEER_N_TRIGGERS; k++)
        if ((s->trig.tdata1[k] & T_M) && (s->trig.tdata1[k] & T_EXECUTE))
            return true;
    return false;
}

/* Execute triggers that match pc (before chaining), as a bit set. */
static unsigned exec_hits(const veer_core_state_t *s, uint32_t pc)
{
    unsigned hits = 0;
    for (unsigned k = 0; k < VEER_N_TRIGGERS; k++) {
        uint16_t d = s->trig.tdata1[k];
        if ((d & T_M) && (d & T_EXECUTE) && value_matches(s->trig.tdata2[k], d & T_MATCH, pc))
            hits |= 1u << k;
    }
    return hits;
}

bool veer_exec_trigger_at(const veer_core_state_t *s, uint32_t pc)
{
    return exec_hits(s, pc) != 0;
}

bool veer_exec_trigger_take(hart_t *h, veer_core_state_t *s)
{
    if (!(h->csr.mstatus & MSTATUS_MIE) || !veer_exec_triggers_armed(s))
        return false;
    unsigned hits = exec_hits(s, (uint32_t)h->pc);
    bool fire = false;
    for (unsigned k = 0; k < VEER_N_TRIGGERS; k += 2) {
        bool chain = s->trig.tdata1[k] & T_CHAIN;
        bool h0 = (hits >> k) & 1, h1 = (hits >> (k + 1)) & 1;
        bool f0 = h0 && (!chain || h1), f1 = h1 && (!chain || h0);
        if (f0)
            s->trig.tdata1[k] |= T_HIT;
        if (f1)
            s->trig.tdata1[k + 1] |= T_HIT;
        fire |= f0 || f1;
    }
    if (!fire)
        return false;
    s->flt.pending_mscause = MSCAUSE_TRIGGER;
    trap_enter(h, CAUSE_BREAKPOINT, h->pc, h->pc);
    return true;
}

void veer_triggers_reset(veer_core_state_t *s)
{
    s->trig = (veer_triggers_t){ 0 };
}
