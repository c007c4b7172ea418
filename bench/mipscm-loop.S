/* Speed guest for bench/mipscm.sh: every hart runs a load/add/store loop over 2 KiB of a private
 * array (its core's, by mhartid) with some arithmetic; hart 0 exits after ITER iterations, so a
 * run with N harts executes about N times the instructions of a one-hart run. */
#define ITER 50000000
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    srli t0, a0, 4                  /* core: mhartid 11:4 */
    andi t0, t0, 0xff
    slli t0, t0, 12
    la s0, arrays
    add s0, s0, t0
    li s1, ITER
    li t1, 0
    li t2, 0
1:  andi t3, t1, 0x7f8             /* a word of the first 2 KiB */
    add t3, t3, s0
    ld t4, 0(t3)
    add t4, t4, t1
    xor t2, t2, t4
    slli t5, t2, 3
    add t2, t2, t5
    sd t4, 0(t3)
    addi t1, t1, 8
    addi s1, s1, -1
    bnez s1, 1b
    bnez a0, _start
    li t0, 0x100000
    li t1, 0x5555
    sw t1, 0(t0)
2:  j 2b
    .bss
    .balign 4096
arrays:
    .zero 8 * 4096
