/* AMD/Xilinx AXI Interrupt Controller (PG099; Linux `xlnx,xps-intc-1.00.a`), 32 inputs, level
 * sensitive, one output to the hart's machine external interrupt (mip.MEIP).
 *
 * ISR +0x00 (a bit per input that is asserted; before MER.HIE software may set bits by writing
 * it), IPR +0x04 (ISR & IER), IER +0x08, IAR +0x0C (write 1 to clear; an input still asserted sets
 * its bit again), SIE +0x10 / CIE +0x14 (set / clear IER bits), IVR +0x18 (lowest pending input,
 * 0xFFFFFFFF if none), MER +0x1C (bit 0 ME master enable, bit 1 HIE hardware interrupts enable,
 * which once set stays set). The output is ME && (ISR & IER) != 0. Fast interrupt mode, IMR, ILR
 * and the vector registers are not modelled (IMR +0x20 and ILR +0x24 read 0 and ignore writes). */
#include <stdlib.h>

#include <libfdt.h>

#include "dev/devices.h"

enum {
    INTC_ISR = 0x00,
    INTC_IPR = 0x04,
    INTC_IER = 0x08,
    INTC_IAR = 0x0C,
    INTC_SIE = 0x10,
    INTC_CIE = 0x14,
    INTC_IVR = 0x18,
    INTC_MER = 0x1C
};
#define MER_ME 1u
#define MER_HIE 2u
#define IRQ_MEI 11u

typedef struct axi_intc {
    const dev_host_t *host;
    uint32_t isr, ier, mer, level;
    bool out;
} axi_intc_t;

static void intc_update(axi_intc_t *c)
{
    if (c->mer & MER_HIE)
        c->isr |= c->level;
    bool out = (c->mer & MER_ME) && (c->isr & c->ier);
    if (out != c->out) {
        c->out = out;
        c->host->set_irq(c->host->ctx, 0, IRQ_MEI, out);
    }
}

static bus_status_t intc_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    axi_intc_t *c = opaque;
    (void)size;
    uint32_t pend = c->isr & c->ier;
    switch (off) {
    case INTC_ISR: *val = c->isr; break;
    case INTC_IPR: *val = pend; break;
    case INTC_IER: *val = c->ier; break;
    case INTC_IVR: *val = pend ? (uint32_t)__builtin_ctz(pend) : 0xFFFFFFFFu; break;
    case INTC_MER: *val = c->mer; break;
    default: *val = 0; break; /* IAR, SIE, CIE are write-only; IMR, ILR not modelled */
    }
    return BUS_OK;
}

static bus_status_t intc_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    axi_intc_t *c = opaque;
    uint32_t v = (uint32_t)val;
    (void)size;
    switch (off) {
    case INTC_ISR:
        if (!(c->mer & MER_HIE))
            c->isr |= v; /* software interrupts, before hardware interrupts are enabled */
        break;
    case INTC_IER: c->ier = v; break;
    case INTC_IAR: c->isr &= ~v; break;
    case INTC_SIE: c->ier |= v; break;
    case INTC_CIE: c->ier &= ~v; break;
    case INTC_MER: c->mer = (v & (MER_ME | MER_HIE)) | (c->mer & MER_HIE); break;
    default: break;
    }
    intc_update(c);
    return BUS_OK;
}

static const device_ops_t intc_ops = { .read = intc_read, .write = intc_write };

static void intc_input(void *dev, unsigned n, bool level)
{
    axi_intc_t *c = dev;
    if (n >= 32)
        return;
    c->level = level ? c->level | 1u << n : c->level & ~(1u << n);
    intc_update(c);
}

static void *intc_create(const dev_host_t *host, const device_params_t *params)
{
    (void)params;
    axi_intc_t *c = calloc(1, sizeof *c);
    if (c)
        c->host = host;
    return c;
}

static void intc_reset(void *dev)
{
    axi_intc_t *c = dev;
    uint32_t level = c->level; /* the inputs are the devices' business */
    *c = (axi_intc_t){ .host = c->host, .level = level };
}

static int intc_fdt_node(const device_fdt_ctx_t *ctx)
{
    static const char compat[] = "xlnx,xps-intc-1.00.a";
    int off = device_fdt_begin(ctx, "interrupt-controller", compat, sizeof(compat), 0x10000);
    if (off < 0)
        return off;
    int rc = fdt_setprop(ctx->fdt, off, "interrupt-controller", NULL, 0);
    if (rc == 0)
        rc = fdt_setprop_u32(ctx->fdt, off, "#interrupt-cells", 2);
    if (rc == 0)
        rc = fdt_setprop_u32(ctx->fdt, off, "xlnx,num-intr-inputs", 32);
    return rc < 0 ? rc : 0;
}

const device_class_t xlnx_axi_intc_class = {
    .name = "xlnx,xps-intc",
    .size = 0x10000,
    .region = REGION_SIDE_EFFECT,
    .create = intc_create,
    .reset = intc_reset,
    .destroy = free,
    .ops = &intc_ops,
    .fdt_node = intc_fdt_node,
    .irq_input = intc_input,
};
