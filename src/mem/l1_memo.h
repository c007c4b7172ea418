/* What a hart may do without asking a memory-hierarchy model (docs/mips-cm.md "Fast paths"): the
 * model keeps, per first-level cache, a memo of the lines that cache holds, and the hart looks
 * there first.
 *
 * - D side: a direct-mapped table of lines with the permission the cache holds them with (any
 *   valid state: loads; modified: stores too). A load or store that finds its line there is an L1
 *   hit that makes no traffic: the hart copies the data and touches the line's LRU position in
 *   the tag model, which is all the model would have done. The model updates an entry whenever
 *   its line's state changes in that cache (fill, eviction, intervention, downgrade, upgrade).
 * - I side: a generation number that changes at every fill, eviction and invalidation of the
 *   cache. A block of instructions that found all its lines present at generation G keeps where
 *   they are (their slots); while the cache is still at G they are still there, so running the
 *   block again is a hit on each of them: the hart touches their LRU positions and asks nothing.
 *
 * Both keep the replacement state what the real access sequence gives: every hit, memoised or
 * not, moves its line to the most recently used position, in program order. */
#ifndef PMUSIM_MEM_L1_MEMO_H
#define PMUSIM_MEM_L1_MEMO_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/cache.h"

#define L1_MEMO_ENTRIES 1024u
/* The kind of lazy occurrence (pmu_t.lazy_n, pmu_lazy_kind_t) a write that misses a complete memo
 * is counted as, with writes_counted: its core's hart_t.lazy_kind says what it takes back. */
#define L1_MEMO_WRITE_MISS_KIND 0
#define L1_MEMO_SLOT_BITS 10u /* slots of an L1 up to 1024 lines (the P8700's 32 KiB L1s have 512) */

/* A D-side entry, one word: line << 12 | slot << 2 | 2 (valid) | 1 (writable: modified), or 0. */
#define L1_MEMO_VALID 2u
#define L1_MEMO_WRITABLE 1u
#define L1_MEMO_SLOT_MASK (((1u << L1_MEMO_SLOT_BITS) - 1) << 2)

/* The same entry as translated code reads it (jit.c, emit_memo_check and emit_memo_inline): the
 * line's address where a load (store) may hit, else L1_MEMO_NO_TAG, so a hit is one compare of
 * the access's address with its line bits (and its misaligned low bits, never set in a tag)
 * masked off; and the LRU stamp of the line's slot in the tag model (NULL without one). */
#define L1_MEMO_NO_TAG UINT64_MAX
struct l1_memo_fast {
    uint64_t load_tag, store_tag;
    uint64_t *age;
    uint64_t unused[5]; /* 64 bytes, a line's: indexed by the address's line bits */
};

typedef struct l1_memo {
    uint64_t e[L1_MEMO_ENTRIES]; /* D side, indexed by the line's low bits (first: translated code
                                  * indexes it from the memo's address) */
    cache_t *cache;              /* the L1's tag model: a hit found here touches its LRU state (NULL: a
                                  * direct-mapped cache, no replacement state; translated code looks
                                  * such a D memo up itself) */
    unsigned line_shift;         /* log2 of the line size */
    bool writes_free;            /* every write is a hit the model need not see (a write-through
                                  * cache that does not allocate: writes change no line) */
    bool writes_counted;         /* with writes_free: an event counted needs the model to see
                                  * every write miss, so a write is a memo hit only when its line
                                  * is held, as a read (hart_update_paths sets it) */
    bool complete;               /* holds every line of its cache (direct mapped, no more sets
                                  * than entries): a write that misses it misses the cache, and
                                  * with writes_counted translated code counts it as such
                                  * (pmu_t.lazy_n) without a call */
    uint64_t gen;                /* I side: changes at every fill, eviction or invalidation; never 0 */
    /* fast[] holds the tags of the lines in [fast_lo, fast_hi) only (the main RAM the harts'
     * translated code reaches, set before the memo fills; empty: none), so a tag found there
     * proves the access is in main RAM (hart_t.memo_fast) */
    uint64_t fast_lo, fast_hi;
    /* The store-watch map of [fast_lo, ...) (hart_t.store_watch: one bit per 64 bytes), or NULL:
     * fast[]'s store tags leave out every line with a watched granule, so a store that hits in
     * translated code needs no test of its own (jit.c, emit_store); whoever sets a bit takes the
     * line's store tag away in every memo of the ring (l1_memo_unwatch) */
    const uint8_t *watch;
    struct l1_memo *peer; /* the next memo sharing `watch`: a ring (NULL: this one alone) */
    /* A store to a line this D memo holds for loads only: the model makes a line held exclusive
     * and clean modified, as its store hit does (no traffic, the line's LRU position touched, the
     * entry writable), true; false for any other state (a store's slow path). NULL: none.
     * Translated code asks it before a store's slow path (jit.c, emit_memo_upgrade). */
    bool (*upgrade)(struct l1_memo *m, uint64_t line);
    void *owner;                               /* the model's own state of this memo's cache (upgrade) */
    struct l1_memo_fast fast[L1_MEMO_ENTRIES]; /* D side: e[] as translated code reads it */
} l1_memo_t;

static inline uint64_t *l1_memo_entry(l1_memo_t *m, uint64_t line)
{
    return &m->e[line & (L1_MEMO_ENTRIES - 1)];
}

/* Does the line at addr (in [fast_lo, fast_hi)) hold a granule the store watch has? */
static inline bool l1_memo_watched(const l1_memo_t *m, uint64_t addr)
{
    if (!m->watch)
        return false;
    uint64_t off = addr - m->fast_lo, end = off + (1ull << m->line_shift);
    for (uint64_t g = off >> 6; g < (end + 63) >> 6; g++)
        if ((m->watch[g >> 3] >> (g & 7)) & 1)
            return true;
    return false;
}

/* The granule at addr has just become watched: no memo of m's ring lets a store to its line hit
 * in translated code any more (the line's state is the model's still). */
static inline void l1_memo_unwatch(l1_memo_t *m, uint64_t addr)
{
    if (!m || !m->watch)
        return;
    l1_memo_t *k = m;
    do {
        uint64_t line = addr >> k->line_shift;
        struct l1_memo_fast *f = &k->fast[line & (L1_MEMO_ENTRIES - 1)];
        if (f->store_tag == line << k->line_shift)
            f->store_tag = L1_MEMO_NO_TAG;
        k = k->peer;
    } while (k && k != m);
}

/* e[] and fast[] of the entry of `line`: held in `slot` of the tag model (readable; writable
 * too), or not held (slot < 0: the entry goes if it is the line's). */
static inline void l1_memo_set(l1_memo_t *m, uint64_t line, long slot, bool writable)
{
    uint64_t *e = l1_memo_entry(m, line);
    struct l1_memo_fast *f = &m->fast[line & (L1_MEMO_ENTRIES - 1)];
    uint64_t addr = line << m->line_shift;
    if (slot < 0) {
        if (*e >> 12 == line) {
            *e = 0;
            f->load_tag = f->store_tag = L1_MEMO_NO_TAG;
        }
        return;
    }
    *e = line << 12 | (uint64_t)slot << 2 | L1_MEMO_VALID | (writable ? L1_MEMO_WRITABLE : 0);
    bool fast = addr >= m->fast_lo && addr < m->fast_hi && m->fast_hi - addr >= (1ull << m->line_shift);
    f->load_tag = fast ? addr : L1_MEMO_NO_TAG;
    f->store_tag = fast && writable && !l1_memo_watched(m, addr) ? addr : L1_MEMO_NO_TAG;
    f->age = m->cache ? &m->cache->age[slot] : NULL;
}

/* Every D-side entry empty. */
static inline void l1_memo_clear(l1_memo_t *m)
{
    for (unsigned k = 0; k < L1_MEMO_ENTRIES; k++) {
        m->e[k] = 0;
        m->fast[k].load_tag = m->fast[k].store_tag = L1_MEMO_NO_TAG;
    }
}

/* A data access of `size` bytes at addr: true when it is an L1 hit the model need not see (its
 * line is held, writable for a write); the line's LRU position has been touched. */
static inline bool l1_memo_hit(l1_memo_t *m, uint64_t addr, unsigned size, bool write)
{
    uint64_t line = addr >> m->line_shift;
    if (__builtin_expect((addr + size - 1) >> m->line_shift != line, 0))
        return false;
    if (write && m->writes_free && !m->writes_counted)
        return true;
    uint64_t e = *l1_memo_entry(m, line);
    uint64_t ignore = L1_MEMO_SLOT_MASK | (write ? 0 : L1_MEMO_WRITABLE);
    if ((e & ~ignore) != (line << 12 | L1_MEMO_VALID | (write ? L1_MEMO_WRITABLE : 0)))
        return false;
    if (m->cache)
        cache_touch_slot(m->cache, (size_t)((e & L1_MEMO_SLOT_MASK) >> 2));
    return true;
}

#endif
