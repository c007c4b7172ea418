/* Exact profiles: the recording side (cpu/prof.h). */
#include "cpu/prof.h"

#include <stdlib.h>
#include <string.h>

#include "cpu/exec.h"

#define PROF_HASH_BITS 16

/* The static part of a block, kept beyond the block cache's flushes. */
typedef struct prof_shape {
    struct prof_shape *next;
    uint64_t pc, end_pc;
    uint32_t n_insns;
    bool ends_in_branch;
    uint16_t *pcoff;
    evset_t *events;
} prof_shape_t;

/* Dynamic events at one instruction in one context. */
typedef struct prof_dyn_rec {
    struct prof_dyn_rec *next;
    uint64_t pc;
    uint32_t ctx;
    uint64_t count[];
} prof_dyn_rec_t;

typedef struct prof_ctx {
    uint32_t parent;
    uint32_t next; /* hash chain */
    uint64_t callee;
    uint64_t site; /* the first call's instruction */
    uint64_t calls;
} prof_ctx_t;

struct prof {
    prof_event_t ev[PROF_MAX_EVENTS];
    unsigned n_ev;
    prof_shape_t *shapes[1u << PROF_HASH_BITS];
    prof_rec_t *recs[1u << PROF_HASH_BITS];
    prof_dyn_rec_t *dyns[1u << PROF_HASH_BITS];
    prof_ctx_t *ctx;
    uint32_t n_ctx, cap_ctx;
    uint32_t ctx_hash[1u << PROF_HASH_BITS]; /* 0: empty (node 0 is the root, never hashed) */
    bool oom;
    diag_t diag; /* where running out of memory is reported */
    /* A sink for counts when memory ran out: the totals then no longer add up, which the report says. */
    prof_rec_t lost;
};

static uint32_t hash2(uint64_t a, uint64_t b)
{
    uint64_t x = a * 0x9E3779B97F4A7C15ull ^ (b + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return (uint32_t)(x >> (64 - PROF_HASH_BITS));
}

static void prof_oom(prof_t *p)
{
    if (!p->oom)
        diag_error(&p->diag, "record: out of memory; the profile stops growing");
    p->oom = true;
}

static void *prof_alloc(prof_t *p, size_t size)
{
    void *q = calloc(1, size);
    if (!q)
        prof_oom(p);
    return q;
}

prof_t *prof_new(const prof_event_t *events, unsigned n_events, const diag_t *diag)
{
    prof_t *p = calloc(1, sizeof *p);
    if (!p || n_events > PROF_MAX_EVENTS) {
        free(p);
        return NULL;
    }
    memcpy(p->ev, events, n_events * sizeof *events);
    p->n_ev = n_events;
    if (diag)
        p->diag = *diag;
    p->cap_ctx = 1024;
    p->ctx = calloc(p->cap_ctx, sizeof *p->ctx);
    if (!p->ctx) {
        free(p);
        return NULL;
    }
    p->n_ctx = 1; /* the root */
    return p;
}

void prof_free(prof_t *p)
{
    if (!p)
        return;
    for (size_t k = 0; k < (1u << PROF_HASH_BITS); k++) {
        for (prof_shape_t *s = p->shapes[k], *n; s; s = n) {
            n = s->next;
            free(s->pcoff);
            free(s->events);
            free(s);
        }
        for (prof_rec_t *r = p->recs[k], *n; r; r = n) {
            n = r->next;
            free(r->prefix);
            free(r);
        }
        for (prof_dyn_rec_t *d = p->dyns[k], *n; d; d = n) {
            n = d->next;
            free(d);
        }
    }
    free(p->ctx);
    free(p);
}

static void prof_observe(void *ctx, evset_t events, evset_t already, uint64_t n);

void prof_attach(hart_t *h, hart_prof_t *hp, prof_t *p, bool callchains)
{
    memset(hp, 0, sizeof *hp);
    hp->p = p;
    hp->callchains = callchains;
    hp->seen_stall = h->stall_cycles;
    hp->seen_sleep = h->pmu.clocks.sleep_cycles;
    hp->wait_pc = h->pc;
    if (h->dispatch)
        block_cache_flush(h); /* blocks hold the other executor's handlers */
    h->prof = hp;
    hp->at_pc = h->pc;
    h->pmu.observe = prof_observe;
    h->pmu.observe_ctx = h;
    hart_pmu_changed(h); /* no presumed external accesses while recording (hart_presumes_external) */
}

void prof_detach(hart_t *h)
{
    if (!h->prof)
        return;
    if (h->stall_cycles != h->prof->seen_stall)
        prof_wait(h, h->stall_cycles);
    if (h->dispatch)
        block_cache_flush(h);
    h->pmu.observe = NULL;
    h->pmu.observe_ctx = NULL;
    h->prof = NULL;
    hart_pmu_changed(h);
}

/* ---- Records ---- */

static prof_shape_t *shape_for(prof_t *p, const block_t *b)
{
    uint32_t k = hash2(b->pc, b->end_pc);
    for (prof_shape_t *s = p->shapes[k]; s; s = s->next)
        if (s->pc == b->pc && s->end_pc == b->end_pc && s->n_insns == b->n_insns &&
            memcmp(s->events, b->events, b->n_insns * sizeof(evset_t)) == 0)
            return s;
    prof_shape_t *s = prof_alloc(p, sizeof *s);
    if (!s)
        return NULL;
    s->pcoff = prof_alloc(p, b->n_insns * sizeof *s->pcoff);
    s->events = prof_alloc(p, b->n_insns * sizeof *s->events);
    if (!s->pcoff || !s->events) {
        free(s->pcoff);
        free(s->events);
        free(s);
        return NULL;
    }
    s->pc = b->pc;
    s->end_pc = b->end_pc;
    s->n_insns = b->n_insns;
    s->ends_in_branch = (b->events[b->n_insns - 1] & EVBIT(BRANCH)) != 0;
    for (uint32_t j = 0; j < b->n_insns; j++)
        s->pcoff[j] = b->info[j].pcoff;
    memcpy(s->events, b->events, b->n_insns * sizeof(evset_t));
    s->next = p->shapes[k];
    p->shapes[k] = s;
    return s;
}

prof_rec_t *prof_rec_for(hart_t *h, block_t *b)
{
    hart_prof_t *hp = h->prof;
    prof_t *p = hp->p;
    /* the block's cached record (of another context) knows its shape */
    const prof_rec_t *cached = (const prof_rec_t *)b->prof;
    const prof_shape_t *s = cached && cached->shape ? cached->shape : shape_for(p, b);
    if (!s)
        return &p->lost;
    uint32_t k = hash2((uint64_t)(uintptr_t)s, hp->ctx);
    prof_rec_t *r;
    for (r = p->recs[k]; r; r = r->next)
        if (r->shape == s && r->ctx == hp->ctx)
            break;
    if (!r) {
        r = prof_alloc(p, sizeof *r);
        if (!r)
            return &p->lost;
        r->shape = s;
        r->ctx = hp->ctx;
        r->next = p->recs[k];
        p->recs[k] = r;
    }
    b->prof = r;
    return r;
}

void prof_prefix(hart_t *h, block_t *b, unsigned n)
{
    if (h->stall_cycles != h->prof->seen_stall)
        prof_wait(h, h->stall_cycles); /* the hart waited before this block */
    if (n == 0)
        return;
    prof_rec_t *r = (prof_rec_t *)b->prof;
    if (!r || r->ctx != h->prof->ctx)
        r = prof_rec_for(h, b);
    if (r == &h->prof->p->lost)
        return;
    if (!r->prefix && !(r->prefix = prof_alloc(h->prof->p, r->shape->n_insns * sizeof *r->prefix)))
        return;
    for (unsigned j = 0; j < n && j < r->shape->n_insns; j++)
        r->prefix[j]++;
    h->prof->wait_rec = r;
    h->prof->wait_idx = n - 1;
}

static prof_dyn_rec_t *dyn_for(prof_t *p, uint64_t pc, uint32_t ctx)
{
    uint32_t k = hash2(pc, ctx);
    for (prof_dyn_rec_t *d = p->dyns[k]; d; d = d->next)
        if (d->pc == pc && d->ctx == ctx)
            return d;
    prof_dyn_rec_t *d = prof_alloc(p, sizeof *d + p->n_ev * sizeof(uint64_t));
    if (!d)
        return NULL;
    d->pc = pc;
    d->ctx = ctx;
    d->next = p->dyns[k];
    p->dyns[k] = d;
    return d;
}

static void prof_observe(void *ctx, evset_t events, evset_t already, uint64_t n)
{
    hart_t *h = ctx;
    prof_dyn(h, h->prof->at_pc, events, already, n);
}

void prof_dyn(hart_t *h, uint64_t pc, evset_t events, evset_t already, uint64_t n)
{
    prof_t *p = h->prof->p;
    prof_dyn_rec_t *d = NULL;
    for (unsigned k = 0; k < p->n_ev; k++) {
        evset_t want = p->ev[k].want;
        if (p->ev[k].cycles || !(want & events) || (want & already))
            continue;
        if (!d && !(d = dyn_for(p, pc, h->prof->ctx)))
            return;
        d->count[k] += n;
    }
}

static uint64_t wait_pc(const hart_prof_t *hp)
{
    const prof_rec_t *r = hp->wait_rec;
    if (!r || !r->shape)
        return hp->wait_pc;
    uint32_t j = hp->wait_idx < r->shape->n_insns ? hp->wait_idx : r->shape->n_insns - 1;
    return r->shape->pc + r->shape->pcoff[j];
}

void prof_wait(hart_t *h, uint64_t stall_before_block)
{
    hart_prof_t *hp = h->prof;
    prof_t *p = hp->p;
    uint64_t stall = stall_before_block - hp->seen_stall;
    uint64_t sleep = h->pmu.clocks.sleep_cycles - hp->seen_sleep;
    hp->seen_sleep = h->pmu.clocks.sleep_cycles;
    hp->seen_stall = stall_before_block;
    prof_dyn_rec_t *d = NULL;
    for (unsigned k = 0; k < p->n_ev; k++) {
        if (!p->ev[k].cycles || stall == sleep)
            continue;
        if (!d && !(d = dyn_for(p, wait_pc(hp), hp->ctx)))
            return;
        d->count[k] += stall - sleep; /* active cycles: the clock stops while halted */
    }
}

/* ---- Calling contexts ---- */

static uint32_t ctx_child(prof_t *p, uint32_t parent, uint64_t callee, uint64_t site)
{
    uint32_t k = hash2(parent, callee);
    for (uint32_t n = p->ctx_hash[k]; n; n = p->ctx[n].next)
        if (p->ctx[n].parent == parent && p->ctx[n].callee == callee) {
            p->ctx[n].calls++;
            return n;
        }
    if (p->n_ctx == p->cap_ctx) {
        prof_ctx_t *c = realloc(p->ctx, 2 * p->cap_ctx * sizeof *c);
        if (!c) {
            prof_oom(p);
            return parent;
        }
        p->ctx = c;
        p->cap_ctx *= 2;
    }
    uint32_t n = p->n_ctx++;
    p->ctx[n] =
        (prof_ctx_t){ .parent = parent, .next = p->ctx_hash[k], .callee = callee, .site = site, .calls = 1 };
    p->ctx_hash[k] = n;
    return n;
}

void prof_call(hart_t *h, uint64_t target, uint64_t site)
{
    hart_prof_t *hp = h->prof;
    if (hp->depth < PROF_MAX_DEPTH) {
        hp->stack[hp->depth] = hp->ctx;
        hp->ctx = ctx_child(hp->p, hp->ctx, target, site);
    }
    hp->depth++;
}

void prof_return(hart_t *h)
{
    hart_prof_t *hp = h->prof;
    if (hp->depth == 0)
        return; /* a return with no call seen (from the start code, a longjmp): stay at the root */
    hp->depth--;
    if (hp->depth < PROF_MAX_DEPTH)
        hp->ctx = hp->stack[hp->depth];
}

unsigned prof_n_contexts(const prof_t *p)
{
    return p->n_ctx;
}

prof_context_t prof_context(const prof_t *p, uint32_t n)
{
    prof_context_t c = { 0, 0, 0, 0 };
    if (n > 0 && n < p->n_ctx)
        c = (prof_context_t){ p->ctx[n].parent, p->ctx[n].callee, p->ctx[n].site, p->ctx[n].calls };
    return c;
}

bool prof_complete(const prof_t *p)
{
    return !p->oom;
}

/* ---- Results ---- */

/* What one execution path of an instruction adds to each event. */
static void add_static(const prof_t *p, const prof_shape_t *s, uint32_t j, uint64_t full, uint64_t taken,
                       uint64_t partial, uint64_t *out)
{
    evset_t ev = s->events[j];
    bool last = j + 1 == s->n_insns;
    for (unsigned k = 0; k < p->n_ev; k++) {
        const prof_event_t *e = &p->ev[k];
        if (e->cycles) {
            out[k] += full + partial; /* one per instruction; stalls are added as they happen */
            continue;
        }
        bool counted = (ev & e->want) != 0;
        uint64_t n = counted ? full + partial : 0;
        /* a block's conditional branch: its direction is the way out, see block_refresh_addends */
        if (last && s->ends_in_branch && !counted) {
            if (e->want & EVBIT(BR_TAKEN))
                n += taken;
            if (e->want & EVBIT(BR_NOT_TAKEN))
                n += full - taken;
        }
        out[k] += n;
    }
}

void prof_visit(const prof_t *p, prof_visit_fn fn, void *arg)
{
    uint64_t counts[PROF_MAX_EVENTS];
    for (size_t k = 0; k < (1u << PROF_HASH_BITS); k++) {
        for (const prof_rec_t *r = p->recs[k]; r; r = r->next) {
            const prof_shape_t *s = r->shape;
            uint64_t full = r->n[0] + r->n[1];
            for (uint32_t j = 0; j < s->n_insns; j++) {
                memset(counts, 0, sizeof counts);
                add_static(p, s, j, full, r->n[1], r->prefix ? r->prefix[j] : 0, counts);
                fn(arg, r->ctx, s->pc + s->pcoff[j], counts);
            }
        }
        for (const prof_dyn_rec_t *d = p->dyns[k]; d; d = d->next)
            fn(arg, d->ctx, d->pc, d->count);
    }
}
