/* Instruction fetch in one L1I set: CHUNKS lines of code 8 KiB apart (the set stride of the
 * 32 KiB 4-way L1I with 64-byte lines: 128 sets), run in turn ITER times. With 4 chunks the set
 * holds them all: each line misses once, on the first iteration, and never again (4 fetches
 * whatever ITER is). With 5 chunks LRU always evicts the line needed next: every chunk misses on
 * every iteration (5 * ITER fetches). The exit is in the last chunk's line. docs/mips-cm.md "Tests". */
#define FINISHER 0x100000

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:                                 /* line 0 */
    li s1, ITER
loop:
    j c1
    .org 0x2000
c1: j c2
    .org 0x4000
c2:
#if CHUNKS == 5
    j c3
    .org 0x6000
c3: j c4
    .org 0x8000
c4:
#else
    j c3
    .org 0x6000
c3:
#endif
    addi s1, s1, -1
    bnez s1, loop
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
1:  j 1b
