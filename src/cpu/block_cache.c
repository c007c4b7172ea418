/* Decoding guest code into blocks, and finding them again by pc. */
#include <stdlib.h>
#include <string.h>

#include "cpu/csr.h"
#include "cpu/debug.h"
#include "cpu/prof.h"
#include "cpu/exec.h"
#include "mem/l1_memo.h"
#include "cpu/mmu.h"
#include "cpu/pmp.h"
#include "isa/isa.h"
#include "cpu/tier.h"

#define BC_BUCKETS (1u << 16)
#define BC_PAGE_BUCKETS (1u << 12)  /* bc.ppages */
#define BC_VPAGE_BUCKETS (1u << 16) /* bc.pages: about one page per bucket, so a fence walks little else */
#define BC_ARENA_SIZE (64u << 20)
#define BC_FILL_LOG 1024u /* block_cache_t.filled */
#define PAGE_SIZE 4096u
_Static_assert(BC_VPAGE_BUCKETS == 1u << 16, "page_bucket gives 16 bits");

/* The bucket of bc.pages for virtual page vpn: a multiplicative hash, so that user pages near 0
 * and a kernel's text at 0xffffffff80000000 (the same low bits) do not share buckets, which made
 * every sfence.vma of a user page walk the blocks of a kernel page. */
static uint32_t page_bucket(uint64_t vpn)
{
    return (uint32_t)((vpn * 0x9e3779b97f4a7c15ull) >> 48); /* 16 bits: BC_VPAGE_BUCKETS */
}

size_t block_granule_map_bytes(uint64_t ram_size)
{
    return (size_t)((ram_size + 511) / 512) + 1;
}

bool block_cache_init(hart_t *h, uint8_t *code_map, uint8_t *store_watch)
{
    block_cache_t *bc = &h->bc;
    bc->mask = BC_BUCKETS - 1;
    /* The hash tables and the arena in one mapping (huge pages, touched lazily: a short run barely
     * uses it): the tables' first touches are a few faults, not one per 4 KiB. */
    size_t tables = (BC_BUCKETS + BC_VPAGE_BUCKETS + BC_PAGE_BUCKETS) * sizeof(block_t *) +
                    BC_FILL_LOG * sizeof *bc->filled;
    bc->map_size = tables + BC_ARENA_SIZE;
    bc->map = bus_host_map_huge(bc->map_size);
    if (!bc->map)
        return false;
    bc->table = (block_t **)(void *)bc->map;
    bc->pages = bc->table + BC_BUCKETS;
    bc->ppages = bc->pages + BC_VPAGE_BUCKETS;
    bc->filled = (uint32_t(*)[3])(void *)(bc->ppages + BC_PAGE_BUCKETS);
    bc->n_filled = 0;
    bc->arena = bc->map + tables;
    bc->arena_size = BC_ARENA_SIZE;
    bc->arena_used = 0;
    bc->code_map = code_map;
    bc->code_lo = SIZE_MAX;
    bc->code_hi = 0;
    bc->other_code_lo = UINT64_MAX;
    bc->other_code_hi = 0;
    h->store_watch = store_watch;
    return true;
}

void block_cache_free(hart_t *h)
{
    free(h->bc.links);
    free(h->bc.sites);
    if (h->tier)
        h->tier->free(h);
    bus_host_unmap(h->bc.map, h->bc.map_size);
    memset(&h->bc, 0, sizeof h->bc);
    h->store_watch = NULL;
}

/* Empties the hart's block table and arena and its translated code. The code map is the caller's
 * (block_cache_flush clears a lone hart's bits; block_cache_forget leaves them). */
static void drop_blocks(hart_t *h)
{
    block_cache_t *bc = &h->bc;
    if (bc->n_filled <= BC_FILL_LOG) { /* few blocks: their buckets alone (1 MB of tables else) */
        for (unsigned k = 0; k < bc->n_filled; k++) {
            bc->table[bc->filled[k][0]] = NULL;
            bc->pages[bc->filled[k][1]] = NULL;
            bc->ppages[bc->filled[k][2]] = NULL;
        }
    } else {
        memset(bc->table, 0, (size_t)(bc->mask + 1) * sizeof *bc->table);
        memset(bc->pages, 0, BC_VPAGE_BUCKETS * sizeof *bc->pages);
        memset(bc->ppages, 0, BC_PAGE_BUCKETS * sizeof *bc->ppages);
    }
    bc->n_filled = 0;
    bc->straddlers = NULL;
    memset(bc->ctx_blocks, 0, sizeof bc->ctx_blocks);
    bc->n_links = bc->n_sites = 0;
    bc->links_lost = false;
    bc->code_lo = SIZE_MAX;
    bc->code_hi = 0;
    bc->other_code_lo = UINT64_MAX;
    bc->other_code_hi = 0;
    bc->arena_used = 0;
    if (bc->prefixes_used)
        memset(bc->prefixes, 0, sizeof bc->prefixes);
    bc->prefixes_used = false;
    bc->self_loops = 0;
    bc->flushes++;
    if (h->tier)
        h->tier->flush(h);
    bc->host_ptrs = h->bus ? h->bus->host_ptrs : 0;
    h->code_dirty = h->code_unwatched = false;
    h->n_code_written = 0;
}

void block_cache_flush(hart_t *h)
{
    block_cache_t *bc = &h->bc;
    pmu_sync(&h->pmu); /* the blocks' execution counts, before the blocks go */
    /* A hart alone clears its bits of the code map, so that stores there take the inline path
     * again. Several harts share the map: the bits may be other harts' blocks' too, so they stay
     * (the others keep their blocks watched; a bit no block needs costs one store's slow path,
     * which clears its page: host_stored). */
    if (!bc->code_map_shared) {
        for (size_t k = bc->code_lo; k < bc->code_hi; k++)
            h->store_watch[k] &= (uint8_t)~bc->code_map[k];
        if (bc->code_hi > bc->code_lo)
            memset(bc->code_map + bc->code_lo, 0, bc->code_hi - bc->code_lo);
    }
    drop_blocks(h);
    h->n_super_code = 0; /* no block left built from a superpage */
    h->super_code_full = false;
    if (h->platform && h->platform->rewatch)
        h->platform->rewatch(h->platform_ctx, h);
}

/* Block b leaves the hash table (found by no lookup again); it stays in the arena, where the
 * PMU's pending list and links not yet cut may still point, until the next flush. */
static void drop_block(block_cache_t *bc, block_t *b)
{
    for (block_t **p = &bc->table[(uint32_t)(b->pc >> 1) & bc->mask]; *p; p = &(*p)->hash_next)
        if (*p == b) {
            *p = b->hash_next;
            break;
        }
    b->ctx = BLOCK_DEAD;
}

/* Appends p to a growing array; false when it cannot grow. */
static bool push(void *arr_, size_t *n, size_t *cap, void *p)
{
    void ***arr = arr_;
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 1024;
        void **a = realloc(*arr, c * sizeof *a);
        if (!a)
            return false;
        *arr = a;
        *cap = c;
    }
    (*arr)[(*n)++] = p;
    return true;
}

void block_link(hart_t *h, block_t *from, unsigned s, block_t *to)
{
    block_cache_t *bc = &h->bc;
    if (!from->succ[s] && !push(&bc->links, &bc->n_links, &bc->cap_links, (void *)((uintptr_t)from | s)))
        bc->links_lost = true;
    from->succ[s] = to;
}

void block_jit_site(hart_t *h, block_t *b, unsigned s, uint8_t *site)
{
    block_cache_t *bc = &h->bc;
    b->jit_site[s] = site;
    if (!push(&bc->sites, &bc->n_sites, &bc->cap_sites, site))
        bc->links_lost = true;
}

/* Every link between blocks goes (the successor slots and the jumps translated code patched):
 * after some blocks were dropped, none may be reached through a link. Links are made again as
 * the blocks run. */
static void unlink_all(block_cache_t *bc)
{
    for (size_t k = 0; k < bc->n_links; k++) {
        uintptr_t l = (uintptr_t)bc->links[k];
        ((block_t *)(l & ~(uintptr_t)1))->succ[l & 1] = NULL;
    }
    for (size_t k = 0; k < bc->n_sites; k++)
        memset(bc->sites[k], 0, 4); /* rel32 0: on to the lookup after the jump */
    bc->n_links = 0;                /* the sites stay: their jumps may be patched again */
    if (bc->links_lost) {
        for (uint32_t k = 0; k <= bc->mask; k++)
            for (block_t *b = bc->table[k]; b; b = b->hash_next) {
                b->succ[0] = b->succ[1] = NULL;
                for (unsigned s = 0; s < 2; s++)
                    if (b->jit_site[s])
                        memset(b->jit_site[s], 0, 4);
            }
        bc->links_lost = false;
    }
}

/* Block b's link to successor s goes: the slot, and the jump of translated code patched to it. */
static void cut_link(block_t *b, unsigned s)
{
    b->succ[s] = NULL;
    if (b->jit_site[s])
        memset(b->jit_site[s], 0, 4); /* rel32 0: on to the lookup after the jump */
}

/* After some blocks were dropped: the links to them go, the successor slots and the jumps of
 * translated code patched to them (a patched jump always goes to its slot's block: the slot is set
 * once, and the jump only after it), and so do the links of the dropped blocks themselves, which
 * nothing reaches any more. The other links stay: cutting them all made a Linux boot look every
 * block up again after each process's fence. */
static void unlink_dead(block_cache_t *bc)
{
    if (bc->links_lost) {
        unlink_all(bc);
        return;
    }
    size_t kept = 0;
    for (size_t k = 0; k < bc->n_links; k++) {
        uintptr_t l = (uintptr_t)bc->links[k];
        block_t *from = (block_t *)(l & ~(uintptr_t)1);
        unsigned s = (unsigned)(l & 1);
        if (from->ctx == BLOCK_DEAD || !from->succ[s]) /* a slot cut since (unlink_dead_ctx) */
            continue;
        if (from->succ[s]->ctx & BLOCK_UNVERIFIED) { /* dead, or found only by a lookup */
            cut_link(from, s);
            continue;
        }
        bc->links[kept++] = (void *)l;
    }
    bc->n_links = kept;
}

/* unlink_dead after blocks of the contexts in `ids` (bits by context id), none of them global
 * code, were dropped: a block links only to blocks of its own context or to global code
 * (exec_template.h, CHAIN_), so every link to a dropped block starts at a block of those
 * contexts, and their lists are walked instead of every link made (a Linux process's page fence
 * drops another process's blocks of that page: the kernel's links are most of them). The
 * entries of bc.links for the slots cut stay until unlink_dead passes. */
static void unlink_dead_ctx(block_cache_t *bc, uint64_t ids)
{
    if (bc->links_lost) {
        unlink_all(bc);
        return;
    }
    for (unsigned id = 1; id < sizeof bc->ctx_blocks / sizeof bc->ctx_blocks[0]; id++)
        if ((ids >> id) & 1)
            for (block_t *b = bc->ctx_blocks[id]; b; b = b->ctx_next)
                for (unsigned k = 0; k < 2 && b->ctx != BLOCK_DEAD; k++)
                    if (b->succ[k] && b->succ[k]->ctx == BLOCK_DEAD)
                        cut_link(b, k);
}

/* The translation context id of a live or suspended block (hart_t.vm_ctx; 0: untranslated). */
static unsigned block_ctx_id(const block_t *b)
{
    return (b->ctx & ~BLOCK_UNVERIFIED) >> 2;
}

/* Block b's links to its successors go. */
static void cut_links(block_t *b)
{
    for (unsigned k = 0; k < 2; k++)
        if (b->succ[k])
            cut_link(b, k);
}

void block_cache_drop_vm(hart_t *h, uint64_t vpn, const bool *ctx_drop)
{
    block_cache_t *bc = &h->bc;
    unsigned dropped = 0;
    uint64_t dropped_ids = 0; /* a fence of one page: the contexts of its blocks */
    bool dropped_global = false;
    if (vpn == UINT64_MAX) {
        /* Every block of those contexts is suspended, not dropped (BLOCK_UNVERIFIED): a kernel
         * fences all its pages after changing a few mappings, and most of its code still
         * translates as before; block_at checks each block it finds again (block_revalidate).
         * Their links go: a block links to blocks of its own context or of global code only
         * (exec_template.h, CHAIN_), so cutting each suspended block's own links cuts every link
         * into a context that is not global code; links into global code are cut by the walk of
         * all links. The lists lose their dropped blocks on the way. */
        bool suspended_global = false;
        for (unsigned id = 1; id < sizeof bc->ctx_blocks / sizeof bc->ctx_blocks[0]; id++) {
            if (!ctx_drop[id])
                continue;
            suspended_global |= h->vm_ctx_global[id] && bc->ctx_blocks[id];
            for (block_t **p = &bc->ctx_blocks[id]; *p;) {
                block_t *b = *p;
                if (b->ctx == BLOCK_DEAD) {
                    *p = b->ctx_next;
                    continue;
                }
                b->ctx |= BLOCK_UNVERIFIED;
                cut_links(b);
                p = &b->ctx_next;
            }
        }
        if (suspended_global)
            unlink_dead(bc);
    } else {
        /* a block starts in the page, or in the one before and runs into it (dead blocks are
         * taken off the lists on the way; they stay on their context's list, skipped there) */
        for (uint64_t first = vpn - 1; first != vpn + 1; first++)
            for (block_t **p = &bc->pages[page_bucket(first)]; *p;) {
                block_t *b = *p;
                uint64_t lo = b->pc >> 12, hi = (b->end_pc - 1) >> 12;
                if (b->ctx == BLOCK_DEAD) {
                    *p = b->page_next;
                } else if (lo == first && lo <= vpn && vpn <= hi && block_ctx_id(b) &&
                           ctx_drop[block_ctx_id(b)]) {
                    dropped_ids |= 1ull << block_ctx_id(b);
                    dropped_global |= h->vm_ctx_global[block_ctx_id(b)];
                    *p = b->page_next;
                    drop_block(bc, b);
                    dropped++;
                } else {
                    p = &b->page_next;
                }
            }
    }
    if (dropped && dropped_ids && !dropped_global)
        unlink_dead_ctx(bc, dropped_ids);
    else if (dropped) /* blocks other than those dropped may link to them */
        unlink_dead(bc);
    bc->drops += dropped;
}

/* The physical bytes [*first, *last] of block b's code on its first page (the first two bytes of a
 * straddling last instruction's next page are at b->code_pa_next). */
static void block_first_page_code(const block_t *b, uint64_t *first, uint64_t *last)
{
    uint64_t in_page = PAGE_SIZE - (b->pc & (PAGE_SIZE - 1)), len = b->end_pc - b->pc;
    *first = b->fetch_pa;
    *last = *first + (len < in_page ? len : in_page) - 1;
}

/* Drops the live blocks on list *p with code bytes in [lo, hi]: on the list of a physical page
 * (ppage_next), the bytes of their first instruction's page; on the straddlers' list
 * (straddle_next), the two bytes at code_pa_next. Dead blocks leave the list. */
static unsigned drop_listed(block_cache_t *bc, block_t **p, uint64_t lo, uint64_t hi, bool straddlers)
{
    unsigned dropped = 0;
    while (*p) {
        block_t *b = *p, **link = straddlers ? &b->straddle_next : &b->ppage_next;
        uint64_t first, last;
        if (straddlers)
            first = b->code_pa_next, last = first + 1;
        else
            block_first_page_code(b, &first, &last);
        if (b->ctx != BLOCK_DEAD && first <= hi && lo <= last) {
            drop_block(bc, b);
            dropped++;
        }
        if (b->ctx == BLOCK_DEAD)
            *p = *link;
        else
            p = link;
    }
    return dropped;
}

bool exec_code_store_ends_block(hart_t *h, const block_t *b)
{
    uint64_t lo = h->code_store.pa, hi = lo + h->code_store.size - 1, first, last;
    block_first_page_code(b, &first, &last);
    bool own = (first <= hi && lo <= last) ||
               (b->code_pa_next != UINT64_MAX && b->code_pa_next <= hi && lo <= b->code_pa_next + 1);
    if (!own)
        hart_kick(h); /* the block runs on to its end; the run loop drops what was written over */
    return own;
}

void block_cache_sync_code(hart_t *h)
{
    if (h->code_dirty) {
        block_cache_flush(h);
        return;
    }
    if (h->code_unwatched) { /* another hart's store hit code outside main RAM (an ICCM) */
        block_cache_forget(h);
        return;
    }
    block_cache_t *bc = &h->bc;
    unsigned dropped = 0;
    for (unsigned k = 0; k < h->n_code_written; k++) {
        uint64_t lo = h->code_written[k].pa, hi = lo + h->code_written[k].size - 1;
        uint64_t last_page = hi >> 12;
        if (last_page - (lo >> 12) >= BC_PAGE_BUCKETS) /* a merged range: each bucket once is all */
            last_page = (lo >> 12) + BC_PAGE_BUCKETS - 1;
        for (uint64_t page = lo >> 12; page <= last_page; page++)
            dropped += drop_listed(bc, &bc->ppages[page & (BC_PAGE_BUCKETS - 1)], lo, hi, false);
        if ((lo & (PAGE_SIZE - 1)) < 2 || (hi >> 12) != (lo >> 12)) /* a page's first two bytes */
            dropped += drop_listed(bc, &bc->straddlers, lo, hi, true);
    }
    h->n_code_written = 0;
    if (dropped)
        unlink_dead(bc);
    bc->drops += dropped; /* the writer watched tohost and the reservations again (host_stored) */
}

bool block_cache_host_wrote(const hart_t *h)
{
    return !h->bus || h->bus->host_ptrs != h->bc.host_ptrs;
}

void block_cache_fence_i(hart_t *h)
{
    /* Stores of every hart over decoded code are seen as they happen (the store watch), so the
     * blocks already hold what fetches would read; only the host may have written memory behind
     * the watch's back (bus_t.host_ptrs). */
    if (block_cache_host_wrote(h))
        block_cache_flush(h);
}

void block_cache_forget(hart_t *h)
{
    pmu_sync(&h->pmu);
    drop_blocks(h);
}

void block_mark_code(hart_t *h, uint64_t pc, uint64_t end)
{
    block_cache_t *bc = &h->bc;
    if (end <= pc)
        return;
    if (pc < h->ram_base || end > h->ram_base + h->ram_size) {
        /* other code memories (ICCM, background memory): one range of addresses */
        if (pc < bc->other_code_lo)
            bc->other_code_lo = pc;
        if (end > bc->other_code_hi)
            bc->other_code_hi = end;
        return;
    }
    uint64_t first = (pc - h->ram_base) >> 6, last = (end - 1 - h->ram_base) >> 6;
    for (uint64_t g = first; g <= last; g++) {
        bc->code_map[g >> 3] |= (uint8_t)(1u << (g & 7));
        h->store_watch[g >> 3] |= (uint8_t)(1u << (g & 7));
        l1_memo_unwatch(h->l1d_memo, h->ram_base + (g << 6));
    }
    if (first >> 3 < bc->code_lo)
        bc->code_lo = (size_t)(first >> 3);
    if ((last >> 3) + 1 > bc->code_hi)
        bc->code_hi = (size_t)(last >> 3) + 1;
}

bool block_range_has_code(const hart_t *h, uint64_t addr, uint64_t len)
{
    const block_cache_t *bc = &h->bc;
    if (len == 0)
        return false;
    if (addr < bc->other_code_hi && bc->other_code_lo < addr + len)
        return true;
    uint64_t lo = addr > h->ram_base ? addr : h->ram_base;
    uint64_t hi = addr + len < h->ram_base + h->ram_size ? addr + len : h->ram_base + h->ram_size;
    if (lo >= hi || bc->code_hi <= bc->code_lo)
        return false;
    uint64_t first = (lo - h->ram_base) >> 6, last = (hi - 1 - h->ram_base) >> 6;
    if (first < (uint64_t)bc->code_lo * 8)
        first = (uint64_t)bc->code_lo * 8;
    if (last >= (uint64_t)bc->code_hi * 8)
        last = (uint64_t)bc->code_hi * 8 - 1;
    for (uint64_t g = first; g <= last && g >= first; g++)
        if (bc->code_map[g >> 3] & (1u << (g & 7)))
            return true;
    return false;
}

/* Instruction fetch of the 16 bits at va: main RAM, or another executable RAM region (ICCM),
 * through the MMU when translation is on. False with the fault in h->trap_cause/tval; *pa is the
 * physical address fetched. */
static bool fetch16(hart_t *h, uint64_t va, uint32_t *out, uint64_t *pa)
{
    uint64_t addr = va;
    if (mmu_on(h, h->priv) && !mmu_translate(h, va, MMU_FETCH, h->priv, &addr))
        return false;
    const uint8_t *p = NULL;
    if (addr - h->ram_base < h->ram_size && h->ram_size - (addr - h->ram_base) >= 2) {
        p = h->ram + (addr - h->ram_base);
    } else {
        const bus_region_t *r = bus_find(h->bus, addr, 2);
        if (r && r->host && (r->flags & REGION_EXEC))
            p = r->host + (addr - r->base);
    }
    if (!p || !pmp_allows(h, addr, 2, PMP_X, h->priv)) {
        h->trap_cause = CAUSE_FETCH_ACCESS;
        h->trap_tval = va;
        return false;
    }
    *out = (uint32_t)p[0] | (uint32_t)p[1] << 8;
    *pa = addr;
    return true;
}

/* The page of main RAM a block build last fetched from whole (fetch16_paged): its virtual page,
 * its host bytes and physical address, fetched from again without the MMU and PMP while the
 * build lasts (nothing they depend on changes in it). */
typedef struct fetch_page {
    uint64_t vpage; /* va >> 12; UINT64_MAX: none */
    const uint8_t *host;
    uint64_t pa;
} fetch_page_t;

/* fetch16 through fp: a page of main RAM whose every byte the PMP lets the hart execute is
 * remembered at its first fetch (an entry that allows the page allows each of its halfwords). */
static bool fetch16_paged(hart_t *h, fetch_page_t *fp, uint64_t va, uint32_t *out, uint64_t *pa)
{
    uint64_t off = va & (PAGE_SIZE - 1);
    if (va >> 12 == fp->vpage && off <= PAGE_SIZE - 2) {
        *out = (uint32_t)fp->host[off] | (uint32_t)fp->host[off + 1] << 8;
        *pa = fp->pa + off;
        return true;
    }
    if (!fetch16(h, va, out, pa))
        return false;
    uint64_t page = *pa - off;
    if (page - h->ram_base < h->ram_size && h->ram_size - (page - h->ram_base) >= PAGE_SIZE &&
        pmp_allows(h, page, PAGE_SIZE, PMP_X, h->priv))
        *fp = (fetch_page_t){ va >> 12, h->ram + (page - h->ram_base), page };
    return true;
}

static bool is_terminator(enum insn_op op)
{
    switch (op) {
    case OP_BEQ:
    case OP_BNE:
    case OP_BLT:
    case OP_BGE:
    case OP_BLTU:
    case OP_BGEU:
    case OP_JAL:
    case OP_JALR:
    case OP_CSRRW:
    case OP_CSRRS:
    case OP_CSRRC:
    case OP_CSRRWI:
    case OP_CSRRSI:
    case OP_CSRRCI:
    case OP_ECALL:
    case OP_EBREAK:
    case OP_MRET:
    case OP_SRET:
    case OP_WFI:
    case OP_SFENCE_VMA:
    case OP_FENCE_I:
    case OP_ILLEGAL: return true;
    default: return false;
    }
}

static bool is_pc_relative(enum insn_op op)
{
    switch (op) {
    case OP_AUIPC:
    case OP_JAL:
    case OP_BEQ:
    case OP_BNE:
    case OP_BLT:
    case OP_BGE:
    case OP_BLTU:
    case OP_BGEU: return true;
    default: return false;
    }
}

static void *arena_alloc(block_cache_t *bc, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (bc->arena_used + size > bc->arena_size)
        return NULL;
    void *p = bc->arena + bc->arena_used;
    bc->arena_used += size;
    return p;
}

/* Room for the addends of n active slots: a multiple of 8, at least 8. */
static unsigned addend_room(unsigned n)
{
    return n <= 8 ? 8 : (n + 7) & ~7u;
}

static bool refresh_addends(block_cache_t *bc, const pmu_t *p, block_t *b);

/* A block of the n decoded instructions dec at pc (up to `at`), from the arena, filled in and shown
 * to the core's timing model; not yet findable. A full arena is flushed when may_flush, else
 * NULL; NULL with a fetch access fault if one block does not fit in an empty arena. */
/* The decoder of the hart's current XLEN and extensions (made again after a change of misa). */
static void block_decoder_sync(hart_t *h)
{
    if (h->bc.decoder.xlen != h->xlen || h->bc.decoder.isa != h->isa)
        isa_decoder_init(&h->bc.decoder, h->xlen, h->isa);
}

static block_t *block_make(hart_t *h, uint64_t pc, uint64_t at, const decoded_insn_t *dec,
                           const uint16_t *pcoff, const evset_t *events, unsigned n, bool terminated,
                           uint32_t ctx, bool may_flush, struct block_class extra)
{
    block_cache_t *bc = &h->bc;
    size_t ninsn = n + (terminated ? 0 : 1);
    size_t head = (sizeof(block_t) + ninsn * sizeof(dinsn_t) + 15) & ~(size_t)15;
    struct block_class classes[BLOCK_MAX_INSNS + 1];
    uint32_t n_classes = 0;
    for (unsigned k = 0; k < n; k++) {
        uint32_t c = 0;
        while (c < n_classes && classes[c].events != events[k])
            c++;
        if (c == n_classes)
            classes[n_classes++] = (struct block_class){ events[k], 0 };
        classes[c].count++;
    }
    if (extra.count) /* a whole execution's events beyond its instructions' (block_t.fetch_extra) */
        classes[n_classes++] = extra;
    unsigned add_cap = addend_room(h->pmu.n_active);
    size_t total = head + n * sizeof(evset_t) + n_classes * sizeof(struct block_class) +
                   ninsn * sizeof(dinsn_info_t) + 2 * add_cap * sizeof(uint8_t);
    block_t *b = arena_alloc(bc, total);
    if (!b && !may_flush)
        return NULL;
    if (!b) {
        block_cache_flush(h);
        b = arena_alloc(bc, total);
        if (!b) { /* cannot happen: one block is far smaller than the arena */
            h->trap_cause = CAUSE_FETCH_ACCESS;
            h->trap_tval = pc;
            return NULL;
        }
    }
    memset(b, 0, sizeof *b);
    b->pc = pc;
    b->end_pc = at;
    b->priv = h->priv;
    b->ctx = ctx;
    b->n_insns = n;
    b->stall_cycles = 0;   /* timing model: one cycle per instruction for now (docs/architecture.md) */
    b->epoch = 0;          /* no configuration has id 0: refreshed below */
    b->execs = UINT64_MAX; /* not executed yet (exec_retire.h) */
    b->events = (evset_t *)((uint8_t *)b + head);
    memcpy(b->events, events, n * sizeof(evset_t));
    b->classes = (struct block_class *)(b->events + n);
    b->n_classes = n_classes;
    memcpy(b->classes, classes, n_classes * sizeof *classes);
    b->info = (dinsn_info_t *)(b->classes + n_classes);
    b->add = (uint8_t *)(b->info + ninsn);
    b->add_taken = b->add + add_cap;
    b->add_cap = (uint16_t)add_cap;
    for (size_t k = 0; k < ninsn; k++) {
        enum insn_op op = k < n ? dec[k].op : OP_BLOCK_END;
        dinsn_t *d = &b->insn[k];
        memset(d, 0, sizeof *d);
        b->info[k] = (dinsn_info_t){ .raw = k < n ? dec[k].raw : 0, .op = (uint16_t)op, .pcoff = pcoff[k] };
        d->handler = h->dispatch[op];
        if (k == n)
            break;
        d->rd = dec[k].rd;
        d->rs1 = dec[k].rs1;
        d->rs2 = dec[k].rs2;
        d->len = dec[k].len;
        d->imm = dec[k].imm;
        if (is_pc_relative(op))
            d->imm += pcoff[k]; /* the executor adds the block's start pc */
    }
    if (h->core_ext && h->core_ext->block_built)
        h->core_ext->block_built(h, b, dec, n); /* a core's timing model */
    return b;
}

/* Is code fetched (just now: its TLB entry is there) from the page of pc global? Code on a
 * global page (privileged spec 4.3.1: mapped alike in every address space) is shared by them all;
 * a block running into the next page (pa_next, not UINT64_MAX) is not. */
static bool fetched_global(const hart_t *h, uint64_t pc, uint64_t pa_next)
{
    const struct tlb_entry *e = &h->tlb[(pc >> 12) % TLB_ENTRIES];
    return pa_next == UINT64_MAX && e->tag == ((pc >> 12) << 1 | 1) && e->vm_ctx == h->vm_ctx &&
           (e->flags & PTE_G);
}

/* The code [pc, end) was just fetched through the TLB: the superpages among its pages are noted,
 * so that a fence of one page of a superpage finds its block (cpu/mmu.c). */
static void note_super_code(hart_t *h, uint64_t pc, uint64_t end, bool global)
{
    for (uint64_t vpn = pc >> 12; vpn <= (end - 1) >> 12; vpn++) {
        const struct tlb_entry *e = &h->tlb[vpn % TLB_ENTRIES];
        if (e->tag == (vpn << 1 | 1) && e->level)
            mmu_note_code_page(h, e, global ? h->vm_gctx : h->vm_ctx);
    }
}

static block_t *block_build(hart_t *h, uint64_t pc)
{
    decoded_insn_t dec[BLOCK_MAX_INSNS];
    uint16_t pcoff[BLOCK_MAX_INSNS + 1];
    evset_t events[BLOCK_MAX_INSNS];
    unsigned n = 0;
    uint64_t at = pc;
    bool terminated = false;

    if ((pc & 1) || (!(h->isa & ISA_EXT_C) && (pc & 2))) {
        h->trap_cause = CAUSE_MISALIGNED_FETCH;
        h->trap_tval = pc;
        return NULL;
    }
    block_decoder_sync(h);
    bool translated = mmu_on(h, h->priv);
    bool presume_external = hart_presumes_external(h);
    evset_t presume_fetch = hart_presumes_fetch(h, pc) ? h->fetch_presumed : 0;
    evset_t presume_load = h->prof ? 0 : h->load_presumed, presume_store = h->prof ? 0 : h->store_presumed;
    uint64_t fault_cause = 0, fault_tval = 0, pa_first = 0, pa_next = UINT64_MAX;
    fetch_page_t fp = { UINT64_MAX, NULL, 0 };
    while (n < BLOCK_MAX_INSNS) {
        uint32_t lo, hi = 0;
        uint64_t pa_lo, pa_hi = 0;
        if ((h->core_ext && h->core_ext->fetch_fault && h->core_ext->fetch_fault(h, at, n == 0)) ||
            !fetch16_paged(h, &fp, at, &lo, &pa_lo) ||
            (isa_insn_len(lo) == 4 &&
             !fetch16_paged(h, &fp, (at + 2) & (h->xlen == 32 ? UINT32_MAX : UINT64_MAX), &hi, &pa_hi))) {
            fault_cause = h->trap_cause; /* raised if this instruction is the block's first */
            fault_tval = h->trap_tval;
            break;
        }
        if (n == 0) {
            pa_first = pa_lo;
            if (h->tier_share && h->tier->share_prefetch)
                h->tier->share_prefetch(h->tier_share, pc, pa_first); /* looked up once it is built */
        }
        if (isa_insn_len(lo) == 4 && ((at + 2) & (PAGE_SIZE - 1)) == 0)
            pa_next = pa_hi; /* the instruction's second half is on the next page */
        decoded_insn_t *d = &dec[n];
        events[n] = isa_decode_with(&h->bc.decoder, lo | hi << 16, d);
        if (h->core_ext && h->core_ext->decode_events)
            events[n] |= h->core_ext->decode_events(d); /* the core's own decode-time classes */
        if (presume_external) /* main RAM is not core-local: see hart_presumes_external */
            events[n] |= (events[n] & (EVBIT(LOAD) | EVBIT(FP_LOAD)) ? EVBIT(LOAD_EXTERNAL) : 0) |
                         (events[n] & (EVBIT(STORE) | EVBIT(FP_STORE)) ? EVBIT(STORE_EXTERNAL) : 0);
        /* every fetch, and loads and stores (AMOs and LR/SC excepted): see hart_presumes_fetch */
        events[n] |= presume_fetch;
        if (!(events[n] & EVBIT(ATOMIC)))
            events[n] |= (events[n] & (EVBIT(LOAD) | EVBIT(FP_LOAD)) ? presume_load : 0) |
                         (events[n] & (EVBIT(STORE) | EVBIT(FP_STORE)) ? presume_store : 0);
        pcoff[n] = (uint16_t)(at - pc);
        at += d->len;
        n++;
        if (is_terminator(d->op)) {
            terminated = true;
            break;
        }
        if ((at & ~(uint64_t)(PAGE_SIZE - 1)) != (pc & ~(uint64_t)(PAGE_SIZE - 1)))
            break; /* blocks stay inside one page: the unit an MMU will map */
    }
    bool global = translated && n && fetched_global(h, pc, pa_next);
    if (translated && n)
        note_super_code(h, pc, at, global);
    if (n == 0) {
        h->trap_cause = fault_cause;
        h->trap_tval = fault_tval;
        return NULL;
    }
    pcoff[n] = (uint16_t)(at - pc);
    /* Fetch events per line (hart_t.fetch_presumed_lines): as many instructions presume a line's
     * access as the block has lines, so that a whole run counts them all; a prefix is seen by the
     * model, which takes back what its instructions presumed (mem_fetch_block). The instruction
     * whose last byte is in a line the previous instruction's last byte was not in presumes that
     * line; the first line, when the first instruction crosses it, the first instruction that
     * presumes none. A one-instruction block across two lines cannot: the line left over is a
     * class of its own, the fetch events once more for each whole execution (block_t.fetch_extra;
     * mem_fetch_block takes it back with the instruction's when the model sees the fetch). */
    struct block_class extra_fetch = { 0, 0 };
    if (h->fetch_presumed_lines && h->l1i_memo && !h->prof && pa_first - h->ram_base < h->ram_size) {
        unsigned shift = h->l1i_memo->line_shift, given = 0;
        uint64_t lines = ((pa_first + pcoff[n] - 1) >> shift) - (pa_first >> shift) + 1;
        for (unsigned k = 0; k < n; k++)
            if (k == 0 || (pa_first + pcoff[k + 1] - 1) >> shift != (pa_first + pcoff[k] - 1) >> shift) {
                events[k] |= h->fetch_presumed;
                given++;
            }
        for (unsigned k = 1; k < n && given < lines; k++)
            if (!(events[k] & h->fetch_presumed)) {
                events[k] |= h->fetch_presumed;
                given++;
            }
        if (given < lines)
            extra_fetch = (struct block_class){ h->fetch_presumed, (uint32_t)(lines - given) };
    }

    /* The hart's first block since its cache was emptied: what the host wrote before (the
     * device tree and the boot arguments at boot) is in it, and a later fence.i need not flush. */
    if (h->bc.arena_used == 0 && h->bus)
        h->bc.host_ptrs = h->bus->host_ptrs;
    block_t *b = block_make(h, pc, at, dec, pcoff, events, n, terminated, global ? h->ctx_g : h->ctx, true,
                            extra_fetch);
    if (!b)
        return NULL;
    block_cache_t *bc = &h->bc;
    b->fetch_pa = pa_first; /* a memory-hierarchy model sees the fetch when the block runs */
    b->fetch_extra = (uint16_t)extra_fetch.count;
    b->code_pa_next = pa_next;
    b->timed = b->timed || b->stall_cycles || h->observe_mem;
    refresh_addends(bc, &h->pmu, b);
    /* jal x0, 0 / c.j 0: found here, at decode, so that running it costs nothing extra */
    b->self_loop = n == 1 && (dec[0].raw == 0x0000006fu || dec[0].raw == 0xa001u);
    bc->self_loops += b->self_loop;
    if (h->debug)
        debug_patch_block(h, b); /* a debugger's breakpoints */
    if (h->tier)
        h->tier->block_built(h, b); /* counted toward translation */

    uint32_t bucket = (uint32_t)(pc >> 1) & bc->mask, vpage = page_bucket(pc >> 12),
             ppage = (uint32_t)(pa_first >> 12) & (BC_PAGE_BUCKETS - 1);
    b->hash_next = bc->table[bucket];
    bc->table[bucket] = b;
    b->page_next = bc->pages[vpage];
    bc->pages[vpage] = b;
    b->ppage_next = bc->ppages[ppage];
    bc->ppages[ppage] = b;
    if (bc->n_filled < BC_FILL_LOG) {
        bc->filled[bc->n_filled][0] = bucket;
        bc->filled[bc->n_filled][1] = vpage;
        bc->filled[bc->n_filled][2] = ppage;
    }
    if (bc->n_filled <= BC_FILL_LOG)
        bc->n_filled++;
    if (pa_next != UINT64_MAX) {
        b->straddle_next = bc->straddlers;
        bc->straddlers = b;
    }
    if (b->ctx >> 2) {
        b->ctx_next = bc->ctx_blocks[b->ctx >> 2];
        bc->ctx_blocks[b->ctx >> 2] = b;
    }
    if (!translated) {
        block_mark_code(h, pc, at);
    } else { /* stores are watched by physical address: the block's page, and the next one's
              * first two bytes when its last instruction straddles the page end */
        uint64_t in_page = PAGE_SIZE - (pc & (PAGE_SIZE - 1));
        block_mark_code(h, pa_first, pa_first + (at - pc < in_page ? at - pc : in_page));
        if (pa_next != UINT64_MAX)
            block_mark_code(h, pa_next, pa_next + 2);
    }
    return b;
}

/* What block b adds to active slot k when the whole block commits: add[0] when it falls through or
 * jumps, add[1] when it leaves through a taken conditional branch. */
static void addends(const pmu_t *p, const block_t *b, unsigned k, uint8_t add[2])
{
    /* A conditional branch always ends its block: its direction is which exit the block takes. */
    evset_t last = b->n_insns ? b->events[b->n_insns - 1] : 0;
    bool ends_in_branch = (last & EVBIT(BRANCH)) != 0;
    /* Dynamic events never occur in the static sets, except those a block presumes
     * (hart_presumes_external): they count like static ones. */
    evset_t all = p->slot[p->active[k]].events;
    evset_t want = all & ~(EVBIT(BR_TAKEN) | EVBIT(BR_NOT_TAKEN));
    uint32_t n = 0;
    for (uint32_t c = 0; c < b->n_classes; c++) /* a few: the distinct event sets of the block */
        n += (b->classes[c].events & want) ? b->classes[c].count : 0;
    /* OR rule: the branch counts once even if its static events matched too. */
    bool branch_counted = ends_in_branch && (last & want);
    add[0] = (uint8_t)(n + (ends_in_branch && !branch_counted && (all & EVBIT(BR_NOT_TAKEN))));
    add[1] = (uint8_t)(n + (ends_in_branch && !branch_counted && (all & EVBIT(BR_TAKEN))));
}

/* Recomputes what block b adds to each active PMU slot (after a PMU configuration change), in
 * arrays grown from the arena when more slots are active than they have room for; false when the
 * arena is full (block_counts_flush then computes the addends as it goes, until the next flush). */
static bool refresh_addends(block_cache_t *bc, const pmu_t *p, block_t *b)
{
    if (p->n_active > b->add_cap) {
        unsigned room = addend_room(p->n_active);
        uint8_t *add = arena_alloc(bc, 2 * room);
        if (!add) {
            b->epoch = 0;
            return false;
        }
        b->add = add;
        b->add_taken = add + room;
        b->add_cap = (uint16_t)room;
    }
    for (unsigned k = 0; k < p->n_active; k++) {
        uint8_t add[2];
        addends(p, b, k, add);
        b->add[k] = add[0];
        b->add_taken[k] = add[1];
    }
    b->n_add = (uint16_t)p->n_active;
    b->epoch = p->epoch;
    return true;
}

void block_counts_flush(void *ctx)
{
    hart_t *h = ctx;
    pmu_t *p = &h->pmu;
    block_t *b = p->pending;
    p->pending = NULL;
    unsigned n = p->n_active;
    while (b) {
        block_t *next = b->pending_next;
        uint64_t taken = b->taken, all = b->execs + 1 + b->timed_execs, other = all - taken;
        if (b->epoch == p->epoch || refresh_addends(&h->bc, p, b)) {
            for (unsigned k = 0; k < n; k++)
                p->acc[k] += other * b->add[k] + taken * b->add_taken[k];
        } else {
            for (unsigned k = 0; k < n; k++) {
                uint8_t add[2];
                addends(p, b, k, add);
                p->acc[k] += other * add[0] + taken * add[1];
            }
        }
        for (unsigned j = 0; j < b->n_amounts; j++) {
            evset_t e = (evset_t)1 << b->amount_ev[j];
            if (!(p->sum_interest & e))
                continue;
            if (b->amount_n[j])
                pmu_add_samples(p, b->amount_ev[j], b->amount[j], (int64_t)(all * b->amount_n[j]));
            else
                pmu_commit_amount(p, e, all * b->amount[j]);
        }
        if (b->timed && h->core_ext && h->core_ext->block_counted)
            h->core_ext->block_counted(h, b);
        b->execs = UINT64_MAX;
        b->taken = b->timed_execs = 0;
        b->pending = 0;
        b->pending_next = NULL;
        b->fetch_gen = 0; /* its lines looked up again: only a pending block is remembered */
        b = next;
    }
}

void block_counts_attach(hart_t *h)
{
    h->pmu.flush = block_counts_flush;
    h->pmu.flush_ctx = h;
}

block_t *block_find(const hart_t *h, uint64_t pc)
{
    const block_cache_t *bc = &h->bc;
    for (block_t *b = bc->table[(uint32_t)(pc >> 1) & bc->mask]; b; b = b->hash_next)
        if (b->pc == pc && (b->ctx == h->ctx || b->ctx == h->ctx_g))
            return b;
    return NULL;
}

/* Block b, suspended by a fence of its context (BLOCK_UNVERIFIED) and found at the hart's pc in
 * its context: true, and live again, when its code still translates to the physical addresses it
 * was built from, with the same global bit (block_build's walks, made in the same order, with the
 * same effects: A bits, TLB entries, superpages noted); false when block_build would now build
 * another block. A core with fetch rules of its own (core_ext fetch_fault) always rebuilds. */
static bool block_revalidate(hart_t *h, block_t *b)
{
    uint64_t pa;
    if ((h->core_ext && h->core_ext->fetch_fault) || !mmu_on(h, h->priv) ||
        !mmu_translate(h, b->pc, MMU_FETCH, h->priv, &pa) || pa != b->fetch_pa)
        return false;
    bool global = fetched_global(h, b->pc, b->code_pa_next);
    if (global != ((b->ctx & ~BLOCK_UNVERIFIED) == h->ctx_g && h->ctx_g != h->ctx))
        return false;
    if (b->code_pa_next != UINT64_MAX) { /* its last instruction's second half, on the next page */
        uint64_t next = ((b->pc >> 12) + 1) << 12;
        if (h->xlen == 32)
            next &= UINT32_MAX;
        if (!mmu_translate(h, next, MMU_FETCH, h->priv, &pa) || pa != b->code_pa_next)
            return false;
    }
    note_super_code(h, b->pc, b->end_pc, global);
    b->ctx &= ~BLOCK_UNVERIFIED;
    return true;
}

block_t *block_at(hart_t *h, uint64_t pc)
{
    block_cache_t *bc = &h->bc;
    for (block_t *b = bc->table[(uint32_t)(pc >> 1) & bc->mask]; b; b = b->hash_next) {
        if (b->pc != pc)
            continue;
        if (b->ctx == h->ctx || b->ctx == h->ctx_g)
            return b;
        if (b->ctx == (h->ctx | BLOCK_UNVERIFIED) || b->ctx == (h->ctx_g | BLOCK_UNVERIFIED)) {
            if (block_revalidate(h, b))
                return b;
            drop_block(bc, b); /* leaves the chain; its hash_next still leads on */
            bc->drops++;
        }
    }
    return block_build(h, pc);
}

/* Block b's first n instructions (0 < n < b->n_insns) as a block of their own, for a timing model
 * that sees a prefix committed without a trap as a block (core_ext_t.prefix_as_block): made once
 * per (b, n) until the next flush, never run nor found by its pc. NULL when the arena is full
 * (b must stay valid: no flush here). */
static const block_t *block_prefix(hart_t *h, const block_t *b, unsigned n)
{
    block_cache_t *bc = &h->bc;
    struct block_prefix_slot *slot =
        &bc->prefixes[((uintptr_t)b >> 4 ^ n * 0x9E3779B9u) % (sizeof bc->prefixes / sizeof bc->prefixes[0])];
    if (slot->of == b && slot->prefix->n_insns == n)
        return slot->prefix;
    decoded_insn_t dec[BLOCK_MAX_INSNS];
    uint16_t pcoff[BLOCK_MAX_INSNS + 1];
    block_decoder_sync(h);
    for (unsigned k = 0; k < n; k++) {
        isa_decode_with(&bc->decoder, b->info[k].raw, &dec[k]);
        pcoff[k] = b->info[k].pcoff;
    }
    pcoff[n] = b->info[n].pcoff;
    block_t *p = block_make(h, b->pc, b->pc + pcoff[n], dec, pcoff, b->events, n, false, BLOCK_DEAD, false,
                            (struct block_class){ 0, 0 });
    if (!p) /* BLOCK_DEAD: found by no lookup */
        return NULL;
    p->priv = b->priv;
    p->fetch_pa = b->fetch_pa;
    p->code_pa_next = UINT64_MAX;
    *slot = (struct block_prefix_slot){ b, p };
    bc->prefixes_used = true;
    return p;
}

void exec_commit_prefix(hart_t *h, const block_t *b, unsigned n, bool trapped)
{
    /* The whole execution these instructions make: b's own, or the prefix's as a block of its
     * own for a model that sees it so (the run goes on at instruction n) */
    const block_t *whole = n == b->n_insns ? b : NULL;
    uint64_t next_pc = 0;
    if (!whole && n && !trapped && b->timed && h->core_ext && h->core_ext->prefix_as_block &&
        (whole = block_prefix(h, b, n)))
        next_pc = b->pc + b->info[n].pcoff;
    pmu_t *p = &h->pmu;
    for (unsigned k = 0; k < p->n_active; k++) {
        evset_t want = p->slot[p->active[k]].events;
        for (unsigned j = 0; j < n; j++)
            p->acc[k] += (b->events[j] & want) != 0;
    }
    h->budget -= n; /* the clocks follow the budget: hart_insns() */
    /* All of a block's instructions committed this way (the last one stopped the run after it)
     * make a whole execution its executions do not count: the static amounts come here. The
     * latencies of presumed occurrences come for the instructions committed, whole or not. */
    for (unsigned j = 0; j < b->n_amounts; j++) {
        unsigned ev = b->amount_ev[j];
        evset_t e = (evset_t)1 << ev;
        if (!(p->sum_interest & e))
            continue;
        if (b->amount_n[j]) {
            int64_t occurred = 0;
            for (unsigned k = 0; k < n; k++)
                occurred += (int64_t)((b->events[k] >> ev) & 1);
            pmu_add_samples(p, ev, b->amount[j], occurred);
        } else if (whole == b) {
            pmu_commit_amount(p, e, b->amount[j]);
        }
    }
    if (whole && whole != b)
        for (unsigned j = 0; j < whole->n_amounts; j++) {
            evset_t e = (evset_t)1 << whole->amount_ev[j];
            if (!whole->amount_n[j] && (p->sum_interest & e))
                pmu_commit_amount(p, e, whole->amount[j]);
        }
    if (h->prof)
        prof_prefix(h, (block_t *)b, n); /* before the block's timing: see prof_prefix */
    if (b->timed && n) {
        if (h->prof)
            h->prof->at_pc = b->pc + b->info[n - 1].pcoff; /* what the timing model commits */
        exec_block_timing(h, next_pc ? whole : b, n, next_pc);
        if (h->prof)
            prof_timed(h); /* the cycles the timing model gave: to the prefix's last instruction */
    }
}

void exec_block_timing(hart_t *h, const block_t *b, unsigned n, uint64_t next_pc)
{
    if (h->retire_fast && n == b->n_insns && next_pc && b->retire_gen == *h->retire_gen &&
        !h->budget_cycles) {
        h->stall_cycles += b->retire_stall[next_pc & 1]; /* what the model left for this case */
        return;
    }
    if (h->observe_mem && !h->observe_core) { /* a core's own model sees the block's end below */
        l1_memo_t *im = h->imemo;
        if (im && n == b->n_insns && b->fetch_gen == im->gen) /* its lines are where it found them */
            for (unsigned k = 0; k < b->fetch_lines; k++)
                cache_touch_age(im->cache, b->fetch_age[k]);
        else
            mem_fetch_block(h, (block_t *)b, n);
    }
    if (h->core_ext && h->core_ext->block_retired)
        h->core_ext->block_retired(h, b, n, next_pc);
    else if (n == b->n_insns)
        h->stall_cycles += b->stall_cycles;
    if (h->budget_cycles) {
        /* the stalls since the budget was set come off it; instructions stay what they are */
        uint64_t s = h->stall_cycles - h->stall_charged;
        h->stall_charged = h->stall_cycles;
        h->budget -= (int64_t)s;
        h->insns_base -= s;
    }
}

void exec_run_prefix(hart_t *h, void (*exec)(hart_t *), uint64_t n)
{
    if (!h->dispatch) { /* blocks hold handler addresses: the executor publishes them first */
        hart_set_budget(h, 0);
        exec(h);
    }
    /* A block longer than n gets a stop patched over its instruction n for this one call. The
     * block's shape, and with it where interrupts are taken, stays what it is in any run. */
    block_t *b = block_at(h, h->pc);
    dinsn_t *cut = NULL;
    const void *saved = NULL;
    uint64_t len = 1; /* fetch fault: the executor takes the trap and returns */
    if (b) {
        len = b->n_insns;
        if (len > n) {
            cut = &b->insn[n];
            saved = cut->handler;
            cut->handler = h->dispatch[OP_BUDGET_STOP];
            len = n;
        }
    }
    uint64_t flushes = h->bc.flushes;
    h->one_block = true;
    hart_set_budget(h, (int64_t)len);
    exec(h);
    h->one_block = false;
    if (cut && flushes == h->bc.flushes) /* else the block is gone with the cache */
        cut->handler = saved;
}
