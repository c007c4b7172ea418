/* HTIF tohost in the same 4 KiB page as decoded code: a store over that code (f's own
 * instruction, written again) clears the store watch of the whole page, and the exit through
 * tohost that follows in the same block must still reach the HTIF device (exit status 9). */
    .section .text.init, "ax"
    .globl _start
_start:
    call f                      /* f's code is decoded: its granule holds code */
    la t0, f
    la t2, tohost
    li t1, 0x00008067           /* jalr x0, 0(ra): f's instruction */
    li t3, (9 << 1) | 1
    sw t1, 0(t0)                /* a store over decoded code, not this block's */
    sw zero, 4(t2)
    sw t3, 0(t2)                /* the same block: tohost */
1:  j 1b

    .section .tohost, "awx", @progbits
    .option push
    .option norvc
    .align 6
f:  ret
    .option pop
    .align 6
    .globl tohost, fromhost
tohost:
    .dword 0
fromhost:
    .dword 0
