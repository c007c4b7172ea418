/* The riscv,pmu device-tree binding (Linux Documentation/devicetree/bindings/perf/riscv,pmu.yaml,
 * OpenSBI docs/pmu_support.md), read strictly: every row that OpenSBI would silently drop,
 * truncate or let override another is a problem reported with the property and row it is in
 * (docs/devicetree.md). */
#ifndef PMUSIM_FIRMWARE_PMU_DT_H
#define PMUSIM_FIRMWARE_PMU_DT_H

#include <stdbool.h>
#include <stdint.h>

#define PMU_DT_MAX_ROWS 256

typedef struct pmu_dt {
    bool present; /* a node compatible with "riscv,pmu" exists */
    char path[128];
    unsigned n_ranges, n_sels, n_raws;
    struct pmu_dt_range {
        uint32_t start, end, cmap;
    } ranges[PMU_DT_MAX_ROWS]; /* riscv,event-to-mhpmcounters */
    struct pmu_dt_sel {
        uint32_t idx;
        uint64_t sel;
    } sels[PMU_DT_MAX_ROWS]; /* riscv,event-to-mhpmevent */
    struct pmu_dt_raw {
        uint64_t select, mask;
        uint32_t cmap;
    } raws[PMU_DT_MAX_ROWS]; /* riscv,raw-event-to-mhpmcounters */
} pmu_dt_t;

/* Called once per problem: "riscv,event-to-mhpmcounters row 3: ..." */
typedef void (*pmu_dt_report_fn)(void *ctx, const char *node, const char *problem);

/* Reads the riscv,pmu node of `fdt` for a hart whose counters are `counters` (bit i = counter i
 * exists: 0 cycle, 2 instret, 3-31 mhpmcounters). Reports each problem and returns how many
 * there are (0: valid). A DTB without the node has no problem (out->present is false). */
unsigned pmu_dt_parse(const void *fdt, uint32_t counters, pmu_dt_t *out, pmu_dt_report_fn report, void *ctx);

/* Is idx a valid SBI event index of type 0 (general, codes 1-10) or 1 (cache)? */
bool pmu_dt_hw_event_valid(uint32_t idx);

/* The first range covering event idx, or NULL. */
const struct pmu_dt_range *pmu_dt_find_range(const pmu_dt_t *dt, uint32_t idx);
/* The mhpmevent value the DT gives idx; false if it gives none. */
bool pmu_dt_find_selector(const pmu_dt_t *dt, uint32_t idx, uint64_t *sel);
/* The first raw row matching event_data, or NULL. */
const struct pmu_dt_raw *pmu_dt_find_raw(const pmu_dt_t *dt, uint64_t data);

#endif
