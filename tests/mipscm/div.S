/* Divides and remainders on p8700 (blocks there are retired through the timing hook, and the core
 * has no divider model): 7 / 2 = 3, 7 % 2 = 1, -7 / 2 = -3 (unsigned: 0x7FFFFFFFFFFFFFFC).
 * Exits 0, or the number of the failed check. */
#define FINISHER 0x100000

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, 7
    li t1, 2
    div t2, t0, t1
    li a0, 1
    li t3, 3
    bne t2, t3, fail
    rem t2, t0, t1
    li a0, 2
    li t3, 1
    bne t2, t3, fail
    li t0, -7
    div t2, t0, t1
    li a0, 3
    li t3, -3
    bne t2, t3, fail
    divu t2, t0, t1
    li a0, 4
    li t3, 0x7FFFFFFFFFFFFFFC
    bne t2, t3, fail
    li a0, 0
fail:
    li t0, FINISHER
    li t1, 0x5555
    beqz a0, 1f
    slli t1, a0, 16
    li t2, 0x3333
    or t1, t1, t2
1:  sw t1, 0(t0)
2:  j 2b
