/* What `pmusim stat` prints at the end of a run: perf-stat-like text, CSV (-x SEP) or JSON. The
 * formats are described in docs/stat.md. */
#ifndef PMUSIM_TOOLS_STAT_REPORT_H
#define PMUSIM_TOOLS_STAT_REPORT_H

#include <stdint.h>
#include <stdio.h>

#include "tools/stat_events.h"

typedef struct stat_report {
    const char *command; /* the guest command line: program and arguments */
    const char *program; /* the program path */
    const char *machine;
    const char *stop;                /* how the run ended: "exit", "interrupted", "max-insns", ... */
    int exit_status;                 /* pmusim's exit status (the guest's exit code when it exited) */
    double elapsed_seconds;          /* host time spent running the guest */
    uint64_t insns;                  /* instructions simulated */
    const stat_event_list_t *events; /* with their values */
} stat_report_t;

void stat_print_text(FILE *out, const stat_report_t *r);
void stat_print_csv(FILE *out, const stat_report_t *r, const char *sep);
void stat_print_json(FILE *out, const stat_report_t *r);

/* "10,206,778" */
void stat_format_count(uint64_t v, char *buf, size_t size);
/* A JSON string literal, quotes included. */
void stat_json_string(FILE *out, const char *s);

#endif
