/* The timing model's retire memo (docs/performance.md, "VeeR EL2 timing model in translated
 * code") against what invalidates it, checked by counting I-cache misses (event 3) with
 * mhpmcounter3, which runs all along (reading it changes nothing); exits 0 if every check passes.
 *
 * seq_memo(evict, fencei) runs a 64-byte line: Q, a branch never taken (a block of its own), then
 * Y, a `jal t5` to A, a lone `jr t5` 2 KiB-aligned (not a far jal: the BTB predicts it), back to
 * Q's line; four times (the lines in the I-cache, Y's jump in the BTB: Y's whole execution is
 * remembered), then, with evict, calls B and C, 8 KiB and 16 KiB after A: the same I-cache set
 * (128 sets of 64 bytes, 2 ways), so C's fill evicts A's line; with fencei, runs fence.i (every
 * line invalid). It then reads the counter, runs Q and Y once more and returns the misses since:
 * A's line, 1, if it was evicted or invalidated (Q's line, in another set, is found or fetched
 * before the read), else 0.
 * A memo of Y used without checking that the I-cache is as it was would count 0.
 *
 * seq_lru(touch_p2) checks that a replay writes the LRU of the I-cache sets its execution touched
 * and of no other: after fence.i it fills P and P2, two lines of one set, touches P (or P2), runs
 * L, a loop of one block that stays in one line of another set (remembered, then replayed), then
 * calls P3, a third line of the set, whose fill evicts the line not touched last. It then reads
 * the counter, calls the line touched last and returns the misses since: 0 (the caller's lines,
 * in other sets, were fetched before the read). A replay that wrote a set it did not touch (set 0,
 * way 0: the one the touched line is in for one of the two calls) would count 1 there. */
#include <stdint.h>

#include "pmusim_rt.h"

uint32_t seq_memo(uint32_t unused, uint32_t evict, uint32_t fencei);

__asm__(".option push\n"
        ".option norvc\n"
        "    .text\n"
        "    .globl seq_memo\n"
        "seq_memo:\n"
        "    li t2, 4\n"
        "    j 3f\n"
        "    .balign 64\n"
        "3:  bne zero, zero, 4f\n" /* Q */
        "4:  jal t5, memo_a\n"     /* Y */
        "    addi t2, t2, -1\n"
        "    bgtz t2, 3b\n"
        "    bltz t2, 9f\n"
        "    beqz a1, 6f\n"
        "    jal t5, memo_b\n"
        "    jal t5, memo_c\n"
        "6:  beqz a2, 7f\n"
        "    fence.i\n"
        "7:  csrr t3, mhpmcounter3\n"
        "    j 3b\n"
        "9:  csrr a0, mhpmcounter3\n"
        "    sub a0, a0, t3\n"
        "    ret\n"
        "    .balign 2048\n" /* within the BTB's reach of Y (a far jal is not predicted) */
        "memo_a:\n"
        "    jr t5\n"
        "    .skip 8192 - 4\n"
        "memo_b:\n"
        "    jr t5\n"
        "    .skip 8192 - 4\n"
        "memo_c:\n"
        "    jr t5\n"
        ".option pop\n");

uint32_t seq_lru(uint32_t touch_p2);

__asm__(".option push\n"
        ".option norvc\n"
        "    .text\n"
        "    .balign 8192\n" /* I-cache set 0 (128 sets of 64 bytes) */
        "lru_p:\n"
        "    jr t5\n"
        "    .balign 64\n" /* the caller in sets 1 and 2 */
        "    .globl seq_lru\n"
        "seq_lru:\n"
        "    fence.i\n"
        "    jal t5, lru_p\n"
        "    jal t5, lru_p2\n"
        "    bnez a0, 1f\n"
        "    jal t5, lru_p\n"
        "    j 2f\n"
        "1:  jal t5, lru_p2\n"
        "    .balign 64\n" /* the rest in one line, fetched before the counter is read */
        "2:  li t2, 8\n"
        "    .balign 16\n"
        "3:  addi t2, t2, -1\n" /* L */
        "    bgtz t2, 3b\n"
        "    jal t5, lru_p3\n"
        "    csrr t3, mhpmcounter3\n"
        "    bnez a0, 4f\n"
        "    jal t5, lru_p\n"
        "    j 5f\n"
        "4:  jal t5, lru_p2\n"
        "5:  csrr a0, mhpmcounter3\n"
        "    sub a0, a0, t3\n"
        "    ret\n"
        "    .balign 8192\n"
        "lru_p2:\n"
        "    jr t5\n"
        "    .skip 8192 - 4\n"
        "lru_p3:\n"
        "    jr t5\n"
        ".option pop\n");

static int failures;

static void check(const char *what, uint32_t got, uint32_t want)
{
    if (got != want) {
        rt_printf("FAIL %s: got %u want %u\n", what, (unsigned)got, (unsigned)want);
        failures++;
    }
}

int main(void)
{
    enum { ICACHE_MISSES = 3 };
    rt_write_csr(mhpmevent3, ICACHE_MISSES);
    rt_write_csr(mcountinhibit, 0); /* set once: a new PMU setting may rebuild the blocks */
    check("warm: the call hits", seq_memo(0, 0, 0), 0);
    for (int i = 0; i < 3; i++) /* the second time, every block is built already */
        check("the callee's line evicted by two fills in its set: one miss", seq_memo(0, 1, 0), 1);
    check("warm again", seq_memo(0, 0, 0), 0);
    for (int i = 0; i < 2; i++)
        check("after fence.i: the callee's line misses", seq_memo(0, 0, 1), 1);
    check("warm after fence.i", seq_memo(0, 0, 0), 0);
    for (int i = 0; i < 4; i++) { /* the loop's branch learnt after the first */
        check("a replay leaves the other sets' LRU: P kept", seq_lru(0), 0);
        check("a replay leaves the other sets' LRU: P2 kept", seq_lru(1), 0);
    }
    rt_printf("veer-timing memo: %s\n", failures ? "FAIL" : "PASS");
    return failures != 0;
}
