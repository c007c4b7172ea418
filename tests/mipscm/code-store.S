/* Stores into a line of code the core holds modified run what they wrote, translated or not. A
 * line of its own, `xcode`, holds `li a0, k; ret`. ROUNDS times the core stores `li a0, r` into its
 * first word (no fence.i) and calls it: a0 must be r. From the second round on the line is
 * modified in the L1D (the first store filled it) and its code was decoded since (the call):
 * its granule is watched, so the store is no L1 hit translated code may make alone (l1_memo_t
 * watch: the watch takes the line's store tag away); it goes to the helper, which drops the block
 * over the line, and the call runs the new `li`. Exits 0, or 2 with the round that ran old code. */
#define ROUNDS 300
#define FINISHER 0x100000

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la s0, xcode
    li t0, 0x00008067               /* ret */
    sw t0, 4(s0)
    fence.i
    li s1, 1
    li s2, ROUNDS
1:  slli t0, s1, 20
    ori t0, t0, 0x513               /* addi a0, x0, s1 */
    sw t0, 0(s0)
    jalr ra, 0(s0)
    bne a0, s1, fail
    addi s1, s1, 1
    bne s1, s2, 1b
    li t1, 0x5555
    j 4f
fail:
    slli t1, s1, 16
    li t2, 0x3333
    or t1, t1, t2
4:  li t0, FINISHER
    sw t1, 0(t0)
3:  j 3b

    .balign 4096                    /* a page of its own: the loop's blocks stay when it is written */
xcode:                              /* the line under test: code the loop writes */
    li a0, 0
    ret
    .balign 64
