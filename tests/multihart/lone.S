/* One hart runs while the others sleep in wfi: the round-robin's clocks (docs/architecture.md,
 * "Several harts"). With the default quantum of 1000 cycles the rounds end at every multiple of
 * 1000 of the harts' cycle clocks, and a hart woken by a store of another hart takes the
 * interrupt at the start of its next turn:
 *
 *   - hart 0, alone, takes its own timer's interrupt (due mid-round, set while it runs) at once;
 *   - hart 1 sleeps until its CLINT timer, due at a cycle T in the middle of a round while hart 0
 *     computes alone: it wakes at T itself (its wait ends at the timer, in its turn of that round);
 *   - hart 0 wakes hart 2 (msip) at cycle c0, in the middle of a round: hart 2 comes after hart 0
 *     in the round, so it wakes at that round's start, floor(c0 / 1000) * 1000;
 *   - hart 2 wakes hart 3, which computes alone and wakes hart 0 at c3: hart 0 comes before hart 3,
 *     so it wakes at the next round's start, (floor(c3 / 1000) + 1) * 1000.
 *
 * Each waking hart reads mcycle a few instructions after its wfi and checks it against these
 * cycles (at most SLACK more). Hart 0 checks the last one and exits 0 when all hold (virt_exit.S). */
#define CLINT 0x2000000
#define MTIMECMP 0x4000
#define MTIME 0xbff8
#define MIP_MSIP 8
#define MIP_MTIP 0x80
#define QUANTUM 1000
#define SLACK 40
#define CYCLES_PER_TICK 100 /* mtime at 10 MHz, a cycle a nanosecond */

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrr s0, mhartid
    li t0, 1
    beq s0, t0, hart1
    li t0, 2
    beq s0, t0, hart2
    li t0, 3
    beq s0, t0, hart3

/* hart 0 */
    la t1, ready
1:  lw t2, 0(t1)
    li t3, 3
    bne t2, t3, 1b                  /* harts 1-3 asleep, or about to be */
    la t0, trap0
    csrw mtvec, t0
    la s1, woke0
    li a0, CLINT + MTIMECMP
    li a1, 80                       /* 8,000 cycles on */
    call arm_timer
    la t0, due0
    sw a0, 0(t0)
    li t0, MIP_MTIP
    csrw mie, t0
    csrsi mstatus, 8                /* taken: trap0 */
    li a0, 40 * QUANTUM
    call compute                    /* alone but for hart 1's timer */
    csrci mstatus, 8
    li t0, MIP_MSIP
    csrw mie, t0
    la t1, woke0                    /* its timer taken when due */
    lw t2, 0(t1)
    la t1, due0
    lw t3, 0(t1)
    sub t2, t2, t3
    addi t2, t2, CYCLES_PER_TICK
    li t3, CYCLES_PER_TICK + SLACK
    bgeu t2, t3, fail0
    call mid_round
    li t1, CLINT + 8                /* msip of hart 2 */
    li t2, 1
    la t3, c0
    csrr t4, mcycle                 /* c0 and the store in one block */
    sw t4, 0(t3)
    sw t2, 0(t1)
2:  wfi                             /* until hart 3's msip */
    csrr t4, mcycle
    csrr t5, mip
    andi t5, t5, MIP_MSIP
    beqz t5, 2b
    li t1, CLINT
    sw zero, 0(t1)
    la t1, c3                       /* woken at the round after c3's */
    lw t2, 0(t1)
    li t3, QUANTUM
    divu t2, t2, t3
    addi t2, t2, 1
    mul t2, t2, t3
    sub t4, t4, t2
    li t3, SLACK
    bgeu t4, t3, fail0
    la t1, verdict1
    lw t2, 0(t1)
    li t3, 1
    bne t2, t3, fail0
    la t1, verdict2
    lw t2, 0(t1)
    bne t2, t3, fail0
    la a0, msg_ok
    j exit_pass
fail0:
    la a0, msg_fail
    j exit_fail

    .balign 4
/* the timer interrupt of hart 0: when it came (s1 = woke0); the timer off */
trap0:
    csrr s2, mcycle
    sw s2, 0(s1)
    li s3, CLINT + MTIMECMP
    li s4, -1
    sw s4, 4(s3)
    mret

/* hart 1: its timer due mid-round about 15 rounds on */
hart1:
    li a0, CLINT + MTIMECMP + 8
    li a1, 150                      /* 15,000 cycles on */
    call arm_timer
    la t0, due1
    sw a0, 0(t0)
    li t0, MIP_MTIP
    csrw mie, t0
    la t1, ready
    li t2, 1
    amoadd.w zero, t2, (t1)
4:  wfi
    csrr t4, mcycle
    csrr t5, mip
    andi t5, t5, MIP_MTIP
    beqz t5, 4b
    la t1, due1                     /* woken at its timer, not at a round's end */
    lw t2, 0(t1)
    sub t4, t4, t2
    addi t4, t4, CYCLES_PER_TICK
    li t3, CYCLES_PER_TICK + SLACK
    li t2, 2
    bgeu t4, t3, 5f
    li t2, 1
5:  la t1, verdict1
    sw t2, 0(t1)
    li t0, CLINT + MTIMECMP + 8
    li t1, -1
    sw t1, 4(t0)
    j park

/* hart 2: woken by hart 0 at c0 */
hart2:
    li t0, MIP_MSIP
    csrw mie, t0
    la t1, ready
    li t2, 1
    amoadd.w zero, t2, (t1)
6:  wfi
    csrr t4, mcycle
    csrr t5, mip
    andi t5, t5, MIP_MSIP
    beqz t5, 6b
    li t1, CLINT + 8
    sw zero, 0(t1)
    la t1, c0                       /* woken at the start of c0's round */
    lw t2, 0(t1)
    li t3, QUANTUM
    divu t2, t2, t3
    mul t2, t2, t3
    sub t4, t4, t2
    li t3, SLACK
    li t2, 2
    bgeu t4, t3, 7f
    li t2, 1
7:  la t1, verdict2
    sw t2, 0(t1)
    li t1, CLINT + 12               /* on to hart 3 */
    li t2, 1
    sw t2, 0(t1)
    j park

/* hart 3: woken by hart 2, computes alone, then wakes hart 0 */
hart3:
    li t0, MIP_MSIP
    csrw mie, t0
    la t1, ready
    li t2, 1
    amoadd.w zero, t2, (t1)
8:  wfi
    csrr t5, mip
    andi t5, t5, MIP_MSIP
    beqz t5, 8b
    li t1, CLINT + 12
    sw zero, 0(t1)
    li a0, 30 * QUANTUM
    call compute
    call mid_round
    li t1, CLINT                    /* msip of hart 0 */
    li t2, 1
    la t3, c3
    csrr t4, mcycle                 /* c3 and the store in one block */
    sw t4, 0(t3)
    sw t2, 0(t1)
park:
    csrw mie, zero
9:  wfi
    j 9b

/* arm_timer(a0 = a hart's mtimecmp, a1 = ticks on): its timer due about a1 ticks on, in the
 * middle of a round; returns in a0 the cycle it is due at, or up to a tick later */
arm_timer:
    li t0, CLINT + MTIME
    lw t2, 0(t0)                    /* the low word: far from wrapping */
    add t2, t2, a1
    li t3, CYCLES_PER_TICK
    li t6, QUANTUM
3:  addi t2, t2, 1                  /* the cycle of tick t2: now + (t2 - mtime) * 100 */
    lw t4, 0(t0)
    sub t5, t2, t4
    mul t5, t5, t3
    csrr t4, mcycle
    add t5, t5, t4
    remu a2, t5, t6
    li a3, 400
    bltu a2, a3, 3b
    li a3, 600
    bgeu a2, a3, 3b
    li t1, -1
    sw t1, 4(a0)                    /* high word first: no early match */
    sw t2, 0(a0)
    sw zero, 4(a0)
    mv a0, t5
    ret

/* compute(a0): about a0 cycles of arithmetic, no memory */
compute:
    srli a0, a0, 2
    li a1, 1
10: slli a2, a1, 3
    xor a1, a1, a2
    addi a0, a0, -1
    bnez a0, 10b
    ret

/* mid_round: on until mcycle is in the middle of a round, far from its ends */
mid_round:
    li a1, QUANTUM
    li a2, 300
    li a3, 700
11: csrr a0, mcycle
    remu a0, a0, a1
    bltu a0, a2, 11b
    bgeu a0, a3, 11b
    ret

    .section .rodata
msg_ok:
    .asciz "lone ok\n"
msg_fail:
    .asciz "lone FAILED\n"

    .data
    .balign 64
ready:
    .word 0
    .balign 64
c0:
    .word 0
c3:
    .word 0
due0:
    .word 0
woke0:
    .word 0
due1:
    .word 0
verdict1:
    .word 0
verdict2:
    .word 0
