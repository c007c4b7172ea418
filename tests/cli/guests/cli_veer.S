/* VeeR EL2 testbench mailbox: console bytes, then 0xFF (test passed: status 0). */
#define MAILBOX 0xD0580000
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, MAILBOX
    la t1, msg
1:  lbu t2, 0(t1)
    beqz t2, 2f
    sb t2, 0(t0)
    addi t1, t1, 1
    j 1b
2:  li t2, 0xFF
    sb t2, 0(t0)
3:  j 3b

    .section .rodata
msg:
    .asciz "veer ok\n"
