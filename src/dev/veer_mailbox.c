/* VeeR EL2 testbench mailbox: the testbench watches byte stores to this word. 0xFF ends the test
 * as passed, 0x01 as failed; every other byte is console output (the reference testbench prints
 * 0x06-0x7E, but newlines and tabs matter to guests, so everything else goes through).
 * The device has no state; `opaque` is the machine itself. */
#include "dev/devices.h"
#include "machine/machine.h"

#define MAILBOX_PASS 0xFFu
#define MAILBOX_FAIL 0x01u

static bus_status_t veer_mailbox_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    (void)opaque, (void)off, (void)size;
    *val = 0;
    return BUS_OK;
}

static bus_status_t veer_mailbox_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    struct machine *m = opaque;
    uint8_t b = (uint8_t)val; /* the testbench looks at the low byte of any store */

    (void)off, (void)size;
    if (b == MAILBOX_PASS)
        machine_exit(m, 0);
    else if (b == MAILBOX_FAIL)
        machine_exit(m, 1);
    else
        machine_console_write(m, &b, 1);
    return BUS_OK;
}

const device_ops_t veer_mailbox_ops = {
    .read = veer_mailbox_read,
    .write = veer_mailbox_write,
};
