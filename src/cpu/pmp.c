/* Physical memory protection (privileged spec v1.12, 3.7). Entries are matched from the lowest
 * number up; the first entry that matches any byte of an access decides it, and fails it unless
 * it covers every byte. M-mode is checked only against locked entries; S and U fail when no entry
 * matches. The grain is 4 bytes (G = 0), as on QEMU's virt machine, so NA4 exists. */
#include "cpu/pmp.h"

#include "cpu/csr.h"
#include "cpu/exec.h"
#include "cpu/mmu.h"

#include <stdlib.h>
#include <string.h>

#define CFG_L 0x80u
#define CFG_A 0x18u
#define A_OFF 0u
#define A_TOR 1u
#define A_NA4 2u
#define A_NAPOT 3u

/* The configuration byte of entry i. */
static uint8_t entry_cfg(const hart_t *h, unsigned i)
{
    if (h->xlen == 32)
        return (uint8_t)(h->csr.pmpcfg[i / 4] >> (8 * (i % 4)));
    return (uint8_t)(h->csr.pmpcfg[(i / 8) * 2] >> (8 * (i % 8)));
}

/* The bytes [lo, hi) entry i matches; false when it is off or matches nothing. hi may be 2^64 on
 * RV64 (all ones NAPOT): then *all is set. */
static bool entry_range(const hart_t *h, unsigned i, uint64_t *lo, uint64_t *hi, bool *all)
{
    uint8_t cfg = entry_cfg(h, i);
    uint64_t a = h->csr.pmpaddr[i];
    *all = false;
    switch ((cfg & CFG_A) >> 3) {
    case A_TOR:
        *lo = i ? h->csr.pmpaddr[i - 1] << 2 : 0;
        *hi = a << 2;
        return *lo < *hi;
    case A_NA4:
        *lo = a << 2;
        *hi = *lo + 4;
        return true;
    case A_NAPOT: {
        unsigned t = (unsigned)__builtin_ctzll(~a); /* trailing ones: the size is 2^(t+3) bytes */
        if (t + 3 >= 64) {
            *lo = 0;
            *hi = UINT64_MAX;
            *all = true;
            return true;
        }
        uint64_t size = 1ull << (t + 3);
        *lo = (a << 2) & ~(size - 1);
        *hi = *lo + size;
        return true;
    }
    default: return false;
    }
}

/* The permissions `priv` is granted uniformly over the bytes [first, last], or -1 when an entry's
 * boundary falls inside them: the first entry touching them decides, if it covers them all; with
 * none, the default applies (main RAM's view, ram_view, and a page's, pmp_allows_slow's memo).
 * *decider: that entry's index, or pmp_count for the default. */
static int range_view_by(const hart_t *h, uint64_t first, uint64_t last, enum priv_mode priv,
                         unsigned *decider)
{
    for (unsigned i = 0; i < h->pmp_count; i++) {
        uint64_t lo, hi;
        bool all;
        if (!entry_range(h, i, &lo, &hi, &all))
            continue;
        if (!all && (lo > last || hi <= first))
            continue;
        if (!all && (lo > first || hi <= last))
            return -1;
        uint8_t cfg = entry_cfg(h, i);
        *decider = i;
        return priv == PRIV_M && !(cfg & CFG_L) ? PMP_RWX : cfg & PMP_RWX;
    }
    *decider = h->pmp_count;
    return priv == PRIV_M ? PMP_RWX : 0;
}

static int range_view(const hart_t *h, uint64_t first, uint64_t last, enum priv_mode priv)
{
    unsigned decider;
    return range_view_by(h, first, last, priv, &decider);
}

#define PMP_MEMO_VALID 0x800u

bool pmp_allows_slow(hart_t *h, uint64_t pa, uint64_t size, unsigned perm, enum priv_mode priv)
{
    uint64_t last = pa + size - 1, page = pa & ~0xfffull;
    if (size && (last & ~0xfffull) == page) { /* within one page: its memo, or its view memoized */
        uint64_t *slot = &h->pmp_memo[priv & 3][(pa >> 12) & 15];
        if ((*slot & ~0x7ffull) == (page | PMP_MEMO_VALID))
            return (*slot & perm) == perm;
        int view = range_view(h, page, page + 0xfff, priv);
        if (view >= 0) {
            *slot = page | PMP_MEMO_VALID | (unsigned)view;
            return ((unsigned)view & perm) == perm;
        }
    }
    for (unsigned i = 0; i < h->pmp_count; i++) {
        uint64_t lo, hi;
        bool all;
        if (!entry_range(h, i, &lo, &hi, &all))
            continue;
        bool first_in = all || (pa >= lo && pa < hi), last_in = all || (last >= lo && last < hi);
        bool overlaps = first_in || last_in || (pa < lo && last >= hi);
        if (!overlaps)
            continue;
        if (!first_in || !last_in)
            return false; /* partial match */
        uint8_t cfg = entry_cfg(h, i);
        if (priv == PRIV_M && !(cfg & CFG_L))
            return true;
        return (cfg & perm) == perm;
    }
    return priv == PRIV_M;
}

uint64_t pmp_read_cfg(const hart_t *h, unsigned idx)
{
    return h->csr.pmpcfg[idx]; /* the bytes of unimplemented entries were written as zero */
}

uint64_t pmp_read_addr(const hart_t *h, unsigned idx)
{
    if (h->pmp_count && idx >= h->pmp_count)
        return 0;
    return h->csr.pmpaddr[idx]; /* the grain is 4 bytes: every address reads back as written */
}

/* What the entries decide, entry by entry: an entry that is off decides nothing, whatever its
 * other bits; one that is on, its bits and the range it matches (none: an empty TOR range, which
 * still counts as a locked entry for pmp_m_open). Two states with the same rules grant the same
 * accesses, so a write that leaves them (OpenSBI's probes of the pmpaddr registers, an address
 * written before its entry is turned on) changes nothing pmp_changed would recompute. */
struct pmp_rule {
    uint64_t lo, hi;
    uint8_t cfg; /* 0: off */
    bool all;
};

static void pmp_rules(const hart_t *h, struct pmp_rule *r)
{
    for (unsigned i = 0; i < h->pmp_count && i < 64; i++) {
        r[i] = (struct pmp_rule){ 0, 0, 0, false };
        r[i].cfg = entry_cfg(h, i) & CFG_A ? entry_cfg(h, i) : 0;
        if (r[i].cfg && !entry_range(h, i, &r[i].lo, &r[i].hi, &r[i].all))
            r[i].lo = r[i].hi = 0; /* matches nothing */
    }
}

/* pmp_changed after a write, unless the rules are those `before` (pmp_rules) held. */
static void pmp_written(hart_t *h, const struct pmp_rule *before)
{
    struct pmp_rule after[64];
    pmp_rules(h, after);
    for (unsigned i = 0; i < h->pmp_count && i < 64; i++)
        if (before[i].cfg != after[i].cfg || before[i].lo != after[i].lo || before[i].hi != after[i].hi ||
            before[i].all != after[i].all) { /* an entry that is off: all zero (pmp_rules) */
            pmp_changed(h);
            return;
        }
}

void pmp_write_cfg(hart_t *h, unsigned idx, uint64_t v)
{
    struct pmp_rule before[64];
    pmp_rules(h, before);
    unsigned bytes = h->xlen / 8;
    uint64_t old = h->csr.pmpcfg[idx], n = 0;
    for (unsigned k = 0; k < bytes; k++) {
        unsigned entry = idx * 4 + k; /* RV64: pmpcfg0 holds entries 0-7, pmpcfg2 8-15 */
        uint8_t ob = (uint8_t)(old >> (8 * k)), nb = (uint8_t)(v >> (8 * k));
        if (h->pmp_count && entry >= h->pmp_count)
            nb = 0; /* not implemented: read-only zero */
        else if (ob & CFG_L)
            nb = ob; /* locked entry: writes ignored until reset */
        else
            nb &= 0x9f;        /* bits 6:5 reserved */
        if ((nb & 0x3) == 0x2) /* R=0,W=1 is reserved: drop W */
            nb &= (uint8_t)~0x2;
        n |= (uint64_t)nb << (8 * k);
    }
    h->csr.pmpcfg[idx] = n;
    pmp_written(h, before);
}

void pmp_write_addr(hart_t *h, unsigned idx, uint64_t v)
{
    if (h->pmp_count && idx >= h->pmp_count)
        return;
    /* Locked entries ignore writes, and so does the address below a locked TOR entry (its base). */
    if (entry_cfg(h, idx) & CFG_L)
        return;
    if (h->pmp_count && idx + 1 < h->pmp_count) {
        uint8_t next = entry_cfg(h, idx + 1);
        if ((next & CFG_L) && ((next & CFG_A) >> 3) == A_TOR)
            return;
    }
    struct pmp_rule before[64];
    pmp_rules(h, before);
    h->csr.pmpaddr[idx] = h->xlen == 32 ? v & UINT32_MAX : v & ((1ull << 54) - 1);
    pmp_written(h, before);
}

/* What privilege `priv` is granted uniformly over all of main RAM (0 if it is not uniform): the
 * first entry touching RAM decides, if it covers all of it; with none, the default applies. Also
 * for M-mode with no locked entry: a bound of an entry inside RAM fails the accesses across it. */
static uint8_t ram_view(const hart_t *h, enum priv_mode priv)
{
    int view = range_view(h, h->ram_base, h->ram_base + h->ram_size - 1, priv);
    return view < 0 ? 0 : (uint8_t)view;
}

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

struct pmp_span {
    uint64_t base, size;
    uint8_t perm;
};

/* The longest run of main RAM that `priv` is granted uniformly some permission (hart_t.pmp_span_*):
 * RAM cut at every entry's bounds, each piece's view (uniform: no bound falls inside it),
 * neighbours that one entry decides (or none) joined: an access across a bound between pieces
 * that different entries decide fails, by the lowest one's partial match (3.7.1), even where
 * their permissions are equal. */
static struct pmp_span ram_span(const hart_t *h, enum priv_mode priv)
{
    uint64_t ram_end = h->ram_base + h->ram_size, cut[2 + 2 * 64];
    unsigned n = 0;
    cut[n++] = h->ram_base;
    cut[n++] = ram_end;
    for (unsigned i = 0; i < h->pmp_count && i < 64; i++) {
        uint64_t lo, hi;
        bool all;
        if (!entry_range(h, i, &lo, &hi, &all) || all)
            continue;
        if (lo > h->ram_base && lo < ram_end)
            cut[n++] = lo;
        if (hi > h->ram_base && hi < ram_end)
            cut[n++] = hi;
    }
    qsort(cut, n, sizeof cut[0], compare_u64);
    struct pmp_span best = { 0, 0, 0 }, run = { 0, 0, 0 };
    unsigned run_decider = 0;
    for (unsigned k = 0; k + 1 < n; k++) {
        if (cut[k] == cut[k + 1])
            continue;
        unsigned decider;
        int view = range_view_by(h, cut[k], cut[k + 1] - 1, priv, &decider);
        if (view < 0) /* cannot happen: no bound inside the piece */
            view = 0;
        if (run.size && run.perm == view && run_decider == decider && run.base + run.size == cut[k])
            run.size += cut[k + 1] - cut[k];
        else
            run = (struct pmp_span){ cut[k], cut[k + 1] - cut[k], (uint8_t)view };
        run_decider = decider;
        if (run.perm && run.size > best.size)
            best = run;
    }
    return best;
}

void pmp_changed(hart_t *h)
{
    bool locked = false;
    for (unsigned i = 0; i < h->pmp_count; i++)
        if ((entry_cfg(h, i) & CFG_L) && (entry_cfg(h, i) & CFG_A))
            locked = true;
    h->pmp_m_open = !locked;
    h->pmp_ram[PRIV_U] = ram_view(h, PRIV_U);
    h->pmp_ram[PRIV_S] = ram_view(h, PRIV_S);
    h->pmp_ram[PRIV_M] = ram_view(h, PRIV_M);
    for (unsigned p = 0; p < 4; p++) {
        struct pmp_span span = ram_span(h, (enum priv_mode)p);
        h->pmp_span_base[p] = span.base;
        h->pmp_span_size[p] = span.size;
        h->pmp_span_perm[p] = span.perm;
    }
    memset(h->pmp_memo, 0, sizeof h->pmp_memo);
    block_cache_flush(h); /* blocks were decoded under the old fetch permissions */
    mmu_ftlb_flush(h);    /* and fast-TLB entries under the old data permissions */
    hart_mem_changed(h);
}
