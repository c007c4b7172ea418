/* VeeR EL2 testbench mailbox: the testbench watches stores to this word and acts on the low byte.
 *   0xFF, 0xFE   end the test as passed; 0x01 as failed
 *   0x81 / 0x80  raise / clear external interrupt line data[15:8] (1..31)
 *   0x83 / 0x82  raise / clear the software interrupt line (data bit 10); the timer line (bit 9)
 *                is driven by pmusim's CLINT on this machine and is left to it
 *   0x90         clear every interrupt line
 *   below 0x80   console output (the reference testbench prints 0x06-0x7E; newlines and tabs
 *                matter to guests, so they go through too)
 * The PIC's gateways, priorities and claim registers are not modelled: any raised external line
 * makes mip.MEIP pending. NMIs and bus-error injection (0x84-0x88) are not modelled either.
 * The lines raised through it are the device's state. */
#include "dev/devices.h"
#include <stdlib.h>

#define MAILBOX_PASS 0xFFu
#define MAILBOX_FAIL 0x01u

struct veer_mailbox {
    const dev_host_t *host;
    uint32_t irq_lines; /* external interrupt lines 1..31 raised by the guest */
};

veer_mailbox_t *veer_mailbox_new(const dev_host_t *host)
{
    veer_mailbox_t *mb = calloc(1, sizeof(*mb));
    if (mb)
        mb->host = host;
    return mb;
}

void veer_mailbox_reset(veer_mailbox_t *mb)
{
    mb->irq_lines = 0;
}

static bus_status_t veer_mailbox_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    (void)opaque, (void)off, (void)size;
    *val = 0;
    return BUS_OK;
}

static bus_status_t veer_mailbox_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    veer_mailbox_t *mb = opaque;
    const dev_host_t *host = mb->host;
    uint8_t b = (uint8_t)val; /* the testbench looks at the low byte of any store */
    unsigned line = (unsigned)(val >> 8) & 0xff;

    (void)off, (void)size;
    switch (b) {
    case MAILBOX_PASS:
    case 0xFE: host->exit(host->ctx, 0); break;
    case MAILBOX_FAIL: host->exit(host->ctx, 1); break;
    case 0x81:
        if (line > 0 && line < 32)
            mb->irq_lines |= 1u << line;
        break;
    case 0x80:
        if (line > 0 && line < 32)
            mb->irq_lines &= ~(1u << line);
        break;
    case 0x83:
        if (val & (1u << 10))
            host->set_irq(host->ctx, 0, 3, true);
        break; /* soft_int: mip.MSIP */
    case 0x82:
        if (val & (1u << 10))
            host->set_irq(host->ctx, 0, 3, false);
        break;
    case 0x90:
        mb->irq_lines = 0;
        host->set_irq(host->ctx, 0, 3, false);
        break;
    default:
        if (b < 0x80)
            host->console_write(host->ctx, &b, 1);
        break;
    }
    host->set_irq(host->ctx, 0, 11, mb->irq_lines != 0); /* mip.MEIP follows the external lines */
    return BUS_OK;
}

const device_ops_t veer_mailbox_ops = {
    .read = veer_mailbox_read,
    .write = veer_mailbox_write,
};

static void *veer_mailbox_create(const dev_host_t *host, const device_params_t *params)
{
    (void)params;
    return veer_mailbox_new(host);
}

static void veer_mailbox_reset_dev(void *dev)
{
    veer_mailbox_reset(dev);
}

const device_class_t veer_mailbox_class = {
    .name = "veer-mailbox",
    .size = VEER_MAILBOX_SIZE,
    .region = REGION_SIDE_EFFECT,
    .create = veer_mailbox_create,
    .reset = veer_mailbox_reset_dev,
    .destroy = free,
    .ops = &veer_mailbox_ops,
};
