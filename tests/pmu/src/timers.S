/* Group 5b: interrupts, timers and clocks.
 *   38 = timer interrupts taken: CLINT mtip and the VeeR internal timers 0 and 1
 *   39 (external interrupts): no external interrupt source on veer-el2 yet: not tested
 *   512 = cycles in firmware halt (mpmc); mcycle, event 1 and event 49 stop while halted
 *   PAUSE (mcpc) keeps every clock running
 *   mtime ticks once per cycle; a cycle is one instruction for now (no timing model). */
#include "pmu_test.h"

    TEST_NAME "timers"

/* Interrupt handler for the CLINT timer tests: 4 instructions, disarms the timer by writing
 * mtimecmp high = 0xFFFFFFFF (a6 = CLINT_MTIMECMP, a7 = -1).
 *   csrr (16), addi (15), sw to the CLINT (12, 56), mret (23) */
    .text
    .align 2
timer_entry:
    csrr s10, mcause
    addi s11, s11, 1
    sw a7, 4(a6)
    mret

    .globl test_main
test_main:
    /* ---- 5301-5309: a timer interrupt through the CLINT, with timer_entry as handler */
    lla t0, timer_entry
    csrw mtvec, t0
    li a6, CLINT_MTIMECMP
    li a7, -1
    sw a7, 4(a6)            /* mtimecmp = far future */
    sw a7, 0(a6)
    li t0, 0x80
    csrs mie, t0            /* MTIE */
    li s11, 0
    li s10, 0
    /* pending but disabled (mstatus.MIE = 0): nothing is taken */
    csrci mstatus, 8
    sw zero, 0(a6)          /* mtimecmp = 0: pending now */
    sw zero, 4(a6)
    PMU_SETUP 38, 37, 23, 12
    PMU_GO
    nop
    nop
    csrr a2, mip
    PMU_STOP
    PMU_READ
    CHECK 5301, s0, 0
    CHECK 5302, s11, 0
    andi a2, a2, 0x80
    CHECK 5303, a2, 0x80    /* mip.MTIP */
    /* now enable: taken once, the handler moves mtimecmp away */
    PMU_SETUP 38, 37, 23, 12
    PMU_GO
    csrsi mstatus, 8
1:  beqz s11, 1b
    csrci mstatus, 8
    PMU_STOP
    PMU_READ
    CHECK 5304, s0, 1       /* event 38 */
    CHECK 5305, s1, 0       /* event 37 */
    CHECK 5306, s2, 1       /* event 23: the handler's mret */
    CHECK 5307, s3, 1       /* event 12: the handler's store */
    CHECK 5308, s10, CAUSE_MTI
    CHECK 5309, s11, 1

    /* ---- 5311-5315: a timer interrupt some ticks ahead, waited for in a loop */
    li t3, CLINT_MTIME
    lw t1, 0(t3)
    lw t2, 4(t3)
    addi t1, t1, 100        /* (no low-word wrap: mtime is small here) */
    sw a7, 4(a6)
    sw t1, 0(a6)
    sw t2, 4(a6)
    li s11, 0
    PMU_SETUP 38, 37, 23, 12
    PMU_GO
    csrsi mstatus, 8
1:  beqz s11, 1b
    csrci mstatus, 8
    PMU_STOP
    PMU_READ
    CHECK 5311, s0, 1
    CHECK 5312, s1, 0
    CHECK 5313, s2, 1
    CHECK 5314, s3, 1
    CHECK 5315, s10, CAUSE_MTI

    li t0, 0x80
    csrc mie, t0
    lla t0, trap_entry
    csrw mtvec, t0

    /* ---- 5401-5402: time. mtime ticks once per cycle on veer-el2 and a cycle is one
     * instruction for now, so two reads 4 instructions apart differ by 4: mcycle (CSR) and
     * mtime (CLINT load). */
    PMU_GO
    csrr a2, mcycle
    nop
    nop
    nop
    csrr a3, mcycle
    sub a3, a3, a2
    CHECK 5401, a3, 4
    li t3, CLINT_MTIME
    lw a2, 0(t3)
    nop
    nop
    nop
    lw a3, 0(t3)
    sub a3, a3, a2
    CHECK 5402, a3, 4

    /* ---- 5501-5508: the VeeR internal timers raise timer interrupts too (mip 29 and 28,
     * mcause 0x8000001D / 0x8000001C), counted in event 38 */
    csrwi CSR_MITCTL0, 0
    csrw CSR_MITCNT0, zero
    li t0, 200
    csrw CSR_MITB0, t0
    li t1, 1 << 29
    csrs mie, t1
    li s11, 0
    li s10, 0
    EXPECT_TRAPS 0
    PMU_SETUP 38, 37, 0, 0
    PMU_GO
    csrsi mstatus, 8
    csrwi CSR_MITCTL0, 1
1:  beqz s11, 1b
    csrci mstatus, 8
    csrwi CSR_MITCTL0, 0
    PMU_STOP
    NO_TRAPS
    csrc mie, t1
    PMU_READ
    CHECK 5501, s0, 1
    CHECK 5502, s1, 0
    CHECK 5503, s10, 0x8000001D
    CHECK 5504, s11, 1

    csrwi CSR_MITCTL1, 0
    csrw CSR_MITCNT1, zero
    li t0, 200
    csrw CSR_MITB1, t0
    li t1, 1 << 28
    csrs mie, t1
    li s11, 0
    li s10, 0
    EXPECT_TRAPS 0
    PMU_SETUP 38, 37, 0, 0
    PMU_GO
    csrsi mstatus, 8
    csrwi CSR_MITCTL1, 1
1:  beqz s11, 1b
    csrci mstatus, 8
    csrwi CSR_MITCTL1, 0
    PMU_STOP
    NO_TRAPS
    csrc mie, t1
    PMU_READ
    CHECK 5505, s0, 1
    CHECK 5506, s1, 0
    CHECK 5507, s10, 0x8000001C
    CHECK 5508, s11, 1

    /* ---- 5511-5516: firmware halt (mpmc[0]) until the CLINT timer is pending (mie.MTIE, but
     * mstatus.MIE = 0: the halt ends, no trap is taken). While halted the core clock is gated:
     * mcycle and event 1 stand still and so does event 49 (cycles with MIE = 0); event 512
     * counts the halted cycles. Window: csrwi mpmc, nop, PMU_STOP = 3 active cycles (one per
     * instruction for now). mtimecmp = T + 100, T = mtime read by the load at halt_from
     * (the cycles of every older instruction). From that load up to the halting csrwi there
     * are n = (halt_to - halt_from) / 4 instructions (all 32-bit), so the halt starts at
     * T + n and ends when mtime reaches T + 100: n + event 512 = 100. */
    li a6, CLINT_MTIMECMP
    li a7, -1
    li t3, CLINT_MTIME
    csrci mstatus, 8
    li t0, 0x80
    csrw mie, t0            /* ends a block: the load below is the first of its block */
halt_from:
    lw t1, 0(t3)
    lw t2, 4(t3)
    addi t1, t1, 100
    sw a7, 4(a6)
    sw t1, 0(a6)
    sw t2, 4(a6)
    PMU_SETUP 512, 1, 49, 4
    PMU_GO
    csrwi CSR_MPMC, 1
halt_to:
    nop
    PMU_STOP
    PMU_READ
    csrr a2, mcycle
    sw a7, 4(a6)
    csrw mie, zero
    CHECK 5511, s1, 3       /* event 1 */
    CHECK 5512, a2, 3       /* mcycle */
    CHECK 5513, s2, 3       /* event 49 */
    CHECK 5514, s3, 3       /* event 4 */
    CHECK 5515, s4, 3       /* minstret */
    lla a3, halt_from
    lla a4, halt_to
    sub a3, a4, a3
    srli a3, a3, 2
    add a3, a3, s0
    CHECK 5516, a3, 100     /* n + event 512 */

    /* ---- 5521-5522: an internal timer without halt_en counts the active cycles before the
     * halt but not the halted ones (reference §8). mitcnt0 after: the 10 nops, the halting
     * csrwi and possibly the reading csrr: 11 or 12. 5521 is the same without the halt. */
    csrwi CSR_MITCTL0, 0
    csrw CSR_MITCNT0, zero
    li t0, -1
    csrw CSR_MITB0, t0
    csrwi CSR_MITCTL0, 1        /* the write wins: counting starts with the next cycle */
    .rept 11
    nop
    .endr
    csrr a2, CSR_MITCNT0
    csrwi CSR_MITCTL0, 0
    addi a2, a2, -11
    sltiu a2, a2, 2
    CHECK 5521, a2, 1
    li t0, 0x80
    csrw mie, t0
    lw t1, 0(t3)
    lw t2, 4(t3)
    addi t1, t1, 100
    sw a7, 4(a6)
    sw t1, 0(a6)
    sw t2, 4(a6)
    csrw CSR_MITCNT0, zero
    csrwi CSR_MITCTL0, 1
    .rept 10
    nop
    .endr
    csrwi CSR_MPMC, 1
    csrr a2, CSR_MITCNT0
    csrwi CSR_MITCTL0, 0
    sw a7, 4(a6)
    csrw mie, zero
    addi a3, a2, -11
    sltiu a3, a3, 2
    CHECK 5522, a3, 1
    /* the same with PAUSE (mcpc) instead of the halt: the timer has no pause_en */
    csrw CSR_MITCNT0, zero
    csrwi CSR_MITCTL0, 1
    .rept 10
    nop
    .endr
    csrwi CSR_MCPC, 20
    csrr a2, CSR_MITCNT0
    csrwi CSR_MITCTL0, 0
    addi a3, a2, -11
    sltiu a3, a3, 2
    CHECK 5523, a3, 1

    /* ---- 5531-5534: PAUSE (mcpc = N) keeps the clocks and counters running: N more cycles
     * in event 1 and mcycle (pmusim pauses exactly N cycles; the RTL about N), none in 512 */
    PMU_SETUP 1, 4, 512, 0
    PMU_GO
    csrwi CSR_MCPC, 20
    nop
    PMU_STOP
    PMU_READ
    csrr a2, mcycle
    CHECK 5531, s0, 23      /* 3 instructions + 20 */
    CHECK 5532, s1, 3
    CHECK 5533, s2, 0
    CHECK 5534, a2, 23

    TEST_END
