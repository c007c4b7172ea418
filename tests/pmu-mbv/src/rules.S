/* The rules of the seed and pmusim's choices where it is silent (default configuration:
 * event-counters=5, latency-counters=1, so 3-7 count events and 8/9 are a latency pair;
 * timing=on without caches, so external memory reads go over the peripheral AXI port). */
#include "mbv_test.h"

    TEST_NAME "rules"

#define UNDEF_CLASS EV(6, B(5))
#define UNDEF_BIT EV(3, B(5))
#define BIT25 (EV(0, B(5)) | (1 << 25))
#define NO_EVENT (EV(0, B(5)) | 1)
#define EMPTY EV(0, 0)

    .text
    .globl test_main
test_main:
    lla s1, buf
    /* 1. Selectors that count nothing keep what was written. */
    SELECT 3, UNDEF_CLASS
    SELECT 4, UNDEF_BIT
    SELECT 5, BIT25
    SELECT 6, NO_EVENT
    SELECT 7, EMPTY
    .irp n, 3,4,5,6,7
    ZERO \n
    .endr
    PMU_GO
    lw a2, 0(s1)
    lw a2, 4(s1)
    div a2, a2, zero
    PMU_STOP
    .irp n, 3,4,5,6,7
    CHECK_CTR (800 + \n), \n, 0
    .endr
    READ_EVENT t1, 3
    CHECK 811, t1, UNDEF_CLASS
    READ_EVENT t1, 4
    CHECK 812, t1, UNDEF_BIT
    READ_EVENT t1, 5
    CHECK 813, t1, BIT25
    READ_EVENT t1, 6
    CHECK 814, t1, NO_EVENT

    /* 2. The OR rule: load | compressed counts a c.lw once. */
    SELECT 3, EV(0, B(5) | B(14))
    SELECT 4, EV(0, B(5))
    SELECT 5, EV(0, B(14))
    .irp n, 3,4,5
    ZERO \n
    .endr
    mv s0, s1                   /* x8: reachable by c.lw */
    PMU_GO
    C c.lw a2, 0(s0)            /* load, compressed */
    C c.lw a3, 4(s0)            /* load, compressed */
    lw a4, 8(s0)                /* load */
    C c.addi a5, 1              /* compressed */
    PMU_STOP
    CHECK_CTR 821, 3, 4         /* not 6 */
    CHECK_CTR 822, 4, 3
    CHECK_CTR 823, 5, 3

    /* 3. mcountinhibit stops single counters. */
    SELECT 3, EV(0, B(5))
    SELECT 4, EV(0, B(5))
    ZERO 3
    ZERO 4
    li t0, 0x10                 /* counter 4 inhibited */
    csrw CSR_MCOUNTINHIBIT, t0
    lw a2, 0(s1)
    lw a2, 4(s1)
    PMU_STOP
    CHECK_CTR 831, 3, 2
    CHECK_CTR 832, 4, 0
    csrw CSR_MCOUNTINHIBIT, tp  /* every implemented counter: bits 0, 2, 3-9 */
    csrr t1, CSR_MCOUNTINHIBIT
    CHECK 833, t1, 0x3FD

    /* 4. A latency pair: its class field is ignored (class 5 always); the second counter's
     * selector reads 0 and ignores writes. Peripheral AXI reads: external memory (10 cycles,
     * uncached with timing on) and the UART Lite (4). */
    SELECT 8, EV(0, B(13))
    SELECT 9, 0x1234
    SELECT 7, EV(5, B(13))      /* N */
    ZERO 7
    ZERO 8
    ZERO 9
    li s2, UARTLITE
    PMU_GO
    lw a2, 0(s1)                /* 10 */
    lw a2, 8(s2)                /* 4 */
    PMU_STOP
    CHECK_CTR 841, 7, 2
    CHECK_CTR 842, 8, 14
    CHECK_CTR 843, 9, 0x000A0004
    READ_EVENT t1, 8
    CHECK 844, t1, EV(0, B(13))
    READ_EVENT t1, 9
    CHECK 845, t1, 0
    /* Writing the sum leaves min/max alone; writing min/max to 0 empties it. */
    ZERO 8
    CHECK_CTR 846, 9, 0x000A0004
    ZERO 9
    PMU_GO
    lw a2, 8(s2)                /* 4 */
    PMU_STOP
    CHECK_CTR 847, 8, 4
    CHECK_CTR 848, 9, 0x00040004
    /* A pair that selects nothing (no-event bit) counts nothing. */
    SELECT 8, EV(5, B(13)) | 1
    ZERO 8
    ZERO 9
    PMU_GO
    lw a2, 8(s2)
    PMU_STOP
    CHECK_CTR 849, 8, 0
    CHECK_CTR 850, 9, 0
    TEST_END

    .data
    .align 6
buf: .word 1, 2, 3, 4
