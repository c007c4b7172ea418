/* Driver of the micro-cases in micro8.S (vt-micro8); see micro.c and README.md. */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

static uint32_t ext_buf[16] __attribute__((aligned(64)));

typedef void (*micro_fn)(uint32_t *buf, uint32_t a1);

#define DECL(n) void n(uint32_t *, uint32_t);
#define MICRO8_LIST(X) X(m8_root0) X(m8_root_far)
MICRO8_LIST(DECL)

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
    micro("root0-ext", m8_root0);
    micro("root-far-ext", m8_root_far);
    vt_done();
    return 0;
}
