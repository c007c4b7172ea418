/* Driver of the micro-cases in micro5.S (vt-micro5); see micro.c and README.md. */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

static uint32_t ext_buf[16] __attribute__((aligned(64)));

typedef void (*micro_fn)(uint32_t *buf, uint32_t a1);

#define DECL(n) void n(uint32_t *, uint32_t);
#define MICRO5_LIST(X) \
    X(m5_store_load9_use) X(m5_store_load10_use) X(m5_store_load9_load2) X(m5_store_load10_load2)
MICRO5_LIST(DECL)

static micro_fn cur;

static void run_cur(void)
{
    cur(ext_buf, 7);
}

static void setup_buf(void)
{
    for (unsigned i = 0; i < 16; i++)
        ext_buf[i] = i * 0x01010101u;
}

static void micro(const char *name, micro_fn fn)
{
    cur = fn;
    vt_measure(name, setup_buf, run_cur);
}

int main(void)
{
    micro("store-load9-use-ext", m5_store_load9_use);
    micro("store-load10-use-ext", m5_store_load10_use);
    micro("store-load9-load2-ext", m5_store_load9_load2);
    micro("store-load10-load2-ext", m5_store_load10_load2);
    vt_done();
    return 0;
}
