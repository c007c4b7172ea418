/*
 * reconfig: a guest that reprograms its performance counters thousands of times (benchmark).
 *
 * The same compute kernel runs STEPS times, one step being about 100 instructions (a few
 * xorshift/table/branch rounds). Built with -DRECONFIG=1, every step is followed by a counter
 * reprogramming as a profiling runtime would do it:
 *     mcountinhibit = hpm3-6 stopped; mhpmevent3..6 = the next of four event sets;
 *     mcountinhibit = 0
 * With -DRECONFIG=0 (the baseline) nothing happens between steps. Both variants compute the same
 * checksum; the harness (bench/run.sh) times them and divides the printed instret by wall time.
 *
 * Written for VeeR EL2 (mhpmcounter3-6, its event numbers); it runs on any machine whose
 * mhpmevent CSRs exist, since unknown event numbers are legalised by the core.
 */
#include "pmusim_example.h"

#ifndef STEPS
#define STEPS 2000000
#endif
#ifndef RECONFIG
#define RECONFIG 1
#endif

#define TABLE_WORDS 256
static uint32_t table[TABLE_WORDS];

/* One kernel step: 4 rounds of xorshift, a table load and store, and a data-dependent branch;
 * about 100 instructions on rv32imc at -O2. */
static __attribute__((noinline)) uint32_t kernel_step(uint32_t x, uint32_t acc)
{
    for (int r = 0; r < 4; r++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        uint32_t i = x % TABLE_WORDS;
        uint32_t v = table[i];
        if (v & 1u)
            acc += v ^ x;
        else
            acc = (acc << 3) | (acc >> 29);
        table[i] = v + x;
    }
    return acc ^ x;
}

#if RECONFIG
/* VeeR EL2 event sets, one per step in turn (4: instructions, 11: loads, 12: stores,
 * 24: branches, 5/6: 16/32-bit instructions, 9: muls, 10: divs, 15: ALU, 16: CSR reads,
 * 26: branches taken, 27: unpredictable, 1: cycles, 2: I-cache hits, 13/14: misaligned). */
static const uint16_t event_sets[4][4] = {
    { 4, 11, 12, 24 },
    { 5, 6, 9, 10 },
    { 15, 16, 26, 27 },
    { 1, 2, 13, 14 },
};

static __attribute__((noinline)) void reprogram(unsigned step)
{
    const uint16_t *e = event_sets[step & 3u];
    rt_write_csr(mcountinhibit, 0x78);   /* stop mhpmcounter3-6 */
    rt_write_csr(mhpmevent3, e[0]);
    rt_write_csr(mhpmevent4, e[1]);
    rt_write_csr(mhpmevent5, e[2]);
    rt_write_csr(mhpmevent6, e[3]);
    rt_write_csr(mcountinhibit, 0);
}
#endif

int main(void)
{
    ex_state_t ex;
    uint32_t x = 0x2545F491u, acc = 0;

    for (int i = 0; i < TABLE_WORDS; i++)
        table[i] = ex_rand(&x);
    rt_printf("reconfig: steps=%d reprogram=%s\n", STEPS, RECONFIG ? "every step" : "never");

    ex_begin(&ex, "reconfig");
    for (unsigned s = 0; s < STEPS; s++) {
        acc = kernel_step(x + s, acc);
#if RECONFIG
        reprogram(s);
#endif
    }
    uint32_t sum = acc;
    for (int i = 0; i < TABLE_WORDS; i++)
        sum = sum * 31u + table[i];
    ex_report(&ex, sum);
    return ex_finish(&ex);
}
