/* HTIF on RV32: the 64-bit tohost written as two 32-bit halves (virt32).
 *   HALVES (default): putchar 'A' with the lower half first (riscv-tests order), 'B' and '\n'
 *     with the upper half first; each time the program waits for the host to clear tohost. Then
 *     exit 5: (5 << 1) | 1, lower half then upper half 0. Prints "AB".
 *   SINGLE: one sw of (6 << 1) | 1 to the lower half, the upper half left 0, then a spin loop:
 *     exit 6.
 *   LOOP: riscv-tests' older write_tohost: sw of (4 << 1) | 1 to the lower half in a loop: exit 4.
 *   WFI: one sw of (2 << 1) | 1 to the lower half, then wfi with nothing enabled: exit 2. */
#define PUTCHAR_UPPER 0x01010000        /* device 1, command 1 */
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, tohost
#if defined(SINGLE)
    li t1, (6 << 1) | 1
    sw t1, 0(t0)
1:  j 1b
#elif defined(LOOP)
    li t1, (4 << 1) | 1
1:  sw t1, 0(t0)
    j 1b
#elif defined(WFI)
    csrw mie, zero
    li t1, (2 << 1) | 1
    sw t1, 0(t0)
1:  wfi
    j 1b
#else
    li t2, PUTCHAR_UPPER
    li t1, 'A'
    sw t1, 0(t0)                /* lower half first */
    sw t2, 4(t0)
1:  lw t3, 4(t0)                /* the host clears tohost when it takes the command */
    bnez t3, 1b
    li t1, 'B'
    sw t2, 4(t0)                /* upper half first */
    sw t1, 0(t0)
2:  lw t3, 4(t0)
    bnez t3, 2b
    li t1, '\n'
    sw t2, 4(t0)
    sw t1, 0(t0)
3:  lw t3, 4(t0)
    bnez t3, 3b
    li t1, (5 << 1) | 1
    sw t1, 0(t0)
    sw zero, 4(t0)
4:  j 4b
#endif

    .section .tohost, "aw", @progbits
    .align 6
    .globl tohost, fromhost
    .type tohost, @object
    .size tohost, 8
tohost:
    .dword 0
    .type fromhost, @object
    .size fromhost, 8
fromhost:
    .dword 0
