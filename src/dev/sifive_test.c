/* SiFive test finisher ("sifive,test0"): a 32-bit store at offset 0 ends the simulation.
 * The device has no state; `opaque` is its dev_host_t. */
#include <libfdt.h>

#include "dev/devices.h"

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
    const dev_host_t *host = opaque;

    if (off != 0 || size < 2)
        return BUS_OK; /* only stores of the status half-word or more act (as on QEMU) */
    switch (val & 0xFFFFu) {
    case FINISHER_PASS: host->guest_exit(host->ctx, 0); break;
    case FINISHER_FAIL: host->guest_exit(host->ctx, (int)((val >> 16) & 0xFFFFu)); break;
    case FINISHER_RESET: host->guest_exit(host->ctx, 0); break; /* no reboot: a reset request ends the run */
    default: break;
    }
    return BUS_OK;
}

const device_ops_t sifive_test_ops = {
    .read = sifive_test_read,
    .write = sifive_test_write,
};

/* Stateless: the device is its host. */
static void *sifive_test_create(const dev_host_t *host, const device_params_t *params)
{
    (void)params;
    return (void *)host;
}

static void sifive_test_nothing(void *dev)
{
    (void)dev;
}

static int sifive_test_fdt_node(const device_fdt_ctx_t *ctx)
{
    static const char compat[] = "sifive,test1\0sifive,test0\0syscon";
    int off = device_fdt_begin(ctx, "test", compat, sizeof(compat), SIFIVE_TEST_SIZE);
    return off < 0 ? off : 0;
}

const device_class_t sifive_test_class = {
    .name = "sifive-test",
    .size = SIFIVE_TEST_SIZE,
    .region = REGION_SIDE_EFFECT,
    .create = sifive_test_create,
    .reset = sifive_test_nothing,
    .destroy = sifive_test_nothing,
    .ops = &sifive_test_ops,
    .fdt_node = sifive_test_fdt_node,
};
