/* The coherent memory hierarchy of the CM machines, for counting only (docs/mips-cm.md "Memory
 * model"). Tags and MESI states; no data. */
#include "mem/coherence.h"

#include <stdlib.h>
#include <string.h>

#define L1_SIZE (32u << 10)
#define L1_WAYS 4u
#define L2_WAYS 8u
/* memory bus: 128 bits, so a line is 4 data cycles; one command cycle per transfer */
#define LINE_BEATS 4u
#define LINE_DWORDS (COH_LINE / 8u)

enum { ST_I = 0, ST_S, ST_E, ST_M }; /* L1 (L1I uses S); L2: S clean, M dirty */

typedef struct way {
    uint64_t tag; /* line number */
    uint64_t stamp;
    uint8_t state;
} way_t;

typedef struct cache {
    unsigned sets, ways;
    way_t *w;
    uint64_t tick;
} cache_t;

struct coh_model {
    unsigned cores;
    cache_t l1d[COH_MAX_CORES], l1i[COH_MAX_CORES];
    cache_t l2;
    coh_sink_fn sink;
    void *ctx;
};

static const uint32_t groups_request[] = { 0x3FFu, 0x1C00u, 0x1FE000u, 0x600000u, 0x1800000u, 0 };
static const uint32_t groups_coh[] = { 0x7u, 0x18u, 0xE0u, 0 };
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

static bool cache_init(cache_t *c, uint64_t size, unsigned ways)
{
    c->ways = ways;
    c->sets = (unsigned)(size / COH_LINE / ways);
    c->w = calloc((size_t)c->sets * ways, sizeof *c->w);
    c->tick = 0;
    return c->w != NULL;
}

static void cache_clear(cache_t *c)
{
    memset(c->w, 0, (size_t)c->sets * c->ways * sizeof *c->w);
    c->tick = 0;
}

static way_t *cache_set(const cache_t *c, uint64_t line)
{
    return &c->w[(size_t)(line % c->sets) * c->ways];
}

/* The way holding `line` (valid), or NULL. */
static way_t *cache_find(const cache_t *c, uint64_t line)
{
    way_t *s = cache_set(c, line);
    for (unsigned k = 0; k < c->ways; k++)
        if (s[k].state != ST_I && s[k].tag == line)
            return &s[k];
    return NULL;
}

static void cache_touch(cache_t *c, way_t *w)
{
    w->stamp = ++c->tick;
}

/* The way `line` goes into: an invalid one, else the least recently used. */
static way_t *cache_victim(const cache_t *c, uint64_t line)
{
    way_t *s = cache_set(c, line), *v = &s[0];
    for (unsigned k = 0; k < c->ways; k++) {
        if (s[k].state == ST_I)
            return &s[k];
        if (s[k].stamp < v->stamp)
            v = &s[k];
    }
    return v;
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
    bool ok = cache_init(&m->l2, l2_size, L2_WAYS);
    for (unsigned c = 0; c < cores; c++)
        ok = ok && cache_init(&m->l1d[c], L1_SIZE, L1_WAYS) && cache_init(&m->l1i[c], L1_SIZE, L1_WAYS);
    if (!ok) {
        coh_free(m);
        return NULL;
    }
    return m;
}

void coh_free(coh_model_t *m)
{
    if (!m)
        return;
    for (unsigned c = 0; c < COH_MAX_CORES; c++) {
        free(m->l1d[c].w);
        free(m->l1i[c].w);
    }
    free(m->l2.w);
    free(m);
}

void coh_reset(coh_model_t *m)
{
    for (unsigned c = 0; c < m->cores; c++) {
        cache_clear(&m->l1d[c]);
        cache_clear(&m->l1i[c]);
    }
    cache_clear(&m->l2);
}

unsigned coh_l2_ways(const coh_model_t *m)
{
    return m->l2.ways;
}

unsigned coh_l2_sets(const coh_model_t *m)
{
    return m->l2.sets;
}

static void emit(coh_model_t *m, unsigned event, uint32_t sig, uint32_t amount)
{
    m->sink(m->ctx, event, sig, amount);
}

/* One L2-memory transfer of a line: a command cycle and LINE_BEATS data cycles. */
static void memory_line(coh_model_t *m, bool write)
{
    emit(m, CM_EV_L2_CMD, CMQ_BUS_BUSY, 1);
    emit(m, write ? CM_EV_L2_WR_DATA : CM_EV_L2_RD_DATA, CMQ_BUS_BUSY, LINE_BEATS);
}

/* A lookup in the L2 from `port`. kind is a CMQ9_KIND_* bit; `fill` says whether a miss reads
 * the line from memory (a whole-line write does not); `dirty` marks the line written. */
static void l2_access(coh_model_t *m, unsigned port_bit, uint32_t kind, uint64_t line, bool fill, bool dirty)
{
    cache_t *l2 = &m->l2;
    way_t *w = cache_find(l2, line);
    uint32_t result;
    if (w) {
        result = w->state == ST_M ? CMQ9_HIT_DIRTY : CMQ9_HIT_CLEAN;
    } else {
        w = cache_victim(l2, line);
        result = w->state == ST_M ? CMQ9_MISS_DIRTY : CMQ9_MISS_CLEAN;
        if (w->state == ST_M)
            memory_line(m, true);
        if (fill)
            memory_line(m, false);
        w->tag = line;
        w->state = ST_S;
    }
    if (dirty)
        w->state = ST_M;
    cache_touch(l2, w);
    emit(m, CM_EV_L2_UTIL, CMQ8_UNSTALLED_START | CMQ8_STARTED, 1);
    emit(m, CM_EV_L2_HIT, port_bit | kind | result, 1);
}

static void request(coh_model_t *m, uint32_t sig)
{
    emit(m, CM_EV_REQUEST, sig, 1);
}

/* Makes room for `line` in core c's L1D: a modified victim is written back. */
static way_t *l1d_fill_way(coh_model_t *m, unsigned c, uint64_t line)
{
    way_t *v = cache_victim(&m->l1d[c], line);
    if (v->state == ST_M) {
        request(m, CMQ_PORT(c) | CMQ0_CCA_CACHED | CMQ0_CMD_WRITEBACK | CMQ0_LEN_LINE | CMQ0_TGT_MEM);
        l2_access(m, CMQ_PORT(c), CMQ9_KIND_WRITEBACK, v->tag, false, true);
    }
    v->state = ST_I;
    return v;
}

static uint32_t coh_state_bit(uint8_t st)
{
    return st == ST_M ? CMQ1_STATE_M : st == ST_E ? CMQ1_STATE_E : CMQ1_STATE_S;
}

static void cached_line(coh_model_t *m, unsigned c, uint64_t line, enum coh_access kind)
{
    uint32_t port = CMQ_PORT(c);
    if (kind == COH_IFETCH) {
        cache_t *ic = &m->l1i[c];
        way_t *w = cache_find(ic, line);
        if (w) {
            cache_touch(ic, w);
            return;
        }
        request(m, port | CMQ0_CCA_CACHED | CMQ0_CMD_IFETCH | CMQ0_LEN_LINE | CMQ0_TGT_MEM);
        l2_access(m, port, CMQ9_KIND_IFETCH, line, true, false);
        emit(m, CM_EV_RSU, port, LINE_DWORDS);
        w = cache_victim(ic, line);
        w->tag = line;
        w->state = ST_S;
        cache_touch(ic, w);
        return;
    }
    cache_t *dc = &m->l1d[c];
    way_t *w = cache_find(dc, line);
    bool store = kind == COH_STORE;
    if (w && (!store || w->state != ST_S)) {
        if (store)
            w->state = ST_M; /* E -> M silently */
        cache_touch(dc, w);
        return;
    }
    if (w) { /* store to a shared line: upgrade, the other copies are invalidated */
        request(m, port | CMQ0_CCA_CACHED | CMQ0_CMD_UPGRADE | CMQ0_LEN_PARTIAL | CMQ0_TGT_MEM);
        for (unsigned o = 0; o < m->cores; o++) {
            way_t *x = o == c ? NULL : cache_find(&m->l1d[o], line);
            if (x) {
                emit(m, CM_EV_COH_REQ_RESP, coh_state_bit(x->state) | CMQ1_NONSPEC | CMQ1_CMD_STORE, 1);
                x->state = ST_I;
            }
        }
        w->state = ST_M;
        cache_touch(dc, w);
        return;
    }
    request(m, port | CMQ0_CCA_CACHED | (store ? CMQ0_CMD_READ_OWN : CMQ0_CMD_READ) | CMQ0_LEN_LINE |
                   CMQ0_TGT_MEM);
    bool supplied = false, shared = false;
    for (unsigned o = 0; o < m->cores; o++) {
        way_t *x = o == c ? NULL : cache_find(&m->l1d[o], line);
        if (!x)
            continue;
        emit(m, CM_EV_COH_REQ_RESP,
             coh_state_bit(x->state) | CMQ1_NONSPEC | (store ? CMQ1_CMD_STORE : CMQ1_CMD_LOAD), 1);
        if (x->state == ST_M || x->state == ST_E) {
            supplied = true;
            emit(m, CM_EV_SHARING_MISS, CMQ5_REQ(c) | CMQ5_SUP(o), 1);
            if (x->state == ST_M && !store) /* the owner keeps a clean copy: its data goes to the L2 */
                l2_access(m, CMQ_PORT(o), CMQ9_KIND_WRITEBACK, line, false, true);
        }
        if (store) {
            x->state = ST_I;
        } else {
            x->state = ST_S;
            shared = true;
        }
    }
    if (!supplied)
        l2_access(m, port, store ? CMQ9_KIND_READ_OWN : CMQ9_KIND_READ, line, true, false);
    emit(m, CM_EV_RSU, port, LINE_DWORDS);
    w = l1d_fill_way(m, c, line);
    w->tag = line;
    w->state = store ? ST_M : shared ? ST_S : ST_E;
    cache_touch(dc, w);
}

void coh_core_access(coh_model_t *m, unsigned core, uint64_t addr, unsigned size, enum coh_access kind,
                     enum coh_cca cca)
{
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
        cached_line(m, core, line, kind);
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
            way_t *x = cache_find(&m->l1d[o], line);
            if (!x)
                continue;
            emit(m, CM_EV_COH_REQ_RESP, coh_state_bit(x->state) | CMQ1_NONSPEC | CMQ1_CMD_IOCU, 1);
            if (write) {
                if (x->state == ST_M && !whole) /* the rest of the line is merged in the L2 */
                    l2_access(m, CMQ_PORT(o), CMQ9_KIND_WRITEBACK, line, false, true);
                x->state = ST_I;
            } else if (x->state == ST_M || x->state == ST_E) {
                supplied = true;
                if (x->state == ST_M) { /* the owner's data goes to the L2: it keeps a clean copy */
                    l2_access(m, CMQ_PORT(o), CMQ9_KIND_WRITEBACK, line, false, true);
                    x->state = ST_E;
                }
            }
        }
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
