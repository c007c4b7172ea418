/* Virtual memory (privileged spec v1.12, 4.3-4.5): Sv32, Sv39 and Sv48 page-table walks, the A and
 * D bits set by hardware (as QEMU 7.2's virt machine does: no page fault for A = 0 or a store
 * with D = 0), and a direct-mapped software TLB of 4 KiB pages. */
#include "cpu/mmu.h"

#include <string.h>

#include "cpu/csr.h"
#include "cpu/exec.h"
#include "cpu/pmp.h"

static bool page_fault(hart_t *h, enum mmu_access type, uint64_t va)
{
    static const uint64_t cause[] = { 12, 13, 15 };
    h->trap_cause = cause[type];
    h->trap_tval = va;
    return false;
}

static bool access_fault(hart_t *h, enum mmu_access type, uint64_t va)
{
    static const uint64_t cause[] = { CAUSE_FETCH_ACCESS, CAUSE_LOAD_ACCESS, CAUSE_STORE_ACCESS };
    h->trap_cause = cause[type];
    h->trap_tval = va;
    return false;
}

/* Host memory behind a page-table entry, or NULL (not memory). */
static uint8_t *pte_ptr(hart_t *h, uint64_t pa, unsigned size)
{
    if (pa - h->ram_base < h->ram_size && h->ram_size - (pa - h->ram_base) >= size)
        return h->ram + (pa - h->ram_base);
    const bus_region_t *r = bus_find(h->bus, pa, size);
    return r && r->host ? r->host + (pa - r->base) : NULL;
}

static unsigned vpn_bits(const hart_t *h)
{
    return h->xlen == 32 ? 10 : 9;
}

/* The bit of superpage vpn_hi of `level` in hart_t.tlb_spans: a hash of the two. */
static unsigned tlb_span_bit(uint64_t vpn_hi, unsigned level)
{
    return (unsigned)(((vpn_hi << 2 | level) * 0x9e3779b97f4a7c15ull) >> 56);
}

/* Superpage vpn_hi of `level` has pages in tlb[]. */
static void tlb_span_note(hart_t *h, uint64_t vpn_hi, unsigned level)
{
    unsigned bit = tlb_span_bit(vpn_hi, level);
    h->tlb_spans[bit / 64] |= 1ull << (bit % 64);
}

/* May a TLB entry other than vpn's own hold a page of the superpage around virtual page vpn? Every
 * level of the XLEN's modes, not the current one's: the entries of other contexts stay. */
static bool tlb_span_holds(const hart_t *h, uint64_t vpn)
{
    for (unsigned level = 1; level < (h->xlen == 32 ? 2u : 4u); level++) {
        unsigned bit = tlb_span_bit(vpn >> (vpn_bits(h) * level), level);
        if (h->tlb_spans[bit / 64] >> (bit % 64) & 1)
            return true;
    }
    return false;
}

/* The TLB entry of virtual page vpn in the current context: physical page `page`, the leaf
 * PTE's flags, its level (more than 0: a superpage, cached per 4 KiB page). */
static void tlb_set(hart_t *h, uint64_t vpn, uint64_t page, uint8_t flags, unsigned level)
{
    struct tlb_entry *e = &h->tlb[vpn % TLB_ENTRIES];
    mmu_ftlb_drop(h, vpn); /* the fast entries of the index cache what this entry held */
    e->tag = vpn << 1 | 1;
    e->vm_ctx = h->vm_ctx;
    e->ppage = page;
    e->host = page - h->ram_base < h->ram_size && h->ram_size - (page - h->ram_base) >= 0x1000
                  ? h->ram + (page - h->ram_base)
                  : NULL;
    e->flags = flags;
    e->level = (uint8_t)level;
}

static bool walk(hart_t *h, uint64_t va, enum mmu_access type, enum priv_mode priv, uint64_t *pa)
{
    bool sv32 = h->xlen == 32;
    unsigned bits = sv32 ? 10 : 9, pte_size = sv32 ? 4 : 8;
    uint64_t vpn = va >> 12;
    uint64_t table = (h->csr.satp & (sv32 ? 0x3fffffull : (1ull << 44) - 1)) << 12;
    for (int level = (int)h->vm_levels - 1; level >= 0; level--) {
        uint64_t pte_pa = table + ((vpn >> (level * bits)) & ((1u << bits) - 1)) * pte_size;
        /* page-table accesses are checked by PMP as S-mode reads (privileged spec 3.7.1) */
        uint8_t *p = pte_ptr(h, pte_pa, pte_size);
        if (!p || !pmp_allows(h, pte_pa, pte_size, PMP_R, PRIV_S))
            return access_fault(h, type, va);
        uint64_t pte = 0;
        memcpy(&pte, p, pte_size);
        if (!(pte & PTE_V) || (!(pte & PTE_R) && (pte & PTE_W)))
            return page_fault(h, type, va);
        if (!sv32 && (pte >> 54)) /* reserved bits (no Svpbmt, no Svnapot) */
            return page_fault(h, type, va);
        uint64_t ppn = (pte >> 10) & (sv32 ? 0x3fffffull : (1ull << 44) - 1);
        if (!(pte & (PTE_R | PTE_X))) { /* a pointer to the next level */
            /* D, A and U are reserved in a non-leaf PTE (privileged spec 4.3.2, step 4) */
            if (level == 0 || (pte & (PTE_D | PTE_A | PTE_U)))
                return page_fault(h, type, va);
            table = ppn << 12;
            continue;
        }
        uint64_t low = (1ull << (level * bits)) - 1; /* the page numbers a superpage spans */
        if (ppn & low)
            return page_fault(h, type, va); /* misaligned superpage */
        if (!mmu_permitted(h, (unsigned)pte, type, priv))
            return page_fault(h, type, va);
        uint64_t upd = pte | PTE_A | (type == MMU_STORE ? PTE_D : 0);
        if (upd != pte) {
            if (!pmp_allows(h, pte_pa, pte_size, PMP_W, PRIV_S))
                return access_fault(h, type, va);
            memcpy(p, &upd, pte_size);
            mem_amo_stored(h, pte_pa, pte_size); /* code and watched granules see the store */
        }
        uint64_t page = (ppn | (vpn & low)) << 12;
        if (level) { /* its pages fill tlb[] from tlb_super from now on (super_fill) */
            struct tlb_super *s = &h->tlb_super[(vpn >> (level * bits)) % TLB_SUPER];
            *s = (struct tlb_super){ (vpn >> (level * bits)) << 1 | 1, ppn << 12, h->vm_ctx, (uint8_t)upd,
                                     (uint8_t)level };
            tlb_span_note(h, vpn >> (level * bits), (unsigned)level);
        }
        tlb_set(h, vpn, page, (uint8_t)upd, (unsigned)level);
        *pa = page | (va & 0xfff);
        return true;
    }
    return page_fault(h, type, va); /* not reached: level 0 returns */
}

/* A TLB miss in a superpage walked lately (hart_t.tlb_super): its 4 KiB entry filled as walk
 * would fill it, without reading the tables again (the leaf's A bit, and D for a store, already
 * set; a fence or a change of the tables' PMP view empties tlb_super). False: walk. */
static bool super_fill(hart_t *h, uint64_t va, enum mmu_access type, enum priv_mode priv, uint64_t *pa)
{
    unsigned bits = vpn_bits(h);
    uint64_t vpn = va >> 12;
    for (unsigned level = 1; level < h->vm_levels; level++) {
        const struct tlb_super *s = &h->tlb_super[(vpn >> (level * bits)) % TLB_SUPER];
        if (s->tag != ((vpn >> (level * bits)) << 1 | 1) || s->level != level || s->vm_ctx != h->vm_ctx)
            continue;
        if ((type == MMU_STORE && !(s->flags & PTE_D)) || !mmu_permitted(h, s->flags, type, priv))
            return false; /* the walk sets D, or raises the fault */
        uint64_t page = s->ppage | (vpn & ((1ull << (level * bits)) - 1)) << 12;
        tlb_set(h, vpn, page, s->flags, level);
        *pa = page | (va & 0xfff);
        return true;
    }
    return false;
}

bool mmu_translate(hart_t *h, uint64_t va, enum mmu_access type, enum priv_mode priv, uint64_t *pa)
{
    if (h->vm_levels > 2) { /* Sv39/Sv48: the bits above the top one must copy it */
        unsigned shift = 64 - (12 + 9 * h->vm_levels);
        if ((uint64_t)((int64_t)(va << shift) >> shift) != va)
            return page_fault(h, type, va);
    }
    uint64_t vpn = va >> 12;
    const struct tlb_entry *e = &h->tlb[vpn % TLB_ENTRIES];
    if (e->tag == (vpn << 1 | 1) && e->vm_ctx == h->vm_ctx && (type != MMU_STORE || (e->flags & PTE_D))) {
        if (!mmu_permitted(h, e->flags, type, priv))
            return page_fault(h, type, va);
        *pa = e->ppage | (va & 0xfff);
        return true;
    }
    return super_fill(h, va, type, priv, pa) || walk(h, va, type, priv, pa);
}

void mmu_flush_tlb(hart_t *h)
{
    memset(h->tlb, 0, sizeof h->tlb);
    memset(h->tlb_super, 0, sizeof h->tlb_super);
    memset(h->tlb_spans, 0, sizeof h->tlb_spans);
    h->tlb_flushes++;
    mmu_ftlb_flush(h);
}

void mmu_ftlb_flush(hart_t *h)
{
    memset(h->ftlb, 0xff, sizeof h->ftlb); /* no tag is all ones */
}

/* The ASID field of a satp value. */
static uint64_t satp_asid(const hart_t *h, uint64_t satp)
{
    return h->xlen == 32 ? (satp >> 22) & 0x1ff : (satp >> 44) & 0xffff;
}

/* The id of translation context v (a satp value; global: the global pages of satp.MODE v),
 * making one if it is new. */
static unsigned vm_ctx_of(hart_t *h, uint64_t v, bool global)
{
    for (unsigned id = 1; id < h->vm_ctx_n; id++)
        if (h->vm_ctx_satp[id] == v && h->vm_ctx_global[id] == global)
            return id;
    h->vm_ctx_satp[h->vm_ctx_n] = v;
    h->vm_ctx_global[h->vm_ctx_n] = global;
    return h->vm_ctx_n++;
}

void mmu_write_satp(hart_t *h, uint64_t v)
{
    unsigned levels;
    if (h->xlen == 32) {
        levels = (v >> 31) ? 2 : 0;
    } else {
        switch (v >> 60) {
        case 0: levels = 0; break;
        case 8: levels = 3; break;
        case 9: levels = 4; break;
        default: return; /* Sv57 and reserved modes: the write has no effect */
        }
    }
    h->csr.satp = levels ? v : 0;
    h->vm_levels = levels;
    /* Blocks and TLB entries are tagged with the context they were made in: nothing is dropped,
     * and switching back to an address space finds its blocks again. The fast TLB has no tag. */
    if (levels) {
        /* When the table is full every block and translation goes, and it starts again. At the
         * first write no block or TLB entry has a context of the table yet: the blocks stay. */
        unsigned size = sizeof h->vm_ctx_satp / sizeof h->vm_ctx_satp[0];
        if (h->vm_ctx_n == 0 || h->vm_ctx_n + 2 > size) {
            if (h->vm_ctx_n)
                block_cache_flush(h);
            mmu_flush_tlb(h);
            h->vm_ctx_n = 1;
        }
        uint64_t mode = h->xlen == 32 ? v & (1ull << 31) : v & (15ull << 60);
        h->vm_ctx = vm_ctx_of(h, v, false);
        h->vm_gctx = vm_ctx_of(h, mode, true);
    } else {
        h->vm_ctx = h->vm_gctx = 0;
    }
    mmu_ftlb_flush(h);
    h->tlb_flushes++; /* a TLB model (without ASIDs) empties itself at a satp write */
    hart_ctx_update(h);
    hart_mem_changed(h);
}

static bool super_code_at(const hart_t *h, uint64_t vpn, unsigned bits, const bool *ctx_drop);
static void super_code_forget(hart_t *h, const bool *ctx_drop);

void mmu_sfence(hart_t *h, bool one_page, uint64_t va, bool one_asid, uint64_t asid)
{
    /* Which translation contexts the fence is about: all of them, or those of one ASID. */
    bool ctx_drop[sizeof h->vm_ctx_satp / sizeof h->vm_ctx_satp[0]] = { false };
    for (unsigned id = 1; id < h->vm_ctx_n; id++)
        ctx_drop[id] = !one_asid || (!h->vm_ctx_global[id] && satp_asid(h, h->vm_ctx_satp[id]) == asid);
    uint64_t vpn = one_page ? (h->xlen == 32 ? va & UINT32_MAX : va) >> 12 : UINT64_MAX;
    unsigned bits = vpn_bits(h);
    /* TLB entries: of that page and those contexts; an ASID's fence keeps global entries
     * (privileged spec 4.2.1). A superpage is cached per 4 KiB page: every page of the superpage
     * holding va goes, since they all translate through the one leaf PTE the fence is about. A
     * page in no superpage of the TLB (tlb_spans) has no entry but its own. */
    bool superpage = one_page && (super_code_at(h, vpn, bits, ctx_drop) || h->super_code_full);
    bool all_entries = !one_page || tlb_span_holds(h, vpn);
    if (all_entries)
        memset(h->tlb_spans, 0, sizeof h->tlb_spans); /* made again from what stays */
    unsigned first = all_entries ? 0 : (unsigned)(vpn % TLB_ENTRIES);
    unsigned end = all_entries ? TLB_ENTRIES : first + 1;
    for (unsigned k = first; k < end; k++) {
        struct tlb_entry *e = &h->tlb[k];
        if (!(e->tag & 1))
            continue;
        if (e->vm_ctx >= sizeof ctx_drop || !ctx_drop[e->vm_ctx] || (one_asid && (e->flags & PTE_G)) ||
            (one_page && ((e->tag >> 1) ^ vpn) >> (bits * e->level))) {
            if (all_entries && e->level)
                tlb_span_note(h, (e->tag >> 1) >> (bits * e->level), e->level);
            continue;
        }
        superpage |= one_page && e->level;
        e->tag = 0;
    }
    for (unsigned k = 0; k < TLB_SUPER; k++) { /* the superpages walked: as the entries above */
        struct tlb_super *s = &h->tlb_super[k];
        if (!(s->tag & 1))
            continue;
        if (s->vm_ctx < sizeof ctx_drop && ctx_drop[s->vm_ctx] && !(one_asid && (s->flags & PTE_G)) &&
            (!one_page || (vpn >> (bits * s->level)) == s->tag >> 1))
            s->tag = 0;
        else if (all_entries)
            tlb_span_note(h, s->tag >> 1, s->level); /* super_fill may fill tlb[] from it */
    }
    /* The fast TLB holds entries of the current context only (a satp write empties it): a fence of
     * another ASID leaves it as it is, a fence of one page drops the entries of that page's index
     * (with the TLB entry they cache), or all of them for a superpage. */
    bool other_asid = one_asid && h->vm_levels && satp_asid(h, h->csr.satp) != asid;
    if (one_page && !superpage && !other_asid)
        mmu_ftlb_drop(h, vpn);
    else if (!other_asid)
        mmu_ftlb_flush(h);
    h->tlb_flushes++; /* a TLB model empties itself on any fence, as a simple TLB does */
    /* Blocks: those whose code lies in that page, in those contexts (the blocks of global pages
     * have contexts of their own, which an ASID's fence keeps); in a superpage, all of them */
    block_cache_drop_vm(h, superpage ? UINT64_MAX : vpn, ctx_drop);
    if (!one_page || superpage)
        super_code_forget(h, ctx_drop); /* those contexts have no block left */
}

/* The blocks of the contexts ctx_drop names are gone: so are their superpages. */
static void super_code_forget(hart_t *h, const bool *ctx_drop)
{
    unsigned kept = 0;
    for (unsigned i = 0; i < h->n_super_code; i++)
        if (!ctx_drop[h->super_code[i].vm_ctx])
            h->super_code[kept++] = h->super_code[i];
    h->n_super_code = kept;
    if (h->super_code_full) { /* some were not listed: only a fence of every context empties it */
        bool all = true;
        for (unsigned id = 1; id < h->vm_ctx_n; id++)
            all &= ctx_drop[id];
        h->super_code_full = !all;
    }
}

/* Whether a block was built from the superpage holding page vpn in one of the contexts. */
static bool super_code_at(const hart_t *h, uint64_t vpn, unsigned bits, const bool *ctx_drop)
{
    for (unsigned i = 0; i < h->n_super_code; i++) {
        const struct super_code *c = &h->super_code[i];
        if (ctx_drop[c->vm_ctx] && vpn >> (bits * c->level) == c->vpn_hi)
            return true;
    }
    return false;
}

void mmu_note_code_page(hart_t *h, const struct tlb_entry *e, unsigned block_ctx)
{
    if (!e->level || h->super_code_full)
        return;
    uint64_t vpn_hi = (e->tag >> 1) >> (vpn_bits(h) * e->level);
    for (unsigned i = 0; i < h->n_super_code; i++)
        if (h->super_code[i].vpn_hi == vpn_hi && h->super_code[i].vm_ctx == block_ctx &&
            h->super_code[i].level == e->level)
            return;
    if (h->n_super_code == sizeof h->super_code / sizeof h->super_code[0]) {
        h->super_code_full = true;
        return;
    }
    h->super_code[h->n_super_code++] = (struct super_code){ vpn_hi, block_ctx, e->level };
}
