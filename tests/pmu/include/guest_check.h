/* guest_check.h - the CHECK macro of the self-checking PMU suites (tests/pmu, tests/pmu-mbv).
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

#endif
