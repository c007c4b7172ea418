/* Class 2, instruction and data caches (icache=1K, dcache=1K, 4-word lines, direct mapped,
 * write-through without write allocation; event-counters=8, latency-counters=1: counters 11/12
 * are a latency pair counting I-cache line fills, 10 + 3 cycles each with mem-latency 10). */
#include "mbv_test.h"

    TEST_NAME "class2"

    .text
    .globl test_main
test_main:
    SELECT 3, EV(2, B(5))       /* I-cache requests */
    SELECT 4, EV(2, B(6))       /* I-cache hits */
    SELECT 5, EV(2, B(7))       /* D-cache read requests */
    SELECT 6, EV(2, B(8))       /* D-cache read hits */
    SELECT 7, EV(2, B(9))       /* D-cache write requests */
    SELECT 8, EV(2, B(10))      /* D-cache write hits */
    SELECT 9, EV(2, B(7) | B(8))        /* OR rule: a read hit is one access */
    SELECT 10, EV(2, B(7) | B(8) | B(9) | B(10))
    SELECT 11, EV(5, B(11))     /* I-cache memory reads: sum, max/min */
    .irp n, 3,4,5,6,7,8,9,10,11,12
    ZERO \n
    .endr
    lla s1, cold                /* never accessed before: every line misses first */
    /* PMU_GO is the last word of a 16-byte line, so the measured block starts on a line of
     * its own: its 8 instructions fill two lines never fetched before. */
    .balign 16
    nop
    nop
    nop
    PMU_GO
    lw a2, 0(s1)                /* read miss (line 0 filled) */
    lw a2, 4(s1)                /* read hit */
    lw a2, 16(s1)               /* read miss (line 1) */
    sw a2, 0(s1)                /* write hit */
    sw a2, 32(s1)               /* write miss: not allocated */
    lw a2, 32(s1)               /* read miss (line 2) */
    lw a2, 36(s1)               /* read hit */
    PMU_STOP
    CHECK_CTR 401, 3, 8         /* 8 instructions fetched */
    CHECK_CTR 402, 4, 6         /* the first of each of the 2 lines misses */
    CHECK_CTR 403, 5, 5
    CHECK_CTR 404, 6, 2
    CHECK_CTR 405, 7, 2
    CHECK_CTR 406, 8, 1
    CHECK_CTR 407, 9, 5         /* not 7 */
    CHECK_CTR 408, 10, 7        /* one per access */
    CHECK_CTR 413, 11, 26       /* two line fills of 13 cycles */
    CHECK_CTR 414, 12, 0x000D000D

    /* The same code again: every fetch hits now. */
    .irp n, 3,4
    ZERO \n
    .endr
    lla t0, again
    csrr t1, 0xB03              /* ends the block: the jump below starts a new one */
    jalr zero, 0(t0)
    .balign 16
again_pad:
    nop
    nop
    nop
again:
    PMU_GO
    nop
    nop
    nop
    nop
    nop
    nop
    nop
    PMU_STOP
    CHECK_CTR 409, 3, 8
    CHECK_CTR 410, 4, 6         /* cold lines again: 2 misses */
    li s3, 2
    lla s4, rerun
    jalr zero, 0(s4)
    .balign 16
rerun:
    ZERO 3
    ZERO 4
    PMU_GO
    nop
    nop
    nop
    nop
    nop
    nop
    nop
    PMU_STOP
    addi s3, s3, -1
    bnez s3, rerun
    /* second pass of the loop: the block starting at rerun (ZERO x2 = 4 csrw, its own
     * blocks) ... counted: the 8-instruction block after PMU_GO, all in lines fetched by the
     * first pass */
    CHECK_CTR 411, 3, 8
    CHECK_CTR 412, 4, 8

    /* Only accesses to the external memory are D-cache accesses: not those to the local memory
     * (LMB) or to a device (the AXI timer's load register TLR0, written back unchanged). */
    .irp n, 3,5,6,7,8,9,10
    ZERO \n
    .endr
    li s5, LMB_BASE + 0x100
    li s6, AXI_TIMER
    PMU_GO
    lw a2, 0(s5)                /* LMB read */
    sw a2, 0(s5)                /* LMB write */
    lw a3, 4(s6)                /* device read */
    sw a3, 4(s6)                /* device write */
    lw a2, 64(s1)               /* read miss: line 4 of `cold` never accessed */
    lw a2, 68(s1)               /* read hit */
    sw a2, 64(s1)               /* write hit */
    sw a2, 128(s1)              /* write miss: line 8 never accessed (no write allocation) */
    PMU_STOP
    CHECK_CTR 415, 5, 2
    CHECK_CTR 416, 6, 1
    CHECK_CTR 417, 7, 2
    CHECK_CTR 418, 8, 1
    CHECK_CTR 419, 9, 2
    CHECK_CTR 420, 10, 4
    /* A counter read sees the reading instruction's fetch (done when its block retires, before
     * the read), though not its class 0 events: nop and csrr, 2 requests. */
    ZERO 3
    PMU_GO
    nop
    READ s5, 3
    PMU_STOP
    CHECK 421, s5, 2
    /* Stores in a loop run often enough to be translated: each iteration a write hit (line 12,
     * filled before) and a write miss (line 14, never read), 40 times. */
    ZERO 7
    ZERO 8
    lw a2, 192(s1)              /* read miss: line 12 filled */
    li s5, 40
    PMU_GO
1:  sw a2, 192(s1)              /* write hit */
    sw a2, 224(s1)              /* write miss */
    addi s5, s5, -1
    bnez s5, 1b
    PMU_STOP
    CHECK_CTR 422, 7, 80
    CHECK_CTR 423, 8, 40
    TEST_END

    .bss
    .align 6
cold: .space 256
