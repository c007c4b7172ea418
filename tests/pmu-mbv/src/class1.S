/* Class 1, branches and traps, with a 16-entry branch target cache (btc=16,
 * event-counters=8, latency-counters=0). */
#include "mbv_test.h"

    TEST_NAME "class1"

    .text
    .globl test_main
test_main:
    SELECT 3, EV(1, B(5))           /* taken conditional branch */
    SELECT 4, EV(1, B(6))           /* not taken conditional branch */
    SELECT 5, EV(1, B(7))           /* exception */
    SELECT 6, EV(1, B(8))           /* interrupt */
    SELECT 7, EV(1, B(9))           /* BTC hit */
    SELECT 8, EV(1, B(10))          /* BTC mispredict */
    SELECT 9, EV(1, B(5) | B(9))    /* OR rule: taken | BTC hit */
    SELECT 10, EV(1, B(6) | B(10))  /* OR rule: not taken | mispredict */
    .irp n, 3,4,5,6,7,8,9,10
    ZERO \n
    .endr
    csrw mcycle, zero
    csrw mcycleh, zero
    li a0, 5
    EXPECT_TRAPS 4
    PMU_GO
    /* The loop branch runs 5 times: taken 4 times, then not taken. BTC: the first taken
     * instance misses (and is entered), the next three hit with the right target, the last
     * hits and is mispredicted (predicted taken). */
1:  addi a0, a0, -1
    bnez a0, 1b
    ecall                   /* exception; the handler's beqz is a not-taken branch (no BTC entry) */
    PMU_STOP
    NO_TRAPS
    CHECK_CTR 201, 3, 4     /* taken */
    CHECK_CTR 202, 4, 2     /* not taken: last loop branch, handler's beqz */
    CHECK_CTR 203, 5, 1     /* exceptions */
    CHECK_CTR 204, 6, 0     /* interrupts */
    CHECK_CTR 205, 7, 4     /* BTC hits */
    CHECK_CTR 206, 8, 1     /* BTC mispredicts */
    CHECK_CTR 207, 9, 5     /* taken | hit: once per branch: 1 + 3 + 1 (not 4 + 4) */
    CHECK_CTR 208, 10, 2    /* not taken | mispredict: the last loop branch once, the beqz */
    /* Timing (on with the BTC, 5 stages): 19 instructions (10 in the loop, ecall, 7 in the
     * handler, PMU_STOP) plus the branch penalty (2) of the first loop branch (not yet in the
     * BTC) and of the last (mispredicted); the BTC hits cost nothing, traps no penalty. */
    csrr t1, mcycle
    CHECK 209, t1, 19 + 2 + 2
    TEST_END
