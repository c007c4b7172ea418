/* Instruction fetches for a memory-hierarchy model (hart_t.observe_mem): every time a block runs,
 * the model sees the lines its committed instructions came from, unless the L1 I-cache memo
 * (mem/l1_memo.h) shows they are all still in the slots the block last found them in; then each
 * is a hit, which touches its LRU position and makes no traffic. docs/mips-cm.md "Fast paths". */
#include "cpu/exec.h"
#include "mem/l1_memo.h"

void mem_fetch_block(hart_t *h, block_t *b, unsigned n)
{
    l1_memo_t *im = h->imemo;
    bool whole = n == b->n_insns;
    if (whole && im && b->fetch_gen == im->gen) {
        for (unsigned k = 0; k < b->fetch_lines; k++)
            cache_touch_age(im->cache, b->fetch_age[k]);
        return;
    }
    /* the bytes of the committed instructions (a block lies in one page: contiguous physically) */
    uint64_t size = whole ? b->end_pc - b->pc : b->info[n].pcoff;
    const bus_region_t *r = bus_find(h->bus, b->fetch_pa, 1);
    bool main_ram = r && r->host == h->ram;
    if (!size || !r || !h->platform || !h->platform->mem_access)
        return;
    h->platform->mem_access(h->platform_ctx, h, b->fetch_pa, (unsigned)size, 2, main_ram ? NULL : r);
    if (!whole || !im || !main_ram || !b->pending)
        return; /* a remembered block is pending: block_counts_flush forgets it (translated code's
                 * inline retirement counts it without joining the list) */
    /* All of them are present now (consecutive lines never evict each other in a cache of more
     * than BLOCK_MAX_LINES sets): remember where, at the cache's generation. */
    unsigned shift = im->line_shift, k = 0;
    for (uint64_t line = b->fetch_pa >> shift; line <= (b->fetch_pa + size - 1) >> shift; line++) {
        long slot = cache_slot(im->cache, line << shift);
        if (slot < 0 || k == BLOCK_MAX_LINES)
            return;
        b->fetch_age[k++] = &im->cache->age[slot];
    }
    b->fetch_lines = k;
    b->fetch_gen = im->gen;
}
