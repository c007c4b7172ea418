/* Start-up of the one-hart C tests on p8700: a stack, main(), its status to the finisher. */
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la sp, stack_top
    call main
    li t0, 0x100000
    slli a0, a0, 16
    li t1, 0x3333
    or t1, t1, a0
    bnez a0, 1f
    li t1, 0x5555
1:  sw t1, 0(t0)
2:  j 2b

    .bss
    .balign 16
    .zero 4096
stack_top:
