/* Starting harts through the CPC, on p8700,cores=2,harts-per-core=2 (mhartids 0x0, 0x1, 0x10,
 * 0x11). Only hart 0 starts at the entry; the others are held in reset, and core 1 is powered
 * down, until hart 0 writes their GCR reset bases (`secondary`) and starts them: hart 1 of the
 * running core 0 with VP_RUN, core 1 as OpenSBI's p8700 hart_start does (VP_RUN, CMD reset, wait
 * for state U6), then core 1's hart 1 with VP_RUN. Each started hart checks a0 = mhartid, marks
 * itself in `seen` and counts itself in `count`. Hart 0 checks the registers along the way, that
 * all three ran from `secondary`, and that VP_STOP stops one. Exit status: 0, or the number of the
 * failed check (a hart starting at the entry: 1). docs/mips-cm.md "Starting harts: the CPC". */
#define GCR 0x16100000
#define GCR_CL (GCR + 0x2000)           /* per-core block: + core << 8; reset base at + hart << 3 */
#define CPC_CL (GCR + 0x8000 + 0x2000)  /* CPC per-core block: + core << 8 */
#define CMD 0x00
#define STAT_CONF 0x08
#define VP_STOP 0x20
#define VP_RUN 0x28
#define VP_RUNNING 0x30
#define FINISHER 0x100000

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrr t0, mhartid
    li a0, 1
    bnez t0, fail                   /* only hart 0 starts here */
    li t1, 10000                    /* a while: nobody else runs */
1:  addi t1, t1, -1
    bnez t1, 1b
    la s0, count
    ld t2, 0(s0)
    li a0, 2
    bnez t2, fail
    li s1, CPC_CL
    li s2, GCR_CL
    ld t2, VP_RUNNING(s1)           /* core 0: VP 0 runs */
    li t3, 1
    li a0, 3
    bne t2, t3, fail
    ld t2, 0x100 + STAT_CONF(s1)    /* core 1: powered down */
    li a0, 4
    bnez t2, fail
    ld t2, 0x100(s2)                /* core 1 hart 0's reset base: the entry */
    la t3, _start
    li a0, 5
    bne t2, t3, fail
    la t3, secondary
    sd t3, 0x008(s2)                /* core 0 hart 1 */
    sd t3, 0x100(s2)                /* core 1 hart 0 */
    sd t3, 0x108(s2)                /* core 1 hart 1 */
    ld t2, 0x108(s2)
    li a0, 6
    bne t2, t3, fail
    li t2, 2
    sw t2, VP_RUN(s1)               /* core 0 hart 1 */
    li t2, 1
    sw t2, 0x100 + VP_RUN(s1)       /* core 1: VP 0 ... */
    li t2, 4
    sw t2, 0x100 + CMD(s1)          /* ... and reset the core */
    li t1, 1000
2:  lw t2, 0x100 + STAT_CONF(s1)    /* until its sequencer state is U6 */
    srli t2, t2, 19
    andi t2, t2, 0xf
    li t3, 7
    beq t2, t3, 3f
    addi t1, t1, -1
    bnez t1, 2b
    li a0, 7
    j fail
3:  li t2, 2
    sw t2, 0x100 + VP_RUN(s1)       /* core 1 hart 1 */
    li t1, 100000
4:  ld t2, 0(s0)                    /* the three count themselves */
    li t3, 3
    beq t2, t3, 5f
    addi t1, t1, -1
    bnez t1, 4b
    li a0, 8
    j fail
5:  la t2, seen
    ld t2, 0(t2)
    li t3, (1 << 1) | (1 << 4) | (1 << 5) /* bit core * 4 + hart: 0x1, 0x10, 0x11 */
    li a0, 9
    bne t2, t3, fail
    ld t2, 0x100 + VP_RUNNING(s1)
    li t3, 3
    li a0, 10
    bne t2, t3, fail
    li t2, 2
    sw t2, 0x100 + VP_STOP(s1)      /* stop core 1 hart 1 */
    ld t2, 0x100 + VP_RUNNING(s1)
    li t3, 1
    li a0, 11
    bne t2, t3, fail
    ld t2, VP_RUNNING(s1)           /* core 0: both */
    li t3, 3
    li a0, 12
    bne t2, t3, fail
    li a0, 0
fail:
    li t0, FINISHER
    li t1, 0x5555
    beqz a0, 6f
    slli t1, a0, 16
    li t2, 0x3333
    or t1, t1, t2
6:  sw t1, 0(t0)
7:  j 7b

    .balign 4096                    /* reset bases are 4 KiB aligned */
secondary:
    csrr t0, mhartid
    srli t1, t0, 4                  /* bit core * 4 + hart, or bit 63 if a0 is not mhartid */
    slli t1, t1, 2
    andi t2, t0, 0xf
    add t1, t1, t2
    bne t0, a0, 1f
    li t2, 1
    sll t2, t2, t1
    j 2f
1:  li t2, 1
    slli t2, t2, 63
2:  la t3, seen
    amoor.d zero, t2, (t3)
    la t3, count
    li t2, 1
    amoadd.d zero, t2, (t3)
3:  wfi
    j 3b

    .data
    .balign 8
count:
    .dword 0
seen:
    .dword 0
