/* What `pmusim stat` prints: perf-stat-like text, perf's CSV (-x SEP) or perf's JSON lines. The
 * formats are described in docs/stat.md. */
#ifndef PMUSIM_TOOLS_STAT_REPORT_H
#define PMUSIM_TOOLS_STAT_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "session/stat_events.h"

/* A metric asked for with --metrics (pmu_metric_desc_t, from the core's metrics.json) and the
 * events its expression names, as indexes into the event list; it is printed on the line of its
 * first event. */
#define STAT_MAX_METRICS 16
#define STAT_METRIC_MAX_REFS 16

typedef struct stat_metric {
    const pmu_metric_desc_t *desc;
    double scale;  /* from ScaleUnit: "100%" is 100 */
    char unit[64]; /* what perf prints as the metric's unit: "%  branch_miss_rate", "IPC" */
    int refs[STAT_METRIC_MAX_REFS];
    char ref_names[STAT_METRIC_MAX_REFS][48]; /* the names in the expression, in order */
    unsigned n_refs;
} stat_metric_t;

typedef struct stat_metric_list {
    stat_metric_t m[STAT_MAX_METRICS];
    unsigned n;
} stat_metric_list_t;

typedef struct stat_report {
    const char *command; /* the guest command line: program and arguments */
    const char *program; /* the program path */
    const char *machine;
    double elapsed_seconds;          /* host time spent running the guest (mean over the runs) */
    double elapsed_stddev;           /* its standard deviation over the runs */
    uint64_t insns;                  /* instructions simulated (mean over the runs) */
    unsigned runs;                   /* -r N; 1 prints no variance */
    const stat_event_list_t *events; /* with their values */
    const stat_metric_list_t *metrics;
    unsigned n_harts;
    bool per_hart;    /* one row per hart and event (perf's -A) */
    bool interval;    /* -I: rows prefixed with the guest time */
    double timestamp; /* -I: guest time of this print, in seconds */
    bool first;       /* -I: the first print (the text format has a header line) */
} stat_report_t;

void stat_print_text(FILE *out, const stat_report_t *r);
void stat_print_csv(FILE *out, const stat_report_t *r, const char *sep);
void stat_print_json(FILE *out, const stat_report_t *r);

/* Evaluates a metric expression (perf's MetricExpr: numbers, event names, + - * /, parentheses)
 * with `lookup` giving each name's value; false if it does not parse. With `names` given, lists
 * the event names it uses instead (values 0) and returns how many in *n_names. Division by 0
 * gives NaN (the metric is then not printed). */
bool stat_metric_eval(const char *expr, double (*lookup)(void *ctx, const char *name), void *ctx,
                      double *out);
bool stat_metric_names(const char *expr, char names[][48], unsigned max, unsigned *n_names);

/* "10,206,778" */
void stat_format_count(uint64_t v, char *buf, size_t size);
/* A JSON string literal, quotes included. */
void stat_json_string(FILE *out, const char *s);

#endif
