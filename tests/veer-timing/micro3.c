/* Driver of the micro-cases in micro3.S (vt-micro3); see micro.c and README.md. */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

#define DCCM_DATA __attribute__((section(".dccm"), aligned(64)))

DCCM_DATA static uint32_t dccm_buf[16];
static uint32_t ext_buf[16] __attribute__((aligned(64)));

typedef void (*micro_fn)(uint32_t *buf, uint32_t a1);

#define DECL(n) void n(uint32_t *, uint32_t);
#define MICRO3_LIST(X) \
    X(m3_load_use2) \
    X(m3_load_use3) \
    X(m3_load2_use) X(m3_store_load1) X(m3_store_load2) X(m3_store_load3) X(m3_store_load4) \
        X(m3_store_load_use) X(m3_store_pair) X(m3_store_alt) X(m3_call_retc) X(m3_call_nest)
MICRO3_LIST(DECL)

static micro_fn cur;
static uint32_t *cur_buf;

static void run_cur(void)
{
    cur(cur_buf, 7);
}

static void setup_bufs(void)
{
    for (unsigned i = 0; i < 16; i++)
        dccm_buf[i] = ext_buf[i] = i * 0x01010101u;
}

static void micro(const char *name, micro_fn fn, uint32_t *buf)
{
    cur = fn;
    cur_buf = buf;
    vt_measure(name, setup_bufs, run_cur);
}

int main(void)
{
    uint32_t *d = dccm_buf, *e = ext_buf;
    micro("load-use2-ext", m3_load_use2, e);
    micro("load-use3-ext", m3_load_use3, e);
    micro("load2-use-ext", m3_load2_use, e);
    micro("store-load1-ext", m3_store_load1, e);
    micro("store-load2-ext", m3_store_load2, e);
    micro("store-load3-ext", m3_store_load3, e);
    micro("store-load4-ext", m3_store_load4, e);
    micro("store-load-use-ext", m3_store_load_use, e);
    micro("store-load-use-dccm", m3_store_load_use, d);
    micro("store-pair-ext", m3_store_pair, e);
    micro("store-alt-ext", m3_store_alt, e);
    micro("call-retc", m3_call_retc, d);
    micro("call-nest", m3_call_nest, d);
    vt_done();
    return 0;
}
