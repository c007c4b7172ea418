/* `pmusim list`: the CM events of machines with a MIPS coherence manager (session/stat_cm.c has
 * their table). */
#include <stdio.h>

#include "session/stat_cm.h"
#include "tools/stat_cm_list.h"
#include "tools/stat_report.h"

void stat_cm_list_text(FILE *out)
{
    fprintf(out, "\nCM events (GCR_DB_PC_EVENT; 'pmusim stat -e cm/NAME,qual=Q/' or 'cm/event=N,qual=Q/',\n"
                 "qualifier all ones when not given; docs/mips-cm.md):\n");
    for (const stat_cm_event_t *e = stat_cm_events; e->name; e++) {
        char code[16];
        if (e->number < 0)
            snprintf(code, sizeof code, "-");
        else
            snprintf(code, sizeof code, "%d", e->number);
        fprintf(out, "%6s  cm/%-20s %s\n%36squalifier: %s\n", code, e->name, e->description, "",
                e->qualifier);
    }
}

void stat_cm_list_json(FILE *out, bool *first)
{
    for (const stat_cm_event_t *e = stat_cm_events; e->name; e++) {
        char name[64], code[16], text[400];
        snprintf(name, sizeof name, "cm/%s/", e->name);
        snprintf(code, sizeof code, "0x%x", e->number < 0 ? 0xff : e->number);
        snprintf(text, sizeof text, "%s. Qualifier (pmusim's encoding): %s", e->description, e->qualifier);
        fputs(*first ? "\n    {\n        \"EventName\": " : ",\n    {\n        \"EventName\": ", out);
        *first = false;
        stat_json_string(out, name);
        fputs(",\n        \"Unit\": \"cm\",\n        \"EventCode\": ", out);
        stat_json_string(out, e->number < 0 ? "cycles" : code);
        fputs(",\n        \"BriefDescription\": ", out);
        stat_json_string(out, e->description);
        fputs(",\n        \"PublicDescription\": ", out);
        stat_json_string(out, text);
        fputs(",\n        \"Qualifier\": ", out);
        stat_json_string(out, e->qualifier);
        fputs("\n    }", out);
    }
}
