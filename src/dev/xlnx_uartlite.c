/* AMD/Xilinx AXI UART Lite (PG142; Linux `xlnx,xps-uartlite-1.00.a`), transmit side.
 *
 * Registers (32-bit): RX FIFO +0x0, TX FIFO +0x4, STAT +0x8, CTRL +0xC. Every byte written to the
 * TX FIFO goes to the console at once, so STAT always reports the TX FIFO empty and never full;
 * nothing is received (RX FIFO reads 0, "RX valid" stays clear). CTRL's interrupt enable is kept
 * and shown in STAT bit 4; the device raises no interrupts (its TX FIFO never stays non-empty). */
#include <stdlib.h>

#include <libfdt.h>

#include "dev/devices.h"

#define UARTLITE_SIZE 0x10
enum { UL_RX = 0x0, UL_TX = 0x4, UL_STAT = 0x8, UL_CTRL = 0xC };
#define UL_STAT_TX_EMPTY 0x04u
#define UL_STAT_INTR_ENABLED 0x10u
#define UL_CTRL_ENABLE_INTR 0x10u

typedef struct uartlite {
    const dev_host_t *host;
    bool intr_enabled;
} uartlite_t;

static bus_status_t uartlite_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    const uartlite_t *u = opaque;
    (void)size;
    *val = off == UL_STAT ? UL_STAT_TX_EMPTY | (u->intr_enabled ? UL_STAT_INTR_ENABLED : 0) : 0;
    return BUS_OK;
}

static bus_status_t uartlite_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    uartlite_t *u = opaque;
    (void)size;
    if (off == UL_TX) {
        uint8_t b = (uint8_t)val;
        u->host->console_write(u->host->ctx, &b, 1);
    } else if (off == UL_CTRL) {
        u->intr_enabled = (val & UL_CTRL_ENABLE_INTR) != 0; /* FIFO resets: nothing to reset */
    }
    return BUS_OK;
}

static const device_ops_t uartlite_ops = { .read = uartlite_read, .write = uartlite_write };

static void *uartlite_create(const dev_host_t *host, const device_params_t *params)
{
    (void)params;
    uartlite_t *u = calloc(1, sizeof *u);
    if (u)
        u->host = host;
    return u;
}

static void uartlite_reset(void *dev)
{
    ((uartlite_t *)dev)->intr_enabled = false;
}

static int uartlite_fdt_node(const device_fdt_ctx_t *ctx)
{
    static const char compat[] = "xlnx,xps-uartlite-1.00.a";
    int off = device_fdt_begin(ctx, "serial", compat, sizeof(compat), UARTLITE_SIZE);
    if (off < 0)
        return off;
    int rc = fdt_setprop_u32(ctx->fdt, off, "current-speed", 115200);
    return rc < 0 ? rc : 0;
}

const device_class_t xlnx_uartlite_class = {
    .name = "xlnx,xps-uartlite",
    .size = 0x10000, /* the AXI address range Vivado assigns (64 KiB); registers in the first 16 bytes */
    .region = REGION_SIDE_EFFECT,
    .create = uartlite_create,
    .reset = uartlite_reset,
    .destroy = free,
    .ops = &uartlite_ops,
    .fdt_node = uartlite_fdt_node,
};
