/* SiFive CLINT for one hart: msip, mtimecmp and mtime.
 *
 * mtime has no state of its own: it is the hart's cycle clock divided by cycles_per_tick, so it
 * advances exactly with simulated time and never with host time (runs are reproducible). A guest
 * write to mtime is kept as an offset against that clock. */
#include <stdlib.h>

#include "dev/devices.h"
#include "machine/machine.h"

#define CLINT_MSIP 0x0000u
#define CLINT_MTIMECMP 0x4000u
#define CLINT_MTIME 0xBFF8u

/* mip bit numbers */
#define CLINT_IRQ_MSIP 3u
#define CLINT_IRQ_MTIP 7u

struct clint {
    struct machine *m;
    uint64_t cycles_per_tick;
    uint64_t mtimecmp;
    uint64_t mtime_offset; /* added (mod 2^64) to cycle / cycles_per_tick */
    bool msip;
};

clint_t *clint_new(struct machine *m, uint64_t cycles_per_tick)
{
    clint_t *c = calloc(1, sizeof(*c));
    if (!c)
        return NULL;
    c->m = m;
    c->cycles_per_tick = cycles_per_tick ? cycles_per_tick : 1;
    clint_reset(c);
    return c;
}

void clint_reset(clint_t *c)
{
    c->mtimecmp = UINT64_MAX; /* no timer interrupt until the guest programs one */
    c->mtime_offset = 0;
    c->msip = false;
}

void clint_free(clint_t *c)
{
    free(c);
}

uint64_t clint_mtime(const clint_t *c)
{
    return hart_cycle(&c->m->hart) / c->cycles_per_tick + c->mtime_offset;
}

uint64_t clint_update(clint_t *c)
{
    uint64_t now = clint_mtime(c);
    bool pending = now >= c->mtimecmp;

    machine_set_irq(c->m, CLINT_IRQ_MTIP, pending);
    /* Once pending, MTIP only changes through a register write, and writes re-evaluate. */
    if (pending || c->mtimecmp == UINT64_MAX)
        return UINT64_MAX;

    uint64_t ticks = c->mtimecmp - now; /* >= 1 */
    if (ticks > UINT64_MAX / c->cycles_per_tick)
        return UINT64_MAX;
    /* mtime ticks over when cycle reaches a multiple of cycles_per_tick. */
    return ticks * c->cycles_per_tick - hart_cycle(&c->m->hart) % c->cycles_per_tick;
}

/* A register write can move the next timer event closer: make the run loop look again. */
static void clint_changed(clint_t *c)
{
    clint_update(c);
    hart_kick(&c->m->hart);
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
static bool clint_is_reserved(uint64_t off, unsigned size)
{
    bool in_mtimecmp = off + size > CLINT_MTIMECMP && off < CLINT_MTIMECMP + 8;
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
        /* msip of hart 0; the other harts' words read as zero */
        if ((size != 4 && size != 8) || (off & 3))
            return BUS_FAULT;
        *val = off == CLINT_MSIP ? (uint64_t)c->msip : 0;
        return BUS_OK;
    }
    if ((shift = clint_reg64_part(off, CLINT_MTIMECMP, size)) >= 0) {
        *val = size == 8 ? c->mtimecmp : (uint32_t)(c->mtimecmp >> shift);
        return BUS_OK;
    }
    if ((shift = clint_reg64_part(off, CLINT_MTIME, size)) >= 0) {
        uint64_t t = clint_mtime(c);
        *val = size == 8 ? t : (uint32_t)(t >> shift);
        return BUS_OK;
    }
    if (clint_is_reserved(off, size)) {
        *val = 0; /* other harts' mtimecmp, unused space */
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
        if (off == CLINT_MSIP) {
            c->msip = val & 1;
            machine_set_irq(c->m, CLINT_IRQ_MSIP, c->msip);
            hart_kick(&c->m->hart);
        }
        return BUS_OK;
    }
    if ((shift = clint_reg64_part(off, CLINT_MTIMECMP, size)) >= 0) {
        c->mtimecmp = clint_merge(c->mtimecmp, shift, size, val);
        clint_changed(c);
        return BUS_OK;
    }
    if ((shift = clint_reg64_part(off, CLINT_MTIME, size)) >= 0) {
        uint64_t base = hart_cycle(&c->m->hart) / c->cycles_per_tick;
        uint64_t wanted = clint_merge(base + c->mtime_offset, shift, size, val);
        c->mtime_offset = wanted - base;
        clint_changed(c);
        return BUS_OK;
    }
    return clint_is_reserved(off, size) ? BUS_OK : BUS_FAULT;
}

const device_ops_t clint_ops = {
    .read = clint_read,
    .write = clint_write,
};
