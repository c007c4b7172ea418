/* See harness.h. */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

/* The events of the timing model, four per pass (mhpmevent3-6). 4 and 24 are exact
 * instruction-level events, kept as a cross-check between the two runs. */
static const unsigned short passes[][4] = {
    { 1, 2, 3, 4 },     { 7, 8, 25, 28 },   { 30, 31, 32, 34 },    { 35, 36, 40, 41 },
    { 42, 43, 44, 45 }, { 46, 47, 48, 24 }, { 513, 514, 515, 516 },
};
#define N_PASSES (sizeof passes / sizeof passes[0])

static void stop_all(void)
{
    __asm__ volatile("csrw mcountinhibit, %0" ::"r"(0x7D) : "memory");
}

static void clear_all(const unsigned short *ev)
{
    rt_write_csr(mhpmevent3, ev[0]);
    rt_write_csr(mhpmevent4, ev[1]);
    rt_write_csr(mhpmevent5, ev[2]);
    rt_write_csr(mhpmevent6, ev[3]);
    rt_write_csr(mcycle, 0);
    rt_write_csr(mcycleh, 0);
    rt_write_csr(minstret, 0);
    rt_write_csr(minstreth, 0);
    for (unsigned n = 3; n <= 6; n++)
        rt_write_hpmcounter(n, 0);
}

/* Kept out of line so the measured region is the same instruction sequence for every case. */
__attribute__((noinline)) static void run_counted(vt_fn run)
{
    __asm__ volatile("csrwi mcountinhibit, 0" ::: "memory");
    run();
    __asm__ volatile("csrw mcountinhibit, %0" ::"r"(0x7D) : "memory");
}

void vt_measure(const char *name, vt_fn setup, vt_fn run)
{
    stop_all();
    /* MRAC: every region cacheable and idempotent except 0xD (the testbench mailbox), as the
     * VeeR testbench's own C runtime sets it; the reset value 0 makes every fetch a bus read. */
    __asm__ volatile("csrw 0x7c0, %0; fence.i" ::"r"(0x59555555) : "memory");
    if (setup)
        setup();
    run(); /* warm-up: I-cache and predictor */
    for (unsigned p = 0; p < N_PASSES; p++) {
        stop_all();
        if (setup)
            setup();
        clear_all(passes[p]);
        run_counted(run);
        uint64_t cyc = rt_read_mcycle(), ins = rt_read_minstret();
        rt_printf("@%s,%u,%llu,%llu", name, p, (unsigned long long)cyc, (unsigned long long)ins);
        for (unsigned k = 0; k < 4; k++)
            rt_printf(",%u,%llu", passes[p][k], (unsigned long long)rt_read_hpmcounter(3 + k));
        rt_printf("\n");
    }
}

void vt_done(void)
{
    rt_exit(0);
}
