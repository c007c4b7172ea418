/* Code larger than the L1I: a loop over 640 lines of straight-line code (40 KiB, the L1I holds
 * 32 KiB) plus one line with the loop's branch and the exit, ITER times. Each of the 128 sets
 * sees 5 or 6 of these 641 lines in the same order every iteration, more than its 4 ways, so LRU
 * evicts every line before it is needed again: every line misses every iteration, 641 * ITER
 * fetches, plus the first line (_start) once. docs/mips-cm.md "Tests". */
#define FINISHER 0x100000

    .option norelax
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:                                 /* line 0: this and the padding nops below */
    li s1, ITER
    .balign 64
loop:                                   /* lines 1..640 */
    .rept 640 * 16
    nop
    .endr
    addi s1, s1, -1                     /* line 641 */
    bnez s1, loop
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
1:  j 1b
