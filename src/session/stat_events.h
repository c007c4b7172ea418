/* The events `pmusim stat` counts and `pmusim list` shows: names resolved against a machine's PMU
 * model, raw selector codes, the default set, and perf-style spellings.
 *
 * An event is either an entry of the model's table (pmu_model_t.events) or one of the names every
 * machine understands: `cycles` (the cycle clock) and `instructions` (what minstret counts). A name
 * in the model's table wins over the built-in one, so `cycles` on veer-el2 is VeeR event 1. */
#ifndef PMUSIM_TOOLS_STAT_EVENTS_H
#define PMUSIM_TOOLS_STAT_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pmu/model.h"
#include "session/diag.h"

/* At most as many events as the PMU has observer slots. */
#define STAT_MAX_EVENTS PMU_OBSERVER_SLOTS
/* Harts a machine can have (MACHINE_MAX_HARTS), for per-hart counts. */
#define STAT_MAX_HARTS 64

/* What an event is printed as: its name with any modifiers ("instructions:u"), or the raw terms
 * of a selector that has no name. */
#define STAT_LABEL_MAX 96

typedef struct stat_event {
    const char *name; /* canonical (the model's) name */
    char label[STAT_LABEL_MAX];
    unsigned modes; /* privilege levels counted (PMU_MODES_ALL, or from :u :k :h ...) */
    int group;      /* index of the {group} it was given in, or -1 */
    const char *description;
    const char *accuracy; /* NULL: exact; else how pmusim approximates it */
    bool has_code;        /* false for built-in events the model has no selector for */
    uint64_t code;        /* selector value (mhpmevent) */
    pmu_selection_t sel;  /* what it counts */
    int slot;             /* observer slot once attached, else -1 */
    uint64_t value;       /* the count once read (summed over the harts) */
    /* What the report prints: the mean over the runs (-r) and the relative standard deviation of
     * that mean in percent; the guest time it counted for in ns (summed over the harts); and per
     * hart, the count and that time. */
    double mean, variance_pct, runtime_ns;
    uint64_t hart_value[STAT_MAX_HARTS], hart_runtime_ns[STAT_MAX_HARTS];
    /* A CM event (`cm/.../`, machines with a coherence manager): counted by the CM, not the PMU. */
    bool cm;
    int cm_event; /* -1: CM cycles */
    uint32_t cm_qual;
    char cm_term[80]; /* the name shown: the term as given */
    /* Latency events (pmu_event_desc_t.latency): value is N; these count the sum of the
     * latencies and their max (bits 31:16) and min (15:0), in two more observer slots. */
    bool latency;
    int sum_slot, minmax_slot;
    uint64_t sum, minmax;
    char raw_name[80]; /* the name of a raw term, as given */
} stat_event_t;

typedef struct stat_event_list {
    stat_event_t ev[STAT_MAX_EVENTS];
    unsigned n;
} stat_event_list_t;

/* The model's event or built-in event called `name` (case-insensitive; '_' matches '-'; the perf
 * JSON spelling with the PMU prefix, "VEER_CYCLES", too), a raw selector code: decimal ("11"),
 * 0x-hex ("0xb") or perf's r-hex ("rb"), or perf's PMU terms ("veer/event=26/"). No modifiers.
 * On failure prints one line (unknown name with the closest one, or a code the model does not
 * implement) and returns false. */
bool stat_event_resolve(const diag_t *dg, const pmu_model_t *model, const char *machine, const char *spec,
                        stat_event_t *out);

/* Appends the events of one -e argument, perf's event list: events separated by commas, each
 * optionally with modifiers (":u", ":k", ":h", pmusim's ":s", ":m"; after PMU terms also without
 * the colon: "veer/event=26/u"), and groups "{a,b}:mods" whose modifiers apply to every member.
 * False after a message for an empty or malformed list, an unknown event or modifier, or more
 * than STAT_MAX_EVENTS events in all. `next_group` numbers the groups across calls. */
bool stat_events_parse(const diag_t *dg, stat_event_list_t *l, const pmu_model_t *model, const char *machine,
                       const char *list);
bool stat_events_parse_groups(const diag_t *dg, stat_event_list_t *l, const pmu_model_t *model,
                              const char *machine, const char *list, int *next_group);

/* Appends `e` (resolved, with its modes) unless an event counting the same thing at the same
 * levels is listed; returns its index, or -1 after a message when the list is full. */
int stat_events_find_or_add(const diag_t *dg, stat_event_list_t *l, const stat_event_t *e);

/* A selection counting latency events (events.h EV_LATENCY_MASK): stat reports their sum,
 * mean, min and max with the count. */
bool stat_is_latency(pmu_selection_t sel);

/* An event given by its selector code `code` (selecting `sel`), labelled as the user wrote it:
 * the model's event `d` if the code names one, else (d NULL) an unnamed "raw selector". */
void stat_event_from_code(stat_event_t *out, const pmu_event_desc_t *d, uint64_t code, pmu_selection_t sel,
                          const char *label);

/* A raw term in perf's syntax, `pmu/field=value,.../` (fields from the model's formats, e.g.
 * `mbv/class=2,mask=0x3/`). True when spec is one (then *ok says whether it resolved, after a
 * message if not). */
bool stat_raw_term(const diag_t *dg, const pmu_model_t *model, const char *machine, const char *spec,
                   stat_event_t *out, bool *ok);

/* The events counted when no -e is given (what a perf user expects for this model). */
void stat_events_default(const diag_t *dg, stat_event_list_t *l, const pmu_model_t *model,
                         const char *machine);

/* The built-in events (`cycles`, `instructions`) that are not in the model's table, as events
 * with has_code false; returns how many (at most `max`). */
size_t stat_builtin_extra(const pmu_model_t *model, stat_event_t *out, size_t max);

/* perf pmu-events spelling of an event name: upper case, '-' and '.' become '_'. */
void stat_event_perf_name(const char *name, char *buf, size_t size);
/* The EventName of a model event in perf's pmu-events JSON: the perf spelling, prefixed with the
 * PMU's name ("VEER_CYCLES") where it would equal one of perf's generic event names (cycles,
 * instructions, branches, branch-misses, cache-misses, ...), which it would shadow. */
void stat_event_json_name(const pmu_model_t *model, const char *name, char *buf, size_t size);

#endif
