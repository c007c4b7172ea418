/* The AMD MicroBlaze V hardware performance monitor (seed 001, ../shared/reference/microblaze-v.md):
 * mhpmevent = class (bits 4:1) + event mask (bits 24:5), bit 0 "no event". A selector counts the
 * union of the events its mask selects in its class; the engine's OR rule makes several selected
 * events of one instruction or access count once. An undefined class, or any bit its class does
 * not define (bits 31:25 and above included), makes the counter count nothing; the register keeps
 * what was written. docs/pmu-microblaze-v.md has every event and every choice. */
#include "core/microblaze_v/mbv.h"

/* The table `pmusim stat` and `pmusim list` name events by: one entry per defined event bit,
 * code = class << 1 | 1 << bit, sorted by code. */
static const pmu_event_desc_t mbv_events[] = {
    { 0x20,
      "load",
      "Integer load instruction retired",
      NULL,
      { SLOT_EVENTS, EVBIT(LOAD) } }, /* class 0 bit 5 */
    { 0x22,
      "branch-taken",
      "Taken conditional branch",
      NULL,
      { SLOT_EVENTS, EVBIT(BR_TAKEN) } }, /* class 1 bit 5 */
    { 0x24,
      "icache-request",
      "Data request from instruction cache (one per instruction fetched from cached memory)",
      NULL,
      { SLOT_EVENTS, EVBIT(ICACHE_REQ) } }, /* class 2 bit 5 */
    { 0x28,
      "div-by-zero",
      "Divide/remainder by zero operation",
      NULL,
      { SLOT_EVENTS, EVBIT(DIV_BY_ZERO) } }, /* class 4 bit 5 */
    { 0x2a,
      "latency-interrupt",
      "Interrupt latency: occurrences (N; sum and min/max in a latency pair)",
      NULL,
      { SLOT_EVENTS, EVBIT(LAT_IRQ) } }, /* class 5 bit 5 */
    { 0x40,
      "store",
      "Integer store instruction retired",
      NULL,
      { SLOT_EVENTS, EVBIT(STORE) } }, /* class 0 bit 6 */
    { 0x42,
      "branch-not-taken",
      "Not taken conditional branch",
      NULL,
      { SLOT_EVENTS, EVBIT(BR_NOT_TAKEN) } }, /* class 1 bit 6 */
    { 0x44,
      "icache-hit",
      "Hit in instruction cache",
      NULL,
      { SLOT_EVENTS, EVBIT(ICACHE_HIT) } }, /* class 2 bit 6 */
    { 0x46,
      "stall-of",
      "Pipeline stalled due to operand fetch stage (OF): cycles",
      NULL,
      { SLOT_SUM, EVBIT(STALL_OF) } }, /* class 3 bit 6 */
    { 0x48,
      "fp-subnormal",
      "Floating-point instruction with a subnormal result (fpu=on)",
      NULL,
      { SLOT_EVENTS, EVBIT(FP_SUBNORMAL) } }, /* class 4 bit 6 */
    { 0x80,
      "atomic",
      "Atomic instruction retired (LR, SC, AMO)",
      NULL,
      { SLOT_EVENTS, EVBIT(ATOMIC) } },                                                /* class 0 bit 7 */
    { 0x82, "exception", "Exception taken", NULL, { SLOT_EVENTS, EVBIT(EXCEPTION) } }, /* class 1 bit 7 */
    { 0x84,
      "dcache-read",
      "Read data requested from data cache",
      NULL,
      { SLOT_EVENTS, EVBIT(DCACHE_READ) } }, /* class 2 bit 7 */
    { 0x86,
      "stall-ex",
      "Pipeline stalled due to execute stage (EX): cycles",
      NULL,
      { SLOT_SUM, EVBIT(STALL_EX) } }, /* class 3 bit 7 */
    { 0x8a,
      "latency-dcache-read",
      "Data cache memory read latency: occurrences",
      NULL,
      { SLOT_EVENTS, EVBIT(LAT_DCACHE_READ) } }, /* class 5 bit 7 */
    { 0x100,
      "system",
      "System instruction retired, including ECALL and EBREAK (CSR, ecall, ebreak, mret, sret, wfi, "
      "sfence.vma)",
      NULL,
      { SLOT_EVENTS, EVBIT(SYSTEM) } }, /* class 0 bit 8 */
    { 0x102,
      "interrupt",
      "Interrupt occurred (taken)",
      NULL,
      { SLOT_EVENTS, EVBIT(IRQ_TIMER) | EVBIT(IRQ_EXTERNAL) | EVBIT(IRQ_SOFTWARE) |
                         EVBIT(IRQ_OTHER) } }, /* class 1 bit 8 */
    { 0x104,
      "dcache-read-hit",
      "Read data hit in data cache",
      NULL,
      { SLOT_EVENTS, EVBIT(DCACHE_READ_HIT) } }, /* class 2 bit 8 */
    { 0x106,
      "stall-mem",
      "Pipeline stalled due to memory stage: cycles",
      NULL,
      { SLOT_SUM, EVBIT(STALL_MEM) } }, /* class 3 bit 8 */
    { 0x200,
      "int-arith",
      "Integer arithmetic instruction retired, including C.NOP (add/sub/logic/shift/compare, lui, auipc; wfi "
      "too)",
      NULL,
      { SLOT_EVENTS, EVBIT(ALU) } }, /* class 0 bit 9 */
    { 0x202,
      "btc-hit",
      "Branch target cache hit (a taken branch or jump found in the BTC)",
      NULL,
      { SLOT_EVENTS, EVBIT(BTC_HIT) } }, /* class 1 bit 9 */
    { 0x204,
      "dcache-write",
      "Write data request from data cache",
      NULL,
      { SLOT_EVENTS, EVBIT(DCACHE_WRITE) } }, /* class 2 bit 9 */
    { 0x20a,
      "latency-dcache-write",
      "Data cache memory write latency: occurrences",
      NULL,
      { SLOT_EVENTS, EVBIT(LAT_DCACHE_WRITE) } }, /* class 5 bit 9 */
    { 0x400,
      "int-mul",
      "Integer multiply instruction retired",
      NULL,
      { SLOT_EVENTS, EVBIT(MUL) } }, /* class 0 bit 10 */
    { 0x402,
      "btc-mispredict",
      "Branch target mispredict (BTC hit with a wrong target, or a not-taken branch it predicted taken)",
      NULL,
      { SLOT_EVENTS, EVBIT(BTC_MISPREDICT) } }, /* class 1 bit 10 */
    { 0x404,
      "dcache-write-hit",
      "Write data hit in data cache",
      NULL,
      { SLOT_EVENTS, EVBIT(DCACHE_WRITE_HIT) } }, /* class 2 bit 10 */
    { 0x800,
      "int-div",
      "Integer divide/remainder instruction retired",
      NULL,
      { SLOT_EVENTS, EVBIT(DIV) } }, /* class 0 bit 11 */
    { 0x80a,
      "latency-icache-read",
      "Instruction cache memory read latency: occurrences",
      NULL,
      { SLOT_EVENTS, EVBIT(LAT_ICACHE_READ) } }, /* class 5 bit 11 */
    { 0x1000,
      "custom",
      "Custom instruction retired (none implemented: 0)",
      "not implemented in pmusim (no FPU, no custom instructions): 0",
      { SLOT_EVENTS, 0 } }, /* class 0 bit 12 */
    { 0x2000,
      "bitmanip",
      "Bit manipulation instruction retired (Zba, Zbb, Zbc, Zbs)",
      NULL,
      { SLOT_EVENTS, EVBIT(BITMANIP) } }, /* class 0 bit 13 */
    { 0x200a,
      "latency-axi-read",
      "Peripheral AXI data read latency: occurrences",
      NULL,
      { SLOT_EVENTS, EVBIT(LAT_PERIPH_READ) } }, /* class 5 bit 13 */
    { 0x4000,
      "compressed",
      "Compressed instruction retired",
      NULL,
      { SLOT_EVENTS, EVBIT(LEN16) } }, /* class 0 bit 14 */
    { 0x8000,
      "jal",
      "JAL or C.J instruction retired (also C.JAL)",
      NULL,
      { SLOT_EVENTS, EVBIT(JAL) } }, /* class 0 bit 15 */
    { 0x800a,
      "latency-axi-write",
      "Peripheral AXI data write latency: occurrences",
      NULL,
      { SLOT_EVENTS, EVBIT(LAT_PERIPH_WRITE) } }, /* class 5 bit 15 */
    { 0x10000,
      "jalr",
      "JALR or C.JR instruction retired (also C.JALR)",
      NULL,
      { SLOT_EVENTS, EVBIT(JALR) } }, /* class 0 bit 16 */
    { 0x20000,
      "fp-load",
      "Floating point load instruction retired (flw, fld, compressed forms; fpu=on)",
      NULL,
      { SLOT_EVENTS, EVBIT(FP_LOAD) } }, /* class 0 bit 17 */
    { 0x40000,
      "fp-store",
      "Floating point store instruction retired (fsw, fsd, compressed forms; fpu=on)",
      NULL,
      { SLOT_EVENTS, EVBIT(FP_STORE) } }, /* class 0 bit 18 */
    { 0x80000,
      "fp-addsub",
      "Floating point add/sub instruction retired (fadd, fsub; fpu=on)",
      NULL,
      { SLOT_EVENTS, EVBIT(FP_ADDSUB) } }, /* class 0 bit 19 */
    { 0x100000,
      "fp-mul",
      "Floating point multiply instruction retired (fmul; fpu=on)",
      NULL,
      { SLOT_EVENTS, EVBIT(FP_MUL) } }, /* class 0 bit 20 */
    { 0x200000,
      "fp-div",
      "Floating point divide instruction retired (fdiv; fpu=on)",
      NULL,
      { SLOT_EVENTS, EVBIT(FP_DIV) } }, /* class 0 bit 21 */
    { 0x400000,
      "fp-fused",
      "Floating point fused instruction retired (fmadd, fmsub, fnmsub, fnmadd; fpu=on)",
      NULL,
      { SLOT_EVENTS, EVBIT(FP_FUSED) } }, /* class 0 bit 22 */
    { 0x800000,
      "fp-other",
      "Floating point other instruction retired (fsqrt, fmin/fmax, fsgnj, compares, fclass, fcvt, fmv; "
      "fpu=on)",
      NULL,
      { SLOT_EVENTS, EVBIT(FP_OTHER) } }, /* class 0 bit 23 */
    { 0x1000000,
      "cache-flush",
      "Cache invalidate or flush retired (fence.i)",
      NULL,
      { SLOT_EVENTS, EVBIT(FENCEI) } }, /* class 0 bit 24 */
};
#define N_MBV_EVENTS (sizeof mbv_events / sizeof mbv_events[0])

/* The event bits each class defines. */
static const uint32_t class_defined[MBV_CLASSES] = {
    0x1FFFFE0, /* 0: bits 5-24 */
    0x7E0,     /* 1: bits 5-10 */
    0x7E0,     /* 2: bits 5-10 */
    0x1C0,     /* 3: bits 6-8 */
    0x060,     /* 4: bits 5-6 */
    0xAAA0,    /* 5: bits 5, 7, 9, 11, 13, 15 */
};

bool mbv_decode(uint64_t value, bool latency_counter, unsigned *cls, uint32_t *bits)
{
    if (value & MBV_NO_EVENT)
        return false;
    if (value >> 25)
        return false; /* bits 31:25 (and above on RV64) are defined nowhere */
    unsigned c = latency_counter ? 5 : (unsigned)(value >> 1) & 0xF;
    uint32_t mask = (uint32_t)value & 0x1FFFFE0u;
    if (c >= MBV_CLASSES || !mask || (mask & ~class_defined[c]))
        return false;
    *cls = c;
    *bits = mask;
    return true;
}

/* The union of the events of the bits of `mask` in class c. */
static evset_t class_events(unsigned c, uint32_t mask)
{
    evset_t e = 0;
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned bit = (unsigned)__builtin_ctz(m);
        const pmu_event_desc_t *d = pmu_model_event_by_code(&pmu_model_mbv, (uint64_t)c << 1 | 1u << bit);
        if (d)
            e |= d->sel.events;
    }
    return e;
}

static pmu_selection_t select_as(uint64_t value, bool latency_counter)
{
    unsigned c;
    uint32_t mask;
    if (!mbv_decode(value, latency_counter, &c, &mask))
        return (pmu_selection_t){ SLOT_OFF, 0 };
    evset_t e = class_events(c, mask);
    pmu_slot_kind_t kind = latency_counter || c == 3 ? SLOT_SUM : SLOT_EVENTS;
    return (pmu_selection_t){ e ? kind : SLOT_OFF, e };
}

static uint64_t mbv_legalize(const pmu_model_t *model, uint64_t value)
{
    (void)model;
    return value; /* every bit is kept: software sees what it wrote (seed: "does not increment") */
}

static pmu_selection_t mbv_select(const pmu_model_t *model, uint64_t value)
{
    (void)model;
    return select_as(value, false);
}

/* Counters 3 .. 3+E-1 are event counters, then L pairs (sum, min/max). */
static pmu_slot_role_t mbv_slot_role(const pmu_model_t *model, unsigned slot)
{
    const mbv_counters_t *c = model->config;
    if (!c || slot < 3 + c->event_counters || slot >= 3 + c->event_counters + 2 * c->latency_counters)
        return SLOT_ROLE_PLAIN;
    return (slot - 3 - c->event_counters) % 2 ? SLOT_ROLE_PAIR_SECOND : SLOT_ROLE_PAIR_FIRST;
}

static pmu_selection_t mbv_select_slot(const pmu_model_t *model, unsigned slot, uint64_t value)
{
    return select_as(value, mbv_slot_role(model, slot) != SLOT_ROLE_PLAIN);
}

static const pmu_format_field_t mbv_formats[] = {
    { "noevent", 0, 0 }, { "class", 1, 4 }, { "mask", 5, 24 }, { "event", 0, 24 }, { NULL, 0, 0 },
};

static const mbv_counters_t default_counters = { MBV_DEFAULT_EVENT_COUNTERS, MBV_DEFAULT_LATENCY_COUNTERS };

void mbv_model_init(pmu_model_t *m, const mbv_counters_t *counters)
{
    *m = pmu_model_mbv;
    unsigned n = counters->event_counters + 2 * counters->latency_counters;
    m->hpm_mask = (uint32_t)(((1ull << n) - 1) << 3);
    m->inhibit_mask = 0x5u | m->hpm_mask;
    m->config = counters;
}

const pmu_model_t pmu_model_mbv = {
    .name = "microblaze-v",
    .hpm_mask = ((1u << (MBV_DEFAULT_EVENT_COUNTERS + 2 * MBV_DEFAULT_LATENCY_COUNTERS)) - 1) << 3,
    .hpm_bits = 64,
    .inhibit_mask = 0x5u | ((1u << (MBV_DEFAULT_EVENT_COUNTERS + 2 * MBV_DEFAULT_LATENCY_COUNTERS)) - 1) << 3,
    .events = mbv_events,
    .n_events = N_MBV_EVENTS,
    .legalize = mbv_legalize,
    .select = mbv_select,
    .select_slot = mbv_select_slot,
    .slot_role = mbv_slot_role,
    .config = &default_counters,
    .raw_pmu = "mbv",
    .formats = mbv_formats,
};
