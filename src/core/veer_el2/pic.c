/* VeeR EL2 PIC (PRM chapter 6, el2_pic_ctrl.sv) for the default build: 31 sources (1..30 used by
 * the testbench), gateways (level or edge, polarity), priorities 0-15 with reverse-priority mode,
 * threshold (meipt) and current level (meicurpl), claim id and level captured when the external
 * interrupt is taken (meihap, meicidpl), and the fast-interrupt redirection: the handler address
 * is read from the DCCM at meihap, or an NMI reports why it cannot be (0xF0001000-2).
 *
 * The PIC's registers are the "pic" memory of the machine: pmusim reads the bits it uses from
 * there (meipl +0x0, meie +0x2000, mpiccfg +0x3000, meigwctrl +0x4000), writes meip (+0x1000) and
 * sees stores to meigwclr (+0x5000). mip.MEIP is computed here. */
#include "core/veer_el2/veer_el2.h"
#include "cpu/csr.h"
#include "cpu/exec.h"

enum { CSR_MEIVT = 0xBC8, CSR_MEIPT = 0xBC9, CSR_MEICIDPL = 0xBCB, CSR_MEICURPL = 0xBCC, CSR_MEIHAP = 0xFC8 };
enum { PIC_MEIPL = 0x0000, PIC_MEIP = 0x1000, PIC_MEIE = 0x2000, PIC_MPICCFG = 0x3000 };
enum { PIC_MEIGWCTRL = 0x4000, PIC_MEIGWCLR = 0x5000 };
#define PIC_SOURCES 31 /* RV_PIC_TOTAL_INT: sources 1..31 */
#define IRQ_MEIP 11

static uint32_t *pic_mem(hart_t *h, veer_core_state_t *s)
{
    if (!s->pic.mem) {
        const bus_region_t *r = bus_find(h->bus, VEER_PIC_BASE, VEER_PIC_SIZE);
        s->pic.mem = r && r->host ? (uint32_t *)(void *)r->host : NULL;
    }
    return s->pic.mem;
}

static uint32_t reg(const uint32_t *pic, unsigned off, unsigned src)
{
    return pic[(off + 4 * src) / 4];
}

/* The gateways' outputs: levels follow their input (after polarity), edges are latched. */
static uint32_t pending(const uint32_t *pic, const veer_pic_t *p, bool with_pulses)
{
    uint32_t in = p->lines | (with_pulses ? p->pulses : 0), out = 0;
    for (unsigned k = 1; k <= PIC_SOURCES; k++) {
        uint32_t ctl = reg(pic, PIC_MEIGWCTRL, k);
        bool level = ((in >> k) & 1) ^ (ctl & 1);
        if ((ctl & 2) ? (p->edge >> k) & 1 : level)
            out |= 1u << k;
    }
    return out;
}

/* The highest-priority enabled pending source (lowest id on a tie), as a priority in the
 * "higher is more urgent" sense of the current mode; 0: none. */
static unsigned best(const uint32_t *pic, uint32_t pend, bool rev, unsigned *id)
{
    unsigned best_q = 0;
    *id = 0;
    for (unsigned k = 1; k <= PIC_SOURCES; k++) {
        if (!((pend >> k) & 1) || !(reg(pic, PIC_MEIE, k) & 1))
            continue;
        unsigned pl = reg(pic, PIC_MEIPL, k) & 15, q = rev ? 15 - pl : pl;
        if (q > best_q) {
            best_q = q;
            *id = k;
        }
    }
    return best_q;
}

static void claim(hart_t *h, veer_core_state_t *s, bool with_pulses)
{
    uint32_t *pic = pic_mem(h, s);
    if (!pic)
        return;
    bool rev = pic[PIC_MPICCFG / 4] & 1;
    unsigned id, q = best(pic, pending(pic, &s->pic, with_pulses), rev, &id);
    s->pic.claim_id = id;
    s->pic.claim_pl = id ? (rev ? 15 - q : q) : 0;
}

void veer_pic_update(hart_t *h, veer_core_state_t *s, bool with_pulses)
{
    uint32_t *pic = pic_mem(h, s);
    if (!pic)
        return;
    bool rev = pic[PIC_MPICCFG / 4] & 1;
    uint32_t pend = pending(pic, &s->pic, with_pulses);
    pic[PIC_MEIP / 4] = pend;
    unsigned id, q = best(pic, pend, rev, &id);
    unsigned t = *veer_csr(s, CSR_MEIPT) & 15, c = *veer_csr(s, CSR_MEICURPL) & 15;
    unsigned tq = rev ? 15 - t : t, cq = rev ? 15 - c : c;
    bool meip = id && q > tq && q > cq;
    hart_set_line(h, IRQ_MEIP, meip);
}

void veer_pic_line(hart_t *h, veer_core_state_t *s, unsigned line, bool level)
{
    if (line < 1 || line > PIC_SOURCES)
        return;
    uint32_t bit = 1u << line, old = s->pic.lines;
    s->pic.lines = level ? old | bit : old & ~bit;
    veer_pic_edges(h, s, old, s->pic.lines);
    veer_pic_update(h, s, false);
}

void veer_pic_clear_all(hart_t *h, veer_core_state_t *s)
{
    s->pic.lines = 0;
    veer_pic_update(h, s, false);
}

/* Rising edges (after polarity) of edge-triggered sources latch until meigwclr. */
void veer_pic_edges(hart_t *h, veer_core_state_t *s, uint32_t before, uint32_t after)
{
    uint32_t *pic = pic_mem(h, s);
    if (!pic)
        return;
    for (unsigned k = 1; k <= PIC_SOURCES; k++) {
        uint32_t ctl = reg(pic, PIC_MEIGWCTRL, k);
        bool was = ((before >> k) & 1) ^ (ctl & 1), is = ((after >> k) & 1) ^ (ctl & 1);
        if ((ctl & 2) && is && !was)
            s->pic.edge |= 1u << k;
    }
}

/* A store to the PIC (an aligned word: others faulted): done here first, so that mip.MEIP is right
 * for the next instruction. */
void veer_pic_store(hart_t *h, veer_core_state_t *s, uint32_t addr, uint32_t val)
{
    uint32_t *pic = pic_mem(h, s);
    if (!pic)
        return;
    uint32_t off = addr - VEER_PIC_BASE;
    if (off == PIC_MEIP)
        return; /* read-only */
    pic[off / 4] = val;
    if (off >= PIC_MEIGWCLR && off < PIC_MEIGWCLR + 4 * (PIC_SOURCES + 1))
        s->pic.edge &= ~(1u << ((off - PIC_MEIGWCLR) / 4));
    veer_pic_update(h, s, false);
}

/* The external interrupt was taken: claim id and level captured (without the one-cycle pulses,
 * which are gone by then in the RTL), then the fast redirection. */
void veer_pic_taken(hart_t *h, veer_core_state_t *s)
{
    claim(h, s, false);
    uint32_t meihap = (*veer_csr(s, CSR_MEIVT) & ~0x3FFu) | s->pic.claim_id << 2;
    *veer_csr(s, CSR_MEIHAP) = meihap;
    *veer_csr(s, CSR_MEICIDPL) = s->pic.claim_pl;
    uint32_t nmi = 0;
    if (meihap >> 28 != VEER_DCCM_REGION)
        nmi = 0xF0001002u; /* non-DCCM region */
    else if (meihap - VEER_DCCM_BASE >= VEER_DCCM_SIZE)
        nmi = 0xF0001001u; /* DCCM region, outside the DCCM */
    else if (veer_ecc_fir_double(s, meihap))
        nmi = 0xF0001000u; /* uncorrectable ECC error */
    if (nmi) {
        h->csr.mcause = nmi;
        h->pc = s->flt.nmi_vector & ~1u;
        return;
    }
    const bus_region_t *r = bus_find(h->bus, meihap, 4);
    uint32_t target = 0;
    if (r && r->host)
        for (unsigned k = 0; k < 4; k++)
            target |= (uint32_t)r->host[meihap - r->base + k] << (8 * k);
    h->pc = target & ~1u;
}

void veer_pic_reset(veer_core_state_t *s)
{
    uint32_t *mem = s->pic.mem;
    s->pic = (veer_pic_t){ .mem = mem };
}
