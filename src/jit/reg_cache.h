/* Guest registers in host registers within a translated block (jit/jit.c).
 *
 * The translator keeps the guest registers a block uses in a small pool of host registers: a
 * register read is loaded from hart_t.x once, a result stays in its host register ("dirty") and is
 * stored back only when its host register is needed for another guest register or when the code
 * can leave the block or read the hart: before every exit, helper call, out-of-line stub (a load or
 * store that may fault, a division by zero) and before the block retires. A stub starts by storing
 * what was dirty when its jump was taken (reg_state_t, noted with the slow path), so that the
 * interpreter, a helper or a trap handler sees the register file the interpreter would have; after
 * a helper call it loads the pool's registers again (the call may change rd and clobbers the
 * caller-saved ones) before it goes back into the block.
 *
 * The pool is made of host registers the rest of the emitted code does not touch between two
 * guest instructions (reg_pool in jit.c): no rax, rcx, rdx, r8 (scratch), rbx, r12, r14, r15 (the
 * hart and RAM), nor the registers of a hart's D-side memo code (r9, or r10, r13 and rbp). Emitters
 * of inline paths must keep off the pool registers, or reload them (rc_reload) after a call. */
#ifndef PMUSIM_JIT_REG_CACHE_H
#define PMUSIM_JIT_REG_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "jit/emit_x86_64.h"

#define RC_MAX_POOL 8

/* What each pool register holds: the state a stub starts from. */
typedef struct reg_state {
    int8_t guest[RC_MAX_POOL]; /* the guest register in pool register i, -1: none */
    uint8_t dirty;             /* pool registers whose value hart_t.x does not have yet */
} reg_state_t;

typedef struct reg_cache {
    reg_state_t s;
    uint8_t host[RC_MAX_POOL]; /* the pool's host registers */
    unsigned n;
    uint8_t busy;   /* pool registers the instruction being emitted uses */
    uint8_t pinned; /* pool registers that hold one guest register in all of the hart's code (rc_pin) */
    uint32_t last_use[RC_MAX_POOL]; /* without `reads`: the least recently used one is taken */
    uint32_t clock;
    /* The guest registers each instruction of the block reads (a mask of x0..x32; NULL: unknown)
     * and the instruction being emitted: the register read again last (or never) is taken. */
    const uint64_t *reads;
    unsigned n_reads, at;
    int32_t x_base; /* offset of hart_t.x[0] from rbx */
} reg_cache_t;

static inline void rc_init(reg_cache_t *rc, const uint8_t *pool, unsigned n, int32_t x_base)
{
    *rc = (reg_cache_t){ .n = n, .x_base = x_base };
    for (unsigned i = 0; i < RC_MAX_POOL; i++)
        rc->s.guest[i] = -1;
    for (unsigned i = 0; i < n; i++)
        rc->host[i] = pool[i];
}

/* Pool register i holds guest register g in every block of the hart, across the jumps from one
 * translated block to the next: loaded at the entry from the executor, stored at every exit to it
 * (rc_store_pinned) and before a call that reads the register file; never taken for another one.
 * At a block's start it is dirty (hart_t.x may be older). */
static inline void rc_pin(reg_cache_t *rc, unsigned i, int g)
{
    rc->s.guest[i] = (int8_t)g;
    rc->s.dirty |= (uint8_t)(1u << i);
    rc->pinned |= (uint8_t)(1u << i);
}

static inline x_mem_t rc_home(const reg_cache_t *rc, int g)
{
    return x_m(X_RBX, rc->x_base + 8 * g);
}

static inline int rc_slot_of(const reg_cache_t *rc, int g)
{
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->s.guest[i] == g)
            return (int)i;
    return -1;
}

/* Stores the dirty registers of state st (nothing is forgotten). */
static inline void rc_store_state(const reg_cache_t *rc, x_emit_t *e, const reg_state_t *st)
{
    for (unsigned i = 0; i < rc->n; i++)
        if (st->dirty & (1u << i))
            x_store(e, true, rc_home(rc, st->guest[i]), rc->host[i]);
}

/* Loads every register state st holds from hart_t.x (after a call, or a helper that wrote rd). */
static inline void rc_load_state(const reg_cache_t *rc, x_emit_t *e, const reg_state_t *st)
{
    for (unsigned i = 0; i < rc->n; i++)
        if (st->guest[i] >= 0)
            x_load(e, true, rc->host[i], rc_home(rc, st->guest[i]));
}

/* Before the code leaves the block or reads the hart: hart_t.x complete. */
static inline void rc_write_back(reg_cache_t *rc, x_emit_t *e)
{
    rc_store_state(rc, e, &rc->s);
    rc->s.dirty = 0;
}

/* Before the code leaves the block for the next translated block: hart_t.x complete but for the
 * pinned registers, which stay in their host registers (dirty). */
static inline void rc_write_back_chain(reg_cache_t *rc, x_emit_t *e)
{
    reg_state_t st = rc->s;
    st.dirty &= (uint8_t)~rc->pinned;
    rc_store_state(rc, e, &st);
    rc->s.dirty &= rc->pinned;
}

/* Stores every pinned register (before an exit to the executor or a call that may read
 * hart_t.x). */
static inline void rc_store_pinned(const reg_cache_t *rc, x_emit_t *e)
{
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->pinned & (1u << i))
            x_store(e, true, rc_home(rc, rc->s.guest[i]), rc->host[i]);
}

/* After a call that may have written hart_t.x (written back first): the pool's caller-saved
 * registers are gone, the pinned ones are loaded again (the call may have written one). */
static inline void rc_forget(reg_cache_t *rc, x_emit_t *e)
{
    for (unsigned i = 0; i < RC_MAX_POOL; i++)
        if (!(rc->pinned & (1u << i)))
            rc->s.guest[i] = -1;
        else
            x_load(e, true, rc->host[i], rc_home(rc, rc->s.guest[i]));
    rc->s.dirty = 0;
}

/* The next instruction: its registers may be taken again. */
static inline void rc_next(reg_cache_t *rc)
{
    rc->busy = 0;
}

/* How soon pool register i's guest register is read again (higher: later, or never); a clean
 * one a little later than a dirty one read at the same time (taking it stores nothing). */
static inline uint32_t rc_next_read(const reg_cache_t *rc, unsigned i)
{
    uint32_t clean = (rc->s.dirty & (1u << i)) ? 0 : 1;
    if (!rc->reads)
        return 2 * (UINT32_MAX / 4 - rc->last_use[i]) + clean;
    uint64_t bit = 1ull << rc->s.guest[i];
    unsigned k = rc->at;
    while (k < rc->n_reads && !(rc->reads[k] & bit))
        k++;
    return 2 * k + clean;
}

/* A pool register for a new value: a free one, else the one read again last (stored first if
 * dirty), of those the instruction does not use. */
static inline unsigned rc_take(reg_cache_t *rc, x_emit_t *e)
{
    int best = -1;
    uint32_t best_next = 0;
    for (unsigned i = 0; i < rc->n; i++) {
        if ((rc->busy | rc->pinned) & (1u << i))
            continue;
        if (rc->s.guest[i] < 0) {
            best = (int)i;
            break;
        }
        uint32_t next = rc_next_read(rc, i);
        if (best < 0 || next > best_next)
            best = (int)i, best_next = next;
    }
    /* an instruction uses at most 3 registers and the pool has at least 3 */
    unsigned i = (unsigned)best;
    if (rc->s.dirty & (1u << i))
        x_store(e, true, rc_home(rc, rc->s.guest[i]), rc->host[i]);
    rc->s.guest[i] = -1;
    rc->s.dirty &= (uint8_t) ~(1u << i);
    return i;
}

/* The host register holding guest register g's value (loaded if it is not there yet). */
static inline int rc_use(reg_cache_t *rc, x_emit_t *e, int g)
{
    int i = rc_slot_of(rc, g);
    if (i < 0) {
        i = (int)rc_take(rc, e);
        x_load(e, true, rc->host[i], rc_home(rc, g));
        rc->s.guest[i] = (int8_t)g;
    }
    rc->busy |= (uint8_t)(1u << i);
    rc->last_use[i] = ++rc->clock;
    return rc->host[i];
}

/* The host register that will receive guest register g's new value: g's own if it has one (its
 * old value stays there, and g in the state, until rc_bind), else a free one. */
static inline int rc_claim(reg_cache_t *rc, x_emit_t *e, int g)
{
    int i = rc_slot_of(rc, g);
    if (i < 0)
        i = (int)rc_take(rc, e);
    rc->busy |= (uint8_t)(1u << i);
    rc->last_use[i] = ++rc->clock;
    return rc->host[i];
}

/* Host register `host` (from rc_claim) now holds guest register g's new value. */
static inline void rc_bind(reg_cache_t *rc, int g, int host)
{
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->host[i] == host) {
            rc->s.guest[i] = (int8_t)g;
            rc->s.dirty |= (uint8_t)(1u << i);
        }
}

#endif
