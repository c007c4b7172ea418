/* tohost in the last 8 bytes of RAM (0x87fffff8, RAM being 128 MiB from 0x80000000): HTIF works
 * there. Exit status 3 through tohost ((3 << 1) | 1), both halves on RV32. */
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, 0x87fffff8
    li t1, (3 << 1) | 1
#if __riscv_xlen == 64
    sd t1, 0(t0)
#else
    sw t1, 0(t0)
    sw zero, 4(t0)
#endif
1:  j 1b

    .globl tohost
    .type tohost, @object
    .size tohost, 8
    .set tohost, 0x87fffff8
