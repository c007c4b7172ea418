/* The device classes machine descriptions can name. */
#include <stdio.h>
#include <string.h>

#include <libfdt.h>

#include "dev/devices.h"

static const device_class_t *const all_classes[] = {
    &uart16550_class,      /* virt */
    &clint_class,          /* virt, veer-el2 */
    &sifive_test_class,    /* virt */
    &veer_mailbox_class,   /* veer-el2 */
    &xlnx_uartlite_class,  /* mbv32/mbv64: AXI UART Lite */
    &xlnx_axi_timer_class, /* mbv32/mbv64: AXI timer */
    &xlnx_axi_intc_class,  /* mbv32/mbv64: AXI interrupt controller */
    &mips_cm_class,        /* p8700: CM GCR */
    &iocu_dma_class,       /* p8700: DMA engine behind the IOCUs */
    &plic_class,           /* virt, p8700 */
};

const device_class_t *device_class_find(const char *name)
{
    for (size_t k = 0; k < sizeof(all_classes) / sizeof(all_classes[0]); k++)
        if (strcmp(all_classes[k]->name, name) == 0)
            return all_classes[k];
    return NULL;
}

int device_fdt_begin(const device_fdt_ctx_t *ctx, const char *name, const char *compat, int compat_len,
                     uint64_t size)
{
    char node[64];
    snprintf(node, sizeof(node), "%s@%llx", name, (unsigned long long)ctx->base);
    int off = fdt_add_subnode(ctx->fdt, ctx->parent, node);
    if (off < 0)
        return off;
    int rc = fdt_setprop(ctx->fdt, off, "compatible", compat, compat_len);
    if (rc == 0)
        rc = fdt_setprop_u64(ctx->fdt, off, "reg", ctx->base);
    if (rc == 0)
        rc = fdt_appendprop_u64(ctx->fdt, off, "reg", size);
    if (rc == 0 && ctx->phandle)
        rc = fdt_setprop_u32(ctx->fdt, off, "phandle", ctx->phandle);
    if (rc == 0 && ctx->irq_parent)
        rc = fdt_setprop_u32(ctx->fdt, off, "interrupt-parent", ctx->irq_parent);
    for (unsigned k = 0; rc == 0 && ctx->irq_parent && k < ctx->irq_cells; k++)
        rc = fdt_appendprop_u32(ctx->fdt, off, "interrupts", k == 0 ? ctx->irq : 0);
    return rc < 0 ? rc : off;
}
