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

typedef struct l1_memo {
    cache_t *cache;      /* the L1's tag model: a hit found here touches its LRU state */
    unsigned line_shift; /* log2 of the line size */
    uint64_t gen;        /* I side: changes at every fill, eviction or invalidation; never 0 */
    /* D side: key = line << 2 | 2 (valid) | 1 (writable: the line is modified), or 0 */
    struct l1_memo_entry {
        uint64_t key;
        uint64_t slot; /* where the tag model holds the line (cache_slot) */
    } e[L1_MEMO_ENTRIES];
} l1_memo_t;

static inline struct l1_memo_entry *l1_memo_entry(l1_memo_t *m, uint64_t line)
{
    return &m->e[line & (L1_MEMO_ENTRIES - 1)];
}

/* A data access of `size` bytes at addr: true when it is an L1 hit the model need not see (its
 * line is held, writable for a write); the line's LRU position has been touched. */
static inline bool l1_memo_hit(l1_memo_t *m, uint64_t addr, unsigned size, bool write)
{
    uint64_t line = addr >> m->line_shift;
    if (__builtin_expect((addr + size - 1) >> m->line_shift != line, 0))
        return false;
    const struct l1_memo_entry *e = l1_memo_entry(m, line);
    if ((write ? e->key : e->key | 1) != (line << 2 | 3))
        return false;
    cache_touch_slot(m->cache, (size_t)e->slot);
    return true;
}

#endif
