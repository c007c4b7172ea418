/* The AMD MicroBlaze V core (UG1629; ../shared/reference/microblaze-v.md): its configuration
 * (the Vivado generics the machine options set), its caches and branch target cache built from the
 * memory-hierarchy component (mem/cache.c), and its timing model per pipeline depth. The rules of
 * the timing model are in docs/pmu-microblaze-v.md ("Timing model"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core.h"
#include "core/microblaze_v/mbv.h"
#include "cpu/csr.h"
#include "cpu/exec.h"
#include "cpu/exec_retire.h"
#include "isa/isa.h"
#include "mem/cache.h"
#include "mem/l1_memo.h"

#define MBV_ISA \
    (ISA_EXT_M | ISA_EXT_A | ISA_EXT_C | ISA_EXT_ZICSR | ISA_EXT_ZIFENCEI | ISA_EXT_ZBA | ISA_EXT_ZBB | \
     ISA_EXT_ZBC | ISA_EXT_ZBS)

/* Identity: the sources give no mvendorid/marchid for MicroBlaze V. pmusim reports the JEDEC
 * code of Xilinx (bank 1, 0x49), now AMD's adaptive computing line, and marchid 0
 * (docs/pmu-microblaze-v.md, "Choices"). */
#define MBV_MVENDORID 0x49
#define MBV_MARCHID 0

/* Defaults of the options (docs/pmu-microblaze-v.md, "Configuration"). */
#define DEFAULT_PIPELINE 5
#define DEFAULT_LINE_WORDS 4
#define DEFAULT_MEM_LATENCY 10
#define DEFAULT_IO_LATENCY 4

typedef struct btc_entry {
    uint64_t pc, target;
} btc_entry_t;

typedef struct mbv_state {
    core_config_t cfg; /* every field resolved */
    mbv_counters_t counters;
    pmu_model_t model;
    bool has_icache, has_dcache, timed_blocks;
    cache_t icache, dcache;
    /* The lines the D-cache holds (mem/l1_memo.h), for the hart's memory paths: a load of one is
     * a hit, and any store a write the cache only counts (write-through, no allocation: the
     * memo's writes_free), so while none of the D-cache's events is counted
     * (hart_t.l1d_memo_events) neither needs the model. Direct mapped: no replacement state to keep (no tag model to touch: .cache NULL),
     * every entry names slot 0. */
    l1_memo_t dlines;
    /* With presumed D-cache events, the misses counted where they happen and committed when the
     * counters are next looked at (hart_t.lazy_kind): a write miss (the kind translated code
     * counts: L1_MEMO_WRITE_MISS_KIND) and a read miss. */
    pmu_lazy_kind_t lazy[PMU_LAZY_KINDS];
    btc_entry_t *btc;
    unsigned btc_mask;
    /* The generation of the blocks' fast retirement (hart_t.retire_gen): moves at every I-cache
     * fill and at reset, the only changes of what a block's retirement costs. */
    uint64_t retire_gen;
    unsigned dfill; /* cycles of a D-cache line fill */
    /* pipeline rules */
    unsigned load_ready, mul_ready, mul_ex, div_ex, branch_penalty, jump_penalty, stages;
} mbv_state_t;

static void resolve(const core_config_t *in, core_config_t *out)
{
    *out = (core_config_t){
        .event_counters = MBV_DEFAULT_EVENT_COUNTERS,
        .latency_counters = MBV_DEFAULT_LATENCY_COUNTERS,
        .use_counters = true,
        .cache_line_words = DEFAULT_LINE_WORDS,
        .pipeline = DEFAULT_PIPELINE,
        .mem_latency = DEFAULT_MEM_LATENCY,
        .io_latency = DEFAULT_IO_LATENCY,
    };
    unsigned g = in->given;
    if (g & CORE_CFG_EVENT_COUNTERS)
        out->event_counters = in->event_counters;
    if (g & CORE_CFG_LATENCY_COUNTERS)
        out->latency_counters = in->latency_counters;
    if (g & CORE_CFG_USE_COUNTERS)
        out->use_counters = in->use_counters;
    if (g & CORE_CFG_ICACHE)
        out->icache_bytes = in->icache_bytes;
    if (g & CORE_CFG_DCACHE)
        out->dcache_bytes = in->dcache_bytes;
    if (g & CORE_CFG_CACHE_LINE)
        out->cache_line_words = in->cache_line_words;
    if (g & CORE_CFG_FPU)
        out->fpu = in->fpu;
    if (g & CORE_CFG_PIPELINE)
        out->pipeline = in->pipeline;
    if (g & CORE_CFG_SMODE)
        out->smode = in->smode;
    if (g & CORE_CFG_BTC)
        out->btc_entries = in->btc_entries;
    if (g & CORE_CFG_MEM_LATENCY)
        out->mem_latency = in->mem_latency;
    if (g & CORE_CFG_IO_LATENCY)
        out->io_latency = in->io_latency;
    /* timing: on by default when a cache or the BTC is configured */
    out->timing =
        (g & CORE_CFG_TIMING) ? in->timing : (out->icache_bytes || out->dcache_bytes || out->btc_entries);
}

static const char *mbv_check_config(const core_config_t *in, char *buf, size_t size)
{
    core_config_t c;
    resolve(in, &c);
    unsigned n = c.event_counters + 2 * c.latency_counters;
    if (n > MBV_MAX_HPM) {
        snprintf(buf, size,
                 "event-counters + 2 x latency-counters = %u + 2 x %u = %u, but MicroBlaze V has at most 29 "
                 "HPM counters (mhpmcounter3-31)",
                 c.event_counters, c.latency_counters, n);
        return buf;
    }
    return NULL;
}

enum { WRITE_MISS = L1_MEMO_WRITE_MISS_KIND, READ_MISS = 1 }; /* mbv_state_t.lazy */
/* block_t.core_count: a block's BTC outcomes that count an event (btc_resolve) */
enum { BTC_RIGHT_TARGET, BTC_WRONG_TARGET, BTC_PREDICTED_NOT_TAKEN };

static mbv_state_t *st(const hart_t *h)
{
    return h->core_state;
}

static bool in_main_ram(const hart_t *h, uint64_t addr)
{
    return addr - h->ram_base < h->ram_size;
}

/* ---- the timing model ---- */

/* Decode time: the static stalls of a block, by the scoreboard of docs/pmu-microblaze-v.md: an
 * instruction issues when its source registers are ready; a load's result is ready load_ready
 * cycles after it issues, a multiply's mul_ready after its execute stage, others' the next cycle. */
static void mbv_block_built(hart_t *h, block_t *b, const decoded_insn_t *dec, unsigned n)
{
    const mbv_state_t *s = st(h);
    b->n_amounts = 0;
    /* Each store that presumes its write (hart_t.store_presumed) presumes its latency too: a
     * write-through store always writes memory. Counted with the block's executions; a store
     * outside the cached memory takes its sample back (mbv_data_access). */
    if (s->has_dcache)
        block_add_samples(b, EV_LAT_DCACHE_WRITE, (uint32_t)s->dcache.cfg.write_cycles);
    if (!s->timed_blocks)
        return;
    b->timed = 1;
    if (!s->cfg.timing)
        return;
    uint64_t ready[33] = { 0 }, t = 0;
    uint32_t of = 0, ex = 0;
    for (unsigned k = 0; k < n; k++) {
        const decoded_insn_t *d = &dec[k];
        evset_t e = b->events[k];
        bool uimm = d->op == OP_CSRRWI || d->op == OP_CSRRSI || d->op == OP_CSRRCI;
        uint64_t need = uimm ? 0 : ready[d->rs1];
        if (ready[d->rs2] > need)
            need = ready[d->rs2];
        if (need > t) {
            of += (uint32_t)(need - t);
            t = need;
        }
        unsigned busy = (e & EVBIT(DIV)) ? s->div_ex : (e & EVBIT(MUL)) ? s->mul_ex : 0;
        ex += busy;
        uint64_t done = (e & (EVBIT(LOAD) | EVBIT(ATOMIC))) ? t + s->load_ready
                        : (e & EVBIT(MUL))                  ? t + busy + s->mul_ready
                                                            : t + busy + 1;
        if (d->rd && d->rd < 32)
            ready[d->rd] = done;
        t += 1 + busy;
    }
    b->core_word[0] = of;
    b->core_word[1] = ex;
    b->stall_cycles = of + ex;
    /* the same at every whole execution: counted with the block's executions */
    block_add_amount(b, EV_STALL_OF, of);
    block_add_amount(b, EV_STALL_EX, ex);
}

/* The branch target cache: a taken branch or jump found with its target costs nothing; anything
 * else that changes the flow costs the pipeline's penalty. Returns the penalty. */
static inline __attribute__((always_inline)) unsigned btc_lookup(mbv_state_t *s, const block_t *b,
                                                                 unsigned last, evset_t ev, uint64_t next_pc,
                                                                 evset_t *happened, unsigned *outcome)
{
    bool cond = (ev & EVBIT(BRANCH)) != 0;
    bool taken = !cond || (next_pc & 1);
    next_pc &= ~(uint64_t)1;
    unsigned penalty = cond || (ev & EVBIT(JALR)) ? s->branch_penalty : s->jump_penalty;
    uint64_t pc = b->pc + b->info[last].pcoff;
    btc_entry_t *e = &s->btc[(pc >> 1) & s->btc_mask];
    bool hit = e->pc == pc;
    unsigned cost = 0;
    *happened = 0;
    *outcome = 0; /* block_t.core_count: the index of what happened */
    if (taken) {
        if (hit) {
            *happened = EVBIT(BTC_HIT);
            *outcome = BTC_RIGHT_TARGET;
        }
        if (!hit || e->target != next_pc) {
            if (hit) {
                *happened = EVBIT(BTC_HIT) | EVBIT(BTC_MISPREDICT);
                *outcome = BTC_WRONG_TARGET;
            }
            cost = penalty;
        }
        *e = (btc_entry_t){ pc, next_pc };
    } else if (hit) {
        *happened = EVBIT(BTC_HIT) | EVBIT(BTC_MISPREDICT); /* predicted taken */
        *outcome = BTC_PREDICTED_NOT_TAKEN;
        e->pc = UINT64_MAX;
        cost = penalty;
    }
    return cost;
}

static unsigned btc_resolve(hart_t *h, const block_t *b, unsigned last, uint64_t next_pc)
{
    mbv_state_t *s = st(h);
    evset_t ev = b->events[last];
    bool cond = (ev & EVBIT(BRANCH)) != 0;
    bool taken = !cond || (next_pc & 1);
    if (!s->btc) {
        unsigned penalty = cond || (ev & EVBIT(JALR)) ? s->branch_penalty : s->jump_penalty;
        return taken ? penalty : 0;
    }
    evset_t happened;
    unsigned outcome;
    unsigned cost = btc_lookup(s, b, last, ev, next_pc, &happened, &outcome);
    if (!(happened & h->pmu.dyn_interest))
        return cost;
    if (h->pmu.observe) /* a profile: each event attributed as it happens */
        pmu_commit_events(&h->pmu, happened,
                          ev | (cond ? (taken ? EVBIT(BR_TAKEN) : EVBIT(BR_NOT_TAKEN)) : 0));
    else /* the same instruction, events and direction at every execution: counted in the block */
        ((block_t *)b)->core_count[outcome]++;
    return cost;
}

/* The BTC outcomes counted in block b since it was last folded in (btc_resolve), committed as
 * btc_resolve would have committed each: with the events of the block's last instruction and its
 * direction (OR rule). */
static void mbv_block_counted(hart_t *h, block_t *b)
{
    uint64_t *n = b->core_count;
    if (!(n[BTC_RIGHT_TARGET] | n[BTC_WRONG_TARGET] | n[BTC_PREDICTED_NOT_TAKEN]))
        return;
    evset_t ev = b->events[b->n_insns - 1];
    bool cond = (ev & EVBIT(BRANCH)) != 0;
    evset_t taken = ev | (cond ? EVBIT(BR_TAKEN) : 0), mispredict = EVBIT(BTC_HIT) | EVBIT(BTC_MISPREDICT);
    pmu_t *p = &h->pmu;
    if (n[BTC_RIGHT_TARGET])
        pmu_commit_events_after_n(p, EVBIT(BTC_HIT), taken, n[BTC_RIGHT_TARGET]);
    if (n[BTC_WRONG_TARGET])
        pmu_commit_events_after_n(p, mispredict, taken, n[BTC_WRONG_TARGET]);
    if (n[BTC_PREDICTED_NOT_TAKEN])
        pmu_commit_events_after_n(p, mispredict, ev | EVBIT(BR_NOT_TAKEN), n[BTC_PREDICTED_NOT_TAKEN]);
    memset(b->core_count, 0, sizeof b->core_count);
}

/* After a whole execution of b that went on to a pc (not a trap): what the next ones cost,
 * while nothing changes (hart_t.retire_gen), when that is fixed: its lines still in the I-cache
 * (core_word[2] holds: every fetch a hit, no event of the model's counted) and its end not
 * looked up in a BTC. Then it is the static stalls plus the penalty of the way the block
 * leaves (block_t.retire_stall: [1] a conditional branch taken). */
static void retire_memo(hart_t *h, block_t *b, evset_t flow)
{
    mbv_state_t *s = st(h);
    b->retire_gen = 0;
    if (s->btc && flow)
        return;
    if (s->has_icache && in_main_ram(h, b->pc) && b->core_word[2] != (uint32_t)s->icache.fills + 1)
        return;
    uint32_t stall = s->cfg.timing ? b->stall_cycles : 0, taken = 0, other = 0;
    if (flow & EVBIT(BRANCH))
        taken = s->branch_penalty;
    else if (flow & EVBIT(JALR))
        taken = other = s->branch_penalty;
    else if (flow & EVBIT(JAL))
        taken = other = s->jump_penalty;
    if (!s->cfg.timing)
        taken = other = 0;
    b->retire_stall[0] = stall + other;
    b->retire_stall[1] = stall + taken;
    b->retire_gen = s->retire_gen;
}

/* The I-cache of the first n instructions of block b (in main RAM): each line looked up, the
 * requests and hits committed. Returns the stall cycles of the misses. Apart from the hot path:
 * a whole block whose lines are all present and whose events need no commit skips it
 * (mbv_block_retired). */
static __attribute__((noinline)) uint64_t icache_fetch(hart_t *h, const block_t *b, unsigned n)
{
    mbv_state_t *s = st(h);
    pmu_t *p = &h->pmu;
    bool whole = n == b->n_insns;
    uint64_t extra = 0;
    /* One request per instruction; the first fetch from each line looks the line up. In a
     * direct-mapped cache only fills evict: a whole block whose lines were all present
     * when the cache had made `fills` fills still hits while that number is the same
     * (core_word[2] = fills + 1; never set for a block as large as half the cache). */
    uint64_t misses = 0;
    uint32_t fills = (uint32_t)s->icache.fills + 1;
    if (!whole || ((block_t *)b)->core_word[2] != fills) {
        uint64_t end = b->pc + (whole ? b->end_pc - b->pc : b->info[n].pcoff);
        unsigned shift = s->icache.line_shift;
        for (uint64_t line = b->pc >> shift; line <= (end - 1) >> shift; line++) {
            cache_result_t r = cache_access(&s->icache, line << shift, false);
            if (!r.hit) {
                s->retire_gen++;
                misses++;
                extra += r.cycles;
                pmu_latency(p, EVBIT(LAT_ICACHE_READ), r.fill_latency);
            }
        }
        if (whole && end - b->pc <= s->icache.cfg.size / 2) /* its lines cannot evict each other */
            ((block_t *)b)->core_word[2] = (uint32_t)s->icache.fills + 1;
    }
    if (b->events[0] & EVBIT(ICACHE_REQ)) { /* presumed (hart_presumes_fetch): a miss has no hit */
        if (misses && (p->dyn_interest & EVBIT(ICACHE_HIT)))
            pmu_retract_events_n(p, EVBIT(ICACHE_HIT), EVBIT(ICACHE_REQ) | EVBIT(ICACHE_HIT), misses);
    } else if (p->dyn_interest & (EVBIT(ICACHE_REQ) | EVBIT(ICACHE_HIT))) {
        pmu_commit_events_n(p, EVBIT(ICACHE_REQ) | EVBIT(ICACHE_HIT), n - misses);
        pmu_commit_events_n(p, EVBIT(ICACHE_REQ), misses);
    }
    return extra;
}

/* Whether a whole execution of block b (in main RAM) has nothing for the I-cache to do: its lines
 * all present (core_word[2], icache_fetch) and its requests and hits presumed or not counted. */
static inline bool icache_quiet(const hart_t *h, const mbv_state_t *s, const block_t *b)
{
    return b->core_word[2] == (uint32_t)s->icache.fills + 1 &&
           ((b->events[0] & EVBIT(ICACHE_REQ)) ||
            !(h->pmu.dyn_interest & (EVBIT(ICACHE_REQ) | EVBIT(ICACHE_HIT))));
}

static __attribute__((noinline)) void mbv_block_retired(hart_t *h, const block_t *b, unsigned n,
                                                        uint64_t next_pc)
{
    mbv_state_t *s = st(h);
    uint64_t extra = 0;
    bool whole = n == b->n_insns;
    if (s->cfg.timing && whole) /* its stall events are counted with its executions (block_t.amount) */
        extra += b->stall_cycles;
    if (s->has_icache && in_main_ram(h, b->pc) && (!whole || !icache_quiet(h, s, b)))
        extra += icache_fetch(h, b, n);
    evset_t flow = b->events[n - 1] & (EVBIT(BRANCH) | EVBIT(JAL) | EVBIT(JALR));
    if (whole && next_pc && flow)
        extra += btc_resolve(h, b, n - 1, next_pc);
    if (s->cfg.timing)
        h->stall_cycles += extra;
    if (whole && next_pc)
        retire_memo(h, (block_t *)b, flow);
}

/* Translated code retires all of block b (core_ext.retire_translated): what jit/jit.c's own call
 * does (exec_retire_block, then the fast retirement or the model as exec_block_timing makes
 * them), without exec_block_timing's general steps while nothing needs them (no memory model
 * sees the fetches, no cycle budget runs). Most calls are blocks that end in a branch or jump
 * with a BTC: the fast retirement never holds for them (retire_memo). No retire_hint: hint is
 * UINT32_MAX. */
static void mbv_retire_translated(hart_t *h, block_t *b, uint32_t taken, uint64_t next_pc, uint32_t hint)
{
    (void)hint;
    exec_retire_block(h, b, taken != 0);
    if (__builtin_expect(h->observe_mem | h->budget_cycles, 0)) {
        exec_block_timing(h, b, b->n_insns, next_pc);
        return;
    }
    /* Most calls: a block that ends in a branch or jump with a BTC, its lines present and its
     * I-cache events presumed or not counted, no profile: mbv_block_retired's steps without its
     * calls (btc_resolve's outcome counted in the block). Tested first: such a block never has a
     * fast retirement (its retire_gen stays 0, and the model's generation is never 0 after the
     * reset). */
    mbv_state_t *s = st(h);
    unsigned last = b->n_insns - 1;
    evset_t ev = b->events[last];
    if (s->btc && next_pc && (ev & (EVBIT(BRANCH) | EVBIT(JAL) | EVBIT(JALR))) && !h->pmu.observe &&
        (!s->has_icache || !in_main_ram(h, b->pc) || icache_quiet(h, s, b))) {
        evset_t happened;
        unsigned outcome;
        unsigned cost = btc_lookup(s, b, last, ev, next_pc, &happened, &outcome);
        if (happened & h->pmu.dyn_interest)
            b->core_count[outcome]++;
        if (s->cfg.timing)
            h->stall_cycles += b->stall_cycles + cost;
        b->retire_gen = 0; /* retire_memo: never for a block that looks its end up in the BTC */
        return;
    }
    if (h->retire_fast && next_pc && b->retire_gen == *h->retire_gen) {
        h->stall_cycles += b->retire_stall[next_pc & 1]; /* what the model left for this case */
        return;
    }
    mbv_block_retired(h, b, b->n_insns, next_pc);
}

static void mem_stall(hart_t *h, uint64_t cycles)
{
    if (!cycles || !st(h)->cfg.timing)
        return;
    h->stall_cycles += cycles;
    if (h->pmu.sum_interest & EVBIT(STALL_MEM))
        pmu_commit_amount(&h->pmu, EVBIT(STALL_MEM), cycles);
}

static void mbv_data_access(hart_t *h, const bus_region_t *r, uint64_t addr, unsigned size, bool store)
{
    (void)size;
    mbv_state_t *s = st(h);
    pmu_t *p = &h->pmu;
    /* The access's instruction presumed a D-cache access that hits (hart_t.load_presumed): the
     * model takes back what it did not have. */
    evset_t presumed = h->prof ? 0 : store ? h->store_presumed : h->load_presumed;
    if (r->host && r->host == h->ram) {
        if (!h->slow_mem)
            return;           /* timing off, no D-cache: external memory is not modelled (the inline path) */
        if (!s->has_dcache) { /* uncached: the peripheral AXI port */
            pmu_latency(p, store ? EVBIT(LAT_PERIPH_WRITE) : EVBIT(LAT_PERIPH_READ), s->cfg.mem_latency);
            mem_stall(h, s->cfg.mem_latency);
            return;
        }
        /* Direct mapped, write-through, no write allocation: a hit is the one tag that matches,
         * changes nothing and costs nothing; a write never changes the tags and is posted (a
         * write buffer): only a read miss fills and stalls. What cache_access would do, without
         * its general path for the accesses that are most of a run. */
        cache_t *c = &s->dcache;
        uint64_t line = addr >> c->line_shift;
        bool hit = c->tag[line & c->set_mask] == line;
        if (store) { /* presumed: the write, its hit and its latency (the block's samples) */
            evset_t ev = EVBIT(DCACHE_WRITE) | (hit ? EVBIT(DCACHE_WRITE_HIT) : 0);
            if (presumed) {
                p->lazy_n[WRITE_MISS] += !hit;
                return;
            }
            if (p->dyn_interest & ev)
                pmu_commit_events(p, ev, 0);
            if ((p->dyn_interest | p->sum_interest) & EVBIT(LAT_DCACHE_WRITE))
                pmu_latency(p, EVBIT(LAT_DCACHE_WRITE), c->cfg.write_cycles);
            return;
        }
        if (hit) {
            if (!presumed && (p->dyn_interest & (EVBIT(DCACHE_READ) | EVBIT(DCACHE_READ_HIT))))
                pmu_commit_events(p, EVBIT(DCACHE_READ) | EVBIT(DCACHE_READ_HIT), 0);
            return;
        }
        /* a read miss: the line replaces the one in its set (cache_access's fill, with no next
         * level and no write: s->dfill cycles) */
        uint64_t *slot = &c->tag[line & c->set_mask], evicted = *slot;
        *slot = line;
        c->fills++;
        if (evicted != UINT64_MAX)
            l1_memo_set(&s->dlines, evicted, -1, false);
        l1_memo_set(&s->dlines, line, 0, true);
        if (presumed) { /* its hit taken back, its latency and stall: s->lazy[READ_MISS] */
            p->lazy_n[READ_MISS]++;
            if (s->cfg.timing)
                h->stall_cycles += s->dfill;
            return;
        }
        if (p->dyn_interest & EVBIT(DCACHE_READ))
            pmu_commit_events(p, EVBIT(DCACHE_READ), 0);
        if ((p->dyn_interest | p->sum_interest) & EVBIT(LAT_DCACHE_READ))
            pmu_latency(p, EVBIT(LAT_DCACHE_READ), s->dfill);
        mem_stall(h, s->dfill);
        return;
    }
    if (presumed & p->dyn_interest) /* LMB or a device: not a D-cache access */
        pmu_retract_events(p, presumed, presumed);
    if (presumed & EVBIT(LAT_DCACHE_WRITE)) /* nor its write latency */
        pmu_add_samples(p, EV_LAT_DCACHE_WRITE, (uint32_t)s->dcache.cfg.write_cycles, -1);
    if (!r->host) {
        pmu_latency(p, store ? EVBIT(LAT_PERIPH_WRITE) : EVBIT(LAT_PERIPH_READ), s->cfg.io_latency);
        mem_stall(h, s->cfg.io_latency);
    }
    /* LMB (local memory): one cycle, no stall, no event */
}

static void mbv_irq_taken(hart_t *h, unsigned irq)
{
    if (irq >= 16)
        return;
    /* From the line rising to the handler's first instruction: the cycles it waited, plus the
     * pipeline refilling from the vector. */
    uint64_t waited = hart_cycle(h) - h->irq_rise[irq];
    pmu_latency(&h->pmu, EVBIT(LAT_IRQ), waited + st(h)->stages);
}

static bool mbv_csr_absent(const hart_t *h, unsigned csr)
{
    if (st(h)->cfg.use_counters)
        return false;
    switch (csr) { /* C_USE_COUNTERS = 0: no Zicntr */
    case CSR_MCYCLE:
    case CSR_MINSTRET:
    case CSR_MCYCLEH:
    case CSR_MCYCLEH + 2:
    case CSR_CYCLE:
    case CSR_INSTRET:
    case CSR_CYCLEH:
    case CSR_CYCLEH + 2: return true;
    default: return false;
    }
}

static void mbv_reset(hart_t *h)
{
    mbv_state_t *s = st(h);
    if (!s)
        return;
    if (s->has_icache)
        cache_invalidate_all(&s->icache);
    if (s->has_dcache)
        cache_invalidate_all(&s->dcache);
    l1_memo_clear(&s->dlines);
    s->retire_gen++;
    if (s->btc)
        for (unsigned k = 0; k <= s->btc_mask; k++)
            s->btc[k].pc = UINT64_MAX;
}

static void mbv_destroy(hart_t *h)
{
    mbv_state_t *s = st(h);
    cache_free(&s->icache);
    cache_free(&s->dcache);
    free(s->btc);
}

static const core_ext_t mbv_ext = {
    .reset = mbv_reset,
    .block_built = mbv_block_built,
    .block_retired = mbv_block_retired,
    .retire_translated = mbv_retire_translated,
    .block_counted = mbv_block_counted,
    .data_access = mbv_data_access,
    .irq_taken = mbv_irq_taken,
    .csr_absent = mbv_csr_absent,
    .destroy = mbv_destroy,
};

static bool make_cache(cache_t *c, uint64_t size, const core_config_t *cfg, unsigned word_bytes)
{
    cache_config_t cc = {
        .size = size,
        .line = cfg->cache_line_words * 4,
        .ways = 1, /* MicroBlaze V caches are direct mapped */
        .write_policy = CACHE_WRITE_THROUGH,
        .write_allocate = false,
        .hit_cycles = 0,
        .fill_cycles = cfg->mem_latency,
        .word_bytes = word_bytes,
        .write_cycles = cfg->mem_latency,
    };
    return cache_init(c, &cc);
}

static bool mbv_setup(hart_t *h, const core_config_t *cfg)
{
    mbv_state_t *s = calloc(1, sizeof *s);
    if (!s)
        return false;
    h->core_state = s;
    resolve(cfg, &s->cfg);
    s->counters = (mbv_counters_t){ s->cfg.event_counters, s->cfg.latency_counters };
    mbv_model_init(&s->model, &s->counters);
    h->pmu_model = &s->model;
    if (s->cfg.fpu) /* the FPU: single precision, and double precision on the 64-bit core */
        h->isa |= ISA_EXT_F | (h->xlen == 64 ? ISA_EXT_D : 0);
    if (s->cfg.smode) {
        h->isa |= ISA_EXT_S | ISA_EXT_U;
        h->irq_mask |= (1ull << IRQ_SSI) | (1ull << IRQ_STI) | (1ull << IRQ_SEI);
    }
    unsigned word = h->xlen / 8;
    if (s->cfg.icache_bytes && !(s->has_icache = make_cache(&s->icache, s->cfg.icache_bytes, &s->cfg, word)))
        return false;
    if (s->cfg.dcache_bytes && !(s->has_dcache = make_cache(&s->dcache, s->cfg.dcache_bytes, &s->cfg, word)))
        return false;
    if (s->cfg.btc_entries) {
        s->btc = malloc(s->cfg.btc_entries * sizeof *s->btc);
        if (!s->btc)
            return false;
        s->btc_mask = s->cfg.btc_entries - 1;
    }
    /* Pipeline rules (docs/pmu-microblaze-v.md, "Timing model"). */
    switch (s->cfg.pipeline) {
    case 3:
        s->load_ready = 1, s->mul_ready = 1, s->mul_ex = 2, s->branch_penalty = 1, s->jump_penalty = 1;
        break;
    case 8:
        s->load_ready = 4, s->mul_ready = 3, s->mul_ex = 0, s->branch_penalty = 4, s->jump_penalty = 2;
        break;
    default:
        s->load_ready = 2, s->mul_ready = 2, s->mul_ex = 0, s->branch_penalty = 2, s->jump_penalty = 1;
        break;
    }
    s->div_ex = 32;
    s->stages = s->cfg.pipeline;
    if (s->has_dcache && !s->cfg.smode) {
        /* Loads and stores presume a D-cache hit, made inline with the memo's hits. Not with
         * S-mode: a misaligned access across two pages is made (and seen here) byte by byte. */
        h->load_presumed = EVBIT(DCACHE_READ) | EVBIT(DCACHE_READ_HIT);
        h->store_presumed = EVBIT(DCACHE_WRITE) | EVBIT(DCACHE_WRITE_HIT) | EVBIT(LAT_DCACHE_WRITE);
        h->l1d_write_events = EVBIT(DCACHE_WRITE_HIT); /* a miss takes its hit back */
    }
    if (s->has_dcache) {
        s->dlines = (l1_memo_t){ .cache = NULL,
                                 .line_shift = s->dcache.line_shift,
                                 .writes_free = true,
                                 .complete = s->dcache.set_mask < L1_MEMO_ENTRIES,
                                 /* translated code's hits: main RAM only */
                                 .fast_lo = h->ram_base,
                                 .fast_hi = h->ram_base + h->ram_size };
        l1_memo_clear(&s->dlines);
        h->l1d_memo = &s->dlines;
        unsigned beats = (unsigned)(s->dcache.cfg.line / word);
        s->dfill = s->cfg.mem_latency + (beats ? beats - 1 : 0); /* the first beat, then one a cycle */
        h->l1d_memo_events = EVBIT(DCACHE_READ_HIT) | EVBIT(DCACHE_WRITE_HIT) | EVBIT(LAT_DCACHE_WRITE);
        if (h->load_presumed) {
            s->lazy[WRITE_MISS] =
                (pmu_lazy_kind_t){ .dropped = EVBIT(DCACHE_WRITE_HIT), .had = h->store_presumed };
            s->lazy[READ_MISS] = (pmu_lazy_kind_t){
                .dropped = EVBIT(DCACHE_READ_HIT),
                .had = h->load_presumed,
                .events = EVBIT(LAT_DCACHE_READ), /* the line fill: its latency, a memory-stage stall */
                .sample_ev = EV_LAT_DCACHE_READ,
                .sample = s->dfill,
                .amount_ev = s->cfg.timing ? EVBIT(STALL_MEM) : 0,
                .amount = s->dfill,
            };
            h->lazy_kind = s->lazy;
        }
    }
    s->timed_blocks = s->has_icache || s->btc || s->cfg.timing;
    h->retire_gen = &s->retire_gen;
    /* Nothing the model counts at a block's end stops its fast retirement: the I-cache requests
     * and hits are presumed by the blocks (a fast retirement has no miss), the OF and EX stalls
     * are the blocks' amounts, and a block whose end is looked up in the BTC never retires fast
     * (retire_memo). */
    h->retire_events = 0;
    if (s->has_icache)
        h->fetch_presumed = EVBIT(ICACHE_REQ) | EVBIT(ICACHE_HIT);
    h->slow_mem = s->has_dcache || s->cfg.timing;
    mbv_reset(h);
    return true;
}

const core_desc_t core_mbv32 = {
    .name = "microblaze-v-rv32",
    .xlen = 32,
    .mvendorid = MBV_MVENDORID,
    .marchid = MBV_MARCHID,
    .isa = MBV_ISA,
    .pmu = &pmu_model_mbv,
    .ext = &mbv_ext,
    .check_config = mbv_check_config,
    .setup = mbv_setup,
};

const core_desc_t core_mbv64 = {
    .name = "microblaze-v-rv64",
    .xlen = 64,
    .mvendorid = MBV_MVENDORID,
    .marchid = MBV_MARCHID,
    .isa = MBV_ISA,
    .pmu = &pmu_model_mbv,
    .ext = &mbv_ext,
    .check_config = mbv_check_config,
    .setup = mbv_setup,
};
