/* The virt machines' optional memory-hierarchy model (docs/machine-virt.md): per hart an L1 I-cache,
 * an L1 D-cache, a unified L2, an I-TLB, a D-TLB and a branch predictor, built from the cache tag
 * model (mem/cache.c). It only counts: the events go to the PMU (SBI cache events), mcycle stays
 * one cycle per instruction. The model sees every load and store through observe_mem (cpu/mem.c
 * calls hier_mem_access, directly for plain RAM accesses: observe_core), and every block's end,
 * with the lines it was fetched from, through the timing hooks.
 *
 * On a machine whose own memory model counts the caches (core_config_t.machine_parts: p8700's
 * coherence manager, machine/machine_cm.c) only the TLBs and the predictor are built here, beside
 * it: the machine hands each access to hier_mem_access, and the PMU model has the events of both. */
#include <stdlib.h>

#include "core/core.h"
#include "core/generic/hierarchy.h"
#include "cpu/exec.h"
#include "cpu/mmu.h"
#include "mem/cache.h"

#define HIER_LINE 64u
#define HIER_L1_WAYS 8u
#define HIER_L2_WAYS 16u
#define HIER_PAGE 4096u

#define DEFAULT_L1I (32u << 10)
#define DEFAULT_L1D (32u << 10)
#define DEFAULT_L2 (512u << 10)
#define DEFAULT_TLB 32u
#define DEFAULT_BP 1024u

/* Where lines were last found (a direct-mapped table by line number): a slot that still holds the
 * line is a hit found with one compare, which touches its LRU position and dirty bit as
 * cache_access would; anything else asks cache_access. */
#define HIER_MEMO 256u
typedef struct hier_level {
    cache_t c;
    bool on;
    uint32_t memo[HIER_MEMO]; /* a slot of c */
} hier_level_t;

typedef struct hier {
    core_config_t cfg; /* resolved */
    hier_level_t l1i, l1d, l2, itlb, dtlb;
    uint64_t tlb_flushes; /* hart_t.tlb_flushes when the TLBs were last emptied */
    uint8_t *bp;          /* 2-bit counters */
    unsigned bp_mask;
    core_pmu_store_t pmu; /* the hart's PMU model (hart_t.pmu_model) for these parts */
    /* Beside a machine's model: the mispredictions translated code counts where they happen
     * (pmu_t.lazy_n[BP_LAZY_MISPREDICT], emit_memo_retire); kind 0 is not used. */
    pmu_lazy_kind_t lazy[PMU_LAZY_KINDS];
} hier_t;

void hier_resolve(const core_config_t *in, core_config_t *out)
{
    unsigned g = in->given;
    *out = *in;
    out->l1i_bytes = (g & CORE_CFG_L1I) ? in->l1i_bytes : DEFAULT_L1I;
    out->l1d_bytes = (g & CORE_CFG_L1D) ? in->l1d_bytes : DEFAULT_L1D;
    out->l2_bytes = (g & CORE_CFG_L2) ? in->l2_bytes : DEFAULT_L2;
    out->itlb_entries = (g & CORE_CFG_ITLB) ? in->itlb_entries : DEFAULT_TLB;
    out->dtlb_entries = (g & CORE_CFG_DTLB) ? in->dtlb_entries : DEFAULT_TLB;
    out->bp_entries = (g & CORE_CFG_BP) ? in->bp_entries : DEFAULT_BP;
    unsigned sizes = CORE_CFG_L1I | CORE_CFG_L1D | CORE_CFG_L2 | CORE_CFG_ITLB | CORE_CFG_DTLB | CORE_CFG_BP;
    /* off by default (on where the machine counts caches of its own); on with caches=on, or when
     * a part's size is given without caches=off */
    out->hierarchy = (g & CORE_CFG_HIERARCHY) ? in->hierarchy : (g & sizes) != 0 || in->machine_parts;
    if (!out->hierarchy)
        out->l1i_bytes = out->l1d_bytes = out->l2_bytes = out->itlb_entries = out->dtlb_entries =
            out->bp_entries = 0;
    if (in->machine_parts & HIER_L1I)
        out->l1i_bytes = 0; /* the machine's */
    if (in->machine_parts & HIER_L1D)
        out->l1d_bytes = 0;
    if (in->machine_parts & HIER_L2)
        out->l2_bytes = 0;
}

/* The parts this model builds itself. */
static unsigned own_parts(const core_config_t *c)
{
    return (c->l1i_bytes ? HIER_L1I : 0) | (c->l1d_bytes ? HIER_L1D : 0) | (c->l2_bytes ? HIER_L2 : 0) |
           (c->itlb_entries ? HIER_ITLB : 0) | (c->dtlb_entries ? HIER_DTLB : 0) |
           (c->bp_entries ? HIER_BP : 0);
}

unsigned hier_parts(const core_config_t *cfg)
{
    core_config_t c;
    hier_resolve(cfg, &c);
    return own_parts(&c) | (c.hierarchy ? c.machine_parts & HIER_PARTS_ALL : 0);
}

static hier_t *st(const hart_t *h)
{
    return h->core_state;
}

static unsigned min_u(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

static bool level_init(hier_level_t *l, uint64_t size, unsigned line, unsigned ways, bool write_back)
{
    l->on = size != 0;
    if (!l->on)
        return true;
    cache_config_t cc = {
        .size = size,
        .line = line,
        .ways = min_u(ways, (unsigned)(size / line)),
        .write_policy = write_back ? CACHE_WRITE_BACK : CACHE_WRITE_THROUGH,
        .write_allocate = true,
    };
    return cache_init(&l->c, &cc);
}

static void level_reset(hier_level_t *l)
{
    if (l->on)
        cache_invalidate_all(&l->c); /* every tag invalid: no memo entry matches */
}

/* One access to the line (page) holding addr: true for a hit. The result of a miss in *r. */
static inline bool level_access(hier_level_t *l, uint64_t addr, bool write, cache_result_t *r)
{
    uint64_t line = addr >> l->c.line_shift;
    uint32_t *m = &l->memo[line % HIER_MEMO];
    if (l->c.tag[*m] == line) {
        cache_touch_slot(&l->c, *m);
        if (write && l->c.cfg.write_policy == CACHE_WRITE_BACK)
            l->c.dirty[*m] = 1;
        return true;
    }
    *r = cache_access(&l->c, addr, write);
    if (r->slot >= 0)
        *m = (uint32_t)r->slot;
    return r->hit;
}

static inline void commit(pmu_t *p, evset_t ev)
{
    if (p->dyn_interest & ev)
        pmu_commit_events(p, ev, 0);
}

/* The L2's side of an L1 miss: the dirty victim written back, then the line read. */
static void l2_access(hart_t *h, uint64_t addr, bool write)
{
    hier_t *s = st(h);
    if (!s->l2.on)
        return;
    cache_result_t r;
    bool hit = level_access(&s->l2, addr, write, &r);
    commit(&h->pmu, write ? EVBIT(L2_WRITE) : EVBIT(L2_READ));
    if (!hit)
        commit(&h->pmu, write ? EVBIT(L2_WRITE_MISS) : EVBIT(L2_READ_MISS));
}

/* An L1's miss: what it wrote back and what it read from the level below. */
static void l1_missed(hart_t *h, const cache_result_t *r, uint64_t line_addr)
{
    if (r->wrote_back)
        l2_access(h, r->writeback_addr, true);
    if (r->filled)
        l2_access(h, line_addr, false);
}

/* The TLBs forget every translation when the hart's TLB does (satp writes, sfence.vma). */
static void tlb_sync(hart_t *h, hier_t *s)
{
    if (s->tlb_flushes == h->tlb_flushes)
        return;
    s->tlb_flushes = h->tlb_flushes;
    level_reset(&s->itlb);
    level_reset(&s->dtlb);
}

static void hier_mem_access(hart_t *h, uint64_t addr, unsigned size, unsigned kind, const bus_region_t *r)
{
    hier_t *s = st(h);
    pmu_t *p = &h->pmu;
    bool write = kind == 1;
    cache_result_t res;
    if (kind == 2)
        return; /* fetches: hier_block_retired */
    if (h->access_translated && s->dtlb.on) {
        tlb_sync(h, s);
        commit(p, write ? EVBIT(DTLB_WRITE) : EVBIT(DTLB_READ));
        if (!level_access(&s->dtlb, h->access_va, false, &res))
            commit(p, write ? EVBIT(DTLB_WRITE_MISS) : EVBIT(DTLB_READ_MISS));
    }
    if ((r && !r->host) || (!s->l1d.on && !s->l2.on))
        return; /* a device: uncached; or the machine's caches */
    for (uint64_t line = addr / HIER_LINE; line <= (addr + size - 1) / HIER_LINE; line++) {
        if (!s->l1d.on) {
            l2_access(h, line * HIER_LINE, write);
            continue;
        }
        commit(p, write ? EVBIT(DCACHE_WRITE) : EVBIT(DCACHE_READ));
        if (!level_access(&s->l1d, line * HIER_LINE, write, &res)) {
            commit(p, write ? EVBIT(DCACHE_WRITE_MISS) : EVBIT(DCACHE_READ_MISS));
            l1_missed(h, &res, line * HIER_LINE);
        }
    }
}

/* What the block's end needs, kept in the block: whether a conditional branch ends it
 * (core_word[0]) and that branch's offset (core_word[1]). */
static void hier_block_built(hart_t *h, block_t *b, const decoded_insn_t *dec, unsigned n)
{
    (void)h, (void)dec;
    b->timed = 1; /* its end goes to hier_block_retired: fetch, I-TLB, predictor */
    b->core_word[0] = n && (b->events[n - 1] & EVBIT(BRANCH)) != 0;
    b->core_word[1] = n ? b->info[n - 1].pcoff : 0;
}

/* The L1I accesses of a block's executed instructions (n of them): one per line. */
static void fetch_lines(hart_t *h, hier_t *s, const block_t *b, unsigned n)
{
    uint64_t size = n == b->n_insns ? b->end_pc - b->pc : b->info[n].pcoff;
    uint64_t pa = b->fetch_pa;
    if (!size || pa - h->ram_base >= h->ram_size)
        return; /* only main RAM is cached */
    cache_result_t res;
    for (uint64_t line = pa / HIER_LINE; line <= (pa + size - 1) / HIER_LINE; line++) {
        commit(&h->pmu, EVBIT(ICACHE_REQ));
        if (!level_access(&s->l1i, line * HIER_LINE, false, &res)) {
            commit(&h->pmu, EVBIT(ICACHE_MISS));
            l1_missed(h, &res, line * HIER_LINE);
        }
    }
}

/* A block ran (its first n instructions): one I-TLB lookup for its page, and the predictor's
 * guess of the conditional branch that ended it. */
static void hier_block_retired(hart_t *h, const block_t *b, unsigned n, uint64_t next_pc)
{
    hier_t *s = st(h);
    pmu_t *p = &h->pmu;
    if (s->l1i.on && n)
        fetch_lines(h, s, b, n);
    if (s->itlb.on && mmu_on(h, (enum priv_mode)b->priv) && n) {
        cache_result_t res;
        tlb_sync(h, s);
        commit(p, EVBIT(ITLB_READ));
        if (!level_access(&s->itlb, b->pc, false, &res))
            commit(p, EVBIT(ITLB_MISS));
    }
    /* The lookup is the branch's own event (hier_decode_events): a branch that committed with
     * no next pc (the run stopped after it) made none. */
    if (s->bp && n == b->n_insns && !next_pc && b->core_word[0] && (p->dyn_interest & EVBIT(BP_LOOKUP)))
        pmu_retract_events(p, EVBIT(BP_LOOKUP), b->events[n - 1]);
    if (s->bp && n == b->n_insns && next_pc && b->core_word[0]) {
        uint64_t pc = b->pc + b->core_word[1];
        uint8_t *ctr = &s->bp[(pc >> 1) & s->bp_mask];
        bool taken = next_pc & 1, predicted = *ctr >= 2;
        if (taken != predicted)
            commit(p, EVBIT(BR_MISPREDICT));
        if (taken && *ctr < 3)
            ++*ctr;
        else if (!taken && *ctr > 0)
            --*ctr;
    }
}

/* A conditional branch looks the predictor up when its block retires (hier_block_retired): a
 * static event of the branch, counted with its block's executions (branch-loads). */
static evset_t hier_decode_events(const decoded_insn_t *d)
{
    switch (d->op) {
    case OP_BEQ:
    case OP_BNE:
    case OP_BLT:
    case OP_BGE:
    case OP_BLTU:
    case OP_BGEU: return EVBIT(BP_LOOKUP);
    default: return 0;
    }
}

static void hier_reset(hart_t *h)
{
    hier_t *s = st(h);
    if (!s)
        return;
    level_reset(&s->l1i);
    level_reset(&s->l1d);
    level_reset(&s->l2);
    level_reset(&s->itlb);
    level_reset(&s->dtlb);
    s->tlb_flushes = h->tlb_flushes;
    for (unsigned k = 0; s->bp && k <= s->bp_mask; k++)
        s->bp[k] = 1; /* weakly not taken */
}

static void hier_destroy(hart_t *h)
{
    hier_t *s = st(h);
    if (!s)
        return;
    cache_free(&s->l1i.c);
    cache_free(&s->l1d.c);
    cache_free(&s->l2.c);
    cache_free(&s->itlb.c);
    cache_free(&s->dtlb.c);
    free(s->bp);
    free(s);
    h->core_state = NULL;
}

const core_ext_t generic_hier_ext = {
    .reset = hier_reset,
    .block_built = hier_block_built,
    .decode_events = hier_decode_events,
    .block_retired = hier_block_retired,
    .mem_access = hier_mem_access,
    .destroy = hier_destroy,
};

/* A machine whose own model counts every part (p8700 without TLBs and predictor): no hooks. */
static const core_ext_t generic_hier_model_only_ext = {
    .destroy = hier_destroy,
};

bool hier_setup(hart_t *h, const core_config_t *cfg)
{
    core_config_t c;
    hier_resolve(cfg, &c);
    if (!c.hierarchy)
        return true; /* the plain virt core: nothing more */
    hier_t *s = calloc(1, sizeof *s);
    if (!s)
        return false;
    s->cfg = c;
    h->core_state = s;
    /* The hart's PMU model lives in s->pmu; when the machine's model counts every part there is,
     * that is all the state holds. */
    h->core_ext = own_parts(&c) ? &generic_hier_ext : &generic_hier_model_only_ext;
    h->pmu_model = pmu_model_generic_for(hier_parts(cfg), &s->pmu);
    if (!h->pmu_model)
        return false;
    if (!own_parts(&c))
        return true;
    if (!level_init(&s->l1i, c.l1i_bytes, HIER_LINE, HIER_L1_WAYS, false) ||
        !level_init(&s->l1d, c.l1d_bytes, HIER_LINE, HIER_L1_WAYS, true) ||
        !level_init(&s->l2, c.l2_bytes, HIER_LINE, HIER_L2_WAYS, true) ||
        !level_init(&s->itlb, (uint64_t)c.itlb_entries * HIER_PAGE, HIER_PAGE, c.itlb_entries, false) ||
        !level_init(&s->dtlb, (uint64_t)c.dtlb_entries * HIER_PAGE, HIER_PAGE, c.dtlb_entries, false))
        return false;
    if (c.bp_entries) {
        s->bp = malloc(c.bp_entries);
        if (!s->bp)
            return false;
        s->bp_mask = c.bp_entries - 1;
    }
    h->observe_mem = true; /* every access comes to hier_mem_access */
    if (c.machine_parts) { /* through the machine's model, which its L1 memos skip: the D-TLB */
        h->memo_hits_to_core = s->dtlb.on; /* still looks up their translated accesses */
        /* the machine's L1I memo sees the fetches; the block's end here is the predictor's update
         * and the I-TLB's lookup: translated code retires a block inline while neither counts */
        h->memo_retire_core = !s->l1i.on;
        /* (not the I-TLB's events: translated code retires inline only untranslated fetches) */
        /* lookups: the branches' own events; mispredictions: lazy_n (MEMO_RETIRE_LAZY) */
        h->memo_retire_events = EVBIT(BR_MISPREDICT);
        s->lazy[BP_LAZY_MISPREDICT] = (pmu_lazy_kind_t){ .events = EVBIT(BR_MISPREDICT) };
        h->lazy_kind = s->lazy;
        h->bp_ctr = s->bp;
        h->bp_mask = s->bp_mask;
    } else
        h->observe_core = true; /* the memory slow path calls it directly for plain RAM accesses */
    hier_reset(h);
    return true;
}
