/* A DMA engine behind an IOCU of the CM machines (docs/mips-cm.md "DMA"): the guest writes
 * source, destination and length, then starts a copy through IOCU 0 or 1, coherent or not. The
 * copy takes time: DMA_BYTES_PER_CYCLE bytes a cycle of the platform's clock, applied in pieces of
 * DMA_PIECE bytes, each at the cycle its last byte is due. The platform (dev_host_t.dma) moves the
 * bytes of each piece and counts the IOCU's traffic. The device catches up with the clock when the
 * run loop asks for its next event (it returns when the next piece is due) and at every access to
 * its registers, so STATUS reads DONE from the exact cycle the copy ends, and the host's work is
 * bounded by the guest time that passes, a piece at a time (Ctrl-C and --max-insns stop a run in
 * the middle of a long copy). */
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
#define DMA_STATUS_BUSY 4u

/* One doubleword per cycle: the width of the CM's IOCU data path (RSU_UTIL counts d-words). */
#define DMA_BYTES_PER_CYCLE 8u
/* The copy becomes visible in memory 4 KiB at a time. */
#define DMA_PIECE 4096u

typedef struct iocu_dma {
    const dev_host_t *host;
    uint64_t src, dst, len, ctrl, status;
    /* the copy in progress (status BUSY), as the registers were when it started */
    struct {
        uint64_t src, dst, len, done, start;
        unsigned iocu;
        bool coherent;
    } run;
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

/* The cycle at which the first `bytes` bytes of the copy have been moved. */
static uint64_t dma_due(const iocu_dma_t *d, uint64_t bytes)
{
    return d->run.start + bytes / DMA_BYTES_PER_CYCLE + (bytes % DMA_BYTES_PER_CYCLE != 0);
}

/* The end of the piece after the bytes already copied. */
static uint64_t dma_piece_end(const iocu_dma_t *d)
{
    uint64_t left = d->run.len - d->run.done;
    return d->run.done + (left < DMA_PIECE ? left : DMA_PIECE);
}

/* Moves every piece due by now; the last one sets DONE. */
static void dma_catch_up(iocu_dma_t *d)
{
    if (!(d->status & DMA_STATUS_BUSY))
        return;
    uint64_t now = d->host->cycles(d->host->ctx);
    while (d->run.done < d->run.len) {
        uint64_t end = dma_piece_end(d);
        if (now < dma_due(d, end))
            return;
        d->host->dma(d->host->ctx, d->run.iocu, d->run.src + d->run.done, d->run.dst + d->run.done,
                     end - d->run.done, d->run.coherent);
        d->run.done = end;
    }
    d->status = (d->status & ~DMA_STATUS_BUSY) | DMA_STATUS_DONE;
}

/* Cycles until the next piece is due (the run loop comes back then). */
static uint64_t dma_next_event(void *dev)
{
    iocu_dma_t *d = dev;
    dma_catch_up(d);
    if (!(d->status & DMA_STATUS_BUSY))
        return UINT64_MAX;
    uint64_t now = d->host->cycles(d->host->ctx), due = dma_due(d, dma_piece_end(d));
    return due > now ? due - now : 1;
}

/* A START: both ranges must be memory, else ERROR at once and nothing is copied. */
static void dma_start(iocu_dma_t *d)
{
    const bus_t *bus = d->host->bus;
    if (!d->host->dma ||
        (d->len && (!bus_ram_ptr(bus, d->src, d->len) || !bus_ram_ptr(bus, d->dst, d->len)))) {
        d->status = DMA_STATUS_ERROR;
        return;
    }
    d->run.src = d->src;
    d->run.dst = d->dst;
    d->run.len = d->len;
    d->run.done = 0;
    d->run.start = d->host->cycles(d->host->ctx);
    d->run.iocu = (d->ctrl & DMA_CTRL_IOCU1) ? 1 : 0;
    d->run.coherent = (d->ctrl & DMA_CTRL_COHERENT) != 0;
    d->status = DMA_STATUS_BUSY;
    dma_catch_up(d); /* a copy of 0 bytes is done at once */
    d->host->deadline_changed(d->host->ctx);
}

static bus_status_t dma_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    iocu_dma_t *d = opaque;
    if ((size != 4 && size != 8) || (off & (size - 1)))
        return BUS_FAULT;
    dma_catch_up(d);
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
    dma_catch_up(d);
    switch (off & ~7ull) {
    case DMA_SRC: put(&d->src, off, size, val); break;
    case DMA_DST: put(&d->dst, off, size, val); break;
    case DMA_LEN: put(&d->len, off, size, val); break;
    case DMA_CTRL:
        if ((off & 4) || (d->status & DMA_STATUS_BUSY))
            break; /* CTRL is written while no copy is in progress */
        d->ctrl = val & (DMA_CTRL_COHERENT | DMA_CTRL_IOCU1);
        if (val & DMA_CTRL_START)
            dma_start(d);
        break;
    case DMA_STATUS: d->status &= ~(val & (DMA_STATUS_DONE | DMA_STATUS_ERROR)); break; /* write 1 to clear */
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
    .next_event = dma_next_event,
    .ops = &dma_ops,
};
