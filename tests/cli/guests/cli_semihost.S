/* Semihosting: SYS_WRITE0 of a line, then SYS_EXIT_EXTENDED {ADP_Stopped_ApplicationExit, 3}. */
#if __riscv_xlen == 64
#define SREG sd
#define REGBYTES 8
#else
#define SREG sw
#define REGBYTES 4
#endif
    .option norvc               /* the semihosting sequence must be three 32-bit instructions */
    .section .text.init, "ax"
    .globl _start
_start:
    li a0, 0x04                 /* SYS_WRITE0 */
    la a1, msg
    jal semihost
    la a1, block
    li t0, 0x20026              /* ADP_Stopped_ApplicationExit */
    SREG t0, 0(a1)
    li t0, 3
    SREG t0, REGBYTES(a1)
    li a0, 0x20                 /* SYS_EXIT_EXTENDED */
    jal semihost
1:  j 1b

    .balign 16                  /* keep the sequence within one page */
semihost:
    slli x0, x0, 0x1f
    ebreak
    srai x0, x0, 7
    ret

    .section .rodata
msg:
    .asciz "semihosting ok\n"
    .data
    .balign 8
block:
    .space 16
