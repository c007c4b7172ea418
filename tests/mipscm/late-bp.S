/* The branch predictor keeps its state while nothing counts it: a loop whose branch follows a
 * pseudo-random pattern, its bias turned round in the last LATE iterations, runs PHASE1 times with no branch event selected (translated code retires
 * its blocks inline then, predictor updates included), then the guest selects branch-misses
 * (event 6) in mhpmcounter3 and runs the loop PHASE2 more times. The misses it counts depend on
 * the counters' state the first phase left. The guest then replays both phases on the model of
 * docs/machine-virt.md (a 2-bit counter per branch, reset to 1, taken at 2 or 3, moved towards
 * the outcome; its two conditional branches have counters of their own: the code is far smaller
 * than 1024 counters * 2 bytes) and compares. Exits 0 when they agree, else 1. */
#define FINISHER 0x100000
#define PHASE1 700
#define PHASE2 1000
#define SEED 0x2545f4914f6cdd1d
#define LATE 200

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrw mcountinhibit, zero
    li s0, SEED
    li s1, PHASE1
    call pattern
    li t0, 6                        /* branch-misses */
    csrw mhpmevent3, t0
    csrw mhpmcounter3, zero
    li s1, PHASE2
    call pattern
    csrr s2, mhpmcounter3           /* the misses of the second phase */

    /* the model: a1, a2 the counters of branches A and B; a3 the misses in phase 2 */
    li s0, SEED
    li a1, 1
    li a2, 1
    li a3, 0
    li s3, PHASE1 + PHASE2          /* iterations left, both phases */
    li s4, PHASE2                   /* the second phase: iterations s3 <= s4 */
    li s5, PHASE2                   /* phase 1 ends where s3 is this */
replay:
    call xorshift
    andi t1, s0, 7
    seqz t1, t1
    mv t5, s3                       /* the iteration's s1 in pattern: s3 in phase 2 */
    ble s3, s4, 5f
    sub t5, s3, s4                  /* s3 - PHASE2 in phase 1 */
5:  sltiu t5, t5, LATE
    xor a0, t1, t5                  /* A taken */
    mv a4, a1
    call predict
    mv a1, a4
    addi s3, s3, -1
    /* B taken unless this was the last iteration of its phase */
    li a0, 1
    beq s3, s5, 1f
    bnez s3, 2f
1:  li a0, 0
2:  mv a4, a2
    addi s3, s3, 1                  /* predict counts with the iteration's own s3 */
    call predict
    addi s3, s3, -1
    mv a2, a4
    bnez s3, replay
    li t0, FINISHER
    li t1, 0x5555
    beq a3, s2, 3f
    li t1, (1 << 16) | 0x3333       /* exit 1 */
3:  sw t1, 0(t0)
4:  j 4b

/* One counter a4 and an outcome a0: a miss in the second phase adds to a3; a4 moves. */
predict:
    sltiu t2, a4, 2
    xori t2, t2, 1                  /* predicted taken */
    beq t2, a0, 1f
    bgt s3, s4, 1f
    addi a3, a3, 1
1:  beqz a0, 2f
    li t3, 3
    beq a4, t3, 3f
    addi a4, a4, 1
    ret
2:  beqz a4, 3f
    addi a4, a4, -1
3:  ret

/* s0: the next state of a 64-bit xorshift */
xorshift:
    slli t0, s0, 13
    xor s0, s0, t0
    srli t0, s0, 7
    xor s0, s0, t0
    slli t0, s0, 17
    xor s0, s0, t0
    ret

/* s1 iterations of the pattern: branch A taken when the state's low three bits are 0, the other
 * way round in the last LATE iterations (so the first phase leaves A's counter taken, which it
 * is not early on); branch B the loop's; xorshift inline, so that the loop's only conditional
 * branches are A and B */
pattern:
    la t3, buf
1:  slli t0, s0, 13
    xor s0, s0, t0
    srli t0, s0, 7
    xor s0, s0, t0
    slli t0, s0, 17
    xor s0, s0, t0
    andi t1, s0, 7
    seqz t1, t1
    sltiu t5, s1, LATE
    xor t1, t1, t5
    bnez t1, 2f                     /* A */
    andi t2, s0, 0x7c0              /* a load from one of 32 lines: L1 hits from the memo */
    add t2, t2, t3
    ld t4, 0(t2)
    sd s0, 8(t2)
2:  addi s1, s1, -1
    bnez s1, 1b                     /* B */
    ret

    .bss
    .balign 4096
buf:
    .zero 4096
