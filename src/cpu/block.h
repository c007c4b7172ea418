/* Pre-decoded basic blocks: the unit of execution and of event counting. */
#ifndef PMUSIM_CPU_BLOCK_H
#define PMUSIM_CPU_BLOCK_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "pmu/events.h"

#define BLOCK_MAX_INSNS 64
#define BLOCK_AMOUNTS 8
#define BLOCK_DEAD UINT32_MAX /* block_t.ctx of a dropped block: no lookup finds it */
/* In block_t.ctx: a fence of every page of the block's context came after it was built. No link
 * and no inline lookup reaches it; block_at finds it again once its code still translates to the
 * physical addresses it was built from (block_revalidate), else drops it. BLOCK_DEAD has it too. */
#define BLOCK_UNVERIFIED 0x80000000u
#define BLOCK_MAX_LINES 5 /* 64-byte lines a block's code can touch: 64 instructions of 4 bytes */

/* One decoded instruction as the executor runs it, 16 bytes. Direct threading: `handler` is the
 * address of the operation's code in the executor of the hart's XLEN. */
typedef struct dinsn {
    const void *handler;
    int32_t imm; /* immediate, CSR number or shift amount; pc-relative operations (auipc,
                        * jal, branches) hold their offset from the block's start pc */
    uint8_t rd;  /* rd == 0 is rewritten to the sink register 32 */
    uint8_t rs1, rs2;
    uint8_t len; /* 2 or 4 */
} dinsn_t;

/* The cold part: needed by traps, CSR instructions and diagnostics only. */
typedef struct dinsn_info {
    uint32_t raw;   /* the instruction bits (mtval of illegal instructions) */
    uint16_t op;    /* enum insn_op */
    uint16_t pcoff; /* offset from the block's start pc */
} dinsn_info_t;

typedef struct block {
    /* The first 64 bytes hold what running a block touches, so that it costs one line of the
     * host's caches (docs/performance.md, "Several harts, one cache line a block"): */
    uint64_t pc;             /* guest pc of the first instruction */
    struct block *hash_next; /* block cache chain */
    struct block *succ[2];   /* chained successors: [0] taken/jump target, [1] fall-through */
    /* Lazy counting (cpu/exec_retire.h): the whole executions since the PMU last folded the
     * block in are execs + 1 + timed_execs (execs is UINT64_MAX while there are none, so that
     * the first one is found by the increment's carry; a timed block keeps it there and counts
     * in timed_execs); taken: how many left through a taken conditional branch. A block with
     * executions is on the PMU's pending list (`pending`), linked through pending_next. */
    uint64_t execs, taken;
    void *jit_body; /* its translated code past the entry: where translated blocks jump to each other */
    /* The context the block is found in (hart_t.ctx: the translation context of its fetches and
     * its privilege), BLOCK_DEAD once dropped (block_cache_drop_vm). */
    uint32_t ctx;
    uint32_t n_insns;
    /* The next 64 bytes: the interpreter's next pc, and what a timed block's retirement touches
     * (the fast and memo retirements of translated code, exec_block_timing) besides the counts
     * above. */
    uint64_t timed_execs;
    uint32_t pending;
    uint32_t timed;  /* non-zero: retiring the block calls exec_block_timing (stall cycles,
                     * a core's timing model: core_ext.block_retired) */
    uint64_t end_pc; /* pc after the last instruction: the interpreter's fall-through */
    /* A timing model's fast retirement (hart_t.retire_gen): while the model's generation is still
     * retire_gen (0: never), a whole execution of the block adds retire_stall[next_pc & 1] stall
     * cycles and asks the model nothing (bit 0 of next_pc: a conditional branch taken). */
    uint64_t retire_gen;
    uint32_t retire_stall[2];
    /* A memory-hierarchy model (hart_t.observe_mem) sees the block's fetch each time it runs
     * (cpu/mem_observe.c): the generation of the L1 I-cache memo at which all its lines were
     * found in the slots whose LRU stamps fetch_age holds (0: not known), and where its code is. */
    uint64_t fetch_gen;
    uint64_t *fetch_age[BLOCK_MAX_LINES];
    uint64_t fetch_pa;
    /* The rest: the block cache's, the PMU's and the timing models' */
    struct block *pending_next;
    uint32_t self_loop;     /* the block is a lone jump to itself (`j .`, `c.j .`) */
    uint32_t priv;          /* the privilege it was decoded for: fetch permissions depend on it */
    uint32_t stall_cycles;  /* timing model hook: cycles beyond one per instruction */
    uint32_t core_word[10]; /* the core timing model's own per-block data */
    /* A timing model's outcomes of the block's executions, counted in the block and committed
     * when the block is folded in (core_ext.block_counted) */
    uint64_t core_count[3];
    uint16_t fetch_lines;
    /* Lines of a whole execution its instructions cannot presume (hart_t.fetch_presumed_lines: a
     * one-instruction block across two lines): one more class of the fetch events each, in
     * classes[] (block_build), so that the block is remembered like any other. */
    uint16_t fetch_extra;
    uint32_t epoch;     /* PMU epoch the addends below were computed for */
    uint16_t n_add;     /* how many: the active slots of that configuration */
    uint16_t add_cap;   /* room in the two arrays below (a few slots: most runs count with few) */
    uint8_t *add;       /* per active PMU slot: events gained when the whole block commits */
    uint8_t *add_taken; /* the same when it leaves through a taken conditional branch:
                           * branch direction events cost nothing at run time */
    evset_t *events;    /* per instruction: static events (cold, used for partial commits) */
    dinsn_info_t *info; /* per instruction: cold decode information */
    void *prof;         /* while recording a profile: the block's record (cpu/prof.c) */
    struct block *page_next, *ctx_next; /* the lists of its first virtual page's blocks and its context's */
    /* The lists of the blocks by the physical page of their first instruction, and of the blocks
     * whose last instruction ends on another physical page (its first two bytes, at code_pa_next):
     * a store over code drops the blocks there alone (block_cache_drop_code). */
    struct block *ppage_next, *straddle_next;
    uint64_t code_pa_next; /* UINT64_MAX: none */
    uint8_t *jit_site[2];  /* in translated code, the jumps to successors [0] and [1] once patched */
    uint32_t n_classes;    /* distinct event sets among the instructions, with counts: */
    struct block_class {
        evset_t events;
        uint32_t count;
    } * classes; /* what PMU refreshes sum */
    /* A timing model's static amounts (pmu_commit_amount) for each whole execution: the lazy
     * count adds them (block_counts_flush), so selecting them costs nothing per block. */
    uint8_t n_amounts;
    uint8_t amount_ev[BLOCK_AMOUNTS];
    uint32_t amount[BLOCK_AMOUNTS];
    /* Per amount: 0 for a plain amount; else it is the latency of each occurrence of its event
     * that the block's instructions presume (those with the event among their static events, this
     * many): pmu_add_samples, so that a latency pair's min/max sees samples, not a total. */
    uint8_t amount_n[BLOCK_AMOUNTS];
    /* The translation tier (jit/jit.h): while the block is counted or translated, insn[0].handler
     * is the executor's JIT_COUNT or JIT_ENTER and jit_orig the instruction's own handler. */
    const void *jit_orig;
    void *jit_entry;    /* translated code (a function of the hart), or NULL; jit_body above */
    uint32_t jit_count; /* executions while not yet translated */
    dinsn_t insn[];     /* n_insns + 1: a trailing OP_BLOCK_END sentinel when needed */
} block_t;
_Static_assert(offsetof(block_t, n_insns) + sizeof(uint32_t) <= 64, "what a block's run touches in one line");
_Static_assert(offsetof(block_t, fetch_age) + 2 * sizeof(uint64_t *) <= 128,
               "and a timed block's in the next");

/* A static amount of event `ev` for each whole execution of the block (a timing model's, at
 * block build): none when 0. A model has at most BLOCK_AMOUNTS of them. */
static inline void block_add_amount(block_t *b, unsigned ev, uint32_t amount)
{
    if (amount) {
        assert(b->n_amounts < BLOCK_AMOUNTS);
        b->amount_ev[b->n_amounts] = (uint8_t)ev;
        b->amount[b->n_amounts++] = amount;
    }
}

/* A latency of `amount` cycles for each occurrence of event `ev` the block's instructions presume
 * (events[k] holds it), counted with its executions (pmu_add_samples): none when no instruction
 * presumes one. */
static inline void block_add_samples(block_t *b, unsigned ev, uint32_t amount)
{
    unsigned n = 0;
    for (unsigned k = 0; k < b->n_insns; k++)
        n += (unsigned)((b->events[k] >> ev) & 1);
    if (n) {
        assert(b->n_amounts < BLOCK_AMOUNTS);
        b->amount_ev[b->n_amounts] = (uint8_t)ev;
        b->amount_n[b->n_amounts] = (uint8_t)n;
        b->amount[b->n_amounts++] = amount;
    }
}

#endif
