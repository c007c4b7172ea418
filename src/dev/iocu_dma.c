/* A DMA engine behind an IOCU of the CM machines (docs/mips-cm.md "DMA"): the guest writes
 * source, destination and length, then starts a copy through IOCU 0 or 1, coherent or not. The
 * copy is done at the store that starts it; the platform (dev_host_t.dma) moves the bytes and
 * counts the IOCU's traffic. */
#include <stdlib.h>

#include "dev/devices.h"

#define DMA_SRC 0x00u
#define DMA_DST 0x08u
#define DMA_LEN 0x10u
#define DMA_CTRL 0x18u
#define DMA_STATUS 0x20u

#define DMA_CTRL_START 1u
#define DMA_CTRL_COHERENT 2u
#define DMA_CTRL_IOCU1 4u
#define DMA_STATUS_DONE 1u
#define DMA_STATUS_ERROR 2u

typedef struct iocu_dma {
    const dev_host_t *host;
    uint64_t src, dst, len, ctrl, status;
} iocu_dma_t;

static void *dma_create(const dev_host_t *host, const device_params_t *params)
{
    (void)params;
    iocu_dma_t *d = calloc(1, sizeof *d);
    if (d)
        d->host = host;
    return d;
}

static void dma_reset(void *dev)
{
    iocu_dma_t *d = dev;
    d->src = d->dst = d->len = d->ctrl = d->status = 0;
}

static bus_status_t dma_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    iocu_dma_t *d = opaque;
    if ((size != 4 && size != 8) || (off & (size - 1)))
        return BUS_FAULT;
    uint64_t v;
    switch (off & ~7ull) {
    case DMA_SRC: v = d->src; break;
    case DMA_DST: v = d->dst; break;
    case DMA_LEN: v = d->len; break;
    case DMA_CTRL: v = d->ctrl; break;
    case DMA_STATUS: v = d->status; break;
    default: v = 0; break;
    }
    *val = size == 8 ? v : (off & 4) ? v >> 32 : (uint32_t)v;
    return BUS_OK;
}

static void put(uint64_t *reg, uint64_t off, unsigned size, uint64_t val)
{
    if (size == 8)
        *reg = val;
    else if (off & 4)
        *reg = (*reg & 0xFFFFFFFFull) | val << 32;
    else
        *reg = (*reg & ~0xFFFFFFFFull) | (uint32_t)val;
}

static bus_status_t dma_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    iocu_dma_t *d = opaque;
    if ((size != 4 && size != 8) || (off & (size - 1)))
        return BUS_FAULT;
    switch (off & ~7ull) {
    case DMA_SRC: put(&d->src, off, size, val); break;
    case DMA_DST: put(&d->dst, off, size, val); break;
    case DMA_LEN: put(&d->len, off, size, val); break;
    case DMA_CTRL:
        if (off & 4)
            break;
        d->ctrl = val & (DMA_CTRL_COHERENT | DMA_CTRL_IOCU1);
        if (val & DMA_CTRL_START) {
            bool ok = d->host->dma && d->host->dma(d->host->ctx, (d->ctrl & DMA_CTRL_IOCU1) ? 1 : 0, d->src,
                                                   d->dst, d->len, (d->ctrl & DMA_CTRL_COHERENT) != 0);
            d->status = ok ? DMA_STATUS_DONE : DMA_STATUS_ERROR;
        }
        break;
    case DMA_STATUS: d->status &= ~(val & 3u); break; /* write 1 to clear */
    default: break;
    }
    return BUS_OK;
}

static const device_ops_t dma_ops = { .read = dma_read, .write = dma_write };

const device_class_t iocu_dma_class = {
    .name = "iocu-dma",
    .size = 0x1000,
    .region = REGION_SIDE_EFFECT,
    .create = dma_create,
    .reset = dma_reset,
    .destroy = free,
    .ops = &dma_ops,
};
