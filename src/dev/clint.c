/* SiFive CLINT: msip and mtimecmp per hart, one mtime.
 *
 * mtime has no state of its own: it is the platform's time base divided by cycles_per_tick, so it
 * advances exactly with simulated time and never with host time (runs are reproducible). A guest
 * write to mtime is kept as an offset against that clock. */
#include <stdlib.h>

#include <libfdt.h>

#include "dev/devices.h"
#include "util/u64.h"

#define CLINT_MSIP 0x0000u
#define CLINT_MTIMECMP 0x4000u
#define CLINT_MTIME 0xBFF8u

/* mip bit numbers */
#define CLINT_IRQ_MSIP 3u
#define CLINT_IRQ_MTIP 7u

/* One place per hart id up to the largest: msip at 4 * id, mtimecmp at 0x4000 + 8 * id. A place
 * with no hart behind it (sparse ids, as on a P8700: core 11:4, hart 3:0) reads 0 and ignores
 * writes. */
struct clint {
    const dev_host_t *host;
    uint64_t cycles_per_tick;
    uint64_t mtime_offset; /* added (mod 2^64) to cycles / cycles_per_tick */
    unsigned n_harts;
    unsigned n_places;  /* the largest hart id + 1 */
    unsigned *place_of; /* hart k -> its place */
    /* What clint_update found last, kept while it holds: over the time base's cycles
     * [same_from, same_until) no hart's MTIP changes from the level it drove, and the next timer
     * event is at cycle next_at (UINT64_MAX: none). Both 0: look again (clint_forget). */
    uint64_t same_from, same_until, next_at;
    struct clint_place { /* indexed by hart id */
        uint64_t mtimecmp;
        bool msip;
        bool mtip_driven; /* the level clint_update last gave the hart's MTIP */
        bool mtip_known;  /* false: drive it at the next update whatever it is */
        int hart;         /* the hart the place drives, or -1 */
    } place[];
};

clint_t *clint_new(const dev_host_t *host, unsigned n_harts, const uint64_t *hart_ids,
                   uint64_t cycles_per_tick)
{
    if (n_harts == 0 || n_harts > CLINT_MAX_HARTS)
        return NULL;
    uint64_t n_places = n_harts;
    for (unsigned k = 0; hart_ids && k < n_harts; k++) {
        if (hart_ids[k] >= CLINT_MAX_HARTS)
            return NULL;
        if (hart_ids[k] + 1 > n_places)
            n_places = hart_ids[k] + 1;
    }
    clint_t *c = calloc(1, sizeof(*c) + n_places * sizeof(c->place[0]));
    unsigned *place_of = calloc(n_harts, sizeof(*place_of));
    if (!c || !place_of) {
        free(c);
        free(place_of);
        return NULL;
    }
    c->host = host;
    c->n_harts = n_harts;
    c->n_places = (unsigned)n_places;
    c->place_of = place_of;
    for (unsigned p = 0; p < c->n_places; p++)
        c->place[p].hart = -1;
    for (unsigned k = 0; k < n_harts; k++) {
        place_of[k] = hart_ids ? (unsigned)hart_ids[k] : k;
        c->place[place_of[k]].hart = (int)k;
    }
    c->cycles_per_tick = cycles_per_tick ? cycles_per_tick : 1;
    clint_reset(c);
    return c;
}

void clint_free(clint_t *c)
{
    if (c)
        free(c->place_of);
    free(c);
}

static void clint_destroy(void *dev)
{
    clint_free(dev);
}

/* What clint_update kept no longer holds: the next update looks at every hart again. */
static void clint_forget(clint_t *c)
{
    c->same_from = c->same_until = 0;
}

void clint_reset(clint_t *c)
{
    for (unsigned p = 0; p < c->n_places; p++) { /* no timer interrupt until the guest programs one */
        c->place[p].mtimecmp = UINT64_MAX;
        c->place[p].msip = false;
        c->place[p].mtip_known = false;
    }
    c->mtime_offset = 0;
    clint_forget(c);
}

void clint_lines_lost(clint_t *c, unsigned hart)
{
    if (hart >= c->n_harts)
        return;
    c->place[c->place_of[hart]].mtip_known = false;
    clint_forget(c);
}

static uint64_t clint_cycles(const clint_t *c)
{
    return c->host->cycles(c->host->ctx);
}

uint64_t clint_mtime(const clint_t *c)
{
    return clint_cycles(c) / c->cycles_per_tick + c->mtime_offset;
}

/* base - back, or 0 when that is below 0. */
static uint64_t sub_floor(uint64_t base, uint64_t back)
{
    return back > base ? 0 : base - back;
}

/* A timer line changes only when mtime crosses a hart's mtimecmp, a register is written or a reset
 * took the hart's lines: between those it is driven once. The time base is the clock of the hart
 * running at the moment, so it also moves back (to the next hart's clock): the levels are kept
 * for the range of mtime around the last update over which none of them changes, in both
 * directions, and the answer with them. */
uint64_t clint_update(clint_t *c)
{
    uint64_t cycles = clint_cycles(c);
    if (cycles - c->same_from < c->same_until - c->same_from) /* same_from <= cycles < same_until */
        return c->next_at == UINT64_MAX ? UINT64_MAX : c->next_at - cycles;

    uint64_t cpt = c->cycles_per_tick;
    uint64_t base = cycles / cpt, now = base + c->mtime_offset;
    uint64_t far = UINT64_MAX / cpt; /* the farthest timer event that has a cycle count */
    /* ticks of the time base [lo, hi) over which every answer below stays: mtime does not wrap */
    uint64_t lo = sub_floor(base, now), hi = u64_add_sat(u64_add_sat(base, UINT64_MAX - now), 1);
    uint64_t next = UINT64_MAX;
    for (unsigned k = 0; k < c->n_harts; k++) {
        struct clint_place *pl = &c->place[c->place_of[k]];
        uint64_t cmp = pl->mtimecmp;
        bool pending = now >= cmp;
        if (!pl->mtip_known || pl->mtip_driven != pending)
            c->host->set_irq(c->host->ctx, k, CLINT_IRQ_MTIP, pending);
        pl->mtip_driven = pending;
        pl->mtip_known = true;
        if (pending) {
            lo = u64_max(lo, sub_floor(base, now - cmp));
            /* Once pending, MTIP only changes through a register write, and writes re-evaluate. */
            continue;
        }
        uint64_t ticks = cmp - now; /* >= 1 */
        hi = u64_min(hi, u64_add_sat(base, ticks));
        if (cmp == UINT64_MAX)
            continue;
        if (ticks > far) { /* no cycle count yet: it gets one `ticks - far` ticks on */
            hi = u64_min(hi, u64_add_sat(base, ticks - far));
            continue;
        }
        lo = u64_max(lo, sub_floor(base, far - ticks)); /* further back it has none */
        /* mtime ticks over when the time base reaches a multiple of cycles_per_tick. */
        uint64_t d = ticks * cpt - cycles % cpt;
        if (d < next)
            next = d;
    }
    c->same_from = lo * cpt;
    c->same_until = hi > far ? UINT64_MAX : hi * cpt;
    c->next_at = next == UINT64_MAX ? UINT64_MAX : cycles + next;
    if (next != UINT64_MAX && next > UINT64_MAX - cycles)
        clint_forget(c); /* an event past the last cycle: no answer to keep */
    return next;
}

/* A register write can move the next timer event closer: make the run loop look again. */
static void clint_changed(clint_t *c)
{
    clint_forget(c);
    clint_update(c);
    c->host->deadline_changed(c->host->ctx);
}

/* 64-bit registers accept aligned 4-byte halves and aligned 8-byte accesses. Returns the shift of
 * the accessed part, or -1 for any other access. */
static int clint_reg64_part(uint64_t off, uint64_t reg, unsigned size)
{
    if (size == 8 && off == reg)
        return 0;
    if (size == 4 && (off == reg || off == reg + 4))
        return (int)(off - reg) * 8;
    return -1;
}

/* An aligned access outside msip, mtimecmp and mtime (those only take their own sizes). */
static bool clint_is_reserved(const clint_t *c, uint64_t off, unsigned size)
{
    bool in_mtimecmp = off + size > CLINT_MTIMECMP && off < CLINT_MTIMECMP + 8 * (uint64_t)c->n_places;
    bool in_mtime = off + size > CLINT_MTIME && off < CLINT_MTIME + 8;
    return off < CLINT_SIZE && (off & (size - 1)) == 0 && !in_mtimecmp && !in_mtime;
}

static uint64_t clint_merge(uint64_t old, int shift, unsigned size, uint64_t val)
{
    if (size == 8)
        return val;
    uint64_t mask = (uint64_t)UINT32_MAX << shift;
    return (old & ~mask) | (((uint64_t)(uint32_t)val << shift) & mask);
}

static bus_status_t clint_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    const clint_t *c = opaque;
    int shift;

    if (off < CLINT_MTIMECMP) {
        /* msip per hart; words of harts that do not exist read as zero */
        if ((size != 4 && size != 8) || (off & 3))
            return BUS_FAULT;
        unsigned p = (unsigned)((off - CLINT_MSIP) / 4);
        *val = p < c->n_places ? (uint64_t)c->place[p].msip : 0;
        if (size == 8 && p + 1 < c->n_places)
            *val |= (uint64_t)c->place[p + 1].msip << 32;
        return BUS_OK;
    }
    unsigned p = (unsigned)((off - CLINT_MTIMECMP) / 8);
    if (off < CLINT_MTIME && p < c->n_places && c->place[p].hart >= 0 &&
        (shift = clint_reg64_part(off, CLINT_MTIMECMP + 8 * (uint64_t)p, size)) >= 0) {
        uint64_t cmp = c->place[p].mtimecmp;
        *val = size == 8 ? cmp : (uint32_t)(cmp >> shift);
        return BUS_OK;
    }
    if ((shift = clint_reg64_part(off, CLINT_MTIME, size)) >= 0) {
        uint64_t t = clint_mtime(c);
        *val = size == 8 ? t : (uint32_t)(t >> shift);
        return BUS_OK;
    }
    if (clint_is_reserved(c, off, size)) {
        *val = 0; /* mtimecmp of harts that do not exist, unused space */
        return BUS_OK;
    }
    return BUS_FAULT;
}

static bus_status_t clint_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    clint_t *c = opaque;
    int shift;

    if (off < CLINT_MTIMECMP) {
        if ((size != 4 && size != 8) || (off & 3))
            return BUS_FAULT;
        unsigned p = (unsigned)((off - CLINT_MSIP) / 4);
        for (unsigned j = 0; j < size / 4; j++, val >>= 32) {
            if (p + j >= c->n_places || c->place[p + j].hart < 0)
                continue;
            c->place[p + j].msip = val & 1;
            c->host->set_irq(c->host->ctx, (unsigned)c->place[p + j].hart, CLINT_IRQ_MSIP, val & 1);
        }
        return BUS_OK;
    }
    unsigned p = (unsigned)((off - CLINT_MTIMECMP) / 8);
    if (off < CLINT_MTIME && p < c->n_places && c->place[p].hart >= 0 &&
        (shift = clint_reg64_part(off, CLINT_MTIMECMP + 8 * (uint64_t)p, size)) >= 0) {
        c->place[p].mtimecmp = clint_merge(c->place[p].mtimecmp, shift, size, val);
        clint_changed(c);
        return BUS_OK;
    }
    if ((shift = clint_reg64_part(off, CLINT_MTIME, size)) >= 0) {
        uint64_t base = clint_cycles(c) / c->cycles_per_tick;
        uint64_t wanted = clint_merge(base + c->mtime_offset, shift, size, val);
        c->mtime_offset = wanted - base;
        clint_changed(c);
        return BUS_OK;
    }
    return clint_is_reserved(c, off, size) ? BUS_OK : BUS_FAULT;
}

const device_ops_t clint_ops = {
    .read = clint_read,
    .write = clint_write,
};

void clint_set_mtimecmp(clint_t *c, unsigned hart, uint64_t when)
{
    if (hart >= c->n_harts)
        return;
    c->place[c->place_of[hart]].mtimecmp = when;
    clint_changed(c);
}

static void *clint_create(const dev_host_t *host, const device_params_t *params)
{
    return clint_new(host, params->n_harts, params->hart_ids, params->cycles_per_tick);
}

static void clint_reset_dev(void *dev)
{
    clint_reset(dev);
}

static uint64_t clint_next_event(void *dev)
{
    return clint_update(dev);
}

/* As QEMU's virt: interrupts-extended lists each hart's software (3) and timer (7) lines. */
static int clint_fdt_node(const device_fdt_ctx_t *ctx)
{
    static const char compat[] = "sifive,clint0\0riscv,clint0";
    int off = device_fdt_begin(ctx, "clint", compat, sizeof(compat), CLINT_SIZE);
    for (unsigned k = 0; off >= 0 && k < ctx->params->n_harts; k++) {
        uint32_t cells[4] = { cpu_to_fdt32(ctx->hart_intc[k]), cpu_to_fdt32(CLINT_IRQ_MSIP),
                              cpu_to_fdt32(ctx->hart_intc[k]), cpu_to_fdt32(CLINT_IRQ_MTIP) };
        int rc = fdt_appendprop(ctx->fdt, off, "interrupts-extended", cells, sizeof(cells));
        if (rc < 0)
            return rc;
    }
    return off < 0 ? off : 0;
}

const device_class_t clint_class = {
    .name = "clint",
    .size = CLINT_SIZE,
    .region = REGION_SIDE_EFFECT,
    .create = clint_create,
    .reset = clint_reset_dev,
    .destroy = clint_destroy,
    .next_event = clint_next_event,
    .ops = &clint_ops,
    .fdt_node = clint_fdt_node,
};
