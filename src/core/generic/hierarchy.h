/* The virt machines' memory-hierarchy model (hierarchy.c, docs/machine-virt.md). */
#ifndef PMUSIM_CORE_GENERIC_HIERARCHY_H
#define PMUSIM_CORE_GENERIC_HIERARCHY_H

#include <stdbool.h>

#include "core/core.h"

/* The parts a configuration has (what the PMU can count). */
enum hier_part {
    HIER_L1I = 1u << 0,
    HIER_L1D = 1u << 1,
    HIER_L2 = 1u << 2,
    HIER_ITLB = 1u << 3,
    HIER_DTLB = 1u << 4,
    HIER_BP = 1u << 5,
};
#define HIER_PARTS_ALL 0x3Fu

/* The configuration with every default filled in (the parts' sizes 0 when the model is off). */
void hier_resolve(const core_config_t *in, core_config_t *out);
unsigned hier_parts(const core_config_t *cfg);
/* Builds hart h's model when the configuration turns it on (false: out of memory). */
bool hier_setup(struct hart *h, const core_config_t *cfg);
/* The SBI-index PMU model with the events of these parts (pmu_model.c), built in `store`; parts
 * 0: pmu_model_generic. */
const pmu_model_t *pmu_model_generic_for(unsigned parts, core_pmu_store_t *store);

#endif
