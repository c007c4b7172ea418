/* Driver of the micro-cases in micro4.S (vt-micro4); see micro.c and README.md. */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

static uint32_t ext_buf[16] __attribute__((aligned(64)));

typedef void (*micro_fn)(uint32_t *buf, uint32_t a1);

#define DECL(n) void n(uint32_t *, uint32_t);
#define MICRO4_LIST(X) \
    X(m4_store_load4_use) \
    X(m4_store_load5_use) \
    X(m4_store_load6_use) \
    X(m4_store_load8_use) X(m4_store_load11_use) X(m4_load_use_alu) X(m4_store_load4_br) X(m4_load_use_br) \
        X(m4_store_load8_load2) X(m4_load_load2)
MICRO4_LIST(DECL)

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
    micro("store-load4-use-ext", m4_store_load4_use);
    micro("store-load5-use-ext", m4_store_load5_use);
    micro("store-load6-use-ext", m4_store_load6_use);
    micro("store-load8-use-ext", m4_store_load8_use);
    micro("store-load11-use-ext", m4_store_load11_use);
    micro("load-use-alu-ext", m4_load_use_alu);
    micro("store-load4-br-ext", m4_store_load4_br);
    micro("load-use-br-ext", m4_load_use_br);
    micro("store-load8-load2-ext", m4_store_load8_load2);
    micro("load-load2-ext", m4_load_load2);
    vt_done();
    return 0;
}
