/* VeeR EL2 testbench mailbox (tb_top.sv): the testbench watches stores to this word and acts on
 * the low byte (docs/machine-veer-el2.md):
 *   0xFF, 0xFE   end the test as passed; 0x01 as failed
 *   0x80         lower external line data[15:8] (1..30), and raise an NMI
 *   0x81         raise external line data[15:8]; the NMI vector becomes data[31:8] << 8
 *   0x82 / 0x83  lower / raise the NMI (data bit 8), timer (bit 9) and software (bit 10) pins;
 *                the testbench lowers timer_int and soft_int every cycle, so a raise is a
 *                one-cycle pulse (taken if enabled at that moment), and an NMI is one NMI
 *   0x84, 0x85   a one-cycle soft_int / timer_int pulse
 *   0x86         a one-cycle pulse of external line 1
 *   0x87, 0x88   a bus error on the next D-bus transaction (load or store) / I-bus fetch
 *   0x89         a parity error on the next I-cache read
 *   0x90         lower every interrupt line
 *   0xE0-0xE4    ECC error injection: ICCM single/double, DCCM single/double, off
 *   below 0x80   console output (the reference testbench prints 0x06-0x7E; newlines and tabs
 *                matter to guests, so they go through too)
 * External lines go to the core's PIC (its gateways, priorities and enables decide mip.MEIP);
 * line 1 is only ever a one-cycle pulse in the testbench. */
#include "dev/devices.h"
#include <stdlib.h>

#include "core/veer_el2/veer_signals.h"

#define MAILBOX_PASS 0xFFu
#define MAILBOX_FAIL 0x01u
#define PIC_LINES 31 /* pt.PIC_TOTAL_INT of the default build: lines 1..30 */
enum { IRQ_MSIP = 3, IRQ_MTIP = 7 };

struct veer_mailbox {
    const dev_host_t *host;
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
    (void)mb; /* the lines are the core's PIC inputs, reset with it */
}

static bus_status_t veer_mailbox_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    (void)opaque, (void)off, (void)size;
    *val = 0;
    return BUS_OK;
}

static void drive(const dev_host_t *host, unsigned sig, uint64_t value)
{
    if (host->core_signal)
        host->core_signal(host->ctx, 0, sig, value);
}

static void set_line(veer_mailbox_t *mb, unsigned line, bool level)
{
    if (line == 1 && level)
        drive(mb->host, VEER_SIG_EXT_PULSE, 1); /* the testbench lowers line 1 every cycle */
    else if (line > 1 && line < PIC_LINES)
        drive(mb->host, VEER_SIG_EXT_LINE, line | (unsigned)level << 8);
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
    case 0xFE: host->guest_exit(host->ctx, 0); break;
    case MAILBOX_FAIL: host->guest_exit(host->ctx, 1); break;
    case 0x80:
        set_line(mb, line, false);
        drive(host, VEER_SIG_NMI, 1);
        break;
    case 0x81:
        set_line(mb, line, true);
        drive(host, VEER_SIG_NMI_VECTOR, (uint32_t)val & ~0xFFu);
        break;
    case 0x83:
        if (val & (1u << 8))
            drive(host, VEER_SIG_NMI, 1);
        if (val & (1u << 9))
            drive(host, VEER_SIG_IRQ_PULSE, IRQ_MTIP);
        if (val & (1u << 10))
            drive(host, VEER_SIG_IRQ_PULSE, IRQ_MSIP);
        break;
    case 0x82: break; /* the pins it lowers are pulses: already low */
    case 0x84: drive(host, VEER_SIG_IRQ_PULSE, IRQ_MSIP); break;
    case 0x85: drive(host, VEER_SIG_IRQ_PULSE, IRQ_MTIP); break;
    case 0x86: drive(host, VEER_SIG_EXT_PULSE, 1); break;
    case 0x87: drive(host, VEER_SIG_DBUS_ERROR, 1); break;
    case 0x88: drive(host, VEER_SIG_IBUS_ERROR, 1); break;
    case 0x89: drive(host, VEER_SIG_ECC_INJECT, VEER_ECC_ICACHE); break;
    case 0x90: drive(host, VEER_SIG_EXT_CLEAR, 0); break;
    case 0xE0: drive(host, VEER_SIG_ECC_INJECT, VEER_ECC_ICCM_SINGLE); break;
    case 0xE1: drive(host, VEER_SIG_ECC_INJECT, VEER_ECC_ICCM_DOUBLE); break;
    case 0xE2: drive(host, VEER_SIG_ECC_INJECT, VEER_ECC_DCCM_SINGLE); break;
    case 0xE3: drive(host, VEER_SIG_ECC_INJECT, VEER_ECC_DCCM_DOUBLE); break;
    case 0xE4: drive(host, VEER_SIG_ECC_INJECT, VEER_ECC_OFF); break;
    default:
        if (b < 0x80)
            host->console_write(host->ctx, &b, 1);
        break;
    }
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
