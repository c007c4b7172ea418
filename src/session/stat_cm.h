/* CM performance events for `pmusim stat` and `pmusim list` on machines with a MIPS coherence
 * manager: perf-style terms `cm/NAME[,qual=Q]/` and `cm/event=N[,qual=Q]/` (docs/mips-cm.md). */
#ifndef PMUSIM_TOOLS_STAT_CM_H
#define PMUSIM_TOOLS_STAT_CM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "machine/machine.h"
#include "session/diag.h"

typedef struct stat_cm_event {
    const char *name; /* as `cm/NAME/` takes it */
    int number;       /* CM event number; -1: the CM cycle counter */
    const char *description;
    const char *qualifier; /* pmusim's qualifier encoding, in one line */
} stat_cm_event_t;

extern const stat_cm_event_t stat_cm_events[]; /* ends with a NULL name */

/* Does the machine have a coherence manager (a mips-cm device)? */
bool stat_cm_machine(const machine_desc_t *desc);

/* Parses one term "cm/.../": the event number (-1: cycles) and qualifier (all ones when not
 * given); false after a one-line message. */
bool stat_cm_parse(const diag_t *dg, const char *term, int *event, uint32_t *qual, const char **canonical);

struct stat_event;
/* A `cm/.../` term of `-e` on machine `machine` into an event; false after a message (the machine
 * has no CM, or the term is malformed). */
bool stat_cm_resolve(const diag_t *dg, const char *machine, const char *term, struct stat_event *out);

#endif
