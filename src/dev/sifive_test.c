/* SiFive test finisher ("sifive,test0"): a 32-bit store at offset 0 ends the simulation.
 * The device has no state; `opaque` is the machine itself. */
#include "dev/devices.h"
#include "machine/machine.h"

#define FINISHER_FAIL 0x3333u
#define FINISHER_PASS 0x5555u
#define FINISHER_RESET 0x7777u

static bus_status_t sifive_test_read(void *opaque, uint64_t off, unsigned size, uint64_t *val)
{
    (void)opaque, (void)off, (void)size;
    *val = 0;
    return BUS_OK;
}

static bus_status_t sifive_test_write(void *opaque, uint64_t off, unsigned size, uint64_t val)
{
    struct machine *m = opaque;

    if (off != 0 || size < 2)
        return BUS_OK; /* only stores of the status half-word or more act (as on QEMU) */
    switch (val & 0xFFFFu) {
    case FINISHER_PASS: machine_exit(m, 0); break;
    case FINISHER_FAIL: machine_exit(m, (int)((val >> 16) & 0xFFFFu)); break;
    case FINISHER_RESET: machine_exit(m, 0); break; /* no reboot: a reset request ends the run */
    default: break;
    }
    return BUS_OK;
}

const device_ops_t sifive_test_ops = {
    .read = sifive_test_read,
    .write = sifive_test_write,
};
