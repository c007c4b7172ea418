/* SBI PMU extension (EID "PMU", v3.0): all nine functions, with the specification's errors where
 * OpenSBI deviates (docs/sbi.md "PMU"). Counter index = CSR offset for hardware counters (0 cycle,
 * 2 instret, 3-31 mhpmcounters; 1 is time, a hole), then 16 firmware counters. The events each
 * hardware counter can count come from the DT's riscv,pmu node, as in OpenSBI. */
#include <string.h>

#include "pmu/model.h"

#include "cpu/sscofpmf.h"
#include "firmware/sbi_internal.h"

#define FW_BASE SBI_PMU_HW_COUNTERS

/* config_matching flags */
#define CFG_SKIP_MATCH (1u << 0)
#define CFG_CLEAR_VALUE (1u << 1)
#define CFG_AUTO_START (1u << 2)
#define CFG_FLAGS 0xFFu /* bits 3-7: SET_VUINH, SET_VSINH, SET_UINH, SET_SINH, SET_MINH (hints) */
/* start / stop flags */
#define START_SET_INIT_VALUE (1u << 0)
#define START_INIT_SNAPSHOT (1u << 1)
#define STOP_RESET (1u << 0)
#define STOP_TAKE_SNAPSHOT (1u << 1)

#define SNAPSHOT_SIZE 4096

static bool is_fw(unsigned idx)
{
    return idx >= FW_BASE && idx < SBI_PMU_COUNTERS;
}

static bool is_hw(const sbi_t *s, uint64_t idx)
{
    return idx < SBI_PMU_HW_COUNTERS && ((s->hw_counters >> idx) & 1);
}

static bool counter_valid(const sbi_t *s, uint64_t idx)
{
    return is_hw(s, idx) || (idx < SBI_PMU_COUNTERS && is_fw((unsigned)idx));
}

static bool hw_running(const hart_t *h, unsigned idx)
{
    return !((h->pmu.mcountinhibit >> idx) & 1);
}

static bool started(const sbi_t *s, const hart_t *h, unsigned hart, unsigned idx)
{
    return is_fw(idx) ? s->hart[hart].ctr[idx].started : hw_running(h, idx);
}

static void hw_inhibit(hart_t *h, unsigned idx, bool inhibit)
{
    uint64_t v = h->pmu.mcountinhibit;
    v = inhibit ? v | (1ull << idx) : v & ~(1ull << idx);
    pmu_set_inhibit(&h->pmu, v, hart_cycle(h));
    hart_pmu_changed(h);
}

static uint64_t counter_value(const sbi_t *s, hart_t *h, unsigned hart, unsigned idx)
{
    return is_fw(idx) ? s->hart[hart].ctr[idx].fw_value : pmu_read(&h->pmu, idx, hart_cycle(h));
}

static void counter_set(sbi_t *s, hart_t *h, unsigned hart, unsigned idx, uint64_t v)
{
    if (is_fw(idx))
        s->hart[hart].ctr[idx].fw_value = v;
    else
        pmu_write(&h->pmu, idx, v, hart_cycle(h));
}

static void counter_run(sbi_t *s, hart_t *h, unsigned hart, unsigned idx, bool run)
{
    if (is_fw(idx))
        s->hart[hart].ctr[idx].started = run;
    else
        hw_inhibit(h, idx, !run);
}

/* Sscofpmf: the inhibit bits of the SET_*INH flags (3 VUINH ... 7 MINH -> mhpmevent bits 58-62) */
static uint64_t inh_of_flags(uint64_t flags)
{
    return ((flags >> 3) & 0x1F) << 58;
}

/* Programs hardware counter idx for its event with its inhibit bits; `of`: set the OF bit (no
 * overflow interrupt until a start clears it). mcycle and minstret take their filter from
 * mcyclecfg/minstretcfg (Smcntrpmf). */
static void hw_program(sbi_t *s, hart_t *h, unsigned hart, unsigned idx, uint64_t sel, bool of)
{
    uint64_t inh = s->hart[hart].ctr[idx].inh;
    if (!sscof_has(h))
        inh = 0, of = false; /* without Sscofpmf the filter hints are dropped */
    if (idx < 3) {
        if (h->isa & ISA_EXT_SMCNTRPMF) {
            unsigned csr = idx == 0 ? 0x321 : 0x322;
            if (s->xlen == 32)
                sscof_wr_countercfg(h, csr + 0x400, inh >> 32, 0);
            else
                sscof_wr_countercfg(h, csr, inh, 0);
        }
        return;
    }
    const pmu_model_t *pm = h->pmu.model;
    uint64_t v = (sel & ~(0xFFull << 56)) | inh | (of ? MHPMEVENT_OF : 0);
    pmu_set_selector(&h->pmu, idx, pm->legalize(pm, v), hart_cycle(h));
    hart_pmu_changed(h);
    sscof_event_written(h, idx);
}

/* The counters a (base, mask) set names, as a bitmap over counter indices; false if it names
 * none or one that does not exist. */
static bool counter_set_of(const sbi_t *s, uint64_t base, uint64_t mask, uint64_t *set)
{
    *set = 0;
    if (mask == 0)
        return false;
    for (unsigned b = 0; b < s->xlen; b++) {
        if (!((mask >> b) & 1))
            continue;
        uint64_t idx = base + b;
        if (idx < base || !counter_valid(s, idx))
            return false;
        *set |= 1ull << idx;
    }
    return true;
}

/* What counters can count (event_idx, event_data), and the mhpmevent value for them. */
static uint64_t candidates(const sbi_t *s, uint64_t idx, uint64_t data, uint64_t *selector)
{
    uint32_t type = (uint32_t)(idx >> 16) & 0xF, code = (uint32_t)idx & 0xFFFF;
    *selector = 0;
    if (idx >> 20)
        return 0;
    switch (type) {
    case 0:
    case 1: {
        if (data != 0 || !pmu_dt_hw_event_valid((uint32_t)idx))
            return 0;
        if (!s->dt.present) { /* no riscv,pmu node: only the fixed counters, as OpenSBI does */
            *selector = idx;
            return idx == 1 ? 1 : idx == 2 ? 4 : 0;
        }
        const struct pmu_dt_range *r = pmu_dt_find_range(&s->dt, (uint32_t)idx);
        if (!r)
            return 0;
        if (!pmu_dt_find_selector(&s->dt, (uint32_t)idx, selector))
            *selector = idx;
        return r->cmap & s->hw_counters;
    }
    case 2:
    case 3: {
        unsigned bits = type == 2 ? 48 : 56;
        if (code != 0 || (s->xlen == 64 && (data >> bits)) || (s->xlen == 32 && (data >> 32)))
            return 0;
        const struct pmu_dt_raw *r = pmu_dt_find_raw(&s->dt, data);
        *selector = data;
        return r && data ? r->cmap & s->hw_counters & ~5ull : 0;
    }
    case 15:
        if (data != 0 || code >= SBI_FW_EVENTS || code > SBI_FW_SFENCE_VMA_ASID_RECEIVED)
            return 0; /* 14-21 need the H extension; 0xFFFF: no platform events */
        return ((1ull << SBI_PMU_FW_COUNTERS) - 1) << FW_BASE;
    default: return 0;
    }
}

static sbi_ret_t cfg_match(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    uint64_t base = c->a[0], mask = c->a[1], flags = c->a[2], idx = c->a[3];
    uint64_t data = s->xlen == 32 ? (c->a[4] | c->a[5] << 32) : c->a[4];
    sbi_hart_t *sh = &s->hart[c->hart];
    uint64_t set, sel;
    if ((flags & ~(uint64_t)CFG_FLAGS) || !counter_set_of(s, base, mask, &set))
        return sbi_err(SBI_ERR_INVALID_PARAM);
    unsigned cidx;
    if (flags & CFG_SKIP_MATCH) {
        cidx = (unsigned)__builtin_ctzll(set);
        if (!sh->ctr[cidx].configured)
            return sbi_err(SBI_ERR_INVALID_PARAM); /* nothing to skip the matching for */
        sh->ctr[cidx].inh = inh_of_flags(flags);
    } else {
        uint64_t free = candidates(s, idx, data, &sel) & set;
        for (unsigned k = 0; k < SBI_PMU_COUNTERS; k++)
            if (sh->ctr[k].configured)
                free &= ~(1ull << k);
        if (!free || (!is_fw(__builtin_ctzll(free)) && sel == 0))
            return sbi_err(SBI_ERR_NOT_SUPPORTED);
        /* With Sscofpmf an hpmcounter, which can raise the overflow interrupt that sampling needs,
         * before mcycle or minstret, which cannot; those only when no hpmcounter is free (as
         * OpenSBI searches the programmable counters first, then falls back to the fixed ones). */
        if (sscof_has(h) && (free & ~5ull))
            free &= ~5ull;
        cidx = (unsigned)__builtin_ctzll(free);
        sh->ctr[cidx] = (sbi_counter_t){
            .configured = true, .event_idx = (uint32_t)idx, .event_data = data, .inh = inh_of_flags(flags)
        };
        counter_run(s, h, c->hart, cidx, false);
        if (!is_fw(cidx))
            hw_program(s, h, c->hart, cidx, sel, true);
    }
    if (flags & CFG_CLEAR_VALUE)
        counter_set(s, h, c->hart, cidx, 0);
    if (flags & CFG_AUTO_START) {
        if (!is_fw(cidx))
            hw_program(s, h, c->hart, cidx, h->pmu.selector[cidx], false);
        counter_run(s, h, c->hart, cidx, true);
    }
    return sbi_ok(cidx);
}

static uint8_t *snapshot(sbi_t *s, unsigned hart)
{
    return bus_ram_ptr(&s->m->bus, s->hart[hart].shmem, SNAPSHOT_SIZE);
}

static uint64_t get_le64(const uint8_t *p)
{
    uint64_t v = 0;
    for (unsigned k = 0; k < 8; k++)
        v |= (uint64_t)p[k] << (8 * k);
    return v;
}

static void put_le64(uint8_t *p, uint64_t v)
{
    for (unsigned k = 0; k < 8; k++)
        p[k] = (uint8_t)(v >> (8 * k));
}

static sbi_ret_t start(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    uint64_t base = c->a[0], mask = c->a[1], flags = c->a[2];
    uint64_t init = s->xlen == 32 ? (c->a[3] | c->a[4] << 32) : c->a[3];
    sbi_hart_t *sh = &s->hart[c->hart];
    uint64_t set;
    if ((flags & ~3ull) || flags == 3 || !counter_set_of(s, base, mask, &set))
        return sbi_err(SBI_ERR_INVALID_PARAM);
    if ((flags & START_INIT_SNAPSHOT) && !sh->shmem_on)
        return sbi_err(SBI_ERR_NO_SHMEM);
    for (unsigned k = 0; k < SBI_PMU_COUNTERS; k++)
        if (((set >> k) & 1) && !sh->ctr[k].configured)
            return sbi_err(SBI_ERR_INVALID_PARAM);
    for (unsigned k = 0; k < SBI_PMU_COUNTERS; k++)
        if (((set >> k) & 1) && started(s, h, c->hart, k))
            return sbi_err(SBI_ERR_ALREADY_STARTED);
    const uint8_t *snap = flags & START_INIT_SNAPSHOT ? snapshot(s, c->hart) : NULL;
    for (unsigned k = 0; k < SBI_PMU_COUNTERS; k++) {
        if (!((set >> k) & 1))
            continue;
        if (flags & START_SET_INIT_VALUE)
            counter_set(s, h, c->hart, k, init);
        else if (snap)
            counter_set(s, h, c->hart, k, get_le64(snap + 8 + 8 * (k - base)));
        if (!is_fw(k)) /* the event and its filter again, OF cleared: the counter can overflow */
            hw_program(s, h, c->hart, k, h->pmu.selector[k], false);
        counter_run(s, h, c->hart, k, true);
    }
    return sbi_ok(0);
}

static sbi_ret_t stop(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    uint64_t base = c->a[0], mask = c->a[1], flags = c->a[2];
    sbi_hart_t *sh = &s->hart[c->hart];
    uint64_t set;
    if ((flags & ~3ull) || !counter_set_of(s, base, mask, &set))
        return sbi_err(SBI_ERR_INVALID_PARAM);
    if ((flags & STOP_TAKE_SNAPSHOT) && !sh->shmem_on)
        return sbi_err(SBI_ERR_NO_SHMEM);
    for (unsigned k = 0; k < SBI_PMU_COUNTERS; k++)
        if (((set >> k) & 1) && !sh->ctr[k].configured)
            return sbi_err(SBI_ERR_INVALID_PARAM);
    uint8_t *snap = flags & STOP_TAKE_SNAPSHOT ? snapshot(s, c->hart) : NULL;
    uint64_t overflow = 0;
    bool already = false;
    for (unsigned k = 0; k < SBI_PMU_COUNTERS; k++) {
        if (!((set >> k) & 1))
            continue;
        if (started(s, h, c->hart, k))
            counter_run(s, h, c->hart, k, false);
        else
            already = true;
        if (snap)
            put_le64(snap + 8 + 8 * (k - base), counter_value(s, h, c->hart, k));
        if (!is_fw(k) && (h->pmu.selector[k] & MHPMEVENT_OF))
            overflow |= 1ull << (k - base);
        if (flags & STOP_RESET) {
            sh->ctr[k] = (sbi_counter_t){ 0 };
            if (!is_fw(k))
                hw_program(s, h, c->hart, k, 0, false); /* no event, no filter */
        }
    }
    if (snap)
        put_le64(snap, overflow); /* bit i: counter base + i overflowed (its OF bit) */
    return already ? sbi_err(SBI_ERR_ALREADY_STOPPED) : sbi_ok(0);
}

/* A shared-memory address (lo, hi) of `size` bytes in RAM; 0 with *err set if not. */
static uint8_t *shmem(sbi_t *s, uint64_t lo, uint64_t hi, uint64_t size, uint64_t *addr)
{
    if (s->xlen == 64 ? hi != 0 : (hi >> 2) != 0)
        return NULL;
    *addr = s->xlen == 64 ? lo : (lo | hi << 32);
    return bus_ram_ptr(&s->m->bus, *addr, size);
}

static sbi_ret_t snapshot_set_shmem(sbi_t *s, const sbi_call_t *c)
{
    uint64_t lo = c->a[0], hi = c->a[1], flags = c->a[2], ones = s->xlen == 32 ? UINT32_MAX : UINT64_MAX,
             addr;
    sbi_hart_t *sh = &s->hart[c->hart];
    if (flags != 0)
        return sbi_err(SBI_ERR_INVALID_PARAM);
    if (lo == ones && hi == ones) {
        sh->shmem_on = false;
        return sbi_ok(0);
    }
    if (lo & (SNAPSHOT_SIZE - 1))
        return sbi_err(SBI_ERR_INVALID_PARAM);
    if (!shmem(s, lo, hi, SNAPSHOT_SIZE, &addr))
        return sbi_err(SBI_ERR_INVALID_ADDRESS);
    sh->shmem = addr;
    sh->shmem_on = true;
    return sbi_ok(0);
}

static sbi_ret_t event_get_info(sbi_t *s, const sbi_call_t *c)
{
    uint64_t lo = c->a[0], hi = c->a[1], n = c->a[2], flags = c->a[3], addr;
    if (flags != 0 || (lo & 15))
        return sbi_err(SBI_ERR_INVALID_PARAM);
    if (n == 0)
        return sbi_ok(0);
    if (n > (1ull << 28))
        return sbi_err(SBI_ERR_INVALID_ADDRESS);
    uint8_t *p = shmem(s, lo, hi, 16 * n, &addr);
    if (!p)
        return sbi_err(SBI_ERR_INVALID_ADDRESS);
    for (uint64_t k = 0; k < n; k++) {
        uint32_t idx = (uint32_t)get_le64(p + 16 * k);
        if (idx >> 20)
            return sbi_err(SBI_ERR_INVALID_PARAM);
    }
    for (uint64_t k = 0; k < n; k++) {
        uint8_t *e = p + 16 * k;
        uint32_t idx = (uint32_t)get_le64(e), type = idx >> 16;
        uint64_t data = (type == 2 || type == 3 || type == 15) ? get_le64(e + 8) : 0, sel;
        uint64_t cand = candidates(s, idx, data, &sel);
        bool ok = cand != 0 && (type == 15 || sel != 0);
        for (unsigned b = 0; b < 4; b++)
            e[4 + b] = b == 0 ? (uint8_t)ok : 0; /* the whole output word */
    }
    return sbi_ok(0);
}

static sbi_ret_t pmu_call(sbi_t *s, hart_t *h, const sbi_call_t *c);

sbi_ret_t sbi_pmu(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    sbi_ret_t r = pmu_call(s, h, c);
    if (sscof_has(h))
        sscof_rearm(h); /* counters written, started or stopped: watch them for overflow again */
    return r;
}

static sbi_ret_t pmu_call(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    sbi_hart_t *sh = &s->hart[c->hart];
    switch (c->fid) {
    case 0: return sbi_ok(SBI_PMU_COUNTERS); /* num_counters */
    case 1: {                                /* counter_get_info */
        uint64_t idx = c->a[0];
        if (!counter_valid(s, idx))
            return sbi_err(SBI_ERR_INVALID_PARAM);
        if (is_fw((unsigned)idx))
            return sbi_ok(1ull << (s->xlen - 1) | 63u << 12);
        unsigned width = idx < 3 ? 64 : h->pmu.model->hpm_bits;
        return sbi_ok((0xC00 + idx) | (uint64_t)(width - 1) << 12);
    }
    case 2: return cfg_match(s, h, c);
    case 3: return start(s, h, c);
    case 4: return stop(s, h, c);
    case 5: /* counter_fw_read */
    case 6: /* counter_fw_read_hi */
        if (c->a[0] >= SBI_PMU_COUNTERS || !is_fw((unsigned)c->a[0]))
            return sbi_err(SBI_ERR_INVALID_PARAM);
        if (c->fid == 6)
            return sbi_ok(s->xlen == 32 ? sh->ctr[c->a[0]].fw_value >> 32 : 0);
        return sbi_ok(sh->ctr[c->a[0]].fw_value);
    case 7: return snapshot_set_shmem(s, c);
    case 8: return event_get_info(s, c);
    default: return sbi_err(SBI_ERR_NOT_SUPPORTED);
    }
}

void sbi_pmu_fw_event(sbi_t *s, unsigned hart, unsigned code)
{
    sbi_hart_t *sh = &s->hart[hart];
    for (unsigned k = FW_BASE; k < SBI_PMU_COUNTERS; k++)
        if (sh->ctr[k].started && sh->ctr[k].event_idx == (0xF0000u | code))
            sh->ctr[k].fw_value++;
}

void sbi_pmu_init(sbi_t *s)
{
    for (unsigned k = 0; k < s->m->n_harts; k++)
        memset(s->hart[k].ctr, 0, sizeof(s->hart[k].ctr));
}
