/* The PMU of the virt machines: 29 programmable 64-bit counters whose mhpmevent value is an SBI
 * PMU event index (type[19:16] | code[15:0]), the QEMU / OpenSBI convention
 * (../shared/reference/sbi-pmu.md §1, §5). */
#include "core/generic/hierarchy.h"
#include "pmu/model.h"

#define SBI_GENERAL(code) (0x00000ull | (code))
/* SBI cache events (type 1): cache_id << 3 | op_id << 1 | result_id */
#define SBI_CACHE(cache, op, result) (0x10000ull | (cache) << 3 | (op) << 1 | (result))
enum { C_L1D = 0, C_L1I = 1, C_LL = 2, C_DTLB = 3, C_ITLB = 4, C_BPU = 5 };
enum { OP_READ = 0, OP_WRITE = 1 };
enum { R_ACCESS = 0, R_MISS = 1 };

static const pmu_event_desc_t generic_events[] = {
    { SBI_GENERAL(1), "cycles", "CPU cycles", NULL, { SLOT_CYCLES, 0 } },
    { SBI_GENERAL(2), "instructions", "Instructions retired", NULL, { SLOT_EVENTS, EVBIT(INSTRET) } },
    { SBI_GENERAL(5),
      "branch-instructions",
      "Control transfers retired: conditional branches, jal, jalr",
      NULL,
      { SLOT_EVENTS, EVBIT(BRANCH) | EVBIT(JAL) | EVBIT(JALR) } },
    { SBI_GENERAL(6),
      "branch-misses",
      "Mispredicted branches",
      "virt models no branch predictor: counts 0",
      { SLOT_OFF, 0 } },
};

/* With the memory-hierarchy model (hierarchy.c): every event any configuration can count, and
 * the part it needs. */
static const struct hier_event {
    unsigned needs; /* HIER_* */
    pmu_event_desc_t desc;
} hier_events[] = {
    { 0, { SBI_GENERAL(1), "cycles", "CPU cycles", NULL, { SLOT_CYCLES, 0 } } },
    { 0, { SBI_GENERAL(2), "instructions", "Instructions retired", NULL, { SLOT_EVENTS, EVBIT(INSTRET) } } },
    { HIER_L2,
      { SBI_GENERAL(3),
        "cache-references",
        "Last-level cache (L2) accesses: L1 line fills and write-backs",
        NULL,
        { SLOT_EVENTS, EVBIT(L2_READ) | EVBIT(L2_WRITE) } } },
    { HIER_L2,
      { SBI_GENERAL(4),
        "cache-misses",
        "Last-level cache (L2) misses",
        NULL,
        { SLOT_EVENTS, EVBIT(L2_READ_MISS) | EVBIT(L2_WRITE_MISS) } } },
    { 0,
      { SBI_GENERAL(5),
        "branch-instructions",
        "Control transfers retired: conditional branches, jal, jalr",
        NULL,
        { SLOT_EVENTS, EVBIT(BRANCH) | EVBIT(JAL) | EVBIT(JALR) } } },
    { HIER_BP,
      { SBI_GENERAL(6),
        "branch-misses",
        "Conditional branches whose direction the predictor got wrong",
        NULL,
        { SLOT_EVENTS, EVBIT(BR_MISPREDICT) } } },
    { HIER_L1D,
      { SBI_CACHE(C_L1D, OP_READ, R_ACCESS),
        "L1-dcache-loads",
        "L1 D-cache read accesses: loads, LR (one per line touched)",
        NULL,
        { SLOT_EVENTS, EVBIT(DCACHE_READ) } } },
    { HIER_L1D,
      { SBI_CACHE(C_L1D, OP_READ, R_MISS),
        "L1-dcache-load-misses",
        "L1 D-cache read misses",
        NULL,
        { SLOT_EVENTS, EVBIT(DCACHE_READ_MISS) } } },
    { HIER_L1D,
      { SBI_CACHE(C_L1D, OP_WRITE, R_ACCESS),
        "L1-dcache-stores",
        "L1 D-cache write accesses: stores, SC, AMOs (one per line touched)",
        NULL,
        { SLOT_EVENTS, EVBIT(DCACHE_WRITE) } } },
    { HIER_L1D,
      { SBI_CACHE(C_L1D, OP_WRITE, R_MISS),
        "L1-dcache-store-misses",
        "L1 D-cache write misses",
        NULL,
        { SLOT_EVENTS, EVBIT(DCACHE_WRITE_MISS) } } },
    { HIER_L1I,
      { SBI_CACHE(C_L1I, OP_READ, R_ACCESS),
        "L1-icache-loads",
        "L1 I-cache accesses: each line a block's executed instructions come from, each time it runs",
        NULL,
        { SLOT_EVENTS, EVBIT(ICACHE_REQ) } } },
    { HIER_L1I,
      { SBI_CACHE(C_L1I, OP_READ, R_MISS),
        "L1-icache-load-misses",
        "L1 I-cache misses",
        NULL,
        { SLOT_EVENTS, EVBIT(ICACHE_MISS) } } },
    { HIER_L2,
      { SBI_CACHE(C_LL, OP_READ, R_ACCESS),
        "LLC-loads",
        "L2 read accesses: L1I and L1D line fills",
        NULL,
        { SLOT_EVENTS, EVBIT(L2_READ) } } },
    { HIER_L2,
      { SBI_CACHE(C_LL, OP_READ, R_MISS),
        "LLC-load-misses",
        "L2 read misses",
        NULL,
        { SLOT_EVENTS, EVBIT(L2_READ_MISS) } } },
    { HIER_L2,
      { SBI_CACHE(C_LL, OP_WRITE, R_ACCESS),
        "LLC-stores",
        "L2 write accesses: L1D write-backs of dirty lines",
        NULL,
        { SLOT_EVENTS, EVBIT(L2_WRITE) } } },
    { HIER_L2,
      { SBI_CACHE(C_LL, OP_WRITE, R_MISS),
        "LLC-store-misses",
        "L2 write misses",
        NULL,
        { SLOT_EVENTS, EVBIT(L2_WRITE_MISS) } } },
    { HIER_DTLB,
      { SBI_CACHE(C_DTLB, OP_READ, R_ACCESS),
        "dTLB-loads",
        "D-TLB lookups of translated loads",
        NULL,
        { SLOT_EVENTS, EVBIT(DTLB_READ) } } },
    { HIER_DTLB,
      { SBI_CACHE(C_DTLB, OP_READ, R_MISS),
        "dTLB-load-misses",
        "D-TLB misses of translated loads",
        NULL,
        { SLOT_EVENTS, EVBIT(DTLB_READ_MISS) } } },
    { HIER_DTLB,
      { SBI_CACHE(C_DTLB, OP_WRITE, R_ACCESS),
        "dTLB-stores",
        "D-TLB lookups of translated stores and AMOs",
        NULL,
        { SLOT_EVENTS, EVBIT(DTLB_WRITE) } } },
    { HIER_DTLB,
      { SBI_CACHE(C_DTLB, OP_WRITE, R_MISS),
        "dTLB-store-misses",
        "D-TLB misses of translated stores and AMOs",
        NULL,
        { SLOT_EVENTS, EVBIT(DTLB_WRITE_MISS) } } },
    { HIER_ITLB,
      { SBI_CACHE(C_ITLB, OP_READ, R_ACCESS),
        "iTLB-loads",
        "I-TLB lookups: one per translated block execution",
        NULL,
        { SLOT_EVENTS, EVBIT(ITLB_READ) } } },
    { HIER_ITLB,
      { SBI_CACHE(C_ITLB, OP_READ, R_MISS),
        "iTLB-load-misses",
        "I-TLB misses",
        NULL,
        { SLOT_EVENTS, EVBIT(ITLB_MISS) } } },
    { HIER_BP,
      { SBI_CACHE(C_BPU, OP_READ, R_ACCESS),
        "branch-loads",
        "Branch predictor lookups: conditional branches retired",
        NULL,
        { SLOT_EVENTS, EVBIT(BP_LOOKUP) } } },
    { HIER_BP,
      { SBI_CACHE(C_BPU, OP_READ, R_MISS),
        "branch-load-misses",
        "Conditional branches whose direction the predictor got wrong",
        NULL,
        { SLOT_EVENTS, EVBIT(BR_MISPREDICT) } } },
};
#define N_HIER_EVENTS (sizeof hier_events / sizeof hier_events[0])

static uint64_t generic_legalize(const pmu_model_t *model, uint64_t value)
{
    (void)model;
    return value; /* any value is stored; only the low 20 bits select (as QEMU) */
}

static pmu_selection_t generic_select(const pmu_model_t *model, uint64_t value)
{
    const pmu_event_desc_t *e = pmu_model_event_by_code(model, value & 0xFFFFF);
    return e ? e->sel : (pmu_selection_t){ SLOT_OFF, 0 };
}

/* An SBI event index: type[19:16], code[15:0] */
static const pmu_format_field_t generic_formats[] = { { "event", 0, 15 },
                                                      { "type", 16, 19 },
                                                      { NULL, 0, 0 } };

extern const pmu_metric_table_t pmu_metrics_generic; /* metrics.json, compiled in */

const pmu_model_t pmu_model_generic = {
    .name = "generic",
    .raw_pmu = "sbi",
    .formats = generic_formats,
    .metrics = &pmu_metrics_generic,
    .hpm_mask = 0xFFFFFFF8u,
    .hpm_bits = 64,
    .inhibit_mask = 0xFFFFFFFDu,
    .events = generic_events,
    .n_events = sizeof generic_events / sizeof generic_events[0],
    .legalize = generic_legalize,
    .select = generic_select,
};

/* The model of a combination of parts, built in the caller's store (a hart's hierarchy state, or
 * a tool listing the events). */
const pmu_model_t *pmu_model_generic_for(unsigned parts, core_pmu_store_t *store)
{
    _Static_assert(N_HIER_EVENTS + 1 <= CORE_PMU_MAX_EVENTS, "core_pmu_store_t holds every event");
    parts &= HIER_PARTS_ALL;
    if (!parts)
        return &pmu_model_generic;
    size_t n = 0;
    for (size_t k = 0; k < N_HIER_EVENTS; k++) {
        if ((hier_events[k].needs & parts) != hier_events[k].needs)
            continue;
        store->events[n++] = hier_events[k].desc;
        if (hier_events[k].desc.code == SBI_GENERAL(5) && !(parts & HIER_BP))
            store->events[n++] = generic_events[3]; /* branch-misses: counts 0 */
    }
    store->model = pmu_model_generic;
    store->model.events = store->events;
    store->model.n_events = n;
    return &store->model;
}
