/* Group 8: the same code counted under changing configurations. pmusim caches per block what
 * each configuration adds; these checks run one kernel under configurations that come and go
 * (and come back), with counters inhibited or reprogrammed between loop runs. */
#include "pmu_test.h"

    TEST_NAME "reconfig"

/* kernel, entered with jal ra: per call 10 instructions (the jal included)
 *   1 x 16-bit; ALU 2; mul 1; load 1 (RAM); store 1 (RAM); bit-manip 1;
 *   branches (24): jal, beq, bne, ret = 4; taken (26): jal, beq, ret = 3 */
    .text
    .align 2
kernel:
    add a2, a0, a1
    C c.addi a2, 1
    mul a3, a2, a1
    lw a4, 0(s5)
    sw a4, 4(s5)
    clmul a3, a3, a2
    beq zero, zero, 1f
1:  bne zero, zero, 2f
2:  ret

/* LOOP K: li + K x (jal kernel, addi, bnez) = 1 + 12K instructions;
 * 16-bit K; ALU 1 + 3K; 24: 5K; 26: 4K - 1; 9, 11, 12, 54, 55, 56: K each. */
.macro LOOP K
    li s6, \K
1:  jal ra, kernel
    addi s6, s6, -1
    bnez s6, 1b
.endm

/* The runs store their results (counters 3-6, minstret) in `results`, slot idx; the checks
 * come after all runs, so that every `jal ra, kernel` stays within +-4 KiB (a near, predictable
 * jal: event 27 must stay 0). */
.macro SAVE idx
    lla t0, results + 20 * \idx
    sw s0, 0(t0)
    sw s1, 4(t0)
    sw s2, 8(t0)
    sw s3, 12(t0)
    sw s4, 16(t0)
.endm

/* LOOP K between PMU_GO and PMU_STOP, results in slot idx */
.macro RUNK idx, K, e3, e4, e5, e6
    PMU_SETUP \e3, \e4, \e5, \e6
    PMU_GO
    LOOP \K
    PMU_STOP
    PMU_READ
    SAVE \idx
.endm

/* checks num..num+3: counters 3-6 of slot idx; num+4: its minstret, if `instret` is not -1 */
.macro CHECK_SLOT num, idx, w3, w4, w5, w6, instret
    lla t0, results + 20 * \idx
    lw s0, 0(t0)
    lw s1, 4(t0)
    lw s2, 8(t0)
    lw s3, 12(t0)
    lw s4, 16(t0)
    CHECK (\num), s0, \w3
    CHECK (\num + 1), s1, \w4
    CHECK (\num + 2), s2, \w5
    CHECK (\num + 3), s3, \w6
    .if \instret != -1
    CHECK (\num + 4), s4, \instret
    .endif
.endm

/* With PMU_STOP: 4: 12K + 2, 5: K, 6: 11K + 2, 15: 3K + 1, 24: 5K, 26: 4K - 1 */
#define E4(K)  (12 * (K) + 2)
#define E6(K)  (11 * (K) + 2)
#define E15(K) (3 * (K) + 1)
#define E24(K) (5 * (K))
#define E26(K) (4 * (K) - 1)

    .globl test_main
test_main:
    lla s5, buf
    li a0, 3
    li a1, 5
    /*   slot K   events */
    RUNK 0,  5,  4, 5, 6, 15
    RUNK 1,  7,  9, 11, 12, 54
    RUNK 2,  3,  4, 5, 6, 15
    RUNK 3,  4,  24, 26, 55, 56
    RUNK 4,  6,  4, 4, 15, 15
    RUNK 5,  2,  4, 5, 6, 15
    RUNK 6,  9,  24, 26, 55, 56
    RUNK 7,  1,  9, 11, 12, 54
    RUNK 8,  5,  24, 26, 55, 56
    RUNK 9,  8,  0, 27, 0, 4

    /* slot 10: counters inhibited and restarted between loop runs.
     *   LOOP 3                 c3, c4, c5, c6
     *   csrsi inhibit, 8       stops c3; counted under the old value: c3, c6 (not ALU/load)
     *   LOOP 4                 c4, c5, c6
     *   csrsi inhibit, 0x10    stops c4: c6
     *   LOOP 2                 c5, c6
     *   csrci inhibit, 0x18    restarts c3, c4: c6 only
     *   LOOP 1, PMU_STOP       c3, c4, c5, c6 (PMU_STOP: c3, c6)
     * c3 (4): 37 + 1 + 13 + 1 = 52; c4 (15): 10 + 13 + 4 = 27; c5 (55): 3 + 4 + 2 + 1 = 10;
     * c6 (4): 37 + 1 + 49 + 1 + 25 + 1 + 13 + 1 = 128 */
    PMU_SETUP 4, 15, 55, 4
    PMU_GO
    LOOP 3
    csrsi CSR_MCOUNTINHIBIT, 0x8
    LOOP 4
    csrsi CSR_MCOUNTINHIBIT, 0x10
    LOOP 2
    csrci CSR_MCOUNTINHIBIT, 0x18
    LOOP 1
    PMU_STOP
    PMU_READ
    SAVE 10

    /* slot 11: selectors rewritten while counting (the writing instruction counts under the
     * old selector).
     *   LOOP 2; csrw mhpmevent3 (5 -> 15); LOOP 3; csrw mhpmevent4 (55 -> 0); LOOP 1; STOP
     * c3: 2 (16-bit in LOOP 2) + 10 (ALU in LOOP 3) + 4 (ALU in LOOP 1) = 16
     * c4: 2 + 3 = 5 external loads; c5 (4): 25 + 1 + 37 + 1 + 13 + 1 = 78 */
    li t1, 15
    li t2, 0
    PMU_SETUP 5, 55, 4, 0
    PMU_GO
    LOOP 2
    csrw mhpmevent3, t1
    LOOP 3
    csrw mhpmevent4, t2
    LOOP 1
    PMU_STOP
    PMU_READ
    SAVE 11

    /* slot 12: counter values written while counting, same kernel */
    li t1, 1000
    PMU_SETUP 4, 11, 0, 0
    PMU_GO
    LOOP 2                  /* c3 25, c4 2 */
    csrw mhpmcounter3, t1   /* c3 := 1000 (its own increment lost), c4 unchanged */
    LOOP 1                  /* c3 1013, c4 3 */
    csrw mhpmcounter4, zero /* c3 1014, c4 := 0 */
    LOOP 2                  /* c3 1039, c4 2 */
    PMU_STOP                /* c3 1040 */
    PMU_READ
    SAVE 12

    /*         num   slot want                                   minstret */
    CHECK_SLOT 8001, 0,  E4(5), 5, E6(5), E15(5),                E4(5)
    CHECK_SLOT 8011, 1,  7, 7, 7, 7,                             E4(7)
    CHECK_SLOT 8021, 2,  E4(3), 3, E6(3), E15(3),                E4(3)
    CHECK_SLOT 8031, 3,  E24(4), E26(4), 4, 4,                   E4(4)
    CHECK_SLOT 8041, 4,  E4(6), E4(6), E15(6), E15(6),           E4(6)
    CHECK_SLOT 8051, 5,  E4(2), 2, E6(2), E15(2),                E4(2)
    CHECK_SLOT 8061, 6,  E24(9), E26(9), 9, 9,                   E4(9)
    CHECK_SLOT 8071, 7,  1, 1, 1, 1,                             E4(1)
    CHECK_SLOT 8081, 8,  E24(5), E26(5), 5, 5,                   E4(5)
    CHECK_SLOT 8091, 9,  0, 0, 0, E4(8),                         E4(8)
    CHECK_SLOT 8101, 10, 52, 27, 10, 128,                        128
    CHECK_SLOT 8111, 11, 16, 5, 78, 0,                           78
    CHECK_SLOT 8121, 12, 1040, 2, 0, 0,                          -1

    TEST_END

    .data
    .align 6
buf: .space 64
results: .space 20 * 13
