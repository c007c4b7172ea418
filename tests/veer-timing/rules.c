/* Exact rules of the VeeR EL2 predictor and fetch (../shared/reference/veer-el2.md §3, §5), checked
 * by counting one sequence at a time with mhpmcounter3; exits 0 if every check passes.
 *
 *   1  a jal not yet in the BTB mispredicts (event 25): 1; the same jal again is predicted: 0
 *   2  a call through jalr is not predicted (event 27, not 25) and the return after it
 *      mispredicts: 1, every time
 *   3  fence.i invalidates the I-cache: the line after it is fetched again (event 3): 1, every time
 *   4  a not-taken conditional branch never seen before is predicted (not taken): 0
 *   5  the return stack: a warm compressed call (c.jal) pushes its return address, and the
 *      return after it is predicted: 0; a 4-byte jal call pushes its own address, and the return
 *      after it mispredicts: 1, every time
 *   6  the fetch right after a flush reads the BHT with the fetch history as the flush left it:
 *      after nine taken jumps (history all ones) a branch A trained taken falls through and
 *      mispredicts; the branch T right after it, always taken and trained with the history all
 *      ones, is read with the history all ones (A's predicted direction still in it), not with
 *      the executed history (A not taken): it is predicted, 1 mispredict in all, not 2
 *   7  the D-bus word of a load is its address's (obuf_nosend_in compares addr[31:3]): two
 *      loads back to back through two base registers, in one 8-byte word, are one transaction
 *      (event 43) and find the bus free (event 48: 0); in two words, two transactions and one
 *      busy cycle (the slave's arready is low for the cycle after it took the first); a use of
 *      both loads before the counter stops makes sure both went out
 *   8  a jump the BTB holds writes its BHT counter strongly taken when it commits, though its
 *      fetch ignores the counter: after nine taken jumps (history all ones), a jump J at a
 *      2048-aligned address and a conditional branch B 1028 bytes after it share one counter
 *      (the same BTB set, pc[9:2] ^ pc[17:10] ^ pc[25:18], and the same halfword, with the same
 *      history); J jumps to 8 nops before B, so that its write lands before B's fetch reads
 *      the counter. B, taken once (into the BTB) and then not taken twice, has that counter at
 *      strongly not taken; J sets it again, so B not taken mispredicts: 1, every time (a jump
 *      that left the counter alone: 0)
 *   9  rule 7 in a loop whose one block alternates the two cases (8 iterations, nothing carried
 *      from one to the next: no store, the loads' results used in the iteration): 4 x 1 + 4 x 2
 *      transactions and 4 x 1 busy cycles. pmusim replays a block's bus words once per block and
 *      relation of its addresses (docs/performance.md); this checks that the relation is in what
 *      it remembers. Derived from rule 7, not run on the RTL. */
#include <stdint.h>

#include "pmusim_rt.h"

/* Each sequence: mhpmevent3 = a0, counter zeroed, counts from `csrwi mcountinhibit, 0` to
 * `csrwi mcountinhibit, 8` (which stops mhpmcounter3), returns the count. */
uint32_t seq_cold_jal(uint32_t event);
uint32_t seq_jalr_call(uint32_t event);
uint32_t seq_fencei(uint32_t event);
uint32_t seq_cold_not_taken(uint32_t event);
uint32_t seq_cjal_call(uint32_t event);
uint32_t seq_jal_call(uint32_t event);
uint32_t seq_flush_history(uint32_t event, uint32_t taken);
uint32_t seq_load_pair(uint32_t event, const volatile uint32_t *p, const volatile uint32_t *q);
uint32_t seq_bht_alias(uint32_t event, uint32_t taken);
/* loads through (p, q), then (p2, q2), alternately, `n` times in all */
uint32_t seq_load_pairs(uint32_t event, const volatile uint32_t *p, const volatile uint32_t *q,
                        const volatile uint32_t *p2, const volatile uint32_t *q2, uint32_t n);

__asm__(".option push\n"
        ".option norvc\n"
        ".macro START\n"
        "    csrw mhpmevent3, a0\n"
        "    csrw mhpmcounter3, zero\n"
        "    csrw mhpmcounter3h, zero\n"
        ".endm\n"
        /* eight taken jumps in a row: with the one after them, the global history is all ones */
        ".macro EIGHT_JUMPS\n"
        "    j 1f\n"
        "1:  j 2f\n"
        "2:  j 3f\n"
        "3:  j 4f\n"
        "4:  j 5f\n"
        "5:  j 6f\n"
        "6:  j 7f\n"
        "7:  j 8f\n"
        "8:\n"
        ".endm\n"
        ".macro STOP\n"
        "    csrwi mcountinhibit, 8\n"
        "    csrr a0, mhpmcounter3\n"
        "    csrwi mcountinhibit, 0\n"
        "    ret\n"
        ".endm\n"
        "    .text\n"
        "    .balign 64\n"
        "seq_cold_jal:\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    jal x0, 1f\n"
        "1:  STOP\n"
        "    .balign 64\n"
        "leaf:\n"
        "    ret\n"
        "    .balign 64\n"
        "seq_jalr_call:\n"
        "    mv t6, ra\n"
        "    la t1, leaf\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    jalr ra, 0(t1)\n"
        "    mv ra, t6\n"
        "    STOP\n"
        "    .balign 64\n"
        "seq_fencei:\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    fence.i\n"
        "    nop\n"
        "    nop\n"
        "    STOP\n"
        "    .balign 64\n"
        "seq_cold_not_taken:\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    bne zero, zero, 1f\n"
        "1:  STOP\n"
        "    .balign 64\n"
        "seq_jal_call:\n"
        "    mv t6, ra\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    jal ra, leaf\n"
        "    mv ra, t6\n"
        "    STOP\n"
        "    .balign 64\n"
        "seq_flush_history:\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    EIGHT_JUMPS\n"
        "    j 9f\n"
        "9:  bnez a1, fh_taken\n"
        "fh_t:\n"
        "    beq zero, zero, fh_u\n"
        "fh_u:\n"
        "    STOP\n"
        "    .balign 64\n"
        "fh_taken:\n"
        "    j fh_t\n"
        "    .balign 64\n"
        "seq_load_pair:\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    lw t0, 0(a1)\n"
        "    lw t1, 0(a2)\n"
        "    add t2, t0, t1\n" /* waits for both: their transactions are counted before STOP */
        "    STOP\n"
        "    .balign 64\n"
        "seq_bht_alias:\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    EIGHT_JUMPS\n"
        "    j ba_j\n"
        "    .balign 2048\n"
        "ba_j:\n" /* J: its last halfword at +2 */
        "    j ba_n\n"
        "    .skip 992\n"
        "ba_n:\n" /* J's counter written before B's fetch reads it */
        "    nop\n    nop\n    nop\n    nop\n    nop\n    nop\n    nop\n    nop\n"
        "ba_b:\n" /* B, at J + 1028: its last halfword at +1030 */
        "    bnez a1, ba_t\n"
        "ba_u:\n"
        "    STOP\n"
        "ba_t:\n"
        "    j ba_u\n"
        "    .balign 64\n"
        "seq_load_pairs:\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "1:  lw t0, 0(a1)\n" /* one block, every iteration */
        "    lw t1, 0(a2)\n"
        "    add t2, t0, t1\n"
        "    mv t3, a1\n" /* the next iteration takes the other pair */
        "    mv a1, a3\n"
        "    mv a3, t3\n"
        "    mv t3, a2\n"
        "    mv a2, a4\n"
        "    mv a4, t3\n"
        "    addi a5, a5, -1\n"
        "    bnez a5, 1b\n"
        "    STOP\n"
        ".option rvc\n"
        "    .balign 64\n"
        "leafc:\n"
        "    c.jr ra\n"
        "    .balign 64\n"
        "seq_cjal_call:\n"
        "    c.mv t6, ra\n"
        "    START\n"
        "    csrwi mcountinhibit, 0\n"
        "    c.jal leafc\n"
        "    c.mv ra, t6\n"
        "    STOP\n"
        ".option pop\n");

static int failures;

/* in external memory (not the DCCM), 8-byte aligned */
static volatile uint32_t pair_words[4] __attribute__((aligned(8)));

static void check(const char *what, uint32_t got, uint32_t want)
{
    if (got != want) {
        rt_printf("FAIL %s: got %u want %u\n", what, (unsigned)got, (unsigned)want);
        failures++;
    }
}

int main(void)
{
    rt_write_csr(mcountinhibit, 0x7D);
    check("1 cold jal mispredicts", seq_cold_jal(25), 1);
    check("1 warm jal is predicted", seq_cold_jal(25), 0);
    check("2 return after a jalr call mispredicts", seq_jalr_call(25), 1);
    check("2 again", seq_jalr_call(25), 1);
    check("2 jalr call is unpredictable", seq_jalr_call(27), 1);
    check("3 fence.i refetches", seq_fencei(3), 1);
    check("3 again", seq_fencei(3), 1);
    check("4 cold not-taken branch", seq_cold_not_taken(25), 0);
    seq_cjal_call(25); /* cold: the c.jal and the return enter the BTB */
    check("5 return after a warm c.jal is predicted", seq_cjal_call(25), 0);
    check("5 again", seq_cjal_call(25), 0);
    seq_jal_call(25);
    check("5 return after a warm 4-byte jal mispredicts", seq_jal_call(25), 1);
    check("5 again", seq_jal_call(25), 1);
    for (int i = 0; i < 4; i++)
        seq_flush_history(25, 1); /* trains A and T taken with the history all ones */
    check("6 the fetch after a flush reads the BHT with the flush's history", seq_flush_history(25, 0), 1);
    const volatile uint32_t *w = pair_words;
    seq_load_pair(43, w, w + 1); /* warms the I-cache */
    check("7 two loads of one bus word, two base registers: one transaction", seq_load_pair(43, w, w + 1), 1);
    check("7 ... and no busy cycle", seq_load_pair(48, w, w + 1), 0);
    check("7 two loads of two bus words: two transactions", seq_load_pair(43, w + 1, w + 2), 2);
    check("7 ... and one busy cycle", seq_load_pair(48, w + 1, w + 2), 1);
    seq_bht_alias(25, 1); /* B into the BTB, its counter taken */
    seq_bht_alias(25, 0);
    seq_bht_alias(25, 0); /* without J's write: strongly not taken */
    check("8 a jump writes its BHT counter taken", seq_bht_alias(25, 0), 1);
    check("8 again", seq_bht_alias(25, 0), 1);
    seq_load_pairs(43, w, w + 1, w + 1, w + 2, 8); /* warms the I-cache */
    check("9 one block, one and two bus words in turn: transactions", seq_load_pairs(43, w, w + 1, w + 1, w + 2, 8),
          12);
    check("9 ... and busy cycles", seq_load_pairs(48, w, w + 1, w + 1, w + 2, 8), 4);
    check("9 the other case first: transactions", seq_load_pairs(43, w + 1, w + 2, w, w + 1, 8), 12);
    check("9 ... and busy cycles", seq_load_pairs(48, w + 1, w + 2, w, w + 1, 8), 4);
    rt_printf("veer-timing rules: %s\n", failures ? "FAIL" : "PASS");
    return failures != 0;
}
