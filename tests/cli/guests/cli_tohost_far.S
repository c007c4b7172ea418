/* A tohost symbol far from any memory: at the top of the address space (TOHOST_TOP) or over the
 * last bytes of RAM and past its end (TOHOST_STRADDLE). pmusim must not watch it (HTIF is off),
 * and must not crash. The program stores to RAM on the slow path (misaligned) and exits with
 * status 9 through the SiFive test finisher. */
#define FINISHER 0x100000
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    la t2, buf
    li t1, 0x12345678
    sw t1, 1(t2)                /* misaligned: the memory slow path looks at tohost */
    li t0, FINISHER
    li t1, (9 << 16) | 0x3333
    sw t1, 0(t0)
1:  j 1b

    .data
buf:
    .dword 0, 0

    .globl tohost
    .type tohost, @object
    .size tohost, 8
#if defined(TOHOST_TOP) && __riscv_xlen == 64
    .set tohost, 0xfffffffffffffff8
#elif defined(TOHOST_TOP)
    .set tohost, 0xfffffff8
#else
    .set tohost, 0x87fffffc     /* 128 MiB of RAM end at 0x88000000: 4 bytes in, 4 out */
#endif
