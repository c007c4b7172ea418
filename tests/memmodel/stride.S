/* Loads one word per 64-byte line over 8 KiB, PASSES times, in M-mode, then exits 0: the whole
 * program's counts for `pmusim stat` (tests/memmodel/CMakeLists.txt has them, derived there). */
#define FINISHER 0x100000
#define PASSES 4

    .option norvc
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la a3, buf
    li t0, 8192
    add a4, a3, t0
    li a5, PASSES
1:  mv t0, a3
2:  ld t1, 0(t0)
    addi t0, t0, 64
    bltu t0, a4, 2b
    addi a5, a5, -1
    bnez a5, 1b
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
3:  j 3b

    .bss
    .balign 65536
buf:
    .zero 8192
