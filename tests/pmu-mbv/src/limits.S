/* Counter configurations at the limits, built for one of them:
 *   LIMIT_E0_L0   event-counters=0,  latency-counters=0: no HPM counter
 *   LIMIT_E29_L0  event-counters=29, latency-counters=0: mhpmcounter3-31 all event counters
 *   LIMIT_E1_L14  event-counters=1,  latency-counters=14: 3 counts events, 4/5 ... 30/31 pairs */
#include "mbv_test.h"

    TEST_NAME "limits"

    .text
    .globl test_main
test_main:
    lla s1, buf
    li s2, UARTLITE
    csrw CSR_MCOUNTINHIBIT, tp
    csrr s3, CSR_MCOUNTINHIBIT
#if defined(LIMIT_E0_L0)
    CHECK 1001, s3, 0x5         /* only mcycle and minstret */
    SELECT 3, EV(0, B(5))
    csrw 0xB03, 5
    READ_EVENT t1, 3
    CHECK 1002, t1, 0
    READ t1, 3
    CHECK 1003, t1, 0
    PMU_GO
    lw a2, 0(s1)
    PMU_STOP
    READ t1, 3
    CHECK 1004, t1, 0
#elif defined(LIMIT_E29_L0)
    CHECK 1101, s3, 0xFFFFFFFD
    SELECT 3, EV(0, B(5))
    SELECT 31, EV(0, B(5))
    SELECT 30, EV(5, B(13))     /* an event counter: counts N */
    ZERO 3
    ZERO 30
    ZERO 31
    PMU_GO
    lw a2, 0(s1)
    lw a2, 8(s2)
    PMU_STOP
    CHECK_CTR 1102, 3, 2
    CHECK_CTR 1103, 31, 2
    CHECK_CTR 1104, 30, 1
    READ_EVENT t1, 31
    CHECK 1105, t1, EV(0, B(5))
#elif defined(LIMIT_E1_L14)
    CHECK 1201, s3, 0xFFFFFFFD
    SELECT 3, EV(5, B(13))      /* N */
    SELECT 4, EV(5, B(13))      /* the first pair */
    SELECT 30, EV(5, B(13))     /* the last pair */
    SELECT 31, EV(0, B(5))      /* a pair's second counter: ignored */
    .irp n, 3,4,5,30,31
    ZERO \n
    .endr
    PMU_GO
    lw a2, 8(s2)
    lw a2, 8(s2)
    lw a2, 8(s2)
    PMU_STOP
    CHECK_CTR 1202, 3, 3
    CHECK_CTR 1203, 4, 12       /* io-latency 4, three times */
    CHECK_CTR 1204, 5, 0x00040004
    CHECK_CTR 1205, 30, 12
    CHECK_CTR 1206, 31, 0x00040004
    READ_EVENT t1, 31
    CHECK 1207, t1, 0
    READ_EVENT t1, 5
    CHECK 1208, t1, 0
#else
#error "define one LIMIT_*"
#endif
    TEST_END

    .data
    .align 6
buf: .word 1, 2, 3, 4
