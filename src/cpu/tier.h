/* An execution tier: what the executor asks of a translator (jit/ is one).
 *
 * The executor owns the blocks and calls a tier once per block, never per instruction: when a
 * block is decoded (block_built, which may patch insn[0].handler to the executor's JIT_COUNT), when
 * a counted block runs (translate), and when the blocks go (flush, free). Translated code is
 * entered through b->jit_entry and returns one of the statuses below; the interpreter carries on
 * from what it names. The machine sets hart_t.tier (NULL: interpret only), so this folder knows no
 * translator. */
#ifndef PMUSIM_CPU_TIER_H
#define PMUSIM_CPU_TIER_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

/* Whether the executor has the path into translated code (an x86-64 host). */
#if defined(__x86_64__) && !defined(PMUSIM_NO_JIT)
#define PMUSIM_HAVE_JIT 1
#else
#define PMUSIM_HAVE_JIT 0
#endif

/* What translated code returns to the executor: a kind and an instruction index k of the block
 * h->jit_block. */
enum jit_status {
    JIT_CONT = 1u << 24,  /* instructions [0, k) done: the interpreter runs instruction k on */
    JIT_TRAP = 2u << 24,  /* instruction k raised h->trap_cause (the ones before it are done) */
    JIT_STOP = 3u << 24,  /* instruction k completed and ends the block (exit device, code written) */
    JIT_CHAIN = 4u << 24, /* the block retired: go on at h->pc through successor k (0 or 1; 2:
                           * indirect, the target checked) */
    JIT_DONE = 5u << 24,  /* the block retired and the executor's run ends: back to the run loop,
                           * at h->pc (a CSR write that changed where blocks are found) */
};
#define JIT_KIND(s) ((s)&0xff000000u)
#define JIT_INDEX(s) ((s)&0x00ffffffu)

typedef uint32_t (*jit_entry_t)(hart_t *h);

typedef struct exec_tier {
    /* A block was decoded: counted toward translation if the hart translates at all. */
    void (*block_built)(hart_t *h, block_t *b);
    /* Translates b; false when it cannot (the block stays interpreted). A tier that shares
     * translations may set a block's b->jit_count to have it asked at the block's next run. */
    bool (*translate)(hart_t *h, block_t *b);
    /* The block cache was flushed: the hart's translated code goes with it (on harts that share
     * their code, the code stays for the others). */
    void (*flush)(hart_t *h);
    /* The hart goes: its translated code and the tier's state with it. */
    void (*free)(hart_t *h);
    /* Harts of one machine run the same code (a kernel): the translations the machine keeps once
     * for all of them (hart_t.tier_share), so that a hart runs the code another translated instead
     * of translating it again. NULL: the tier shares nothing. */
    void *(*share_new)(void);
    void (*share_free)(void *share);
    /* A block at pc, physical address pa, is being decoded: the table's entry it will look up is
     * brought into the host's cache meanwhile (the table is large; NULL: nothing to do). */
    void (*share_prefetch)(const void *share, uint64_t pc, uint64_t pa);
} exec_tier_t;

#endif
