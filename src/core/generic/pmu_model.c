/* The PMU of the virt machines: 29 programmable 64-bit counters whose mhpmevent value is an SBI
 * PMU event index (type[19:16] | code[15:0]), the QEMU / OpenSBI convention
 * (../shared/reference/sbi-pmu.md §1, §5). */
#include "pmu/model.h"

#define SBI_GENERAL(code) (0x00000ull | (code))

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
