/* Class 3, pipeline stalls, with the timing model on and no caches (timing=on,
 * event-counters=5, latency-counters=0), built for PIPE = 3, 5 or 8 stages. Rules
 * (docs/pmu-microblaze-v.md, "Timing model"): a load's result is ready 1/2/4 cycles after it
 * issues (3/5/8 stages), a multiply's 1/2/3 after its execute stage, which takes 2 extra cycles
 * on the 3-stage pipeline; a divide spends 32 extra cycles in execute; an uncached external
 * memory read stalls the memory stage mem-latency (10) cycles; LMB accesses do not stall. */
#include "mbv_test.h"

    TEST_NAME "class3"

#if PIPE == 3
#define OF_STALLS 0
#define EX_STALLS 34
#define BRANCH_PENALTY 1
#define JUMP_PENALTY 1
#elif PIPE == 5
#define OF_STALLS 2
#define EX_STALLS 32
#define BRANCH_PENALTY 2
#define JUMP_PENALTY 1
#else
#define OF_STALLS 5
#define EX_STALLS 32
#define BRANCH_PENALTY 4
#define JUMP_PENALTY 2
#endif
#define MEM_STALLS 10
#define INSNS 8

    .text
    .globl test_main
test_main:
    SELECT 3, EV(3, B(6))       /* OF */
    SELECT 4, EV(3, B(7))       /* EX */
    SELECT 5, EV(3, B(8))       /* memory stage */
    SELECT 6, EV(3, B(6) | B(7) | B(8))
    SELECT 7, EV(3, B(5))       /* bit 5 is not defined in class 3: counts nothing */
    .irp n, 3,4,5,6,7
    ZERO \n
    .endr
    csrw mcycle, zero
    csrw mcycleh, zero
    csrw minstret, zero
    csrw minstreth, zero
    li s1, LMB_BASE + 0x100     /* local memory: no stall */
    lla s2, ram_word            /* external memory, uncached */
    li a0, 7
    li a1, 3
    PMU_GO
    lw a6, 0(s2)                /* t=0: memory stage stalls 10 cycles */
    lw a2, 0(s1)                /* t=1 */
    addi a3, a2, 1              /* uses the load at once: OF stall 0 / 1 / 3 */
    div a4, a0, a1              /* EX 32 */
    add a5, a4, a4              /* the divide's result is ready when it leaves EX: no stall */
    mul a7, a0, a1              /* EX +2 on 3 stages */
    add s3, a7, a7              /* OF stall 0 / 1 / 2 */
    PMU_STOP
    CHECK_CTR 501, 3, OF_STALLS
    CHECK_CTR 502, 4, EX_STALLS
    CHECK_CTR 503, 5, MEM_STALLS
    CHECK_CTR 504, 6, OF_STALLS + EX_STALLS + MEM_STALLS
    CHECK_CTR 505, 7, 0
    csrr t1, mcycle             /* one cycle per instruction plus the stalls */
    CHECK 506, t1, INSNS + OF_STALLS + EX_STALLS + MEM_STALLS
    csrr t1, minstret
    CHECK 507, t1, INSNS

    /* Control transfers without a branch target cache: a taken branch and a jal cost the
     * pipeline's penalties in mcycle (and nothing in class 3); a not-taken branch costs nothing. */
    .irp n, 3,4,5,6
    ZERO \n
    .endr
    csrw mcycle, zero
    csrw mcycleh, zero
    PMU_GO
    bne zero, zero, 1f          /* not taken */
    beq zero, zero, 1f          /* taken */
1:  jal zero, 2f
2:  PMU_STOP
    csrr t1, mcycle
    CHECK 508, t1, 4 + BRANCH_PENALTY + JUMP_PENALTY
    CHECK_CTR 509, 6, 0
    TEST_END

    .data
    .align 4
ram_word: .word 0x1234
