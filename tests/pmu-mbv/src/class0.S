/* Class 0, retired instructions: every event bit 5-24 in its own counter (run with
 * event-counters=20, latency-counters=0: mhpmcounterN selects class 0 bit N+2). */
#include "mbv_test.h"

    TEST_NAME "class0"

    .text
    .globl test_main
test_main:
    li t0, 3
1:  /* counters 3..22 <- class 0, bit n+2 */
    li t1, 1
    addi t2, t0, 2
    sll t1, t1, t2
    /* csrw needs a constant CSR number: a table of csrw instructions, 8 bytes per entry */
    lla t3, set_event
    addi t2, t0, -3
    slli t2, t2, 3
    add t3, t3, t2
    jalr ra, 0(t3)
    addi t0, t0, 1
    li t2, 23
    blt t0, t2, 1b
    j 2f

set_event:
    .irp n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22
    csrw (0x320 + \n), t1
    ret
    .endr

2:  .irp n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22
    ZERO \n
    .endr
    lla s1, buf
    li a0, 7
    li a1, 3
    EXPECT_TRAPS 4
    PMU_GO
    lw a2, 0(s1)            /* load */
    sw a2, 4(s1)            /* store */
    amoadd.w a2, a1, (s1)   /* atomic */
    add a2, a0, a1          /* int-arith */
    addi a2, a0, 1          /* int-arith */
    C c.nop                 /* int-arith, compressed */
    mul a2, a0, a1          /* mul */
    div a2, a0, a1          /* div */
    rem a2, a0, a1          /* div */
    sh1add a2, a0, a1       /* bitmanip */
    C c.lw a2, 0(s1)        /* load, compressed */
    C c.add a2, a0          /* int-arith, compressed */
    jal ra, 3f              /* jal */
3:  lla t0, 4f              /* auipc + addi: int-arith x2 */
    jalr zero, 0(t0)        /* jalr */
4:  C c.j 5f                /* jal (C.J), compressed */
5:  fence.i                 /* cache invalidate or flush */
    ecall                   /* system; the handler adds system x4 (csrr, csrw, csrr, mret),
                             * int-arith x2 (add, addi) and a not-taken branch */
    PMU_STOP                /* system */
    NO_TRAPS
    CHECK_CTR 101, 3, 2     /* load: lw, c.lw */
    CHECK_CTR 102, 4, 1     /* store */
    CHECK_CTR 103, 5, 1     /* atomic */
    CHECK_CTR 104, 6, 6     /* system: ecall, 4 in the handler, PMU_STOP */
    CHECK_CTR 105, 7, 8     /* int-arith: add, addi, c.nop, c.add, auipc, addi, handler add, addi */
    CHECK_CTR 106, 8, 1     /* multiply */
    CHECK_CTR 107, 9, 2     /* divide, remainder */
    CHECK_CTR 108, 10, 0    /* custom: none */
    CHECK_CTR 109, 11, 1    /* bit manipulation */
    CHECK_CTR 110, 12, 4    /* compressed: c.nop, c.lw, c.add, c.j */
    CHECK_CTR 111, 13, 2    /* jal, c.j */
    CHECK_CTR 112, 14, 1    /* jalr */
    .irp n, 15,16,17,18,19,20,21
    CHECK_CTR (98 + \n), \n, 0   /* FP: no FPU */
    .endr
    CHECK_CTR 120, 22, 1    /* fence.i */
    CHECK 121, s11, 1       /* one trap */
    TEST_END

    .bss
    .align 6
buf: .space 64
