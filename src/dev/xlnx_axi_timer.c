/* AMD/Xilinx AXI Timer (PG079; Linux `xlnx,xps-timer-1.00.a`): two 32-bit timers in generate
 * mode, counting once per cycle of the core clock, driving one input of the interrupt controller.
 *
 * Per timer n (+0x10 * n): TCSR +0x0 (0 MDT, 1 UDT count down, 4 ARHT auto reload, 5 LOAD,
 * 6 ENIT interrupt enable, 7 ENT enable, 8 TINT interrupt flag (write 1 to clear), 10 ENALL),
 * TLR +0x4 (load value), TCR +0x8 (the counter, read-only). LOAD copies TLR into the counter and
 * holds it there while set. A counter that rolls over (up: past 0xFFFFFFFF; down: past 0) sets
 * TINT and reloads TLR with ARHT; without ARHT it stops. The interrupt output is the OR of
 * TINT && ENIT of both timers. Capture mode, PWM and cascade are not modelled (TCSR keeps those
 * bits; the timer then counts as in generate mode). */
#include <stdlib.h>

#include <libfdt.h>

#include "dev/devices.h"

#define TCSR_UDT 0x002u
#define TCSR_ARHT 0x010u
#define TCSR_LOAD 0x020u
#define TCSR_ENIT 0x040u
#define TCSR_ENT 0x080u
#define TCSR_TINT 0x100u
#define TCSR_ENALL 0x400u

typedef struct axi_timer_unit {
    uint32_t tcsr, tlr;
    uint32_t value; /* counter value at `since` */
    uint64_t since; /* cycle of `value` */
} axi_timer_unit_t;

typedef struct axi_timer {
    const dev_host_t *host;
    const irq_line_t *irq; /* its output: an input of the interrupt controller */
    bool out;
    axi_timer_unit_t t[2];
} axi_timer_t;

static bool running(const axi_timer_unit_t *u)
{
    return (u->tcsr & TCSR_ENT) && !(u->tcsr & TCSR_LOAD);
}

/* Ticks from `value` until the rollover. */
static uint64_t to_rollover(const axi_timer_unit_t *u)
{
    return (u->tcsr & TCSR_UDT) ? (uint64_t)u->value + 1 : (1ull << 32) - u->value;
}

/* Brings timer u up to cycle now. */
static void unit_advance(axi_timer_unit_t *u, uint64_t now)
{
    while (running(u) && now > u->since) {
        uint64_t left = to_rollover(u), passed = now - u->since;
        if (passed < left) {
            u->value = (u->tcsr & TCSR_UDT) ? u->value - (uint32_t)passed : u->value + (uint32_t)passed;
            u->since = now;
            return;
        }
        u->tcsr |= TCSR_TINT;
        u->since += left;
        if (u->tcsr & TCSR_ARHT) {
            u->value = u->tlr;
            /* whole reload periods at once: a short period over a long time must not loop */
            uint64_t period = to_rollover(u);
            if (now > u->since)
                u->since += (now - u->since) / period * period;
        } else {
            u->value = (u->tcsr & TCSR_UDT) ? 0xFFFFFFFFu : 0;
            u->tcsr &= ~TCSR_ENT; /* stops */
        }
    }
    u->since = now;
}

static void timer_sync(axi_timer_t *d)
{
    uint64_t now = d->host->cycles(d->host->ctx);
    unit_advance(&d->t[0], now);
    unit_advance(&d->t[1], now);
    bool out = ((d->t[0].tcsr & (TCSR_TINT | TCSR_ENIT)) == (TCSR_TINT | TCSR_ENIT)) ||
               ((d->t[1].tcsr & (TCSR_TINT | TCSR_ENIT)) == (TCSR_TINT | TCSR_ENIT));
    if (out != d->out) {
        d->out = out;
        irq_line_set(d->irq, out);
    }
}

static bus_status_t timer_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    axi_timer_t *d = opaque;
    (void)size;
    timer_sync(d);
    unsigned n = (unsigned)(off >> 4);
    if (n > 1) {
        *val = 0;
        return BUS_OK;
    }
    const axi_timer_unit_t *u = &d->t[n];
    switch (off & 0xF) {
    case 0x0: *val = u->tcsr; break;
    case 0x4: *val = u->tlr; break;
    case 0x8: *val = u->value; break;
    default: *val = 0; break;
    }
    return BUS_OK;
}

static bus_status_t timer_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    axi_timer_t *d = opaque;
    (void)size;
    timer_sync(d);
    unsigned n = (unsigned)(off >> 4);
    if (n > 1)
        return BUS_OK;
    axi_timer_unit_t *u = &d->t[n];
    uint32_t v = (uint32_t)val;
    switch (off & 0xF) {
    case 0x0: {
        uint32_t tint = u->tcsr & TCSR_TINT & ~v; /* TINT: write 1 to clear */
        u->tcsr = (v & 0xFFF & ~TCSR_TINT & ~TCSR_ENALL) | tint;
        if (v & TCSR_ENALL) {
            d->t[0].tcsr |= TCSR_ENT;
            d->t[1].tcsr |= TCSR_ENT;
        }
        if (v & TCSR_LOAD)
            u->value = u->tlr;
        break;
    }
    case 0x4: u->tlr = v; break;
    default: break; /* TCR is read-only */
    }
    timer_sync(d);
    d->host->deadline_changed(d->host->ctx);
    return BUS_OK;
}

static const device_ops_t timer_ops = { .read = timer_read, .write = timer_write };

static uint64_t timer_next_event(void *dev)
{
    axi_timer_t *d = dev;
    timer_sync(d);
    uint64_t best = UINT64_MAX;
    for (unsigned n = 0; n < 2; n++) {
        const axi_timer_unit_t *u = &d->t[n];
        if (running(u) && (u->tcsr & TCSR_ENIT) && !(u->tcsr & TCSR_TINT)) {
            uint64_t left = to_rollover(u);
            if (left < best)
                best = left;
        }
    }
    return best;
}

static void *timer_create(const dev_host_t *host, const device_params_t *params)
{
    axi_timer_t *d = calloc(1, sizeof *d);
    if (d) {
        d->host = host;
        d->irq = params->irq;
    }
    return d;
}

static void timer_reset(void *dev)
{
    axi_timer_t *d = dev;
    *d = (axi_timer_t){ .host = d->host, .irq = d->irq };
}

static int timer_fdt_node(const device_fdt_ctx_t *ctx)
{
    static const char compat[] = "xlnx,xps-timer-1.00.a";
    int off = device_fdt_begin(ctx, "timer", compat, sizeof(compat), 0x10000);
    return off < 0 ? off : 0;
}

const device_class_t xlnx_axi_timer_class = {
    .name = "xlnx,xps-timer",
    .size = 0x10000,
    .region = REGION_SIDE_EFFECT,
    .create = timer_create,
    .reset = timer_reset,
    .destroy = free,
    .next_event = timer_next_event,
    .ops = &timer_ops,
    .fdt_node = timer_fdt_node,
};
