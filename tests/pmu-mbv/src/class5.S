/* Class 5, latency: D-cache memory reads and writes and peripheral AXI reads, each as an event
 * counter (N) and a latency pair (sum; max in 31:16, min in 15:0). dcache=1K, 4-word lines,
 * mem-latency 10: a line fill takes 10 + 3 cycles (first word, then a word a cycle); a
 * write-through write 10; a peripheral read io-latency 4 (event-counters=3, latency-counters=3:
 * counters 3-5 count events, 6/7, 8/9 and 10/11 are pairs). */
#include "mbv_test.h"

    TEST_NAME "class5"

    .text
    .globl test_main
test_main:
    SELECT 3, EV(5, B(7))       /* N: D-cache memory reads */
    SELECT 4, EV(5, B(9))       /* N: D-cache memory writes */
    SELECT 5, EV(5, B(13))      /* N: peripheral AXI reads */
    SELECT 6, EV(5, B(7))
    SELECT 8, EV(5, B(9))
    SELECT 10, EV(5, B(13))
    .irp n, 3,4,5,6,7,8,9,10,11
    ZERO \n
    .endr
    lla s1, cold
    li s2, UARTLITE
    PMU_GO
    lw a2, 0(s1)                /* fill: 13 */
    lw a2, 16(s1)               /* fill: 13 */
    lw a2, 4(s1)                /* hit */
    sw a2, 0(s1)                /* write-through: 10 */
    sw a2, 32(s1)               /* write miss, not allocated: 10 */
    lw a3, 8(s2)                /* UART Lite STAT: 4 */
    lw a3, 8(s2)                /* 4 */
    PMU_STOP
    CHECK_CTR 701, 3, 2
    CHECK_CTR 702, 4, 2
    CHECK_CTR 703, 5, 2
    CHECK_CTR 704, 6, 26
    CHECK_CTR 705, 7, 0x000D000D
    CHECK_CTR 706, 8, 20
    CHECK_CTR 707, 9, 0x000A000A
    CHECK_CTR 708, 10, 8
    CHECK_CTR 709, 11, 0x00040004
    /* mean latency = sum / N */
    READ t1, 6
    READ t2, 3
    divu t1, t1, t2
    CHECK 710, t1, 13
    TEST_END

    .bss
    .align 6
cold: .space 256
