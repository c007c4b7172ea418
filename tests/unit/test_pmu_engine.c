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
    return unit_finish(u, "unit_pmu_engine");
}
