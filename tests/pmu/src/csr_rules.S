/* Group 6: counter CSR rules (reference §4, el2_dec_tlu_ctl.sv).
 *   - mhpmevent3-6 are WARL: a value with bits 31:10 set, or outside 0-28, 30-32, 34-50, 54-56,
 *     512-516, stores 0
 *   - mhpmcounter7-31(h), mhpmevent7-31 exist, read 0 and ignore writes
 *   - mcountinhibit: bits 0 and 2-6 writable (all-ones reads 0x7D); bit N gates counter N;
 *     the instruction writing it is counted under the old value
 *   - a CSR write to a counter wins over the writing instruction's own increment; a counter
 *     read excludes the reading instruction; mcycle reads 1 right after csrw mcycle, 0
 *   - 64-bit counters: the carry reaches the high half at once; writing one half while the
 *     counter's event fires loads the other half from the incremented value */
#include "pmu_test.h"

    TEST_NAME "csr_rules"

/* a2 = WARL image of a0 for mhpmevent. Clobbers t0. */
warl_expect:
    li a2, 0
    li t0, 516
    bgtu a0, t0, 9f
    li t0, 512
    bgeu a0, t0, 8f
    li t0, 56
    bgtu a0, t0, 9f
    li t0, 54
    bgeu a0, t0, 8f
    li t0, 50
    bgtu a0, t0, 9f
    li t0, 33
    beq a0, t0, 9f
    li t0, 29
    beq a0, t0, 9f
8:  mv a2, a0
9:  ret

/* For every value 0..0x4FF and a few wide ones, write mhpmevent`csr` and compare the read-back
 * with warl_expect. a3 = number of mismatches, a4 = first bad value (-1: none). */
.macro WARL_SWEEP csr
    li a3, 0
    li a4, -1
    li a0, 0
1:  csrw \csr, a0
    csrr a1, \csr
    jal ra, warl_expect
    beq a1, a2, 2f
    addi a3, a3, 1
    bgez a4, 2f
    mv a4, a0
2:  addi a0, a0, 1
    li t0, 0x500
    bltu a0, t0, 1b
    /* values with bits 31:10 set (the low bits alone would be legal) */
    li a0, 0x80000004
    csrw \csr, a0
    csrr a1, \csr
    beqz a1, 3f
    addi a3, a3, 1
3:  li a0, 0x404
    csrw \csr, a0
    csrr a1, \csr
    beqz a1, 4f
    addi a3, a3, 1
4:  li a0, -1
    csrw \csr, a0
    csrr a1, \csr
    beqz a1, 5f
    addi a3, a3, 1
5:  csrw \csr, zero
.endm

/* Write all-ones to CSR number `csr`, OR its read-back into a3. */
.macro ZERO_CSR csr
    csrw \csr, a1
    csrr a0, \csr
    or a3, a3, a0
.endm

    .text
    .globl test_main
test_main:
    PMU_STOP
    /* ---- 6001-6008: WARL sweep of mhpmevent3-6 */
    WARL_SWEEP mhpmevent3
    CHECK 6001, a3, 0
    CHECK 6002, a4, -1
    WARL_SWEEP mhpmevent4
    CHECK 6003, a3, 0
    CHECK 6004, a4, -1
    WARL_SWEEP mhpmevent5
    CHECK 6005, a3, 0
    CHECK 6006, a4, -1
    WARL_SWEEP mhpmevent6
    CHECK 6007, a3, 0
    CHECK 6008, a4, -1

    /* ---- 6011-6028: the values named in the reference; legal ones read back unchanged */
    .set cnum, 6011
    .irp v, 29, 33, 51, 52, 53, 57, 511, 517, 1023, 1028
    li a0, \v
    csrw mhpmevent3, a0
    csrr a1, mhpmevent3
    CHECK cnum, a1, 0
    .set cnum, cnum + 1
    .endr
    .irp v, 1, 28, 30, 50, 54, 56, 512, 516
    li a0, \v
    csrw mhpmevent4, a0
    csrr a1, mhpmevent4
    CHECK cnum, a1, \v
    .set cnum, cnum + 1
    .endr
    csrw mhpmevent3, zero
    csrw mhpmevent4, zero

    /* ---- 6031-6033: mhpmcounter7-31 (+h) and mhpmevent7-31 read 0 after writing all-ones */
    li a1, -1
    li a3, 0
    .irp n, 7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    ZERO_CSR (0xB00 + \n)
    .endr
    CHECK 6031, a3, 0
    .irp n, 7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    ZERO_CSR (0xB80 + \n)
    .endr
    CHECK 6032, a3, 0
    .irp n, 7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
    ZERO_CSR (0x320 + \n)
    .endr
    CHECK 6033, a3, 0

    /* ---- 6041-6044: mcountinhibit writable bits */
    li a1, -1
    csrw CSR_MCOUNTINHIBIT, a1
    csrr a2, CSR_MCOUNTINHIBIT
    CHECK 6041, a2, 0x7D
    li a1, 0x82
    csrw CSR_MCOUNTINHIBIT, a1
    csrr a2, CSR_MCOUNTINHIBIT
    CHECK 6042, a2, 0
    li a1, 0x7D
    csrw CSR_MCOUNTINHIBIT, a1
    csrr a2, CSR_MCOUNTINHIBIT
    CHECK 6043, a2, 0x7D

    /* ---- 6051-6055: GO is not counted (counters were inhibited), STOP is */
    PMU_SETUP 4, 4, 4, 4
    PMU_GO
    PMU_STOP
    PMU_READ
    CHECK 6051, s0, 1
    CHECK 6052, s1, 1
    CHECK 6053, s2, 1
    CHECK 6054, s3, 1
    CHECK 6055, s4, 1

    /* ---- 6056-6059: bit N gates counter N only; csrsi/csrci on mcountinhibit are counted
     * under the old value.
     *   csrsi mcountinhibit, 8   stops counter 3: counted by all (old: all running)
     *   nop                      not by counter 3
     *   csrci mcountinhibit, 8   restarts counter 3: not counted by counter 3
     *   nop, PMU_STOP            counted by all
     * counter 3 (event 4): 3; counter 4 (event 17, csrrsi/csrrci uimm != 0): 2;
     * counter 5 (event 4): 5; minstret: 5 */
    PMU_SETUP 4, 17, 4, 0
    PMU_GO
    csrsi CSR_MCOUNTINHIBIT, 8
    nop
    csrci CSR_MCOUNTINHIBIT, 8
    nop
    PMU_STOP
    PMU_READ
    CHECK 6056, s0, 3
    CHECK 6057, s1, 2
    CHECK 6058, s2, 5
    CHECK 6059, s4, 5

    /* ---- 6061-6069: a write wins over the writing instruction's increment */
    li a1, 100
    PMU_SETUP 4, 4, 0, 0
    PMU_GO
    csrw minstret, zero
    csrr a2, minstret
    CHECK 6061, a2, 0
    PMU_GO
    csrw minstret, zero
    nop
    csrr a2, minstret
    CHECK 6062, a2, 1
    PMU_GO
    csrw mhpmcounter3, zero
    csrr a2, mhpmcounter3
    CHECK 6063, a2, 0
    PMU_GO
    csrw mhpmcounter3, zero
    nop
    csrr a2, mhpmcounter3
    CHECK 6064, a2, 1
    PMU_GO
    csrw mcycle, zero
    csrr a2, mcycle
    CHECK 6065, a2, 1
    PMU_GO
    csrw mcycle, zero
    nop
    csrr a2, mcycle
    CHECK 6066, a2, 2
    PMU_GO
    csrw mhpmcounter3, a1
    nop
    nop
    csrr a2, mhpmcounter3
    CHECK 6067, a2, 102
    /* csrrw on a running counter: reads the old value (without itself), writes the new one */
    PMU_SETUP 4, 4, 0, 0
    PMU_GO
    nop
    nop
    csrrw a2, mhpmcounter3, a1
    csrr a3, mhpmcounter3
    csrrw a4, minstret, a1
    csrr a5, minstret
    PMU_STOP
    CHECK 6068, a2, 2
    CHECK 6069, a3, 100
    CHECK 6070, a4, 4       /* nop, nop, csrrw, csrr (not this one) */
    CHECK 6071, a5, 100

    /* ---- 6081-6090: 64-bit carry. Low halves = 0xFFFFFFFF, high = 0, count 2 (nop and
     * PMU_STOP): 0x1_00000001 everywhere. */
    PMU_SETUP 4, 4, 4, 4
    li a1, -1
    csrw mhpmcounter3, a1
    csrw mhpmcounter4, a1
    csrw mhpmcounter5, a1
    csrw mhpmcounter6, a1
    csrw minstret, a1
    csrw mcycle, a1
    PMU_GO
    nop
    PMU_STOP
    csrr a2, mhpmcounter3h
    CHECK 6081, a2, 1
    csrr a2, mhpmcounter3
    CHECK 6082, a2, 1
    csrr a2, mhpmcounter4h
    CHECK 6083, a2, 1
    csrr a2, mhpmcounter5h
    CHECK 6084, a2, 1
    csrr a2, mhpmcounter6h
    CHECK 6085, a2, 1
    csrr a2, mhpmcounter6
    CHECK 6086, a2, 1
    csrr a2, minstreth
    CHECK 6087, a2, 1
    csrr a2, minstret
    CHECK 6088, a2, 1
    csrr a2, mcycleh
    CHECK 6089, a2, 1
    csrr a2, mcycle
    CHECK 6090, a2, 1

    /* ---- 6091-6092: the high half read right after the low half wrapped */
    PMU_SETUP 4, 0, 0, 0
    li a1, -1
    csrw mhpmcounter3, a1
    PMU_GO
    csrw mcycle, a1         /* mcycle = 0xFFFFFFFF (write wins) */
    csrr a2, mcycleh        /* one cycle later: 0x1_00000000 */
    csrr a3, mhpmcounter3h  /* event 4: csrw, csrr counted: 0x1_00000001 */
    PMU_STOP
    CHECK 6091, a2, 1
    CHECK 6092, a3, 1

    /* ---- 6093-6100: writing one half while the counter's own event fires (same
     * instruction): the written half takes the value, the other half comes from the
     * incremented 64-bit value. minstret: the carry out of the old low half still reaches the
     * high half when the low half is written (minstretl_cout_ns), not when the high half is. */
    li a1, -1
    li a0, 5
    PMU_SETUP 4, 0, 0, 0
    csrw mhpmcounter3, a1   /* counter 3 = 0x0_FFFFFFFF */
    PMU_GO
    csrw mhpmcounter3, a0   /* low := 5, high := 1 (carry of the increment) */
    PMU_STOP                /* low 6 */
    csrr a2, mhpmcounter3h
    CHECK 6093, a2, 1
    csrr a2, mhpmcounter3
    CHECK 6094, a2, 6
    PMU_SETUP 4, 0, 0, 0
    csrw mhpmcounter3, a1
    PMU_GO
    csrw mhpmcounter3h, a0  /* high := 5, low := 0 (the increment) */
    PMU_STOP                /* low 1 */
    csrr a2, mhpmcounter3h
    CHECK 6095, a2, 5
    csrr a2, mhpmcounter3
    CHECK 6096, a2, 1
    PMU_SETUP 0, 0, 0, 0
    csrw minstret, a1
    PMU_GO
    csrw minstret, a0       /* low := 5, high := 1 */
    PMU_STOP                /* low 6 */
    csrr a2, minstreth
    CHECK 6097, a2, 1
    csrr a2, minstret
    CHECK 6098, a2, 6
    PMU_SETUP 0, 0, 0, 0
    csrw minstret, a1
    PMU_GO
    csrw minstreth, a0      /* high := 5, low wraps to 0, its carry is dropped */
    PMU_STOP                /* low 1 */
    csrr a2, minstreth
    CHECK 6099, a2, 5
    csrr a2, minstret
    CHECK 6100, a2, 1

    /* ---- 6101-6102: the instruction writing mhpmevent is counted under the old selector */
    li a1, 15
    PMU_SETUP 4, 0, 0, 0
    PMU_GO
    nop                     /* 4: 1 */
    csrw mhpmevent3, a1     /* old selector 4: 2 (as ALU it would not count) */
    nop                     /* 15: 3 */
    PMU_STOP                /* not ALU */
    csrr a2, mhpmcounter3
    CHECK 6101, a2, 3
    li a1, 4
    PMU_SETUP 15, 0, 0, 0
    PMU_GO
    nop                     /* 15: 1 */
    csrw mhpmevent3, a1     /* old selector 15: not ALU: 1 (as event 4 it would count) */
    nop                     /* 4: 2 */
    PMU_STOP                /* 4: 3 */
    csrr a2, mhpmcounter3
    CHECK 6102, a2, 3

    /* ---- 6111-6116: cycle counters. Event 1 and mcycle count the same cycles (both gated
     * the same way by mcountinhibit); inhibited mcycle/minstret stand still. */
    PMU_SETUP 1, 0, 0, 0
    PMU_GO
    nop
    mul a2, a1, a1
    lw a3, 0(sp)
    PMU_STOP
    csrr a2, mhpmcounter3
    csrr a3, mcycle
    sub a2, a2, a3
    CHECK 6111, a2, 0
    csrr a2, mcycle
    csrr a3, minstret
    nop
    csrr a4, mcycle
    csrr a5, minstret
    sub a4, a4, a2
    sub a5, a5, a3
    CHECK 6112, a4, 0
    CHECK 6113, a5, 0

    /* a read of the high half excludes the reading instruction's own carry */
    li a1, -1
    PMU_SETUP 4, 0, 0, 0
    csrw mhpmcounter3, a1
    PMU_GO
    csrr a2, mhpmcounter3h  /* 0x0_FFFFFFFF before this instruction: 0 */
    csrr a3, mhpmcounter3   /* 0x1_00000000: 0 */
    csrr a4, mhpmcounter3h  /* 1 */
    PMU_STOP
    CHECK 6114, a2, 0
    CHECK 6115, a3, 0
    CHECK 6116, a4, 1

    TEST_END
