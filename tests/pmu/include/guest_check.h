/* guest_check.h - the macros every self-checking PMU suite shares (tests/pmu, tests/pmu-mbv):
 * CHECK, trap arming, TEST_END and TEST_NAME.
 * Register conventions: s7 checks made, s8 checks failed (the suite's header lists the rest).
 * check_failed is in harness_common.S. */
#ifndef PMUSIM_GUEST_CHECK_H
#define PMUSIM_GUEST_CHECK_H

/* Check number `num`: register `reg` must equal `want` (an assembler expression).
 * Clobbers t6 only; counts the check in s7. On failure, prints it and counts it in s8. */
.macro CHECK num, reg, want
    addi s7, s7, 1
    li t6, \want
    beq \reg, t6, .Lcheck_ok\@
    addi sp, sp, -16
    sw a0, 0(sp)
    sw a1, 4(sp)
    sw a2, 8(sp)
    sw ra, 12(sp)
    mv a1, \reg
    mv a2, t6
    li a0, \num
    jal ra, check_failed
    lw a0, 0(sp)
    lw a1, 4(sp)
    lw a2, 8(sp)
    lw ra, 12(sp)
    addi sp, sp, 16
.Lcheck_ok\@:
.endm

/* Arms / disarms the trap handler; t5 = bytes to skip at mepc. */
.macro EXPECT_TRAPS skip
    li s9, 1
    li t5, \skip
.endm
.macro NO_TRAPS
    li s9, 0
.endm

/* Every test ends with this: reports, then passes or fails through the suite's exit (harness.S). */
.macro TEST_END
    j test_done
.endm

/* Names the test in the final report: TEST_NAME "commit" */
.macro TEST_NAME name
    .pushsection .rodata
    .globl test_name
test_name: .asciz "\name"
    .popsection
.endm

#endif
