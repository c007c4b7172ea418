/* MIPS CM global configuration registers and performance counters (docs/mips-cm.md). */
#include "dev/mips_cm.h"

#include <stdlib.h>
#include <string.h>

#include "dev/devices.h"
#include "dev/mips_cpc.h"

struct mips_cm {
    const dev_host_t *host;
    coh_model_t *coh;
    unsigned cores;
    uint64_t base;
    uint64_t control; /* GCR_CONTROL: kept, no effect */
    mips_cpc_t cpc;   /* the CPC and the per-core reset bases */

    /* performance block */
    uint32_t ctl; /* Perf_Int_En, Perf_Ovf_Stop, CountOn bits; Reset bits read 0 */
    uint32_t ov;
    uint32_t event;
    uint32_t qual[2];
    uint32_t cnt[2];
    uint32_t cycle;
    uint64_t now; /* the CM clock: the largest platform time seen */
    bool irq;     /* CM_PCInt */

    struct mips_cm_observer {
        unsigned event;
        uint32_t qual;
        const uint32_t *groups;
        uint64_t count;  /* every_qual: the event's total when it was added (or reset) */
        bool every_qual; /* qualifier all ones: reads the event's total (coh_event_total) less count */
        uint8_t next;    /* the next observer of the same event (OBS_NONE: none) */
    } obs[MIPS_CM_MAX_OBSERVERS];
    unsigned n_obs;
    /* per event, its first observer with a qualifier to match: a sink call looks at its own only;
     * those without (every_qual) read the event's total, kept whoever observes it */
    uint8_t obs_first[32];
    bool qual_obs; /* some observer has a qualifier to match: the model's sink is on (sink_update) */
};

/* The model calls coh_sink for what the totals it keeps do not hold: observers with a qualifier,
 * and the counters while one counts. */
static void sink_update(mips_cm_t *cm)
{
    coh_set_sink_on(cm->coh, cm->qual_obs || (cm->ctl & (PC_CTL_P0_ON | PC_CTL_P1_ON)));
}

/* The CM clock runs with the platform's time base; harts run in turn, so the clock of the hart
 * running may lag another's by a quantum: the CM clock never goes back. */
static uint64_t cm_clock(mips_cm_t *cm)
{
    uint64_t t = cm->host->cycles(cm->host->ctx);
    if (t > cm->now)
        cm->now = t;
    return cm->now;
}

static void update_irq(mips_cm_t *cm)
{
    bool level = (cm->ctl & PC_CTL_INT_EN) && cm->ov;
    if (level != cm->irq) {
        cm->irq = level;
        cm->host->set_irq(cm->host->ctx, MIPS_CM_PCINT_HART, MIPS_CM_PCINT_IRQ, level);
    }
}

/* Counter k (0, 1: event counters; 2: cycle counter) counts while its CountOn bit is set, unless
 * Perf_Ovf_Stop is set and an overflow status bit is. */
static bool counting(const mips_cm_t *cm, unsigned k)
{
    static const uint32_t on[3] = { PC_CTL_P0_ON, PC_CTL_P1_ON, PC_CTL_CYC_ON };
    if ((cm->ctl & PC_CTL_OVF_STOP) && cm->ov)
        return false;
    return (cm->ctl & on[k]) != 0;
}

/* Adds n to a counter: reaching 0xFFFFFFFF sets its overflow bit; with Perf_Ovf_Stop the counter
 * holds 0xFFFFFFFF (and every counter stops), else it wraps to 0 on the next increment. */
static void counter_add(mips_cm_t *cm, uint32_t *c, uint32_t ov_bit, uint64_t n)
{
    uint64_t v = *c, sum = v + n;
    if (v < 0xFFFFFFFFu && sum >= 0xFFFFFFFFu) {
        cm->ov |= ov_bit;
        if (cm->ctl & PC_CTL_OVF_STOP)
            sum = 0xFFFFFFFFu;
    }
    *c = (uint32_t)sum;
    update_irq(cm);
}

/* Brings the cycle counter up to the CM clock. */
static void sync_cycles(mips_cm_t *cm)
{
    uint64_t before = cm->now;
    uint64_t now = cm_clock(cm);
    if (now > before && counting(cm, 2))
        counter_add(cm, &cm->cycle, 1u, now - before);
}

#define OBS_NONE 0xFFu

static void coh_sink(void *ctx, unsigned event, uint32_t sig, uint32_t amount)
{
    mips_cm_t *cm = ctx;
    if (event < 32) {
        for (unsigned k = cm->obs_first[event]; k != OBS_NONE; k = cm->obs[k].next) {
            struct mips_cm_observer *o = &cm->obs[k];
            if (coh_qual_match(o->groups, o->qual, sig))
                o->count += amount;
        }
    }
    if (!(cm->ctl & (PC_CTL_P0_ON | PC_CTL_P1_ON)))
        return;
    sync_cycles(cm);
    for (unsigned k = 0; k < 2; k++) {
        unsigned sel = (cm->event >> (8 * k)) & 0xFF;
        const uint32_t *groups = coh_event_groups(sel);
        if (sel == event && groups && counting(cm, k) && coh_qual_match(groups, cm->qual[k], sig))
            counter_add(cm, &cm->cnt[k], 2u << k, amount);
    }
}

void mips_cm_core_access(mips_cm_t *cm, unsigned core, uint64_t addr, unsigned size, enum coh_access kind,
                         enum coh_cca cca, coh_outcome_t *out)
{
    coh_core_access(cm->coh, core, addr, size, kind, cca, out);
}

void mips_cm_iocu_access(mips_cm_t *cm, unsigned iocu, uint64_t addr, uint64_t len, bool write, bool coherent)
{
    coh_iocu_access(cm->coh, iocu, addr, len, write, coherent);
}

void mips_cm_boot(mips_cm_t *cm, uint64_t entry, bool all)
{
    mips_cpc_boot(&cm->cpc, entry, all);
}

struct l1_memo *mips_cm_l1_memo(mips_cm_t *cm, unsigned core, bool icache)
{
    return icache ? coh_l1i_memo(cm->coh, core) : coh_l1d_memo(cm->coh, core);
}

int mips_cm_add_observer(mips_cm_t *cm, unsigned event, uint32_t qual)
{
    const uint32_t *groups = coh_event_groups(event);
    if (!groups || cm->n_obs >= MIPS_CM_MAX_OBSERVERS || event >= 32)
        return -1;
    /* appended to its event's list: the observers of an event are looked at in the order added */
    unsigned k = cm->n_obs;
    bool every_qual = qual == UINT32_MAX; /* all ones: every occurrence */
    cm->obs[k] = (struct mips_cm_observer){ event,      qual,
                                            groups,     every_qual ? coh_event_total(cm->coh, event) : 0,
                                            every_qual, OBS_NONE };
    if (!every_qual) {
        uint8_t *link = &cm->obs_first[event];
        while (*link != OBS_NONE)
            link = &cm->obs[*link].next;
        *link = (uint8_t)k;
        cm->qual_obs = true;
        sink_update(cm);
    }
    return (int)cm->n_obs++;
}

uint64_t mips_cm_observer_read(const mips_cm_t *cm, unsigned index)
{
    if (index >= cm->n_obs)
        return 0;
    const struct mips_cm_observer *o = &cm->obs[index];
    return o->every_qual ? coh_event_total(cm->coh, o->event) - o->count : o->count;
}

uint64_t mips_cm_cycles(mips_cm_t *cm)
{
    sync_cycles(cm);
    return cm->now;
}

/* ---- the device ---- */

static void *cm_create(const dev_host_t *host, const device_params_t *params)
{
    unsigned cores = params->cores ? params->cores : 1;
    mips_cm_t *cm = calloc(1, sizeof *cm);
    if (!cm)
        return NULL;
    cm->host = host;
    cm->cores = cores;
    memset(cm->obs_first, OBS_NONE, sizeof cm->obs_first);
    cm->base = params->base;
    cm->coh = coh_new(cores, params->l2_size ? params->l2_size : 1u << 20, coh_sink, cm);
    mips_cpc_init(&cm->cpc, host, cores, params->n_harts > cores ? params->n_harts / cores : 1);
    if (!cm->coh) {
        free(cm);
        return NULL;
    }
    return cm;
}

static void cm_reset(void *dev)
{
    mips_cm_t *cm = dev;
    coh_reset(cm->coh);
    cm->control = 0;
    cm->ctl = cm->ov = cm->event = cm->cycle = 0;
    cm->qual[0] = cm->qual[1] = cm->cnt[0] = cm->cnt[1] = 0;
    cm->now = 0;
    cm->irq = false;
    sink_update(cm);
    for (unsigned k = 0; k < cm->n_obs; k++)
        cm->obs[k].count = 0;
}

static void cm_destroy(void *dev)
{
    mips_cm_t *cm = dev;
    coh_free(cm->coh);
    free(cm);
}

/* Cycles until the cycle counter reaches 0xFFFFFFFF, when that can raise CM_PCInt or stop the
 * counters; the run loop comes back then, so the overflow happens at its exact cycle. */
static uint64_t cm_next_event(void *dev)
{
    mips_cm_t *cm = dev;
    sync_cycles(cm);
    if (!counting(cm, 2) || !(cm->ctl & (PC_CTL_INT_EN | PC_CTL_OVF_STOP)))
        return UINT64_MAX;
    uint64_t left = 0xFFFFFFFFu - (uint64_t)cm->cycle;
    return left ? left : UINT64_MAX;
}

static unsigned log2u(uint64_t v)
{
    unsigned n = 0;
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n;
}

/* The 64-bit value of the register at an 8-byte aligned offset. */
static uint64_t reg_read(mips_cm_t *cm, uint64_t off)
{
    switch (off) {
    case GCR_CONFIG:
        /* NUM_CORES 7:0 (cores - 1, as Linux reads it), NUM_IOCUS 11:8, NUM_CLUSTERS 29:23, CL_ID 39:32 */
        return (uint64_t)(cm->cores - 1) | (uint64_t)COH_IOCUS << 8 | 1ull << 23;
    case GCR_BASE: return cm->base & ~0x7FFFull;
    case GCR_CONTROL: return cm->control;
    case GCR_REV: return MIPS_CM_REV;
    case GCR_CPC_BASE: return (cm->base + MIPS_CPC_OFFSET) | 1; /* CPCEN: always there */
    case GCR_CPC_STATUS: return 1;
    case GCR_L2_CONFIG: {
        /* ASSOC 7:0 = ways - 1, LINE_SIZE 11:8 (bytes = 2 << n), SET_SIZE 15:12 (sets = 64 << n) */
        unsigned ways = coh_l2_ways(cm->coh), sets = coh_l2_sets(cm->coh);
        return (uint64_t)(ways - 1) | (uint64_t)(log2u(COH_LINE) - 1) << 8 |
               (uint64_t)(log2u(sets) - 6) << 12;
    }
    case GCR_DB_PC_CTL: sync_cycles(cm); return cm->ctl | PC_CTL_NUM_CNT;
    case GCR_DB_PC_OV: sync_cycles(cm); return cm->ov;
    case GCR_DB_PC_EVENT: return cm->event;
    case GCR_DB_PC_CYCLE: sync_cycles(cm); return cm->cycle;
    case GCR_DB_PC_QUAL0: return cm->qual[0];
    case GCR_DB_PC_CNT0: return cm->cnt[0];
    case GCR_DB_PC_QUAL1: return cm->qual[1];
    case GCR_DB_PC_CNT1: return cm->cnt[1];
    default: {
        uint64_t v = 0;
        if (off >= MIPS_CPC_OFFSET)
            return mips_cpc_read(&cm->cpc, off - MIPS_CPC_OFFSET);
        return mips_cpc_gcr_read(&cm->cpc, off, &v) ? v : 0;
    }
    }
}

static void reg_write(mips_cm_t *cm, uint64_t off, uint64_t val)
{
    uint32_t v = (uint32_t)val;
    sync_cycles(cm); /* cycles up to this access count under the old settings */
    switch (off) {
    case GCR_CONTROL: cm->control = val; break;
    case GCR_DB_PC_CTL:
        if (v & PC_CTL_P1_RESET) {
            cm->cnt[1] = 0;
            cm->ov &= ~4u;
        }
        if (v & PC_CTL_P0_RESET) {
            cm->cnt[0] = 0;
            cm->ov &= ~2u;
        }
        if (v & PC_CTL_CYC_RESET) {
            cm->cycle = 0;
            cm->ov &= ~1u;
        }
        cm->ctl = v & (PC_CTL_INT_EN | PC_CTL_OVF_STOP | PC_CTL_P1_ON | PC_CTL_P0_ON | PC_CTL_CYC_ON);
        sink_update(cm);
        break;
    case GCR_DB_PC_OV: cm->ov &= ~(v & 7u); break;
    case GCR_DB_PC_EVENT: cm->event = v & 0xFFFFu; break;
    case GCR_DB_PC_CYCLE: cm->cycle = v; break;
    case GCR_DB_PC_QUAL0: cm->qual[0] = v; break;
    case GCR_DB_PC_CNT0: cm->cnt[0] = v; break;
    case GCR_DB_PC_QUAL1: cm->qual[1] = v; break;
    case GCR_DB_PC_CNT1: cm->cnt[1] = v; break;
    default: /* the CPC, the per-core blocks; else read-only or not modelled: ignored */
        if (off >= MIPS_CPC_OFFSET)
            mips_cpc_write(&cm->cpc, off - MIPS_CPC_OFFSET, val);
        else
            mips_cpc_gcr_write(&cm->cpc, off, val);
        break;
    }
    update_irq(cm);
    cm->host->deadline_changed(cm->host->ctx);
}

/* Aligned 4- and 8-byte accesses; a 4-byte access at +4 is the upper half of a 64-bit register. */
static bus_status_t cm_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    if ((size != 4 && size != 8) || (off & (size - 1)))
        return BUS_FAULT;
    uint64_t v = reg_read(opaque, off & ~7ull);
    *val = size == 8 ? v : (off & 4) ? v >> 32 : (uint32_t)v;
    return BUS_OK;
}

static bus_status_t cm_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    if ((size != 4 && size != 8) || (off & (size - 1)))
        return BUS_FAULT;
    if (size == 4 && (off & 4))
        return BUS_OK; /* the upper halves hold nothing writable */
    mips_cm_t *cm = opaque;
    uint64_t reg = off & ~7ull;
    if (size == 4 && reg == GCR_CONTROL)
        val = (cm->control & ~0xFFFFFFFFull) | (uint32_t)val;
    reg_write(cm, reg, val);
    return BUS_OK;
}

static const device_ops_t cm_ops = { .read = cm_read, .write = cm_write };

const device_class_t mips_cm_class = {
    .name = "mips-cm",
    .size = MIPS_CM_SIZE,
    .region = REGION_SIDE_EFFECT,
    .create = cm_create,
    .reset = cm_reset,
    .destroy = cm_destroy,
    .next_event = cm_next_event,
    .ops = &cm_ops,
};
