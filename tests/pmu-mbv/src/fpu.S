/* Class 0 FP bits 17-23 and class 4 bit 6 (FP subnormal result) with fpu=on (built rv32imafc;
 * run with event-counters=10, latency-counters=0). The FP class of an instruction is decided at
 * decode time; "subnormal result" at run time, for the instructions that compute a rounded
 * result (add, sub, mul, div, sqrt, fused, fcvt between formats). Counts follow from the list
 * below and the operands: buf[0] = 2^-126 (the smallest normal), buf[1] = 0.5. */
#include "mbv_test.h"

    TEST_NAME "fpu"

    .text
    .globl test_main
test_main:
    li t0, 0x2000               /* mstatus.FS = Initial: FP instructions are legal */
    csrs mstatus, t0
    SELECT 3, EV(0, B(17))      /* fp-load */
    SELECT 4, EV(0, B(18))      /* fp-store */
    SELECT 5, EV(0, B(19))      /* fp-addsub */
    SELECT 6, EV(0, B(20))      /* fp-mul */
    SELECT 7, EV(0, B(21))      /* fp-div */
    SELECT 8, EV(0, B(22))      /* fp-fused */
    SELECT 9, EV(0, B(23))      /* fp-other */
    SELECT 10, EV(4, B(6))      /* fp-subnormal */
    SELECT 11, EV(0, B(17) | B(14))  /* fp-load | compressed: c.flw counts once */
    SELECT 12, EV(4, B(5) | B(6))    /* div-by-zero | fp-subnormal */
    .irp n, 3,4,5,6,7,8,9,10,11,12
    ZERO \n
    .endr
    lla s1, buf
    PMU_GO
    flw f1, 0(s1)               /* load */
    flw f2, 4(s1)               /* load */
    C c.flw f9, 0(s1)           /* load, compressed */
    fadd.s f3, f1, f2           /* addsub: 0.5 + 2^-126, normal */
    fsub.s f3, f1, f2           /* addsub: -0.5 */
    fmul.s f4, f1, f2           /* mul: 2^-127, subnormal */
    fmul.s f8, f4, f2           /* mul: 2^-128, subnormal */
    fdiv.s f5, f1, f2           /* div: 2^-125 */
    fmadd.s f6, f1, f2, f4      /* fused: 2^-127 + 2^-127 = 2^-126, normal */
    fnmsub.s f6, f1, f2, f4     /* fused: -(2^-127) + 2^-127 = +0, not subnormal */
    fsqrt.s f7, f1              /* other: 2^-63 */
    fmin.s f7, f4, f2           /* other: selects the subnormal operand, computes nothing */
    fmv.x.w a2, f1              /* other */
    fcvt.w.s a2, f2             /* other */
    fsgnj.s f10, f4, f4         /* other: a copy of the subnormal value */
    fsw f3, 8(s1)               /* store */
    C c.fsw f8, 12(s1)          /* store, compressed */
    li a0, 7
    divu a2, a0, zero           /* divide by zero */
    PMU_STOP
    CHECK_CTR 901, 3, 3         /* flw, flw, c.flw */
    CHECK_CTR 902, 4, 2         /* fsw, c.fsw */
    CHECK_CTR 903, 5, 2         /* fadd, fsub */
    CHECK_CTR 904, 6, 2         /* fmul x2 */
    CHECK_CTR 905, 7, 1         /* fdiv */
    CHECK_CTR 906, 8, 2         /* fmadd, fnmsub */
    CHECK_CTR 907, 9, 5         /* fsqrt, fmin, fmv.x.w, fcvt.w.s, fsgnj */
    CHECK_CTR 908, 10, 2        /* the two fmul results */
    CHECK_CTR 909, 11, 4        /* flw, flw, c.flw (once), c.fsw */
    CHECK_CTR 910, 12, 3        /* two subnormal results, one divide by zero */
    /* the values, so that the counts above are about the operands they claim */
    lw a2, 12(s1)
    CHECK 911, a2, 0x00200000   /* 2^-128 */
    TEST_END

    .data
    .align 4
buf: .word 0x00800000, 0x3f000000, 0, 0
