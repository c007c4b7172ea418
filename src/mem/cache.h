/* A configurable set-associative cache tag model, independent of any core: which accesses hit,
 * which miss, what a miss fills and writes back, and how many cycles an access costs. It holds no
 * data (the bus holds memory); it only decides timing and events. Cores build their I- and
 * D-caches and branch target caches from it, and shared levels (an L2 behind several cores) can be
 * built from the same pieces: `next` chains a miss to the level below. docs/architecture.md
 * ("Memory hierarchy") describes the interface. */
#ifndef PMUSIM_MEM_CACHE_H
#define PMUSIM_MEM_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum cache_write_policy {
    CACHE_WRITE_THROUGH = 0, /* every write goes to the next level; lines never dirty */
    CACHE_WRITE_BACK,        /* writes dirty the line; a dirty victim is written back */
} cache_write_policy_t;

typedef struct cache_config {
    uint64_t size; /* bytes, a power of two */
    unsigned line; /* bytes per line, a power of two, <= size */
    unsigned ways; /* associativity (1 = direct mapped); size / line / ways sets */
    cache_write_policy_t write_policy;
    bool write_allocate; /* a write miss fills the line */
    /* Latencies in cycles beyond the access's own cycle: a hit; a line fill from the next level
     * (first word) plus one cycle per further word (a burst); a single write to the next level. */
    unsigned hit_cycles, fill_cycles, word_bytes, write_cycles;
} cache_config_t;

/* What one access did. */
typedef struct cache_result {
    bool hit;
    bool filled;     /* a line was read from the next level */
    bool wrote_next; /* data went to the next level (write-through, or a write-back victim) */
    bool wrote_back; /* a dirty victim was written back: the line at writeback_addr */
    uint64_t writeback_addr;
    long slot;             /* where the line is now (set * ways + way), or -1: not allocated */
    unsigned fill_latency; /* cycles of the fill (0 if none) */
    unsigned write_latency;
    unsigned cycles; /* total extra cycles the access costs the requester */
} cache_result_t;

typedef struct cache {
    cache_config_t cfg;
    unsigned sets, line_shift, set_mask;
    uint64_t *tag;  /* sets * ways: line address, or UINT64_MAX for invalid */
    uint8_t *dirty; /* sets * ways */
    uint64_t *age;  /* sets * ways: LRU stamps (64 bits: they never wrap) */
    /* The clock the stamps are taken from: `clock`, or another cache's (cache_share_clock). Only
     * the order of one cache's stamps matters, so caches may share one: a stamp is still later
     * than every stamp before it. */
    uint64_t *tick;
    uint64_t clock;
    struct cache *next; /* the level below, or NULL: memory with cfg.fill_cycles */
    /* Statistics, for tools and tests. */
    uint64_t accesses, hits, fills, writebacks;
} cache_t;

/* Why a configuration cannot exist (NULL if it can). */
const char *cache_config_check(const cache_config_t *cfg);
/* false: out of memory or a configuration cache_config_check refuses. */
bool cache_init(cache_t *c, const cache_config_t *cfg);
void cache_free(cache_t *c);
/* c takes its LRU stamps from owner's clock from now on (a machine whose translated code keeps
 * one clock for both L1s of a core, p8700's); c is empty (just made or invalidated). */
void cache_share_clock(cache_t *c, cache_t *owner);
/* Every line invalid (reset, a full invalidate). Dirty lines are dropped. */
void cache_invalidate_all(cache_t *c);
/* Whether the line holding addr is present, without touching LRU state or statistics. */
bool cache_probe(const cache_t *c, uint64_t addr);
/* The slot (set * ways + way) holding the line of addr, or -1: a model keeping per-line state
 * beside the tags (a coherence directory) indexes its own arrays with it. */
long cache_slot(const cache_t *c, uint64_t addr);
/* Drops the line holding addr, if present, without writing it back (another cache took it). */
void cache_invalidate_line(cache_t *c, uint64_t addr);
/* One access to the line holding addr (an access never spans lines: split it first). */
cache_result_t cache_access(cache_t *c, uint64_t addr, bool write);
/* A read hit on the line whose LRU stamp is `age` (&c->age[slot], slot from cache_slot; the
 * stamps stay where they are while c lives), known to be present: the LRU position
 * cache_access gives it, without the lookup (and without the statistics). A model that remembers
 * where its lines are (a memo of an L1's lines) keeps the replacement state exact this way. A
 * line that is already the last one touched stays where it is: the order is the same. */
static inline void cache_touch_age(cache_t *c, uint64_t *age)
{
    if (*age != *c->tick)
        *age = ++*c->tick;
}
/* The same by the line's slot. */
static inline void cache_touch_slot(cache_t *c, size_t slot)
{
    cache_touch_age(c, &c->age[slot]);
}
/* A read hit on the line in `slot` (from cache_slot), in a cache of two ways or more: exactly
 * what cache_access(c, addr, false) does then (statistics, clock and stamp), without the lookup. */
static inline void cache_hit_slot(cache_t *c, size_t slot)
{
    c->accesses++;
    c->hits++;
    c->age[slot] = ++*c->tick;
}
/* A read of a line known to be absent, in a cache with no next level: exactly what
 * cache_access(c, addr, false) does then (the LRU victim is replaced), without looking for a hit.
 * Returns the slot the line now has. */
long cache_allocate(cache_t *c, uint64_t addr);

#endif
