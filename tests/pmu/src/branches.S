/* Group 3: branch events (reference §3, §5; el2_dec_decode_ctl i0_predict_br, i0_br_unpred).
 *   24 branches committed: every conditional branch and every jal/jalr (incl. c.j, c.jal, c.jr,
 *      c.jalr)
 *   26 branches taken: taken conditional branches plus every jal/jalr
 *   27 unpredictable: jal whose offset does not fit 13 signed bits (outside -4096..+4094), and
 *      every jalr that is not a return (return = jalr with rd=x0 and rs1 in {x1, x5}, any
 *      immediate)
 * Event 25 (mispredicted) depends on the branch predictor, which pmusim does not model: not
 * tested. */
#include "pmu_test.h"

    TEST_NAME "branches"

/* Needs a0 = 1, a1 = 2, a2 = 0. Executes 44 instructions:
 *   8 conditional branches (2 compressed), 4 taken
 *   18 jal/jalr (6 compressed), 5 of them unpredictable
 *   9 lla = 18 ALU
 * so 24: 26, 26: 22, 27: 5, 4: 44, 5: 8, 6: 36, 15: 18 (before PMU_STOP). */
.macro BR_SEQ
    j 9f                    /* jal x0, near                         24 26 */
8:  ret                     /* subroutine: jalr x0, 0(ra): return   24 26 (each call) */
9:
    beq a0, a0, 1f          /* taken                                24 26 */
1:  bne a0, a0, 1f          /* not taken                            24 */
1:  blt a0, a1, 1f          /* taken                                24 26 */
1:  bge a0, a1, 1f          /* not taken                            24 */
1:  bltu a1, a0, 1f         /* not taken                            24 */
1:  bgeu a1, a0, 1f         /* taken                                24 26 */
1:  C c.beqz a2, 1f         /* taken, 16-bit                        24 26 */
1:  C c.bnez a2, 1f         /* not taken, 16-bit                    24 */
1:  j 1f                    /* jal x0, near                         24 26 */
1:  jal ra, 8b              /* call, near (backward)                24 26  + ret */
    lla a3, 8b
    jalr ra, 0(a3)          /* call through a register: not a return  24 26 27  + ret */
    lla t0, 1f
    jalr zero, 0(t0)        /* rd=x0, rs1=x5: a return              24 26 */
1:  lla t1, 1f
    jalr zero, 0(t1)        /* rd=x0, rs1=x6: not a return          24 26 27 */
1:  lla a4, 1f
    jalr t0, 0(a4)          /* rd=x5 link, rs1=a4                   24 26 27 */
1:  lla ra, 2f
    jalr zero, 4(ra)        /* return with an immediate             24 26 */
2:  nop                     /* skipped */
    C c.j 1f                /* 16-bit jal x0                        24 26 */
1:  C c.jal 8b              /* 16-bit call, near                    24 26  + ret */
    lla a3, 8b
    C c.jalr a3             /* 16-bit call through a register       24 26 27  + ret */
    lla ra, 1f
    C c.jr ra               /* 16-bit return                        24 26 */
1:  lla a4, 1f
    C c.jr a4               /* 16-bit, not a return                 24 26 27 */
1:  lla t0, 1f
    C c.jr t0               /* 16-bit return through x5             24 26 */
1:
.endm

    .text
    .globl test_main
test_main:
    li a0, 1
    li a1, 2
    li a2, 0
    PMU_SETUP 24, 26, 27, 4
    PMU_GO
    BR_SEQ
    PMU_STOP
    PMU_READ
    CHECK 3001, s0, 26
    CHECK 3002, s1, 22
    CHECK 3003, s2, 5
    CHECK 3004, s3, 45      /* 44 + PMU_STOP */
    CHECK 3005, s4, 45      /* minstret */

    li a0, 1
    li a1, 2
    li a2, 0
    PMU_SETUP 5, 6, 15, 0
    PMU_GO
    BR_SEQ
    PMU_STOP
    PMU_READ
    CHECK 3006, s0, 8
    CHECK 3007, s1, 37      /* 36 + PMU_STOP */
    CHECK 3008, s2, 18      /* only the lla pairs */
    CHECK 3009, s3, 0

    /* ---- read while running: a counter read sees the branches before it */
    PMU_SETUP 24, 26, 27, 4
    PMU_GO
    beq zero, zero, 1f      /* taken */
1:  csrr s0, mhpmcounter3   /* 24: 1 */
    csrr s1, mhpmcounter4   /* 26: 1 */
    PMU_STOP
    CHECK 3010, s0, 1
    CHECK 3011, s1, 1

    /* ---- 3021-3024: jal offset limits. Predictable: -4096..+4094 (13-bit signed).
     * Executed: X (+4094, near), A1 (+4096, far), A2 (+4100, far), B2 (-4096, near),
     * B1 (+4100, far), B3 (+4102, far), C2 (-4098, far), C1 (+4102, far): 8 jal, 6 far. */
    PMU_SETUP 24, 26, 27, 4
    PMU_GO
far_X:  jal zero, far_A1
        .skip 4090
far_A1: jal zero, far_A2
        .skip 4092
far_A2: jal zero, far_B2
far_B1: jal zero, far_B3
        .skip 4092
far_B2: jal zero, far_B1
far_B3: jal zero, far_C2
far_C1: jal zero, far_C3
        .skip 4094
far_C2: jal zero, far_C1
far_C3:      /* every jal is 4 bytes (norvc): offsets as listed above, by construction */
    PMU_STOP
    PMU_READ
    CHECK 3021, s0, 8
    CHECK 3022, s1, 8
    CHECK 3023, s2, 6
    CHECK 3024, s3, 9       /* 8 + PMU_STOP */

    TEST_END
