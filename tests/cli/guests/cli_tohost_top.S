/* An HTIF `tohost` symbol at the top of the 64-bit address space (an absolute symbol, outside any
 * memory): it cannot be watched, and must not wrap the watched range. Exits 5 through the SiFive
 * test finisher. */
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, 0x100000
    li t1, (5 << 16) | 0x3333
    sw t1, 0(t0)
1:  j 1b
    .globl tohost
    .type tohost, @object
    .size tohost, 8
    .equ tohost, 0xfffffffffffffff8
