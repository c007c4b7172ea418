/* Exit status 7 through HTIF: tohost = (7 << 1) | 1 (the riscv-tests convention). */
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, tohost
    li t1, (7 << 1) | 1
#if __riscv_xlen == 64
    sd t1, 0(t0)
#else
    sw zero, 4(t0)              /* high word first: a host polling the low word sees it whole */
    sw t1, 0(t0)
#endif
1:  j 1b

    .section .tohost, "aw", @progbits
    .align 6
    .globl tohost, fromhost
tohost:
    .dword 0
fromhost:
    .dword 0
