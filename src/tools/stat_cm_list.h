/* `pmusim list` of the CM events (session/stat_cm.h). */
#ifndef PMUSIM_TOOLS_STAT_CM_LIST_H
#define PMUSIM_TOOLS_STAT_CM_LIST_H

#include <stdbool.h>
#include <stdio.h>

/* `pmusim list`: the CM events as rows of text, or as perf pmu-events JSON objects (each
 * preceded by ",\n" when *first is false). */
void stat_cm_list_text(FILE *out);
void stat_cm_list_json(FILE *out, bool *first);

#endif
