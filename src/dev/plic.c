/* SiFive Platform-Level Interrupt Controller, as on QEMU's virt (riscv,plic0; the RISC-V PLIC
 * specification 1.0.0): 95 sources, priorities 0-7, two contexts per hart with S-mode (2k: hart k's
 * machine external interrupt, 2k+1: its supervisor external interrupt), one per hart without.
 *
 *   +0x000000 + 4*s      priority of source s (0: never interrupts)
 *   +0x001000            pending bits (read-only)
 *   +0x002000 + 0x80*c   enable bits of context c
 *   +0x200000 + 0x1000*c threshold of context c (+0), claim/complete (+4)
 *
 * The gateways are level triggered, as the specification describes them: a source whose line is
 * high and that is not in service becomes pending; a claim takes the pending enabled source of the
 * highest priority above the context's threshold (the lowest ID among equals), clears its pending
 * bit and puts it in service; the completion of that ID ends the service, and a line still high
 * makes it pending again. A context's line to its hart is high while a claim would return a
 * source. */
#include <stdlib.h>

#include <libfdt.h>

#include "dev/devices.h"

#define PLIC_SOURCES 96 /* ID 0 means "no interrupt"; QEMU virt's riscv,ndev is 95 */
#define PLIC_WORDS (PLIC_SOURCES / 32)
#define PLIC_PRIORITY_MASK 7u
#define PLIC_PENDING 0x1000u
#define PLIC_ENABLE 0x2000u
#define PLIC_ENABLE_STRIDE 0x80u
#define PLIC_CONTEXT 0x200000u
#define PLIC_CONTEXT_STRIDE 0x1000u
#define PLIC_SIZE 0x600000u /* as QEMU's virt maps it */
#define PLIC_MAX_CONTEXTS ((PLIC_SIZE - PLIC_CONTEXT) / PLIC_CONTEXT_STRIDE)

#define IRQ_SEI 9u
#define IRQ_MEI 11u

typedef struct plic {
    const dev_host_t *host;
    unsigned n_contexts;
    bool s_contexts; /* two contexts per hart (M, S) */
    uint32_t priority[PLIC_SOURCES];
    uint32_t level[PLIC_WORDS];      /* the input lines */
    uint32_t pending[PLIC_WORDS];    /* what the gateways forwarded */
    uint32_t in_service[PLIC_WORDS]; /* claimed, not completed */
    struct plic_context {
        uint32_t enable[PLIC_WORDS];
        uint32_t threshold;
        bool out; /* the line to the hart */
    } ctx[];
} plic_t;

static bool bit(const uint32_t *words, unsigned s)
{
    return (words[s / 32] >> (s % 32)) & 1;
}

static void set_bit(uint32_t *words, unsigned s, bool v)
{
    uint32_t m = 1u << (s % 32);
    words[s / 32] = v ? words[s / 32] | m : words[s / 32] & ~m;
}

/* The source a claim by context c would take, or 0. */
static unsigned best_source(const plic_t *p, const struct plic_context *c)
{
    unsigned best = 0;
    uint32_t best_prio = c->threshold;
    for (unsigned w = 0; w < PLIC_WORDS; w++) {
        for (uint32_t ready = p->pending[w] & c->enable[w]; ready; ready &= ready - 1) {
            unsigned s = w * 32 + (unsigned)__builtin_ctz(ready);
            if (p->priority[s] > best_prio) {
                best = s;
                best_prio = p->priority[s];
            }
        }
    }
    return best;
}

static void plic_update(plic_t *p)
{
    for (unsigned k = 0; k < p->n_contexts; k++) {
        struct plic_context *c = &p->ctx[k];
        bool out = best_source(p, c) != 0;
        if (out == c->out)
            continue;
        c->out = out;
        unsigned hart = p->s_contexts ? k / 2 : k;
        unsigned irq = p->s_contexts && (k & 1) ? IRQ_SEI : IRQ_MEI;
        p->host->set_irq(p->host->ctx, hart, irq, out);
    }
}

/* The gateway of source s: forwards a high line unless the source is in service. */
static void gateway(plic_t *p, unsigned s)
{
    if (bit(p->level, s) && !bit(p->in_service, s))
        set_bit(p->pending, s, true);
}

static void plic_input(void *dev, unsigned n, bool level)
{
    plic_t *p = dev;
    if (n == 0 || n >= PLIC_SOURCES || bit(p->level, n) == level)
        return;
    set_bit(p->level, n, level);
    gateway(p, n);
    plic_update(p);
}

static uint32_t claim(plic_t *p, struct plic_context *c)
{
    unsigned s = best_source(p, c);
    if (s) {
        set_bit(p->pending, s, false);
        set_bit(p->in_service, s, true);
        plic_update(p);
    }
    return s;
}

static void complete(plic_t *p, const struct plic_context *c, uint32_t id)
{
    /* a completion for a source the context does not enable is ignored (specification 1.0.0) */
    if (id == 0 || id >= PLIC_SOURCES || !bit(c->enable, id))
        return;
    set_bit(p->in_service, id, false);
    gateway(p, id);
    plic_update(p);
}

static bus_status_t plic_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    plic_t *p = opaque;
    (void)size;
    *val = 0;
    if (off < 4 * PLIC_SOURCES) {
        *val = p->priority[off / 4];
    } else if (off >= PLIC_PENDING && off < PLIC_PENDING + 4 * PLIC_WORDS) {
        *val = p->pending[(off - PLIC_PENDING) / 4];
    } else if (off >= PLIC_ENABLE && off < PLIC_ENABLE + (uint64_t)PLIC_ENABLE_STRIDE * p->n_contexts) {
        unsigned k = (unsigned)((off - PLIC_ENABLE) / PLIC_ENABLE_STRIDE);
        unsigned w = (unsigned)((off - PLIC_ENABLE) % PLIC_ENABLE_STRIDE / 4);
        *val = w < PLIC_WORDS ? p->ctx[k].enable[w] : 0;
    } else if (off >= PLIC_CONTEXT && off < PLIC_CONTEXT + (uint64_t)PLIC_CONTEXT_STRIDE * p->n_contexts) {
        struct plic_context *c = &p->ctx[(off - PLIC_CONTEXT) / PLIC_CONTEXT_STRIDE];
        switch ((off - PLIC_CONTEXT) % PLIC_CONTEXT_STRIDE) {
        case 0: *val = c->threshold; break;
        case 4: *val = claim(p, c); break;
        default: break;
        }
    }
    return BUS_OK;
}

static bus_status_t plic_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    plic_t *p = opaque;
    uint32_t v = (uint32_t)val;
    (void)size;
    if (off < 4 * PLIC_SOURCES) {
        if (off >= 4) /* source 0 does not exist */
            p->priority[off / 4] = v & PLIC_PRIORITY_MASK;
    } else if (off >= PLIC_ENABLE && off < PLIC_ENABLE + (uint64_t)PLIC_ENABLE_STRIDE * p->n_contexts) {
        unsigned k = (unsigned)((off - PLIC_ENABLE) / PLIC_ENABLE_STRIDE);
        unsigned w = (unsigned)((off - PLIC_ENABLE) % PLIC_ENABLE_STRIDE / 4);
        if (w < PLIC_WORDS)
            p->ctx[k].enable[w] = w == 0 ? v & ~1u : v;
    } else if (off >= PLIC_CONTEXT && off < PLIC_CONTEXT + (uint64_t)PLIC_CONTEXT_STRIDE * p->n_contexts) {
        struct plic_context *c = &p->ctx[(off - PLIC_CONTEXT) / PLIC_CONTEXT_STRIDE];
        switch ((off - PLIC_CONTEXT) % PLIC_CONTEXT_STRIDE) {
        case 0: c->threshold = v & PLIC_PRIORITY_MASK; break;
        case 4: complete(p, c, v); return BUS_OK;
        default: break;
        }
    } /* the pending bits are read-only; the rest of the window ignores writes */
    plic_update(p);
    return BUS_OK;
}

static const device_ops_t plic_ops = { .read = plic_read, .write = plic_write };

static void *plic_create(const dev_host_t *host, const device_params_t *params)
{
    unsigned n = params->n_harts * (params->has_s_mode ? 2 : 1);
    if (n == 0 || n > PLIC_MAX_CONTEXTS)
        return NULL;
    plic_t *p = calloc(1, sizeof *p + n * sizeof p->ctx[0]);
    if (!p)
        return NULL;
    p->host = host;
    p->n_contexts = n;
    p->s_contexts = params->has_s_mode;
    return p;
}

static void plic_reset(void *dev)
{
    plic_t *p = dev;
    for (unsigned s = 0; s < PLIC_SOURCES; s++)
        p->priority[s] = 0;
    for (unsigned w = 0; w < PLIC_WORDS; w++)
        p->pending[w] = p->in_service[w] = 0;
    for (unsigned k = 0; k < p->n_contexts; k++) /* nothing enabled: plic_update lowers the lines */
        p->ctx[k] = (struct plic_context){ .out = p->ctx[k].out };
    for (unsigned s = 1; s < PLIC_SOURCES; s++)
        gateway(p, s); /* the inputs are the devices' business: a high line is pending again */
    plic_update(p);
}

/* As QEMU's virt: interrupts-extended lists each hart's M (11) and S (9) external lines. */
static int plic_fdt_node(const device_fdt_ctx_t *ctx)
{
    static const char compat[] = "sifive,plic-1.0.0\0riscv,plic0";
    int off = device_fdt_begin(ctx, "plic", compat, sizeof(compat), PLIC_SIZE);
    int rc = off;
    if (rc >= 0)
        rc = fdt_setprop_u32(ctx->fdt, off, "riscv,ndev", PLIC_SOURCES - 1);
    if (rc >= 0)
        rc = fdt_setprop(ctx->fdt, off, "interrupt-controller", NULL, 0);
    if (rc >= 0)
        rc = fdt_setprop_u32(ctx->fdt, off, "#address-cells", 0);
    if (rc >= 0)
        rc = fdt_setprop_u32(ctx->fdt, off, "#interrupt-cells", 1);
    for (unsigned k = 0; rc >= 0 && k < ctx->params->n_harts; k++) {
        uint32_t cells[4] = { cpu_to_fdt32(ctx->hart_intc[k]), cpu_to_fdt32(IRQ_MEI),
                              cpu_to_fdt32(ctx->hart_intc[k]), cpu_to_fdt32(IRQ_SEI) };
        rc = fdt_appendprop(ctx->fdt, off, "interrupts-extended", cells,
                            ctx->params->has_s_mode ? sizeof cells : sizeof cells / 2);
    }
    return rc < 0 ? rc : 0;
}

const device_class_t plic_class = {
    .name = "plic",
    .size = PLIC_SIZE,
    .region = REGION_SIDE_EFFECT,
    .create = plic_create,
    .reset = plic_reset,
    .destroy = free,
    .ops = &plic_ops,
    .fdt_node = plic_fdt_node,
    .irq_input = plic_input,
    .irq_cells = 1,
};
