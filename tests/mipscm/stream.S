/* One core streams stores over 64 KiB (twice the L1D), then loads over the same 64 KiB; no other
 * data access. The CM counts follow from the model (docs/mips-cm.md "Tests"). */
#define FINISHER 0x100000
#define SIZE (64 << 10)

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, buf
    li t1, SIZE
    add t1, t1, t0
1:  sd t0, 0(t0)
    addi t0, t0, 8
    bltu t0, t1, 1b
    la t0, buf
    li t2, 0
2:  ld t3, 0(t0)
    add t2, t2, t3
    addi t0, t0, 8
    bltu t0, t1, 2b
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
3:  j 3b

    .bss
    .balign 1048576
buf:
    .zero SIZE
