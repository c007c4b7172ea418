/* Prints a line through the UART (virt's ns16550), then loops for ever: what the guest printed
 * must reach a file or a pipe when pmusim is stopped by a signal. */
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, 0x10000000
    la t1, msg
1:  lbu t2, 0(t1)
    beqz t2, 2f
    sb t2, 0(t0)
    addi t1, t1, 1
    j 1b
2:  nop
    j 2b
    .section .rodata
msg:
    .asciz "printed before the signal\n"
