/* The cache tag model (mem/cache.h). */
#include "mem/cache.h"

#include <stdlib.h>
#include <string.h>

static bool pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

const char *cache_config_check(const cache_config_t *cfg)
{
    if (!pow2(cfg->size))
        return "cache size must be a power of two";
    if (!pow2(cfg->line) || cfg->line > cfg->size)
        return "cache line must be a power of two no larger than the cache";
    if (!cfg->ways || cfg->size / cfg->line < cfg->ways || !pow2(cfg->ways))
        return "associativity must be a power of two no larger than the number of lines";
    return NULL;
}

bool cache_init(cache_t *c, const cache_config_t *cfg)
{
    memset(c, 0, sizeof *c);
    c->tick = &c->clock;
    if (cache_config_check(cfg))
        return false;
    c->cfg = *cfg;
    c->sets = (unsigned)(cfg->size / cfg->line / cfg->ways);
    c->set_mask = c->sets - 1;
    c->line_shift = (unsigned)__builtin_ctzll(cfg->line);
    size_t n = (size_t)c->sets * cfg->ways;
    c->tag = malloc(n * sizeof *c->tag);
    c->dirty = calloc(n, 1);
    c->age = calloc(n, sizeof *c->age);
    if (!c->tag || !c->dirty || !c->age) {
        cache_free(c);
        return false;
    }
    cache_invalidate_all(c);
    return true;
}

void cache_free(cache_t *c)
{
    free(c->tag);
    free(c->dirty);
    free(c->age);
    c->tag = NULL;
    c->dirty = NULL;
    c->age = NULL;
}

void cache_invalidate_all(cache_t *c)
{
    size_t n = (size_t)c->sets * c->cfg.ways;
    for (size_t k = 0; k < n; k++)
        c->tag[k] = UINT64_MAX;
    memset(c->dirty, 0, n);
    memset(c->age, 0, n * sizeof *c->age);
    /* the clock goes on (a shared one serves another cache): every stamp is 0 now, below any
     * later one, so the order is what a clock from 0 gives */
}

void cache_share_clock(cache_t *c, cache_t *owner)
{
    c->tick = owner->tick;
}

long cache_slot(const cache_t *c, uint64_t addr)
{
    uint64_t line = addr >> c->line_shift;
    size_t base = (size_t)(line & c->set_mask) * c->cfg.ways;
    for (unsigned w = 0; w < c->cfg.ways; w++)
        if (c->tag[base + w] == line)
            return (long)(base + w);
    return -1;
}

bool cache_probe(const cache_t *c, uint64_t addr)
{
    return cache_slot(c, addr) >= 0;
}

void cache_invalidate_line(cache_t *c, uint64_t addr)
{
    long s = cache_slot(c, addr);
    if (s >= 0) {
        c->tag[s] = UINT64_MAX;
        c->dirty[s] = 0;
    }
}

/* Cycles to fill one line from the next level: its latency for the first word, then a word a
 * cycle. */
static unsigned fill_latency(cache_t *c, uint64_t line_addr)
{
    unsigned words = c->cfg.word_bytes ? c->cfg.line / c->cfg.word_bytes : 1;
    unsigned first = c->cfg.fill_cycles;
    if (c->next) {
        cache_result_t r = cache_access(c->next, line_addr, false);
        first = 1 + r.cycles;
    }
    return first + (words ? words - 1 : 0);
}

/* The way of the set at base a fill takes: an invalid one first, else the least recently used. */
static unsigned cache_victim(const cache_t *c, size_t base)
{
    unsigned victim = 0;
    for (unsigned w = 0; w < c->cfg.ways; w++) {
        if (c->tag[base + w] == UINT64_MAX)
            return w;
        if (c->age[base + w] < c->age[base + victim])
            victim = w;
    }
    return victim;
}

long cache_allocate(cache_t *c, uint64_t addr)
{
    uint64_t line = addr >> c->line_shift;
    size_t base = (size_t)(line & c->set_mask) * c->cfg.ways;
    c->accesses++;
    uint64_t now = ++*c->tick;
    size_t v = base + cache_victim(c, base);
    if (c->tag[v] != UINT64_MAX && c->dirty[v])
        c->writebacks++;
    c->fills++;
    c->tag[v] = line;
    c->age[v] = now;
    c->dirty[v] = 0;
    return (long)v;
}

cache_result_t cache_access(cache_t *c, uint64_t addr, bool write)
{
    cache_result_t r = { .slot = -1 };
    uint64_t line = addr >> c->line_shift;
    size_t base = (size_t)(line & c->set_mask) * c->cfg.ways;
    unsigned ways = c->cfg.ways;
    c->accesses++;
    uint64_t now = ++*c->tick;
    if (ways == 1 && c->tag[base] == line && (!write || c->cfg.write_policy == CACHE_WRITE_BACK)) {
        /* direct mapped, read hit (or write-back write hit): the common case */
        c->hits++;
        c->dirty[base] |= write;
        r.hit = true;
        r.slot = (long)base;
        r.cycles = c->cfg.hit_cycles;
        return r;
    }
    for (unsigned w = 0; w < ways; w++) {
        if (c->tag[base + w] != line)
            continue;
        r.hit = true;
        r.slot = (long)(base + w);
        c->hits++;
        c->age[base + w] = now;
        r.cycles = c->cfg.hit_cycles;
        if (write) {
            if (c->cfg.write_policy == CACHE_WRITE_BACK) {
                c->dirty[base + w] = 1;
            } else {
                r.wrote_next = true;
                r.write_latency = c->cfg.write_cycles;
                r.cycles += r.write_latency;
            }
        }
        return r;
    }
    if (write && !c->cfg.write_allocate) {
        r.wrote_next = true;
        r.write_latency = c->cfg.write_cycles;
        r.cycles = r.write_latency;
        return r;
    }
    /* Miss with allocation */
    unsigned victim = cache_victim(c, base);
    size_t v = base + victim;
    if (c->tag[v] != UINT64_MAX && c->dirty[v]) {
        r.wrote_next = true;
        r.wrote_back = true;
        r.writeback_addr = c->tag[v] << c->line_shift;
        r.write_latency = c->cfg.write_cycles;
        c->writebacks++;
        if (c->next)
            cache_access(c->next, c->tag[v] << c->line_shift, true);
    }
    r.filled = true;
    c->fills++;
    r.fill_latency = fill_latency(c, line << c->line_shift);
    c->tag[v] = line;
    c->age[v] = now;
    r.slot = (long)v;
    c->dirty[v] = write && c->cfg.write_policy == CACHE_WRITE_BACK;
    if (write && c->cfg.write_policy == CACHE_WRITE_THROUGH) {
        r.write_latency = c->cfg.write_cycles;
        r.wrote_next = true;
    }
    r.cycles = c->cfg.hit_cycles + r.fill_latency + r.write_latency;
    return r;
}
