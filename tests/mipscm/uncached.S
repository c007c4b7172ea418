/* One core: 10 loads from the uncached SRAM, 5 stores to the uncached-accelerated SRAM, then the
 * store to the test finisher (a register). No cached data access. */
#define FINISHER 0x100000
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, 0x70000000
    li t1, 10
1:  ld t2, 0(t0)
    addi t0, t0, 8
    addi t1, t1, -1
    bnez t1, 1b
    li t0, 0x70100000
    li t1, 5
2:  sd t1, 0(t0)
    addi t0, t0, 8
    addi t1, t1, -1
    bnez t1, 2b
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
3:  j 3b
