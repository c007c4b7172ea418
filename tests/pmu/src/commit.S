/* Group 1: committed instructions (events 4, 5, 6), minstret versus event 4 across ecall,
 * ebreak, mret and illegal instructions (reference §2-§4).
 *
 *   event 4 = committed and not illegal, including ecall, ebreak, mret
 *   event 5 / 6 = event 4 split by instruction length
 *   minstret = committed except ecall, ebreak and illegal (mret included)
 *   an illegal instruction commits nothing; a counter read excludes the reading instruction. */
#include "pmu_test.h"

    TEST_NAME "commit"

/* 10 instructions: 5 compressed, 5 32-bit, all class ALU. */
.macro STRAIGHT
    C c.addi a0, 1          /* 16 */
    addi a0, a0, 1          /* 32 */
    C c.li a1, 3            /* 16 */
    C c.mv a2, a1           /* 16 */
    add a3, a1, a2          /* 32 */
    C c.nop                 /* 16 */
    lui a4, 1               /* 32 */
    nop                     /* 32 (addi x0, x0, 0) */
    C c.slli a4, 2          /* 16 */
    sub a5, a4, a3          /* 32 */
.endm

/* Six traps (handler: H_ALL = 7 instructions each) and an mret. Needs t5 = 4, s9 armed.
 *   ecall             commits: 4, 6, 20; not minstret; exception      -> handler
 *   ebreak            commits: 4, 6, 19; not minstret; exception      -> handler
 *   li t5, 2          ALU
 *   c.ebreak          commits: 4, 5, 19; not minstret; exception      -> handler
 *   .hword 0          illegal (16-bit): nothing; exception            -> handler
 *   li t5, 4          ALU
 *   custom-0 word     illegal (32-bit): nothing; exception            -> handler
 *   csrr a0, cycle    illegal: no user counters without U-mode (§4)   -> handler
 *   lla t0, 1f        2 x ALU
 *   csrw mepc, t0     CSR write
 *   mret              4, 6, 23, minstret
 * Main flow: 9 committed (6 retire), traps 6, handler instructions 42. */
.macro TRAPSEQ
    ecall
    ebreak
    li t5, 2
    C c.ebreak
    .hword 0
    li t5, 4
    .word 0x0000000b
    csrr a0, cycle
    lla t0, 1f
    csrw mepc, t0
    mret
1:
.endm

    .text
    .globl test_main
test_main:
    /* ---- 1001-1005: a straight sequence, read after PMU_STOP (+1 for 4, 6, minstret) */
    PMU_SETUP 4, 5, 6, 15
    PMU_GO
    STRAIGHT
    PMU_STOP
    PMU_READ
    CHECK 1001, s0, 11      /* event 4: 10 + PMU_STOP */
    CHECK 1002, s1, 5       /* event 5 */
    CHECK 1003, s2, 6       /* event 6: 5 + PMU_STOP */
    CHECK 1004, s3, 10      /* event 15: all 10 are ALU, PMU_STOP is not */
    CHECK 1005, s4, 11      /* minstret */

    /* ---- 1006-1010: same sequence, counters read while running. Each read excludes itself
     * but sees the reads before it (all csrr: 32-bit, CSR read, retire). */
    PMU_SETUP 4, 5, 6, 15
    PMU_GO
    STRAIGHT
    csrr s0, mhpmcounter3   /* event 4: 10 */
    csrr s1, mhpmcounter4   /* event 5: 5 */
    csrr s2, mhpmcounter5   /* event 6: 5 + 2 earlier reads */
    csrr s3, mhpmcounter6   /* event 15: 10 */
    csrr s4, minstret       /* 10 + 4 earlier reads */
    PMU_STOP
    CHECK 1006, s0, 10
    CHECK 1007, s1, 5
    CHECK 1008, s2, 7
    CHECK 1009, s3, 10
    CHECK 1010, s4, 14

    /* ---- 1011-1017: traps. event 4 = 9 + 1 (PMU_STOP) + 42 = 52; minstret = 6 + 1 + 42 = 49 */
    PMU_SETUP 4, 20, 19, 37
    EXPECT_TRAPS 4
    li s11, 0
    PMU_GO
    TRAPSEQ
    PMU_STOP
    NO_TRAPS
    PMU_READ
    CHECK 1011, s0, 52                  /* event 4 */
    CHECK 1012, s1, 1                   /* event 20: ecall */
    CHECK 1013, s2, 2                   /* event 19: ebreak, c.ebreak */
    CHECK 1014, s3, 6                   /* event 37: 6 exceptions */
    CHECK 1015, s4, 49                  /* minstret: no ecall/ebreak/c.ebreak, no illegal */
    CHECK 1016, s11, 6                  /* traps taken */
    CHECK 1017, s10, CAUSE_ILLEGAL      /* the last one: csrr cycle */

    /* ---- 1021-1024 */
    PMU_SETUP 23, 5, 6, 18
    EXPECT_TRAPS 4
    PMU_GO
    TRAPSEQ
    PMU_STOP
    NO_TRAPS
    PMU_READ
    CHECK 1021, s0, 7       /* event 23: mret + 6 handler mrets */
    CHECK 1022, s1, 1       /* event 5: c.ebreak (the 16-bit illegal does not count) */
    CHECK 1023, s2, 51      /* event 6: 52 - 1 */
    CHECK 1024, s3, 8       /* event 18: csrw mepc + PMU_STOP + 6 handler csrw */
    CHECK 1025, s4, 49      /* minstret again */

    /* ---- 1031-1034 */
    PMU_SETUP 16, 15, 24, 26
    EXPECT_TRAPS 4
    PMU_GO
    TRAPSEQ
    PMU_STOP
    NO_TRAPS
    PMU_READ
    CHECK 1031, s0, 12      /* event 16: 6 x 2 handler reads (the illegal csrr cycle: no) */
    CHECK 1032, s1, 16      /* event 15: li, li, lla (2) + 6 x 2 handler ALU */
    CHECK 1033, s2, 6       /* event 24: 6 handler beqz (not taken) */
    CHECK 1034, s3, 0       /* event 26: none taken */

    /* ---- 1041-1045: ecall alone: in event 4, not in minstret; mret in both. */
    PMU_SETUP 4, 20, 23, 6
    EXPECT_TRAPS 4
    PMU_GO
    ecall                   /* 4: 1 + 7 handler; minstret: 7 handler */
    PMU_STOP                /* 4, 6, minstret: +1 */
    NO_TRAPS
    PMU_READ
    CHECK 1041, s0, 9
    CHECK 1042, s1, 1
    CHECK 1043, s2, 1       /* the handler's mret */
    CHECK 1044, s3, 9
    CHECK 1045, s4, 8

    /* ---- 1051-1054: event 40 (TLU flushes, approximated) in the cases the reference pins:
     * an ecall + mret round trip flushes twice (trap entry, mret); fence.i flushes once. */
    PMU_SETUP 40, 37, 23, 22
    EXPECT_TRAPS 4
    PMU_GO
    ecall                   /* trap entry + the handler's mret */
    fence.i
    PMU_STOP
    NO_TRAPS
    PMU_READ
    CHECK 1051, s0, 3
    CHECK 1052, s1, 1
    CHECK 1053, s2, 1
    CHECK 1054, s3, 1

    TEST_END
