/* Driver of the micro-cases in micro.S: each runs with its data in the DCCM and/or in external
 * memory, as named. */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

#define DCCM_DATA __attribute__((section(".dccm"), aligned(64)))

DCCM_DATA static uint32_t dccm_buf[16];
static uint32_t ext_buf[16] __attribute__((aligned(64)));

/* The micro-cases take (a0 = data, a1, a2, a3): operands chosen per case below. */
typedef void (*micro_fn)(uint32_t *buf, uint32_t a1, uint32_t a2, uint32_t a3);

#define DECL(n) void n(uint32_t *, uint32_t, uint32_t, uint32_t);
#define MICRO_LIST(X)                                                                              \
    X(m_mul_indep) X(m_mul_dep) X(m_div) X(m_divu) X(m_rem) X(m_div_use) X(m_load_use)             \
    X(m_load_nouse) X(m_load_seq) X(m_store_same) X(m_store_seq) X(m_store_load)                  \
    X(m_load_misaligned) X(m_alu) X(m_alu_dep) X(m_br_taken) X(m_br_nottaken) X(m_br_alt)        \
    X(m_br_pat3) X(m_call_ret) X(m_call_ret4) X(m_call_jalr) X(m_jump) X(m_csr_read) X(m_csr_write)              \
    X(m_csr_mstatus) X(m_csr_mcycle) X(m_csr_minstret) X(m_fence) X(m_fencei) X(m_code8k)         \
    X(m_code24k)
MICRO_LIST(DECL)

static micro_fn cur;
static uint32_t *cur_buf;
static uint32_t cur_a1, cur_a2, cur_a3;

static void run_cur(void)
{
    cur(cur_buf, cur_a1, cur_a2, cur_a3);
}

static void setup_bufs(void)
{
    for (unsigned i = 0; i < 16; i++)
        dccm_buf[i] = ext_buf[i] = i * 0x01010101u;
}

static void micro(const char *name, micro_fn fn, uint32_t *buf, uint32_t a1, uint32_t a2, uint32_t a3)
{
    cur = fn;
    cur_buf = buf;
    cur_a1 = a1;
    cur_a2 = a2;
    cur_a3 = a3;
    vt_measure(name, setup_bufs, run_cur);
}

/* The RTL testbench stops after 2,000,000 cycles: the cases are split over two programs. */
int main(void)
{
    uint32_t *d = dccm_buf, *e = ext_buf;
#if MICRO_PART == 1
    micro("alu", m_alu, d, 1, 2, 0);
    micro("alu-dep", m_alu_dep, d, 1, 2, 0);
    micro("mul", m_mul_indep, d, 12345, 678, 0);
    micro("mul-dep", m_mul_dep, d, 0, 0, 0);
    micro("div-small", m_div, d, 100, 7, 0);
    micro("div-large", m_div, d, 0x7FFFFFFF, 3, 0);
    micro("div-mid", m_div, d, 0x12345, 0x123, 0);
    micro("div-neg", m_div, d, (uint32_t)-1000001, 13, 0);
    micro("div-by1", m_div, d, 0x7FFFFFFF, 1, 0);
    micro("div-by0", m_div, d, 12345, 0, 0);
    micro("div-lt", m_div, d, 5, 1000, 0);
    micro("divu-big", m_divu, d, 0xFFFFFFFF, 0x10000, 0);
    micro("divu-max", m_divu, d, 0xFFFFFFFF, 3, 0);
    micro("rem-mid", m_rem, d, 0x12345, 0x123, 0);
    micro("div-use", m_div_use, d, 0x12345, 0x123, 0);
    micro("load-use-dccm", m_load_use, d, 0, 0, 0);
    micro("load-use-ext", m_load_use, e, 0, 0, 0);
    micro("load-nouse-dccm", m_load_nouse, d, 0, 0, 0);
    micro("load-nouse-ext", m_load_nouse, e, 0, 0, 0);
    micro("load-seq-dccm", m_load_seq, d, 0, 0, 0);
    micro("load-seq-ext", m_load_seq, e, 0, 0, 0);
    micro("store-same-dccm", m_store_same, d, 7, 0, 0);
    micro("store-same-ext", m_store_same, e, 7, 0, 0);
    micro("store-seq-dccm", m_store_seq, d, 7, 0, 0);
    micro("store-seq-ext", m_store_seq, e, 7, 0, 0);
    micro("store-load-dccm", m_store_load, d, 7, 0, 0);
    micro("store-load-ext", m_store_load, e, 7, 0, 0);
    micro("load-misaligned-dccm", m_load_misaligned, d, 0, 0, 0);
    micro("load-misaligned-ext", m_load_misaligned, e, 0, 0, 0);
    micro("br-taken", m_br_taken, d, 0, 0, 0);
    micro("br-nottaken", m_br_nottaken, d, 0, 0, 0);
    micro("br-alt", m_br_alt, d, 0, 0, 0);
    micro("br-pat3", m_br_pat3, d, 0, 0, 0);
    micro("call-ret", m_call_ret, d, 0, 0, 0);
    micro("call-jalr", m_call_jalr, d, 0, 0, 0);
    micro("jump", m_jump, d, 0, 0, 0);
    micro("csr-read", m_csr_read, d, 5, 0, 0);
    micro("csr-write", m_csr_write, d, 5, 0, 0);
    micro("csr-mstatus", m_csr_mstatus, d, 5, 0, 0x1800);
#else
    (void)e;
    micro("call-ret4", m_call_ret4, d, 0, 0, 0);
    micro("csr-mcycle", m_csr_mcycle, d, 0, 0, 0);
    micro("csr-minstret", m_csr_minstret, d, 0, 0, 0);
    micro("fence", m_fence, d, 0, 0, 0);
    micro("fencei", m_fencei, d, 1, 2, 0);
    micro("code8k", m_code8k, d, 0, 0, 0);
    micro("code24k", m_code24k, d, 0, 0, 0);
#endif
    vt_done();
    return 0;
}
