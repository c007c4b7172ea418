/* HTIF with tohost in a memory other than main RAM (the link puts section .tohost there with
 * --section-start): prints "ok" through the console device (device 1, command 1), waiting each
 * time for the host to clear tohost, then exits with status 7 ((7 << 1) | 1). RV32: the upper half
 * of each command first, then the lower half. */
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la s0, tohost
    li a0, 'o'
    call putc
    li a0, 'k'
    call putc
    li a0, '\n'
    call putc
    sw zero, 4(s0)
    li t1, (7 << 1) | 1
    sw t1, 0(s0)
1:  j 1b

putc:
    li t0, 0x01010000               /* device 1, command 1: bits 63:48 */
    sw t0, 4(s0)
    sw a0, 0(s0)
2:  lw t1, 0(s0)                    /* taken: the host clears tohost */
    bnez t1, 2b
    ret

    .section .tohost, "aw", @progbits
    .align 3
    .globl tohost, fromhost
tohost:
    .dword 0
fromhost:
    .dword 0
