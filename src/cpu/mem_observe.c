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
    /* The model counted the lines it saw; the block's instructions presumed theirs (one each per
     * line, hart_t.fetch_presumed_lines): those of the committed ones are taken back. */
    evset_t presumed = h->fetch_presumed_lines ? h->fetch_presumed : 0;
    unsigned committed = 0;
    for (unsigned k = 0; k < n && presumed; k++)
        committed += (b->events[k] & presumed) != 0;
    if (whole && presumed)
        committed += b->fetch_extra; /* the lines its instructions could not presume (block_build) */
    if (committed && (presumed & h->pmu.dyn_interest))
        pmu_retract_events_n(&h->pmu, presumed, presumed, committed);
    if (!whole || !im || !main_ram || !b->pending)
        return; /* a remembered block is pending: block_counts_flush forgets it (translated code's
                 * inline retirement counts it without joining the list) */
    /* All of them are present now (consecutive lines never evict each other in a cache of more
     * than BLOCK_MAX_LINES sets): remember where, at the cache's generation. A remembered block
     * retires without the model: while they are counted it must presume its lines exactly (not
     * a lone instruction across two lines, block_build). */
    unsigned shift = im->line_shift, k = 0;
    uint64_t first = b->fetch_pa >> shift, last = (b->fetch_pa + size - 1) >> shift;
    if ((h->pmu.dyn_interest & presumed) && committed != last - first + 1) /* whole: all of them */
        return;
    for (uint64_t line = first; line <= last; line++) {
        long slot = cache_slot(im->cache, line << shift);
        if (slot < 0 || k == BLOCK_MAX_LINES)
            return;
        b->fetch_age[k++] = &im->cache->age[slot];
    }
    b->fetch_lines = k;
    b->fetch_gen = im->gen;
}
