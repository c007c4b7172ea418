/* The interface a core's PMU model implements: one file plus its event table per core.
 *
 * The engine (pmu.c) owns counters, inhibit, per-block counting and CSR plumbing. A model only says
 * which counters exist, how a written selector is legalised (WARL) and what a legal selector counts,
 * expressed in the core-independent vocabulary of pmu/events.h. */
#ifndef PMUSIM_PMU_MODEL_H
#define PMUSIM_PMU_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "pmu/pmu.h"

typedef struct pmu_selection {
    pmu_slot_kind_t kind;
    evset_t events;
} pmu_selection_t;

typedef enum pmu_slot_role {
    SLOT_ROLE_PLAIN = 0,
    SLOT_ROLE_PAIR_FIRST,  /* the first counter of a latency pair: its selector configures both */
    SLOT_ROLE_PAIR_SECOND, /* the second: follows the first */
} pmu_slot_role_t;

/* A field of the selector, as perf's sysfs `format` files describe it ("config:1-4"). */
typedef struct pmu_format_field {
    const char *name;
    unsigned lo, hi; /* bits of the selector */
} pmu_format_field_t;

typedef struct pmu_event_desc {
    uint64_t code;    /* selector value written to mhpmevent */
    const char *name; /* short name, as used by `pmusim stat -e` */
    const char *description;
    const char *accuracy; /* NULL = exact; else how pmusim approximates it */
    pmu_selection_t sel;  /* what it counts (models with one event per selector value) */
} pmu_event_desc_t;

/* A derived metric in perf's metric JSON terms (MetricExpr over event names, ScaleUnit such as
 * "100%"), defined once per core in src/core/<core>/metrics.json and compiled in. */
typedef struct pmu_metric_desc {
    const char *name;        /* MetricName */
    const char *expr;        /* MetricExpr */
    const char *group;       /* MetricGroup, or "" */
    const char *scale_unit;  /* ScaleUnit, or "" (the unit is then the metric's name) */
    const char *description; /* BriefDescription */
} pmu_metric_desc_t;

typedef struct pmu_metric_table {
    const pmu_metric_desc_t *metrics;
    size_t n;
} pmu_metric_table_t;

typedef struct pmu_model {
    const char *name;
    const pmu_metric_table_t *metrics; /* NULL: none */
    uint32_t hpm_mask;                 /* implemented mhpmcounterN, bit N (3..31) */
    unsigned hpm_bits;                 /* width of the mhpmcounters */
    uint32_t inhibit_mask;             /* writable mcountinhibit bits */
    /* A CSR write of one half of a 64-bit counter (RV32) takes the other half from the counter as
     * incremented by the writing instruction (VeeR RTL), instead of from its value before the
     * instruction (the write replaces the increment: unprivileged spec, Zicsr). */
    bool half_write_keeps_increment;
    const pmu_event_desc_t *events;
    size_t n_events;
    /* WARL: the value an mhpmevent write stores. */
    uint64_t (*legalize)(const struct pmu_model *model, uint64_t value);
    /* What a (legal) selector value counts. */
    pmu_selection_t (*select)(const struct pmu_model *model, uint64_t value);
    /* Optional, for models whose counters differ (NULL: every counter is alike). What the
     * selector of counter `slot` counts, and the counter's role: a latency pair is two adjacent
     * counters configured by the first one's selector (SLOT_SUM there, SLOT_MINMAX in the second,
     * whose own selector reads 0 and ignores writes). */
    pmu_selection_t (*select_slot)(const struct pmu_model *model, unsigned slot, uint64_t value);
    pmu_slot_role_t (*slot_role)(const struct pmu_model *model, unsigned slot);
    const void *config; /* a configurable core's instance data (counter counts...), or NULL */
    /* Raw selector terms, perf's `pmu/term=value,.../` syntax: the PMU's name and its fields. */
    const char *raw_pmu;
    const struct pmu_format_field *formats; /* ends with a NULL name */
} pmu_model_t;

extern const pmu_model_t pmu_model_generic; /* virt32/virt64: SBI event indices */
extern const pmu_model_t pmu_model_veer_el2;
extern const pmu_model_t pmu_model_mbv; /* MicroBlaze V, default counter configuration */

/* The model's event with this name, or with this selector code, or NULL. */
const pmu_event_desc_t *pmu_model_find_event(const pmu_model_t *model, const char *name);
const pmu_event_desc_t *pmu_model_event_by_code(const pmu_model_t *model, uint64_t code);

#endif
