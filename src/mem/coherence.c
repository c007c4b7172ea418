/* The coherent memory hierarchy of the CM machines, for counting only (docs/mips-cm.md "Memory
 * model"). The caches are tag models of mem/cache.h; this file adds the MESI states, the
 * directory, the L2 behind the CM and the events. No data. */
#include "mem/coherence.h"

#include "mem/cache.h"
#include "mem/l1_memo.h"

#include <stdlib.h>
#include <string.h>

#define L1_SIZE (32u << 10)
#define L1_WAYS 4u
_Static_assert(L1_SIZE / COH_LINE <= (1u << L1_MEMO_SLOT_BITS), "an L1 slot fits a memo entry");
#define L2_WAYS 8u
/* memory bus: 128 bits, so a line is 4 data cycles; one command cycle per transfer */
#define LINE_BEATS 4u
#define LINE_DWORDS (COH_LINE / 8u)

enum { ST_I = 0, ST_S, ST_E, ST_M }; /* L1 (L1I uses S); L2: S clean, M dirty */

/* A cache level: the tag model of mem/cache.h (hits, LRU, victims) and, per way, the line and its
 * coherence state, which the tag model does not keep. An L1 also keeps the memo harts look at
 * first (mem/l1_memo.h): every change of a line's state goes through level_set_state,
 * level_fill and level_drop, which keep it current. */
enum level_kind { LEVEL_L2 = 0, LEVEL_L1D, LEVEL_L1I };
typedef struct level {
    cache_t c;
    struct meta {
        uint64_t line;
        uint8_t state;
    } * meta; /* sets * ways, as c.tag */
    enum level_kind kind;
    l1_memo_t *memo; /* L1s */
} level_t;

struct coh_model {
    unsigned cores;
    level_t l1d[COH_MAX_CORES], l1i[COH_MAX_CORES];
    level_t l2;
    coh_sink_fn sink;
    void *ctx;
    /* Each event's total (events below 32), kept here so an occurrence nobody else looks at
     * costs no call; the sink sees every occurrence while sink_on (coh_set_sink_on) */
    uint64_t event_total[32];
    bool sink_on;
};

static const uint32_t groups_request[] = { 0x3FFu, 0x1C00u, 0x1FE000u, 0x600000u, 0x1800000u, 0 };
static const uint32_t groups_coh[] = { 0x7u, 0x18u, 0x1E0u, 0 };
static const uint32_t groups_bus[] = { 0x3u, 0 };
static const uint32_t groups_sharing[] = { 0xFFu, 0xFF00u, 0 };
static const uint32_t groups_rsu[] = { 0x3FFu, 0 };
static const uint32_t groups_l2util[] = { 0x3Fu, 0 };
static const uint32_t groups_l2hit[] = { 0x3FFu, 0x7C00u, 0xF0000u, 0 };
static const uint32_t groups_iocu[] = { 0x3u, 0xCu, 0x30u, 0xC0u, 0 };

const uint32_t *coh_event_groups(unsigned event)
{
    switch (event) {
    case CM_EV_REQUEST: return groups_request;
    case CM_EV_COH_REQ_RESP: return groups_coh;
    case CM_EV_L2_WR_DATA:
    case CM_EV_L2_CMD:
    case CM_EV_L2_RD_DATA: return groups_bus;
    case CM_EV_SHARING_MISS: return groups_sharing;
    case CM_EV_RSU: return groups_rsu;
    case CM_EV_L2_UTIL: return groups_l2util;
    case CM_EV_L2_HIT: return groups_l2hit;
    case CM_EV_IOCU0:
    case CM_EV_IOCU1: return groups_iocu;
    default: return NULL;
    }
}

static bool l1d_upgrade(l1_memo_t *m, uint64_t line);

static bool level_init(level_t *l, uint64_t size, unsigned ways, enum level_kind kind)
{
    cache_config_t cfg = {
        .size = size, .line = COH_LINE, .ways = ways, .write_policy = CACHE_WRITE_BACK, .write_allocate = true
    };
    l->kind = kind;
    if (!cache_init(&l->c, &cfg))
        return false;
    l->meta = calloc((size_t)l->c.sets * ways, sizeof *l->meta);
    if (kind != LEVEL_L2) {
        l->memo = calloc(1, sizeof *l->memo);
        if (!l->memo)
            return false;
        l->memo->cache = &l->c;
        l->memo->line_shift = l->c.line_shift;
        l->memo->gen = 1;
        l1_memo_clear(l->memo);
        if (kind == LEVEL_L1D) {
            l->memo->upgrade = l1d_upgrade;
            l->memo->owner = l;
        }
    }
    return l->meta != NULL;
}

static void level_free(level_t *l)
{
    cache_free(&l->c);
    free(l->meta);
    free(l->memo);
    l->meta = NULL;
    l->memo = NULL;
}

/* The I-side generation moves on (never to 0, which no block holds as a valid memo). */
static void level_changed(level_t *l)
{
    if (l->kind == LEVEL_L1I && !++l->memo->gen)
        l->memo->gen = 1;
}

static void level_clear(level_t *l)
{
    cache_invalidate_all(&l->c);
    memset(l->meta, 0, (size_t)l->c.sets * l->c.cfg.ways * sizeof *l->meta);
    if (l->kind == LEVEL_L1D)
        l1_memo_clear(l->memo);
    level_changed(l);
}

/* The way holding `line`, or NULL. */
static struct meta *level_find(const level_t *l, uint64_t line)
{
    long s = cache_slot(&l->c, line * COH_LINE);
    return s < 0 ? NULL : &l->meta[s];
}

/* A hit on the line in way w (from level_find): its LRU position. */
static void level_touch(level_t *l, const struct meta *w)
{
    cache_hit_slot(&l->c, (size_t)(w - l->meta));
}

/* The D-side memo follows the way's state: readable while valid, writable while modified. */
static void memo_update(level_t *l, const struct meta *w)
{
    l1_memo_set(l->memo, w->line, w->state == ST_I ? -1 : (long)(w - l->meta), w->state == ST_M);
}

static void level_set_state(level_t *l, struct meta *w, uint8_t state)
{
    w->state = state;
    if (l->kind == LEVEL_L1D)
        memo_update(l, w);
}

/* l1_memo_t.upgrade of an L1D: cached_line's silent E -> M of a store hit, no request. */
static bool l1d_upgrade(l1_memo_t *m, uint64_t line)
{
    level_t *l = m->owner;
    struct meta *w = level_find(l, line);
    if (!w || w->state != ST_E)
        return false;
    level_touch(l, w);
    level_set_state(l, w, ST_M);
    return true;
}

/* Allocates `line` (not present): the tag model picks the way; *victim is what the way held
 * (state ST_I: nothing). The new line's state is ST_I until the caller sets it. */
static struct meta *level_fill(level_t *l, uint64_t line, struct meta *victim)
{
    struct meta *m = &l->meta[cache_allocate(&l->c, line * COH_LINE)];
    *victim = *m;
    if (l->kind == LEVEL_L1D && victim->state != ST_I) {
        m->state = ST_I;
        memo_update(l, m); /* the victim leaves the memo */
    }
    m->line = line;
    m->state = ST_I;
    level_changed(l);
    return m;
}

/* An intervention took the line away: the way is free. */
static void level_drop(level_t *l, struct meta *m)
{
    cache_invalidate_line(&l->c, m->line * COH_LINE);
    level_set_state(l, m, ST_I);
    level_changed(l);
}

coh_model_t *coh_new(unsigned cores, uint64_t l2_size, coh_sink_fn sink, void *sink_ctx)
{
    if (cores < 1 || cores > COH_MAX_CORES)
        return NULL;
    coh_model_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cores = cores;
    m->sink = sink;
    m->ctx = sink_ctx;
    bool ok = level_init(&m->l2, l2_size, L2_WAYS, LEVEL_L2);
    for (unsigned c = 0; c < cores && ok; c++) {
        ok = level_init(&m->l1d[c], L1_SIZE, L1_WAYS, LEVEL_L1D) &&
             level_init(&m->l1i[c], L1_SIZE, L1_WAYS, LEVEL_L1I);
        /* one LRU clock for a core's two L1s: translated code keeps it in a register (jit.c,
         * emit_memo_retire); each L1's order is the same as with a clock of its own */
        if (ok)
            cache_share_clock(&m->l1i[c].c, &m->l1d[c].c);
    }
    if (!ok) {
        coh_free(m);
        return NULL;
    }
    /* the L1Ds' memos share the harts' store watch (l1_memo_t.watch): one ring */
    for (unsigned c = 0; c < cores; c++)
        m->l1d[c].memo->peer = m->l1d[(c + 1) % cores].memo;
    return m;
}

void coh_free(coh_model_t *m)
{
    if (!m)
        return;
    for (unsigned c = 0; c < COH_MAX_CORES; c++) {
        level_free(&m->l1d[c]);
        level_free(&m->l1i[c]);
    }
    level_free(&m->l2);
    free(m);
}

void coh_reset(coh_model_t *m)
{
    for (unsigned c = 0; c < m->cores; c++) {
        level_clear(&m->l1d[c]);
        level_clear(&m->l1i[c]);
    }
    level_clear(&m->l2);
    memset(m->event_total, 0, sizeof m->event_total);
}

void coh_set_sink_on(coh_model_t *m, bool on)
{
    m->sink_on = on;
}

uint64_t coh_event_total(const coh_model_t *m, unsigned event)
{
    return event < 32 ? m->event_total[event] : 0;
}

l1_memo_t *coh_l1d_memo(coh_model_t *m, unsigned core)
{
    return core < m->cores ? m->l1d[core].memo : NULL;
}

l1_memo_t *coh_l1i_memo(coh_model_t *m, unsigned core)
{
    return core < m->cores ? m->l1i[core].memo : NULL;
}

unsigned coh_l2_ways(const coh_model_t *m)
{
    return m->l2.c.cfg.ways;
}

unsigned coh_l2_sets(const coh_model_t *m)
{
    return m->l2.c.sets;
}

static void emit(coh_model_t *m, unsigned event, uint32_t sig, uint32_t amount)
{
    if (event < 32)
        m->event_total[event] += amount;
    if (m->sink_on)
        m->sink(m->ctx, event, sig, amount);
}

/* One L2-memory transfer of a line: a command cycle and LINE_BEATS data cycles. */
static void memory_line(coh_model_t *m, bool write)
{
    emit(m, CM_EV_L2_CMD, CMQ_BUS_BUSY, 1);
    emit(m, write ? CM_EV_L2_WR_DATA : CM_EV_L2_RD_DATA, CMQ_BUS_BUSY, LINE_BEATS);
}

/* A lookup in the L2 from `port`. kind is a CMQ9_KIND_* bit; `fill` says whether a miss reads
 * the line from memory (a whole-line write does not); `dirty` marks the line written. True for a
 * hit. */
static bool l2_access(coh_model_t *m, unsigned port_bit, uint32_t kind, uint64_t line, bool fill, bool dirty)
{
    level_t *l2 = &m->l2;
    struct meta *w = level_find(l2, line), victim;
    uint32_t result;
    if (w) {
        result = w->state == ST_M ? CMQ9_HIT_DIRTY : CMQ9_HIT_CLEAN;
        level_touch(l2, w);
    } else {
        w = level_fill(l2, line, &victim);
        result = victim.state == ST_M ? CMQ9_MISS_DIRTY : CMQ9_MISS_CLEAN;
        if (victim.state == ST_M)
            memory_line(m, true);
        if (fill)
            memory_line(m, false);
        level_set_state(l2, w, ST_S);
    }
    if (dirty)
        level_set_state(l2, w, ST_M);
    emit(m, CM_EV_L2_UTIL, CMQ8_UNSTALLED_START | CMQ8_STARTED, 1);
    emit(m, CM_EV_L2_HIT, port_bit | kind | result, 1);
    return result == CMQ9_HIT_DIRTY || result == CMQ9_HIT_CLEAN;
}

/* An L2 write-back lookup an access caused, in its outcome. */
static void l2_writeback(coh_model_t *m, unsigned port_bit, uint64_t line, coh_outcome_t *out)
{
    out->l2_write++;
    out->l2_write_miss += !l2_access(m, port_bit, CMQ9_KIND_WRITEBACK, line, false, true);
}

static void request(coh_model_t *m, uint32_t sig)
{
    emit(m, CM_EV_REQUEST, sig, 1);
}

/* Allocates `line` in core c's L1D: a modified victim is written back. */
static struct meta *l1d_fill(coh_model_t *m, unsigned c, uint64_t line, coh_outcome_t *out)
{
    struct meta victim, *w = level_fill(&m->l1d[c], line, &victim);
    if (victim.state == ST_M) {
        request(m, CMQ_PORT(c) | CMQ0_CCA_CACHED | CMQ0_CMD_WRITEBACK | CMQ0_LEN_LINE | CMQ0_TGT_MEM);
        l2_writeback(m, CMQ_PORT(c), victim.line, out);
    }
    return w;
}

static uint32_t coh_state_bit(uint8_t st)
{
    return st == ST_M ? CMQ1_STATE_M : st == ST_E ? CMQ1_STATE_E : CMQ1_STATE_S;
}

/* A coherent read of `line` by core c (a load miss, or an instruction fetch miss: `cause`): every
 * other L1D holding the line gets an intervention and keeps it in S; an M or E holder supplies the
 * data (an M holder's data is also written to the L2). Returns whether one supplied it; *shared
 * says whether another core keeps a copy (in its L1D or its L1I), so c may not have it in E. */
static bool snoop_read(coh_model_t *m, unsigned c, uint64_t line, uint32_t cause, bool *shared,
                       coh_outcome_t *out)
{
    bool supplied = false;
    *shared = false;
    for (unsigned o = 0; o < m->cores; o++) {
        if (o == c)
            continue;
        if (level_find(&m->l1i[o], line))
            *shared = true;
        struct meta *x = level_find(&m->l1d[o], line);
        if (!x)
            continue;
        emit(m, CM_EV_COH_REQ_RESP, coh_state_bit(x->state) | CMQ1_NONSPEC | cause, 1);
        if (x->state == ST_M || x->state == ST_E) {
            supplied = true;
            if (cause == CMQ1_CMD_LOAD)
                emit(m, CM_EV_SHARING_MISS, CMQ5_REQ(c) | CMQ5_SUP(o), 1);
            if (x->state == ST_M) /* the owner keeps a clean copy: its data goes to the L2 */
                l2_writeback(m, CMQ_PORT(o), line, out);
        }
        level_set_state(&m->l1d[o], x, ST_S);
        *shared = true;
    }
    return supplied;
}

/* Ownership of `line` for core `c` (a store miss or upgrade; c = COH_MAX_CORES: an IOCU write):
 * every other L1I holding the line gets an intervention (state S, `cause`) and loses it. The
 * requesting core's own L1I is not snooped (fence.i is the program's job). */
static void snoop_l1i(coh_model_t *m, unsigned c, uint64_t line, uint32_t cause)
{
    for (unsigned o = 0; o < m->cores; o++) {
        struct meta *x = o == c ? NULL : level_find(&m->l1i[o], line);
        if (x) {
            emit(m, CM_EV_COH_REQ_RESP, CMQ1_STATE_S | CMQ1_NONSPEC | cause, 1);
            level_drop(&m->l1i[o], x);
        }
    }
}

/* The requester's L2 lookup that fills its L1, in its outcome. */
static void l2_fill(coh_model_t *m, uint32_t port, uint32_t kind, uint64_t line, coh_outcome_t *out)
{
    out->l2_read++;
    out->l2_read_miss += !l2_access(m, port, kind, line, true, false);
}

static void cached_line(coh_model_t *m, unsigned c, uint64_t line, enum coh_access kind, coh_outcome_t *out)
{
    uint32_t port = CMQ_PORT(c);
    bool shared;
    out->l1_access++;
    if (kind == COH_IFETCH) {
        level_t *ic = &m->l1i[c];
        struct meta *hit = level_find(ic, line);
        if (hit) {
            level_touch(ic, hit);
            return;
        }
        out->l1_miss++;
        request(m, port | CMQ0_CCA_CACHED | CMQ0_CMD_IFETCH | CMQ0_LEN_LINE | CMQ0_TGT_MEM);
        if (!snoop_read(m, c, line, CMQ1_CMD_IFETCH, &shared, out))
            l2_fill(m, port, CMQ9_KIND_IFETCH, line, out);
        emit(m, CM_EV_RSU, port, LINE_DWORDS);
        struct meta victim;
        level_set_state(ic, level_fill(ic, line, &victim), ST_S); /* I-side lines are never dirty */
        return;
    }
    level_t *dc = &m->l1d[c];
    struct meta *w = level_find(dc, line);
    bool store = kind == COH_STORE;
    if (w && (!store || w->state != ST_S)) {
        level_touch(dc, w);
        level_set_state(dc, w, store ? ST_M : w->state); /* E -> M silently; the memo learns the line */
        return;
    }
    out->l1_miss++; /* a request: the line is absent, or shared and to be written */
    if (w) {        /* store to a shared line: upgrade, the other copies are invalidated */
        request(m, port | CMQ0_CCA_CACHED | CMQ0_CMD_UPGRADE | CMQ0_LEN_PARTIAL | CMQ0_TGT_MEM);
        for (unsigned o = 0; o < m->cores; o++) {
            struct meta *x = o == c ? NULL : level_find(&m->l1d[o], line);
            if (x) {
                emit(m, CM_EV_COH_REQ_RESP, coh_state_bit(x->state) | CMQ1_NONSPEC | CMQ1_CMD_STORE, 1);
                level_drop(&m->l1d[o], x);
            }
        }
        snoop_l1i(m, c, line, CMQ1_CMD_STORE);
        level_touch(dc, w);
        level_set_state(dc, w, ST_M);
        return;
    }
    request(m, port | CMQ0_CCA_CACHED | (store ? CMQ0_CMD_READ_OWN : CMQ0_CMD_READ) | CMQ0_LEN_LINE |
                   CMQ0_TGT_MEM);
    bool supplied = false;
    if (store) {
        for (unsigned o = 0; o < m->cores; o++) {
            struct meta *x = o == c ? NULL : level_find(&m->l1d[o], line);
            if (!x)
                continue;
            emit(m, CM_EV_COH_REQ_RESP, coh_state_bit(x->state) | CMQ1_NONSPEC | CMQ1_CMD_STORE, 1);
            if (x->state == ST_M || x->state == ST_E) {
                supplied = true;
                emit(m, CM_EV_SHARING_MISS, CMQ5_REQ(c) | CMQ5_SUP(o), 1);
            }
            level_drop(&m->l1d[o], x);
        }
        snoop_l1i(m, c, line, CMQ1_CMD_STORE);
    } else {
        supplied = snoop_read(m, c, line, CMQ1_CMD_LOAD, &shared, out);
    }
    if (!supplied)
        l2_fill(m, port, store ? CMQ9_KIND_READ_OWN : CMQ9_KIND_READ, line, out);
    emit(m, CM_EV_RSU, port, LINE_DWORDS);
    level_set_state(dc, l1d_fill(m, c, line, out), store ? ST_M : shared ? ST_S : ST_E);
}

void coh_core_access(coh_model_t *m, unsigned core, uint64_t addr, unsigned size, enum coh_access kind,
                     enum coh_cca cca, coh_outcome_t *out)
{
    coh_outcome_t unused = { 0 };
    if (!out)
        out = &unused;
    if (core >= m->cores)
        return;
    if (cca != COH_CACHED) {
        bool write = kind == COH_STORE;
        uint32_t cca_bit = cca == COH_UNCACHED_ACC ? CMQ0_CCA_UCA : CMQ0_CCA_UNCACHED;
        uint32_t target = cca == COH_REGISTER ? CMQ0_TGT_REG : CMQ0_TGT_MEM;
        request(m, CMQ_PORT(core) | cca_bit | (write ? CMQ0_CMD_NC_WRITE : CMQ0_CMD_NC_READ) |
                       CMQ0_LEN_PARTIAL | target);
        if (cca != COH_REGISTER) { /* one beat on the memory bus */
            emit(m, CM_EV_L2_CMD, CMQ_BUS_BUSY, 1);
            emit(m, write ? CM_EV_L2_WR_DATA : CM_EV_L2_RD_DATA, CMQ_BUS_BUSY, 1);
        }
        if (!write)
            emit(m, CM_EV_RSU, CMQ_PORT(core), 1);
        return;
    }
    uint64_t first = addr / COH_LINE, last = (addr + size - 1) / COH_LINE;
    for (uint64_t line = first; line <= last; line++)
        cached_line(m, core, line, kind, out);
}

static void iocu_line(coh_model_t *m, unsigned iocu, uint64_t line, unsigned bytes, bool write, bool coherent)
{
    uint32_t port = CMQ_PORT_IOCU(iocu);
    bool whole = bytes == COH_LINE;
    emit(m, iocu ? CM_EV_IOCU1 : CM_EV_IOCU0,
         (write ? CMQ16_WRITE | CMQ16_POSTED : CMQ16_READ | CMQ16_NONPOSTED) |
             (coherent ? CMQ16_COHERENT : CMQ16_NONCOHERENT) | (whole ? CMQ16_LINE : CMQ16_PARTIAL),
         1);
    uint32_t cmd = write ? (coherent ? CMQ0_CMD_COH_WRITE : CMQ0_CMD_NC_WRITE)
                         : (coherent ? CMQ0_CMD_READ : CMQ0_CMD_NC_READ);
    request(m, port | (coherent ? CMQ0_CCA_CACHED : CMQ0_CCA_UNCACHED) | cmd |
                   (whole ? CMQ0_LEN_LINE : CMQ0_LEN_PARTIAL) | CMQ0_TGT_MEM);
    bool supplied = false;
    if (coherent) {
        for (unsigned o = 0; o < m->cores; o++) {
            struct meta *x = level_find(&m->l1d[o], line);
            if (!x)
                continue;
            emit(m, CM_EV_COH_REQ_RESP, coh_state_bit(x->state) | CMQ1_NONSPEC | CMQ1_CMD_IOCU, 1);
            if (write) {
                if (x->state == ST_M && !whole) /* the rest of the line is merged in the L2 */
                    l2_access(m, CMQ_PORT(o), CMQ9_KIND_WRITEBACK, line, false, true);
                level_drop(&m->l1d[o], x);
            } else if (x->state == ST_M || x->state == ST_E) {
                supplied = true;
                if (x->state == ST_M) { /* the owner's data goes to the L2: it keeps a clean copy */
                    l2_access(m, CMQ_PORT(o), CMQ9_KIND_WRITEBACK, line, false, true);
                    level_set_state(&m->l1d[o], x, ST_E);
                }
            }
        }
        if (write) /* the I-side copies go too: code the device wrote is fetched again */
            snoop_l1i(m, COH_MAX_CORES, line, CMQ1_CMD_IOCU);
    }
    if (write)
        l2_access(m, port, CMQ9_KIND_IOCU_WRITE, line, !whole, true);
    else if (!supplied)
        l2_access(m, port, CMQ9_KIND_READ, line, true, false);
    if (!write)
        emit(m, CM_EV_RSU, port, (bytes + 7) / 8);
}

void coh_iocu_access(coh_model_t *m, unsigned iocu, uint64_t addr, uint64_t len, bool write, bool coherent)
{
    if (iocu >= COH_IOCUS || len == 0)
        return;
    uint64_t end = addr + len;
    for (uint64_t at = addr; at < end;) {
        uint64_t line = at / COH_LINE, next = (line + 1) * COH_LINE;
        uint64_t stop = next < end ? next : end;
        iocu_line(m, iocu, line, (unsigned)(stop - at), write, coherent);
        at = stop;
    }
}
