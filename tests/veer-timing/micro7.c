/* Driver of the micro-cases in micro7.S (vt-micro7); see micro.c and README.md. */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

static uint32_t ext_buf[16] __attribute__((aligned(64)));

typedef void (*micro_fn)(uint32_t *buf, uint32_t a1);

#define DECL(n) void n(uint32_t *, uint32_t);
#define MICRO7_LIST(X) X(m7_sift_branches) X(m7_sift_plain) X(m7_sift_taken) X(m7_sift_sameword) X(m7_exit_pair) X(m7_exit_single)
MICRO7_LIST(DECL)

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
    micro("sift-branches-ext", m7_sift_branches);
    micro("sift-plain-ext", m7_sift_plain);
    micro("sift-taken-ext", m7_sift_taken);
    micro("sift-sameword-ext", m7_sift_sameword);
    micro("exit-pair-ext", m7_exit_pair);
    micro("exit-single-ext", m7_exit_single);
    vt_done();
    return 0;
}
