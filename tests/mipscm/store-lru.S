/* Replacement state after a store to a line the L1D holds exclusive: five lines A..E of one L1D
 * set (8 KiB apart: 128 sets of 4 ways), loaded as A B C D, then a store to A (E -> M, a hit with
 * no request), then loads of E, A and B. With LRU the store makes A the most recently used line,
 * so E evicts B (clean: no write-back), A hits and B misses: 6 reads, no L2 write. (A store that
 * left the order alone would evict A for E: a write-back of A, then A misses: 7 reads.) In
 * translated code the store upgrades the line without the model's slow path (jit.c,
 * emit_memo_upgrade): this checks that it still moves A in the LRU order. Exits 0. */
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
    sd a0, 8(t0)                    /* A: E -> M, a hit */
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
