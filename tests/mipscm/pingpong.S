/* Two cores take turns storing to one line (STRIDE 0: the same word; 8: neighbouring words,
 * false sharing; 64: lines of their own), ROUNDS stores in all. A hart waits for its turn in wfi
 * and is woken by the other's msip, so the only cached data accesses are the stores under test:
 * the CM counts follow from the model (docs/mips-cm.md "Tests"). Exits 0 through the finisher. */
#define ROUNDS 100
#define CLINT 0x2000000
#define FINISHER 0x100000

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrr s0, mhartid
    srli s1, s0, 4                  /* core number: mhartid 11:4 */
    andi s1, s1, 0xff
    li t0, 1
    bgtu s1, t0, park               /* cores 2.. are not used */
    li t0, 8
    csrw mie, t0                    /* MSIE: wfi wakes on msip; mstatus.MIE 0: no trap */
    la s2, line
    li t0, STRIDE
    mul t0, t0, s1
    add s2, s2, t0                  /* this core's word */
    li s3, CLINT
    slli t0, s0, 2
    add s4, s3, t0                  /* own msip: the CLINT's place of this mhartid */
    xori t0, s1, 1
    slli t0, t0, 4 + 2              /* the other core's mhartid (core << 4), 4 bytes a place */
    add s5, s3, t0                  /* the other's msip */
    li s6, ROUNDS / 2               /* stores of this core */
    bnez s1, wait
turn:
    sw zero, 0(s4)                  /* own msip off */
    sd s6, 0(s2)                    /* the store under test */
    li t0, 1
    sw t0, 0(s5)                    /* the other's turn */
    addi s6, s6, -1
    beqz s6, finished
wait:
    wfi
    csrr t0, mip
    andi t0, t0, 8
    beqz t0, wait
    j turn
finished:
    bnez s1, park
    /* core 0 stored last-but-one: wait for core 1's last store, then exit */
1:  wfi
    csrr t0, mip
    andi t0, t0, 8
    beqz t0, 1b
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
park:
    wfi
    j park

    .data
    .balign 64
line:
    .zero 128
