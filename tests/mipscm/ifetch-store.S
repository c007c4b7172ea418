/* A store by another core into a line of code shows up. Core 0 runs `xcode` (a `ret` alone in its
 * line, with a data word beside it) and hands over to core 1 through msip; core 1 stores to that
 * word and hands back; ROUNDS times. Each of core 1's stores takes the line from core 0's L1I (an
 * intervention, state S, cause store: 0x49): the first is a read-own, the others upgrades, since
 * core 0's fetch of the line in between (a miss: its copy was taken) found it modified in core 1's
 * L1D (an intervention, state M, cause instruction fetch: 0x10C), wrote it to the L2 and left
 * core 1 a shared copy. So ROUNDS L1I interventions, ROUNDS - 1 fetch interventions, ROUNDS - 1
 * upgrades and L2 write-backs from core 1, one read-own, no sharing miss. Exits 0. */
#define ROUNDS 20
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
    li s3, CLINT
    slli t0, s0, 2
    add s4, s3, t0                  /* own msip: the CLINT's place of this mhartid */
    xori t0, s1, 1
    slli t0, t0, 4 + 2              /* the other core's mhartid (core << 4), 4 bytes a place */
    add s5, s3, t0                  /* the other's msip */
    li s6, ROUNDS
    la s2, xword
    bnez s1, core1
core0:
    jal ra, xcode                   /* fetch the line under test */
    li t0, 1
    sw t0, 0(s5)                    /* core 1's turn */
1:  wfi
    csrr t0, mip
    andi t0, t0, 8
    beqz t0, 1b
    sw zero, 0(s4)                  /* own msip off */
    addi s6, s6, -1
    bnez s6, core0
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
core1:
1:  wfi
    csrr t0, mip
    andi t0, t0, 8
    beqz t0, 1b
    sw zero, 0(s4)                  /* own msip off */
    sd s6, 0(s2)                    /* the store into the code line */
    li t0, 1
    sw t0, 0(s5)                    /* core 0's turn */
    addi s6, s6, -1
    bnez s6, core1
park:
    wfi
    j park

    .balign 64
xcode:                              /* the line under test: code and a data word */
    ret
    .balign 8
xword:
    .dword 0
    .balign 64
