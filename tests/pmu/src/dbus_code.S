/* Group 13: D-bus transactions (event 43) of stores next to code. The loop of dbus_words, with the
 * word it stores to in the loop's own 64-byte granule (data in .text, as small firmware has it):
 * the store is seen as a store near decoded code, but it does not write over the running block,
 * so the block runs on to its end and the core's timing model sees it whole, as the core runs it.
 * The counts are those of dbus_words: 2 transactions per round (store A; store A again, through
 * another base, coalesces; load B), 1 per round if the block were cut after the first store and
 * the model saw only its prefix. */
#include "pmu_test.h"

#define ROUNDS 300

    TEST_NAME "dbus_code"

    .text
    .globl test_main
test_main:
    lla a1, word_a
    addi a2, a1, -4         /* 4(a2): the same word as 0(a1) */
    lla s5, buf
    lla t3, 1f              /* the loop and word_a share a granule: else this test tests nothing */
    xor t3, t3, a1
    srli t3, t3, 6
    CHECK 13000, t3, 0
    li t1, ROUNDS
    PMU_SETUP 43, 12, 11, 0
    PMU_GO
    .balign 64
1:  sw t1, 0(a1)
    sw t1, 4(a2)
    lw t2, 0(s5)
    addi t1, t1, -1
    bnez t1, 1b
    j 2f
    .balign 4
word_a: .space 8
2:  PMU_STOP
    PMU_READ
    CHECK 13001, s0, 2 * ROUNDS
    CHECK 13002, s1, 2 * ROUNDS
    CHECK 13003, s2, ROUNDS
    TEST_END

    .data
    .align 6
buf: .space 32
