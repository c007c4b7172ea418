/* The cache tag model (src/mem/cache.c) on its own: configurations it refuses, direct-mapped and
 * set-associative lookups with LRU replacement, write-through and write-back policies, line-fill
 * latencies, and a second level behind the first. Expected values follow from the addresses. */
#include "mem/cache.h"
#include "unit.h"

static void test_config(unit_t *u)
{
    cache_config_t c = { .size = 1024, .line = 16, .ways = 1 };
    CHECK(cache_config_check(&c) == NULL);
    c.size = 1000;
    CHECK(cache_config_check(&c) != NULL);
    c = (cache_config_t){ .size = 1024, .line = 2048, .ways = 1 };
    CHECK(cache_config_check(&c) != NULL);
    c = (cache_config_t){ .size = 1024, .line = 16, .ways = 3 };
    CHECK(cache_config_check(&c) != NULL);
}

static void test_direct_mapped(unit_t *u)
{
    /* 1 KiB, 16-byte lines: 64 sets; fills cost 10 + 3 (4 words of 4 bytes) */
    cache_config_t cfg = { .size = 1024, .line = 16, .ways = 1, .fill_cycles = 10, .word_bytes = 4,
                           .write_cycles = 10 };
    cache_t c;
    CHECK(cache_init(&c, &cfg));
    cache_result_t r = cache_access(&c, 0x1000, false);
    CHECK(!r.hit && r.filled);
    CHECK_EQ(r.fill_latency, 13);
    CHECK_EQ(r.cycles, 13);
    CHECK(cache_access(&c, 0x100C, false).hit); /* same line */
    CHECK(!cache_access(&c, 0x1010, false).hit); /* next line */
    /* 0x1400 maps to the set of 0x1000 and evicts it */
    CHECK(!cache_access(&c, 0x1400, false).hit);
    CHECK(!cache_probe(&c, 0x1000));
    /* write-through, no write allocation: a write miss does not fill, a write hit writes on */
    r = cache_access(&c, 0x2000, true);
    CHECK(!r.hit && !r.filled && r.wrote_next);
    CHECK_EQ(r.cycles, 10);
    CHECK(!cache_probe(&c, 0x2000));
    r = cache_access(&c, 0x1400, true);
    CHECK(r.hit && r.wrote_next);
    CHECK_EQ(c.accesses, 6);
    CHECK_EQ(c.hits, 2);
    CHECK_EQ(c.fills, 3);
    cache_invalidate_all(&c);
    CHECK(!cache_probe(&c, 0x1400));
    cache_free(&c);
}

static void test_two_way_write_back(unit_t *u)
{
    /* 256 bytes, 32-byte lines, 2 ways: 4 sets; set stride 128 bytes */
    cache_config_t cfg = { .size = 256, .line = 32, .ways = 2, .write_policy = CACHE_WRITE_BACK,
                           .write_allocate = true, .fill_cycles = 5, .word_bytes = 8, .write_cycles = 6 };
    cache_t c;
    CHECK(cache_init(&c, &cfg));
    CHECK(!cache_access(&c, 0x000, true).hit); /* allocated, dirty */
    CHECK(!cache_access(&c, 0x080, false).hit);
    CHECK(cache_access(&c, 0x000, false).hit); /* 0x000 most recently used now */
    cache_result_t r = cache_access(&c, 0x100, false); /* evicts 0x080 (LRU), clean */
    CHECK(!r.hit && !r.wrote_next);
    CHECK_EQ(r.fill_latency, 5 + 3);
    CHECK(cache_probe(&c, 0x000) && !cache_probe(&c, 0x080));
    r = cache_access(&c, 0x180, false); /* evicts 0x000, dirty: written back */
    CHECK(r.wrote_next);
    CHECK_EQ(c.writebacks, 1);
    /* set 0 holds 0x100 and 0x180; 0x100 made dirty, then taken away: no write-back, its way is
     * free, so the next miss in the set evicts nothing */
    CHECK(cache_access(&c, 0x100, true).hit);
    CHECK(cache_slot(&c, 0x100) >= 0 && cache_slot(&c, 0x200) < 0);
    cache_invalidate_line(&c, 0x100);
    CHECK(!cache_probe(&c, 0x100) && cache_probe(&c, 0x180));
    r = cache_access(&c, 0x200, false);
    CHECK(!r.hit && !r.wrote_next);
    CHECK(cache_probe(&c, 0x180) && cache_probe(&c, 0x200));
    CHECK_EQ(c.writebacks, 1);
    cache_free(&c);
}

static void test_two_levels(unit_t *u)
{
    /* L1 64 bytes / 16-byte lines in front of an L2 1 KiB / 32-byte lines (fill 20 + 3 words) */
    cache_config_t l2cfg = { .size = 1024, .line = 32, .ways = 2, .fill_cycles = 20, .word_bytes = 8 };
    cache_config_t l1cfg = { .size = 64, .line = 16, .ways = 1, .fill_cycles = 0, .word_bytes = 4 };
    cache_t l1, l2;
    CHECK(cache_init(&l2, &l2cfg));
    CHECK(cache_init(&l1, &l1cfg));
    l1.next = &l2;
    cache_result_t r = cache_access(&l1, 0x40, false);
    /* L1 fill: the L2 access (1 + its miss of 23) for the first word, then 3 more words */
    CHECK_EQ(r.fill_latency, 1 + 23 + 3);
    r = cache_access(&l1, 0x50, false); /* L1 miss, L2 hit (same 32-byte line) */
    CHECK_EQ(r.fill_latency, 1 + 0 + 3);
    CHECK_EQ(l2.hits, 1);
    cache_free(&l1);
    cache_free(&l2);
}

/* cache_hit_slot and cache_allocate (the coherence model's lookups, which find the slot first)
 * leave a cache exactly as cache_access does: a pseudo-random stream of reads over a few sets of
 * a 4-way cache, through both, gives the same tags, stamps, clock and statistics. */
static void test_slot_paths(unit_t *u)
{
    cache_config_t cfg = { .size = 1024, .line = 64, .ways = 4, .write_policy = CACHE_WRITE_BACK,
                           .write_allocate = true };
    cache_t a, b;
    CHECK(cache_init(&a, &cfg));
    CHECK(cache_init(&b, &cfg));
    uint32_t x = 12345;
    for (unsigned k = 0; k < 5000; k++) {
        x = x * 1103515245u + 12345u;
        uint64_t addr = (uint64_t)((x >> 8) % 24u) * 256u + 64u * ((x >> 20) & 1u); /* 2 sets */
        cache_access(&a, addr, false);
        long s = cache_slot(&b, addr);
        if (s >= 0)
            cache_hit_slot(&b, (size_t)s);
        else
            CHECK_EQ(cache_allocate(&b, addr), cache_slot(&b, addr));
    }
    bool same = a.clock == b.clock && a.accesses == b.accesses && a.hits == b.hits && a.fills == b.fills;
    for (unsigned k = 0; k < a.sets * cfg.ways; k++)
        same = same && a.tag[k] == b.tag[k] && a.age[k] == b.age[k];
    CHECK(same);
    CHECK(a.fills > 100 && a.hits > 100); /* both paths taken often */
    cache_free(&a);
    cache_free(&b);
}

int main(void)
{
    unit_t t = { 0 }, *u = &t;
    test_config(u);
    test_direct_mapped(u);
    test_two_way_write_back(u);
    test_two_levels(u);
    test_slot_paths(u);
    return unit_finish(u, "unit_cache");
}
