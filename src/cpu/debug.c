/* Breakpoints and watchpoints of a debugger (cpu/debug.h). */
#include "cpu/debug.h"

#include "cpu/exec.h"

bool hart_debug_watching(const hart_t *h)
{
    return h->debug && h->debug->points && h->debug->points->n_wp > 0;
}

void debug_attach(hart_t *h, hart_debug_t *d)
{
    h->debug = d;
    debug_points_changed(h);
}

void debug_points_changed(hart_t *h)
{
    if (h->dispatch)
        block_cache_flush(h);
    hart_pmu_changed(h);
}

void debug_patch_block(const hart_t *h, block_t *b)
{
    const debug_points_t *pts = h->debug->points;
    if (!pts || !pts->n_bp)
        return;
    for (uint32_t k = 0; k < b->n_insns; k++) {
        uint64_t pc = b->pc + b->info[k].pcoff;
        for (unsigned j = 0; j < pts->n_bp; j++)
            if (pts->bp[j] == pc) {
                b->insn[k].handler = h->dispatch[OP_DEBUG_BREAK];
                break;
            }
    }
}

bool debug_check_access(hart_t *h, uint64_t addr, unsigned size, bool store)
{
    const debug_points_t *pts = h->debug->points;
    if (!pts)
        return false;
    for (unsigned j = 0; j < pts->n_wp; j++) {
        const struct debug_watch *w = &pts->wp[j];
        if (!(w->kind & (store ? DEBUG_WATCH_WRITE : DEBUG_WATCH_READ)))
            continue;
        if (addr < w->addr + w->len && w->addr < addr + size) {
            h->debug->hit = DEBUG_HIT_WATCH;
            h->debug->hit_kind = w->kind;
            h->debug->hit_addr = w->addr;
            h->stop = STOP_DEBUG;
            return true;
        }
    }
    return false;
}
