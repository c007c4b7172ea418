/* Class 4, miscellaneous: divide/remainder by zero (default configuration). */
#include "mbv_test.h"

    TEST_NAME "class4"

    .text
    .globl test_main
test_main:
    SELECT 3, EV(4, B(5))       /* divide by zero */
    SELECT 4, EV(4, B(6))       /* FP subnormal result: no FPU */
    SELECT 5, EV(4, B(7))       /* undefined bit of class 4: nothing */
    SELECT 6, EV(4, B(5) | B(6))
    .irp n, 3,4,5,6
    ZERO \n
    .endr
    li a0, 7
    li a1, 3
    PMU_GO
    div a2, a0, zero            /* by zero */
    divu a2, a0, zero           /* by zero */
    rem a2, a0, zero            /* by zero */
    remu a2, a0, zero           /* by zero */
    div a2, a0, a1              /* not */
    rem a2, zero, a1            /* 0 / 3: not */
    PMU_STOP
    CHECK_CTR 601, 3, 4
    CHECK_CTR 602, 4, 0
    CHECK_CTR 603, 5, 0
    CHECK_CTR 604, 6, 4
    TEST_END
