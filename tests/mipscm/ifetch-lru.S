/* The L1I's LRU order as blocks that hit make it (translated code stamps their lines inline, from
 * the clock it shares with the L1D: cache_share_clock). First five lines of set 1 of the 32 KiB
 * 4-way L1I (128 sets of 64-byte lines, 8 KiB apart: 0x40, 0x2040, ... 0x8040) run in turn THRASH
 * times: under LRU each misses every time (5 * THRASH fetches, every one through the model, none a
 * hit made inline). Then lines A (0x0, fetched once at the start), B, C, D and E of set 0: A, B, C
 * run ITER times (B and C miss once), then D once (the fourth way), then A, B, C ITER times again:
 * their hits make them more recent than D. E then misses and must evict D, the least recent; A,
 * B, C run once more and hit, and the exit is in E's line: 5 fetches in set 0, 5 * THRASH + 5 in
 * all. An L1I whose inline hits were stamped from a clock other than the one its lookups use (the
 * first part makes that clock run far ahead) would evict one of A, B, C and fetch again.
 * docs/mips-cm.md "In translated code". */
#define FINISHER 0x100000

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:                                 /* line A (set 0) */
    li s3, THRASH
    j t0
main:
    li s1, ITER
    li s2, 0
loop:
    j b1
    .org 0x40
t0: j t1                                /* set 1 */
    .org 0x2000
b1: j c1                                /* line B */
    .org 0x2040
t1: j t2
    .org 0x4000
c1: addi s1, s1, -1                     /* line C */
    bnez s1, loop
    li s1, ITER
    addi s2, s2, 1
    li t0, 1
    beq s2, t0, d1                      /* after the first round: D */
    li t0, 2
    beq s2, t0, e1                      /* after the second: E */
    j e2                                /* after the third: the exit */
    .org 0x4040
t2: j t3
    .org 0x6000
d1: j loop                              /* line D */
    .org 0x6040
t3: j t4
    .org 0x8000
e1: li s1, 1                            /* line E */
    j loop
e2: li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
1:  j 1b
    .org 0x8040
t4: addi s3, s3, -1
    bnez s3, t0
    j main
