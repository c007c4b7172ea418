/* Class 5, latency: D-cache memory reads and writes and peripheral AXI reads and writes, each as
 * an event counter (N) and a latency pair (sum; max in 31:16, min in 15:0). dcache=1K, 4-word
 * lines, mem-latency 10: a line fill takes 10 + 3 cycles (first word, then a word a cycle); a
 * write-through write 10; a peripheral access io-latency 4 (event-counters=4,
 * latency-counters=4: counters 3-6 count events, 7/8, 9/10, 11/12 and 13/14 are pairs). */
#include "mbv_test.h"

    TEST_NAME "class5"

    .text
    .globl test_main
test_main:
    SELECT 3, EV(5, B(7))       /* N: D-cache memory reads */
    SELECT 4, EV(5, B(9))       /* N: D-cache memory writes */
    SELECT 5, EV(5, B(13))      /* N: peripheral AXI reads */
    SELECT 6, EV(5, B(15))      /* N: peripheral AXI writes */
    SELECT 7, EV(5, B(7))
    SELECT 9, EV(5, B(9))
    SELECT 11, EV(5, B(13))
    SELECT 13, EV(5, B(15))
    .irp n, 3,4,5,6,7,8,9,10,11,12,13,14
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
    sw zero, 12(s2)             /* UART Lite CTRL: 4 */
    PMU_STOP
    CHECK_CTR 701, 3, 2
    CHECK_CTR 702, 4, 2
    CHECK_CTR 703, 5, 2
    CHECK_CTR 711, 6, 1
    CHECK_CTR 704, 7, 26
    CHECK_CTR 705, 8, 0x000D000D
    CHECK_CTR 706, 9, 20
    CHECK_CTR 707, 10, 0x000A000A
    CHECK_CTR 708, 11, 8
    CHECK_CTR 709, 12, 0x00040004
    CHECK_CTR 712, 13, 4
    CHECK_CTR 713, 14, 0x00040004
    /* mean latency = sum / N */
    READ t1, 7
    READ t2, 3
    divu t1, t1, t2
    CHECK 710, t1, 13
    /* A block cut short by a trap: the stores before the trapping instruction (unimp, an
     * illegal write of the read-only cycle CSR; the handler adds 4 to mepc) wrote memory, 10
     * cycles each. The handler makes no data access. */
    ZERO 4
    ZERO 9
    ZERO 10
    li s9, 1
    li t5, 4
    PMU_GO
    sw a2, 0(s1)                /* 10 */
    sw a2, 4(s1)                /* 10 */
    unimp
    PMU_STOP
    li s9, 0
    CHECK_CTR 714, 4, 2
    CHECK_CTR 715, 9, 20
    CHECK_CTR 716, 10, 0x000A000A
    /* Stores to the local memory (LMB) are no D-cache writes: no latency, the pair stays empty. */
    ZERO 4
    ZERO 9
    ZERO 10
    li s3, LMB_BASE + 0x100
    PMU_GO
    sw a2, 0(s3)
    sw a2, 4(s3)
    PMU_STOP
    CHECK_CTR 717, 4, 0
    CHECK_CTR 718, 9, 0
    CHECK_CTR 719, 10, 0
    TEST_END

    .bss
    .align 6
cold: .space 256
