/* Strict reading of the riscv,pmu binding (docs/devicetree.md lists every check). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libfdt.h>

#include "firmware/pmu_dt.h"

#define P_COUNTERS "riscv,event-to-mhpmcounters"
#define P_EVENTS "riscv,event-to-mhpmevent"
#define P_RAW "riscv,raw-event-to-mhpmcounters"

typedef struct checker {
    pmu_dt_t *dt;
    uint32_t counters;
    pmu_dt_report_fn report;
    void *ctx;
    unsigned problems;
} checker_t;

static void problem(checker_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(checker_t *c, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    c->problems++;
    if (c->report)
        c->report(c->ctx, c->dt->path, msg);
}

bool pmu_dt_hw_event_valid(uint32_t idx)
{
    uint32_t type = idx >> 16, code = idx & 0xFFFF;
    if (type == 0)
        return code >= 1 && code <= 10;
    if (type == 1)
        return (code >> 3) <= 6 && ((code >> 1) & 3) != 3;
    return false;
}

/* Does [start, end] hold an index that is no valid hardware event? (the first one in *bad) */
static bool range_has_invalid(uint32_t start, uint32_t end, uint32_t *bad)
{
    for (uint64_t i = start; i <= end; i++)
        if (!pmu_dt_hw_event_valid((uint32_t)i)) {
            *bad = (uint32_t)i;
            return true;
        }
    return false;
}

/* The property as rows of `width` cells; NULL if absent. A partial last row is a problem. */
static const fdt32_t *rows(checker_t *c, const void *fdt, int node, const char *prop, unsigned width,
                           unsigned *n)
{
    int len;
    const fdt32_t *v = fdt_getprop(fdt, node, prop, &len);
    *n = 0;
    if (!v)
        return NULL;
    unsigned cells = (unsigned)len / 4;
    if (len % 4)
        problem(c, "%s: %d bytes is not a whole number of 32-bit cells", prop, len);
    if (cells % width)
        problem(c, "%s row %u: partial row of %u cells (rows have %u)", prop, cells / width + 1,
                cells % width, width);
    *n = cells / width;
    if (*n == 0 && cells % width == 0)
        problem(c, "%s: empty", prop);
    if (*n > PMU_DT_MAX_ROWS) {
        problem(c, "%s: %u rows, more than the %u pmusim reads", prop, *n, PMU_DT_MAX_ROWS);
        *n = PMU_DT_MAX_ROWS;
    }
    return v;
}

static void check_cmap(checker_t *c, const char *prop, unsigned row, uint32_t cmap)
{
    if (cmap == 0)
        problem(c, "%s row %u: counter map 0x%x names no counter", prop, row, cmap);
    if (cmap & 2)
        problem(c, "%s row %u: counter map 0x%x names counter 1 (time), which counts no event", prop, row,
                cmap);
    uint32_t absent = cmap & ~c->counters & ~2u;
    if (absent)
        problem(c, "%s row %u: counter map 0x%x names counters the hart does not have (0x%x)", prop, row,
                cmap, absent);
}

static void parse_counters(checker_t *c, const void *fdt, int node)
{
    unsigned n;
    const fdt32_t *v = rows(c, fdt, node, P_COUNTERS, 3, &n);
    pmu_dt_t *dt = c->dt;
    for (unsigned r = 0; r < n; r++) {
        uint32_t start = fdt32_to_cpu(v[3 * r]), end = fdt32_to_cpu(v[3 * r + 1]),
                 cmap = fdt32_to_cpu(v[3 * r + 2]);
        unsigned row = r + 1, before = c->problems;
        uint32_t bad;
        if (start > end)
            problem(c, "%s row %u: range 0x%x-0x%x ends before it starts", P_COUNTERS, row, start, end);
        else if (!pmu_dt_hw_event_valid(start) || !pmu_dt_hw_event_valid(end))
            problem(c, "%s row %u: 0x%x is no general (0x1-0xa) or cache (0x1xxxx) event index", P_COUNTERS,
                    row, pmu_dt_hw_event_valid(start) ? end : start);
        else if (range_has_invalid(start, end, &bad))
            problem(c, "%s row %u: range 0x%x-0x%x includes 0x%x, which is no event index", P_COUNTERS, row,
                    start, end, bad);
        check_cmap(c, P_COUNTERS, row, cmap);
        if ((cmap & 1) && !(start == 1 && end == 1))
            problem(c, "%s row %u: counter 0 (mcycle) counts only event 0x1, not 0x%x-0x%x", P_COUNTERS, row,
                    start, end);
        if ((cmap & 4) && !(start == 2 && end == 2))
            problem(c, "%s row %u: counter 2 (minstret) counts only event 0x2, not 0x%x-0x%x", P_COUNTERS,
                    row, start, end);
        for (unsigned k = 0; k < r; k++) {
            const struct pmu_dt_range *o = &dt->ranges[k];
            if (start <= o->end && o->start <= end && start <= end)
                problem(c, "%s row %u: range 0x%x-0x%x overlaps row %u (0x%x-0x%x)", P_COUNTERS, row, start,
                        end, k + 1, o->start, o->end);
        }
        dt->ranges[r] = (struct pmu_dt_range){ start, end, cmap };
        if (c->problems != before)
            dt->ranges[r] = (struct pmu_dt_range){ 1, 0, 0 }; /* matches nothing */
    }
    dt->n_ranges = n;
}

static void parse_events(checker_t *c, const void *fdt, int node)
{
    unsigned n;
    const fdt32_t *v = rows(c, fdt, node, P_EVENTS, 3, &n);
    pmu_dt_t *dt = c->dt;
    if (v && !fdt_getprop(fdt, node, P_COUNTERS, NULL))
        problem(c, "%s: present without %s, which it depends on", P_EVENTS, P_COUNTERS);
    for (unsigned r = 0; r < n; r++) {
        uint32_t idx = fdt32_to_cpu(v[3 * r]);
        uint64_t sel = (uint64_t)fdt32_to_cpu(v[3 * r + 1]) << 32 | fdt32_to_cpu(v[3 * r + 2]);
        unsigned row = r + 1;
        if (!pmu_dt_hw_event_valid(idx))
            problem(c, "%s row %u: 0x%x is no general (0x1-0xa) or cache (0x1xxxx) event index", P_EVENTS,
                    row, idx);
        else if (!pmu_dt_find_range(dt, idx))
            problem(c, "%s row %u: event 0x%x has no counters in %s", P_EVENTS, row, idx, P_COUNTERS);
        if (sel == 0)
            problem(c, "%s row %u: selector 0 counts nothing", P_EVENTS, row);
        for (unsigned k = 0; k < r; k++)
            if (dt->sels[k].idx == idx)
                problem(c, "%s row %u: event 0x%x already has a selector in row %u", P_EVENTS, row, idx,
                        k + 1);
        dt->sels[r] = (struct pmu_dt_sel){ idx, sel };
    }
    dt->n_sels = n;
}

static void parse_raw(checker_t *c, const void *fdt, int node)
{
    unsigned n;
    const fdt32_t *v = rows(c, fdt, node, P_RAW, 5, &n);
    pmu_dt_t *dt = c->dt;
    for (unsigned r = 0; r < n; r++) {
        const fdt32_t *w = v + 5 * r;
        uint64_t select = (uint64_t)fdt32_to_cpu(w[0]) << 32 | fdt32_to_cpu(w[1]);
        uint64_t mask = (uint64_t)fdt32_to_cpu(w[2]) << 32 | fdt32_to_cpu(w[3]);
        uint32_t cmap = fdt32_to_cpu(w[4]);
        unsigned row = r + 1;
        if (mask == 0)
            problem(c, "%s row %u: mask 0 matches every raw event", P_RAW, row);
        if (select & ~mask)
            problem(c, "%s row %u: select 0x%llx has bits outside mask 0x%llx, so it never matches", P_RAW,
                    row, (unsigned long long)select, (unsigned long long)mask);
        check_cmap(c, P_RAW, row, cmap);
        if (cmap & 5)
            problem(c, "%s row %u: counter map 0x%x names mcycle or minstret, which count no raw event",
                    P_RAW, row, cmap);
        for (unsigned k = 0; k < r; k++) {
            const struct pmu_dt_raw *o = &dt->raws[k];
            if (((select ^ o->select) & mask & o->mask) == 0)
                problem(c, "%s row %u: raw events matching 0x%llx/0x%llx also match row %u (0x%llx/0x%llx)",
                        P_RAW, row, (unsigned long long)select, (unsigned long long)mask, k + 1,
                        (unsigned long long)o->select, (unsigned long long)o->mask);
        }
        dt->raws[r] = (struct pmu_dt_raw){ select, mask, cmap };
    }
    dt->n_raws = n;
}

unsigned pmu_dt_parse(const void *fdt, uint32_t counters, pmu_dt_t *out, pmu_dt_report_fn report, void *ctx)
{
    memset(out, 0, sizeof(*out));
    checker_t c = { out, counters, report, ctx, 0 };
    int node = fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu");
    if (node < 0)
        return 0;
    out->present = true;
    if (fdt_get_path(fdt, node, out->path, sizeof(out->path)) < 0)
        strcpy(out->path, "riscv,pmu");
    int other = fdt_node_offset_by_compatible(fdt, node, "riscv,pmu");
    if (other >= 0) {
        char p[128];
        fdt_get_path(fdt, other, p, sizeof(p));
        problem(&c, "a second riscv,pmu node %s (firmware reads only the first)", p);
    }
    int len;
    const char *compat = fdt_getprop(fdt, node, "compatible", &len);
    if (!compat || strcmp(compat, "riscv,pmu") != 0 || (size_t)len != sizeof("riscv,pmu"))
        problem(&c, "compatible: must be exactly \"riscv,pmu\"");
    int prop;
    fdt_for_each_property_offset(prop, fdt, node)
    {
        const char *name;
        fdt_getprop_by_offset(fdt, prop, &name, NULL);
        if (strcmp(name, "compatible") && strcmp(name, P_COUNTERS) && strcmp(name, P_EVENTS) &&
            strcmp(name, P_RAW) && strcmp(name, "phandle"))
            problem(&c, "%s: not a property of the riscv,pmu binding", name);
    }
    parse_counters(&c, fdt, node);
    parse_events(&c, fdt, node);
    parse_raw(&c, fdt, node);
    return c.problems;
}

const struct pmu_dt_range *pmu_dt_find_range(const pmu_dt_t *dt, uint32_t idx)
{
    for (unsigned k = 0; k < dt->n_ranges; k++)
        if (dt->ranges[k].start <= idx && idx <= dt->ranges[k].end)
            return &dt->ranges[k];
    return NULL;
}

bool pmu_dt_find_selector(const pmu_dt_t *dt, uint32_t idx, uint64_t *sel)
{
    for (unsigned k = 0; k < dt->n_sels; k++)
        if (dt->sels[k].idx == idx) {
            *sel = dt->sels[k].sel;
            return true;
        }
    return false;
}

const struct pmu_dt_raw *pmu_dt_find_raw(const pmu_dt_t *dt, uint64_t data)
{
    for (unsigned k = 0; k < dt->n_raws; k++)
        if ((data & dt->raws[k].mask) == dt->raws[k].select)
            return &dt->raws[k];
    return NULL;
}
