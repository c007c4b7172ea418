/* Replacement state after L1D hits: five lines A..E of one L1D set (8 KiB apart: 128 sets of 4
 * ways), loaded as A B C D, then A again, E, A, B. With LRU the second A is a hit that makes A
 * the most recently used line, so E evicts B, the third A hits again and B misses: 6 reads. (A
 * cache whose hits left the order alone would evict A for E: 7 reads.) The hits on A are found in
 * the L1 memo, not by the model: this checks that they still move A in the LRU order.
 *
 * With STORE_A the second access to A is a store to the line held exclusive (E -> M, a hit with
 * no request), which must move A in the LRU order just the same: 6 reads and no write-back (a
 * store that left the order alone would evict A, now modified, for E: a write-back, and 7
 * reads). In translated code that store upgrades the line without the model's slow path (jit.c,
 * emit_memo_upgrade). Exits 0. */
#define FINISHER 0x100000
#define STRIDE 0x2000

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, buf
    li t1, STRIDE
    ld a0, 0(t0)                    /* A */
    add t2, t0, t1
    ld a1, 0(t2)                    /* B */
    add t3, t2, t1
    ld a2, 0(t3)                    /* C */
    add t4, t3, t1
    ld a3, 0(t4)                    /* D */
#ifdef STORE_A
    sd a0, 8(t0)                    /* A: E -> M, a hit */
#else
    ld a0, 8(t0)                    /* A: hit */
#endif
    add t5, t4, t1
    ld a4, 0(t5)                    /* E: evicts B */
    ld a0, 16(t0)                   /* A: hit */
    ld a1, 0(t2)                    /* B: miss */
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
1:  j 1b

    .bss
    .balign 65536
buf:
    .zero 5 * STRIDE
