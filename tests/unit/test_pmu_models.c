/* The PMU models' tables and WARL rules (../shared/reference/veer-el2.md §4). */
#include "pmu/model.h"
#include "unit.h"

static void test_sorted(unit_t *u, const pmu_model_t *m) {
    for (size_t k = 1; k < m->n_events; k++)
        CHECK(m->events[k - 1].code < m->events[k].code);   /* pmu_model_event_by_code bisects */
    for (size_t k = 0; k < m->n_events; k++)
        CHECK(pmu_model_event_by_code(m, m->events[k].code) == &m->events[k]);
}

static void test_veer_warl(unit_t *u) {
    const pmu_model_t *m = &pmu_model_veer_el2;
    static const uint64_t illegal[] = {29, 33, 51, 52, 53, 57, 511, 517, 1028, 0x80000004u};
    for (size_t k = 0; k < sizeof illegal / sizeof illegal[0]; k++)
        CHECK_EQ(m->legalize(m, illegal[k]), 0);
    /* the legal set: 0-28, 30-32, 34-50, 54-56, 512-516 */
    unsigned legal = 0;
    for (uint64_t v = 0; v < 1024; v++)
        legal += m->legalize(m, v) == v;
    CHECK_EQ(legal, 29 + 3 + 17 + 3 + 5);
    CHECK_EQ(m->legalize(m, 512), 512);
    CHECK_EQ(m->hpm_mask, 0x78);
    CHECK_EQ(m->inhibit_mask, 0x7D);
}

int main(void) {
    unit_t t = {0}, *u = &t;
    test_sorted(u, &pmu_model_veer_el2);
    test_sorted(u, &pmu_model_generic);
    test_veer_warl(u);
    return unit_finish(u, "unit_pmu_models");
}
