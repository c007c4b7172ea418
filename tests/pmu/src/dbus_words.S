/* Group 12: D-bus transactions (event 43) from the accesses' addresses, selected by the guest.
 * Two stores to one word coalesce in the store buffer (docs/pmu-veer-el2.md, "Timing model"),
 * even through different base registers, which the block's guess from base registers and
 * offsets cannot see: only the accesses' addresses find it, which translated code records
 * itself (hart_t.addr_log_next). Each loop round: store A (1 transaction), store A again
 * through another base (coalesces: 0), load B, another word (1): 2 per round, 3 per round if
 * an address were lost or recorded twice (the guess). The loop runs long enough to be
 * translated. */
#include "pmu_test.h"

#define ROUNDS 300

    TEST_NAME "dbus_words"

    .text
    .globl test_main
test_main:
    lla a1, word_a
    addi a2, a1, -4         /* 4(a2): the same word as 0(a1) */
    lla s5, buf
    li t1, ROUNDS
    PMU_SETUP 43, 12, 11, 0
    PMU_GO
1:  sw t1, 0(a1)
    sw t1, 4(a2)
    lw t2, 0(s5)
    addi t1, t1, -1
    bnez t1, 1b
    PMU_STOP
    PMU_READ
    CHECK 12001, s0, 2 * ROUNDS
    CHECK 12002, s1, 2 * ROUNDS
    CHECK 12003, s2, ROUNDS
    TEST_END

    .data
    .align 6
buf: .space 32
word_a: .space 32
