/* The PMU engine (src/pmu/pmu.c) on a model of its own, without a hart or a core: counting by
 * events, the OR rule, clocks from the caller's time, weighted increments (SLOT_SUM), and the
 * instructions that can commit before an overflow. Links only the pmu layer. */
#include "pmu/model.h"
#include "pmu/pmu.h"
#include "unit.h"

/* selector 1: loads; 2: loads or stores (OR rule); 3: active cycles; 4: sum of latencies of loads */
static pmu_selection_t test_select(const pmu_model_t *m, uint64_t v)
{
    (void)m;
    switch (v) {
    case 1: return (pmu_selection_t){ SLOT_EVENTS, EVBIT(LOAD) };
    case 2: return (pmu_selection_t){ SLOT_EVENTS, EVBIT(LOAD) | EVBIT(STORE) };
    case 3: return (pmu_selection_t){ SLOT_CYCLES, 0 };
    case 4: return (pmu_selection_t){ SLOT_SUM, EVBIT(LOAD) };
    default: return (pmu_selection_t){ SLOT_OFF, 0 };
    }
}

static uint64_t test_legalize(const pmu_model_t *m, uint64_t v)
{
    (void)m;
    return v <= 4 ? v : 0;
}

static const pmu_model_t test_model = {
    .name = "test",
    .hpm_mask = 0x78, /* mhpmcounter3-6 */
    .hpm_bits = 16,
    .inhibit_mask = 0x7d,
    .legalize = test_legalize,
    .select = test_select,
};

/* Latency pairs: counters 3/4 are a pair configured by mhpmevent3 (a latency sum and a min/max
 * counter), 5 a plain counter. Selector 7: latencies of D-cache fills. */
static pmu_selection_t pair_select(const pmu_model_t *m, unsigned slot, uint64_t v)
{
    (void)m;
    if (v != 7)
        return (pmu_selection_t){ SLOT_OFF, 0 };
    return (pmu_selection_t){ slot == 3 ? SLOT_SUM : SLOT_EVENTS, EVBIT(LAT_DCACHE_READ) };
}
static pmu_selection_t pair_select_any(const pmu_model_t *m, uint64_t v)
{
    return pair_select(m, 5, v);
}
static pmu_slot_role_t pair_role(const pmu_model_t *m, unsigned slot)
{
    (void)m;
    return slot == 3 ? SLOT_ROLE_PAIR_FIRST : slot == 4 ? SLOT_ROLE_PAIR_SECOND : SLOT_ROLE_PLAIN;
}
static uint64_t keep(const pmu_model_t *m, uint64_t v)
{
    (void)m;
    return v;
}
static const pmu_model_t pair_model = {
    .name = "pairs",
    .hpm_mask = 0x38,
    .hpm_bits = 64,
    .inhibit_mask = 0x3d,
    .legalize = keep,
    .select = pair_select_any,
    .select_slot = pair_select,
    .slot_role = pair_role,
};

static void test_latency_pairs(unit_t *u)
{
    pmu_t p;
    pmu_init(&p, &pair_model);
    pmu_set_selector(&p, 3, 7, 0);
    pmu_set_selector(&p, 5, 7, 0);
    pmu_set_selector(&p, 4, 7, 0); /* the second counter's own selector: ignored */
    CHECK_EQ(p.selector[4], 0);
    CHECK(p.slot[4].kind == SLOT_MINMAX);
    pmu_latency(&p, EVBIT(LAT_DCACHE_READ), 13);
    pmu_latency(&p, EVBIT(LAT_DCACHE_READ), 40);
    pmu_latency(&p, EVBIT(LAT_DCACHE_READ), 7);
    pmu_latency(&p, EVBIT(LAT_DCACHE_WRITE), 1); /* another event: not counted */
    CHECK_EQ(pmu_read(&p, 3, 0), 60);            /* sum */
    CHECK_EQ(pmu_read(&p, 4, 0), 40u << 16 | 7); /* max 31:16, min 15:0 */
    CHECK_EQ(pmu_read(&p, 5, 0), 3);             /* N */
    /* a latency past 16 bits saturates in its field; the sum takes all of it */
    pmu_latency(&p, EVBIT(LAT_DCACHE_READ), 70000);
    CHECK_EQ(pmu_read(&p, 4, 0), 0xFFFFu << 16 | 7);
    CHECK_EQ(pmu_read(&p, 3, 0), 70060);
    /* writing the sum leaves min/max; writing min/max 0 empties it: the next sample sets both */
    pmu_write(&p, 3, 0, 0);
    CHECK_EQ(pmu_read(&p, 4, 0), 0xFFFFu << 16 | 7);
    pmu_write(&p, 4, 0, 0);
    pmu_latency(&p, EVBIT(LAT_DCACHE_READ), 9);
    CHECK_EQ(pmu_read(&p, 4, 0), 9u << 16 | 9);
    /* inhibiting the pair's counters stops them */
    pmu_set_inhibit(&p, 0x18, 0);
    pmu_latency(&p, EVBIT(LAT_DCACHE_READ), 100);
    CHECK_EQ(pmu_read(&p, 3, 0), 9);
    CHECK_EQ(pmu_read(&p, 4, 0), 9u << 16 | 9);
    CHECK_EQ(pmu_read(&p, 5, 0), 6); /* not inhibited: every occurrence */
    /* bulk occurrences (a memory model's per-access events): n in each selecting counter */
    pmu_commit_events_n(&p, EVBIT(LAT_DCACHE_READ) | EVBIT(ICACHE_REQ), 4);
    CHECK_EQ(pmu_read(&p, 5, 0), 10);
}

int main(void)
{
    unit_t ut = { 0 }, *u = &ut;
    pmu_t p;
    pmu_init(&p, &test_model);
    uint64_t now = 1000;
    CHECK_EQ(pmu_read(&p, PMU_SLOT_CYCLE, now), 1000);

    pmu_set_selector(&p, 3, 1, now);
    pmu_set_selector(&p, 4, 2, now);
    pmu_set_selector(&p, 5, 3, now);
    pmu_set_selector(&p, 6, 4, now);
    CHECK(p.sum_interest == EVBIT(LOAD));

    /* OR rule: an instruction that loads and stores counts once in slot 4 */
    pmu_commit_events(&p, EVBIT(LOAD) | EVBIT(STORE), 0);
    pmu_commit_events(&p, EVBIT(STORE), 0);
    CHECK_EQ(pmu_read(&p, 3, now), 1);
    CHECK_EQ(pmu_read(&p, 4, now), 2);

    /* a clock counts from the caller's time */
    CHECK_EQ(pmu_read(&p, 5, now + 250), 250);
    pmu_sleep(&p, 50); /* halted cycles are not active cycles */
    CHECK_EQ(pmu_read(&p, 5, now + 300), 250);

    /* weighted increments, and their wrap at the counter's 16 bits */
    CHECK_EQ(pmu_commit_amount(&p, EVBIT(LOAD), 40000), 0);
    CHECK_EQ(pmu_commit_amount(&p, EVBIT(STORE), 7), 0); /* not selected */
    CHECK_EQ(pmu_read(&p, 6, now), 40000);
    CHECK_EQ(pmu_commit_amount(&p, EVBIT(LOAD), 30000), 1u << 6);
    CHECK_EQ(pmu_read(&p, 6, now), (40000 + 30000) & 0xffff);

    /* the next overflow: slot 4 is 5 events from wrapping, the clock of slot 5 much further */
    pmu_write(&p, 4, 0xffff - 4, now);
    CHECK_EQ(pmu_insns_to_overflow(&p, now), 5);
    for (int k = 0; k < 4; k++)
        pmu_commit_events(&p, EVBIT(STORE), 0);
    CHECK_EQ(pmu_read(&p, 4, now), 0xffff);
    CHECK_EQ(pmu_insns_to_overflow(&p, now), 1);
    pmu_commit_events(&p, EVBIT(STORE), 0);
    CHECK_EQ(pmu_read(&p, 4, now), 0); /* wrapped on the instruction the bound said */
    /* a clock counter 10 cycles from its wrap bounds the instructions too */
    pmu_write(&p, 5, 0xffff - 9, now);
    CHECK_EQ(pmu_insns_to_overflow(&p, now), 10);
    /* an inhibited counter never overflows */
    pmu_set_inhibit(&p, 1u << 5, now);
    CHECK(pmu_insns_to_overflow(&p, now) > 10);

    /* Privilege filtering (observer slots for `pmusim stat -e EVENT:u`): a U-only event slot and a
     * U-only clock count while the level is U (0) and keep their value at other levels; an
     * unfiltered observer counts throughout. Harts start at level 3. */
    pmu_t q;
    pmu_init(&q, &test_model);
    CHECK(!q.mode_filtered);
    pmu_set_mode(&q, 0, 0); /* nothing filters: only the level is noted */
    CHECK_EQ(q.mode, 0);
    pmu_set_mode(&q, 3, 0);
    int ev_u = pmu_add_observer_modes(&q, SLOT_EVENTS, EVBIT(LOAD), 1u << 0, 0);
    int cyc_u = pmu_add_observer_modes(&q, SLOT_CYCLES, 0, 1u << 0, 0);
    int ev_all = pmu_add_observer(&q, SLOT_EVENTS, EVBIT(LOAD), 0);
    CHECK(ev_u >= 0 && cyc_u >= 0 && ev_all >= 0);
    CHECK(q.mode_filtered);
    pmu_commit_events(&q, EVBIT(LOAD), 0); /* at level 3: not counted by the U-only slots */
    CHECK_EQ(pmu_read(&q, (unsigned)ev_u, 100), 0);
    CHECK_EQ(pmu_read(&q, (unsigned)cyc_u, 100), 0);
    pmu_set_mode(&q, 0, 100); /* to U at cycle 100 */
    pmu_commit_events(&q, EVBIT(LOAD), 0);
    pmu_commit_events(&q, EVBIT(LOAD), 0);
    CHECK_EQ(pmu_read(&q, (unsigned)ev_u, 130), 2);
    CHECK_EQ(pmu_read(&q, (unsigned)cyc_u, 130), 30);
    pmu_set_mode(&q, 1, 150); /* to S at cycle 150: both stop */
    pmu_commit_events(&q, EVBIT(LOAD), 0);
    CHECK_EQ(pmu_read(&q, (unsigned)ev_u, 400), 2);
    CHECK_EQ(pmu_read(&q, (unsigned)cyc_u, 400), 50);
    CHECK_EQ(pmu_read(&q, (unsigned)ev_all, 400), 4);
    pmu_set_mode(&q, 0, 400); /* back to U: counting resumes from the kept values */
    pmu_commit_events(&q, EVBIT(LOAD), 0);
    CHECK_EQ(pmu_read(&q, (unsigned)ev_u, 410), 3);
    CHECK_EQ(pmu_read(&q, (unsigned)cyc_u, 410), 60);

    /* A U-only counter that is off or inhibited keeps its value across level changes (these only
     * note the level then), and counts at U from the moment it is enabled again. */
    pmu_t r;
    pmu_init(&r, &test_model);
    pmu_set_selector(&r, 3, 1, 0); /* loads */
    pmu_set_slot_modes(&r, 3, 1u << 0, 0);
    pmu_set_inhibit(&r, 1u << 3, 0);
    pmu_write(&r, 3, 7, 0);
    pmu_set_selector(&r, 4, 0, 0); /* off, filtered too */
    pmu_set_slot_modes(&r, 4, 1u << 0, 0);
    pmu_set_mode(&r, 0, 0);
    pmu_commit_events(&r, EVBIT(LOAD), 0);
    CHECK_EQ(r.mode, 0);
    CHECK_EQ(pmu_read(&r, 3, 0), 7);
    pmu_set_inhibit(&r, 0, 0); /* at U: counts */
    pmu_commit_events(&r, EVBIT(LOAD), 0);
    CHECK_EQ(pmu_read(&r, 3, 0), 8);
    pmu_set_mode(&r, 1, 0); /* at S: not */
    pmu_commit_events(&r, EVBIT(LOAD), 0);
    CHECK_EQ(pmu_read(&r, 3, 0), 8);
    pmu_set_inhibit(&r, 1u << 3, 0); /* inhibited at S, enabled again at U */
    pmu_set_mode(&r, 0, 0);
    pmu_commit_events(&r, EVBIT(LOAD), 0);
    CHECK_EQ(pmu_read(&r, 3, 0), 8);
    pmu_set_inhibit(&r, 0, 0);
    pmu_commit_events(&r, EVBIT(LOAD), 0);
    CHECK_EQ(pmu_read(&r, 3, 0), 9);
    pmu_set_mode(&r, 3, 0);
    pmu_commit_events(&r, EVBIT(LOAD), 0);
    CHECK_EQ(pmu_read(&r, 3, 0), 9);
    test_latency_pairs(u);
    return unit_finish(u, "unit_pmu_engine");
}
