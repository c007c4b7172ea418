/* Exact profiles (`pmusim record`): every counted event attributed to the instruction that caused
 * it, and with call chains to the calling context it happened in.
 *
 * While recording, the harts run the profiling executor (exec_prof_rv32/64, the same interpreter
 * compiled with EXEC_PROFILE), which counts how often each block completes in each calling
 * context, and for a block that ends in a conditional branch, how often it leaves taken. An event
 * decided at decode time (its instruction's static events, and a branch's direction by the exit
 * taken) is then the block count times the instruction's events, computed once at the end. The
 * cycles a core's timing model adds to a block go to its last instruction as the block retires.
 * Events raised where they happen (exceptions, interrupts, misaligned or external accesses,
 * divide by zero, semihosting ebreaks) are attributed to their instruction as they happen, and
 * the cycles the hart waits (wfi, pause, halt) to the instruction that waited. A hart that is
 * not recording (hart_t.prof NULL) runs the ordinary executor: recording costs nothing then.
 *
 * Call chains (-g): a call is a jal/jalr whose rd is ra (x1 or x5), a return a jalr x0 through
 * ra; each call enters a child context of the current one (a calling-context tree), each return
 * goes back to the caller's. */
#ifndef PMUSIM_CPU_PROF_H
#define PMUSIM_CPU_PROF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cpu/hart.h"
#include "util/diag.h"

#define PROF_MAX_EVENTS 32
#define PROF_MAX_DEPTH 4096

/* What one recorded event counts, as the PMU slot observing it does. */
typedef struct prof_event {
    evset_t want;  /* SLOT_EVENTS: the set (OR rule) */
    bool cycles;   /* SLOT_CYCLES: the active-cycle clock */
    unsigned slot; /* the observer slot (for the totals) */
} prof_event_t;

typedef struct prof_rec prof_rec_t;
typedef struct prof prof_t;

/* One hart's recording state. */
typedef struct hart_prof {
    prof_t *p;
    uint32_t ctx; /* current calling context (0: the root) */
    bool callchains;
    unsigned depth; /* calls deeper than PROF_MAX_DEPTH are counted, not entered */
    uint32_t stack[PROF_MAX_DEPTH];
    uint64_t at_pc;      /* the instruction events committed now belong to (prof_dyn) */
    uint64_t seen_stall; /* h->stall_cycles after the last block: waiting shows as a difference */
    uint64_t seen_sleep;
    /* the last instruction retired, where the hart waits: instruction wait_idx of wait_rec
     * (UINT32_MAX: its last), or wait_pc when there is no record */
    prof_rec_t *wait_rec;
    uint32_t wait_idx;
    uint64_t wait_pc;
} hart_prof_t;

/* A profile shared by the harts recording into it; NULL when out of memory. */
/* `diag`: where running out of memory is reported (once). */
prof_t *prof_new(const prof_event_t *events, unsigned n_events, const diag_t *diag);
void prof_free(prof_t *p);
/* Starts recording on hart h (its blocks are dropped: they are decoded again for the profiling
 * executor); hp must live as long as the recording. */
void prof_attach(hart_t *h, hart_prof_t *hp, prof_t *p, bool callchains);
/* Stops recording on hart h: waiting cycles still pending are attributed. */
void prof_detach(hart_t *h);

/* Executor hooks (exec_template.h with EXEC_PROFILE, exec_commit_prefix, trap entry, the memory
 * slow path). */
prof_rec_t *prof_rec_for(hart_t *h, block_t *b);
void prof_wait(hart_t *h, uint64_t stall_before_block);
void prof_prefix(hart_t *h, block_t *b, unsigned n);
/* `n` occurrences of `events` at pc (the OR rule against the instruction's `already`). Every
 * event the PMU commits where it happens comes here (pmu_t.observe), attributed to at_pc: the
 * executor, the memory slow path and trap entry set it first. */
void prof_dyn(hart_t *h, uint64_t pc, evset_t events, evset_t already, uint64_t n);
void prof_call(hart_t *h, uint64_t target, uint64_t site);
void prof_return(hart_t *h);

struct prof_rec {
    prof_rec_t *next;
    const struct prof_shape *shape;
    uint32_t ctx;
    uint64_t n[2];    /* complete executions: [1] left through a taken conditional branch */
    uint64_t *prefix; /* per instruction: partial executions that committed it (or NULL) */
};

/* A block completed (taken: through a taken conditional branch). */
static inline void prof_block(hart_t *h, block_t *b, unsigned taken)
{
    hart_prof_t *hp = h->prof;
    prof_rec_t *r = (prof_rec_t *)b->prof;
    if (__builtin_expect(!r || r->ctx != hp->ctx, 0))
        r = prof_rec_for(h, b);
    r->n[taken]++;
    if (__builtin_expect(h->stall_cycles != hp->seen_stall, 0))
        prof_wait(h, h->stall_cycles); /* the hart waited before this block */
    hp->wait_rec = r;
    hp->wait_idx = UINT32_MAX;
}

/* The block (or prefix) just retired got cycles from the core's timing model: they are its last
 * instruction's. */
static inline void prof_timed(hart_t *h)
{
    if (h->stall_cycles != h->prof->seen_stall)
        prof_wait(h, h->stall_cycles);
}

/* Per instruction and calling context: the count of each event, for the profile file. */
typedef void (*prof_visit_fn)(void *arg, uint32_t ctx, uint64_t pc, const uint64_t *counts);
void prof_visit(const prof_t *p, prof_visit_fn fn, void *arg);
/* Calling contexts: node n > 0 was entered by `calls` calls to `callee` from context `parent`,
 * the first one by the instruction at `site`. Node 0 is the root. */
typedef struct prof_context {
    uint32_t parent;
    uint64_t callee, site, calls;
} prof_context_t;
unsigned prof_n_contexts(const prof_t *p);
prof_context_t prof_context(const prof_t *p, uint32_t n);
/* False when memory ran out while recording (some counts are missing). */
bool prof_complete(const prof_t *p);

#endif
