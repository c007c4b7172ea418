/* An endless loop of long blocks, for exact --max-insns: li, then 20 addi and a bne per
 * iteration (the first block is li + 20 addi + bne = 22 instructions, every later one 21).
 * Every instruction retires, none is an ecall or ebreak: instructions = committed. */
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, 1
1:
    .rept 20
    addi t1, t1, 1
    .endr
    bnez t0, 1b
