/* CM events in `pmusim stat` and `pmusim list` (docs/mips-cm.md "Counting from outside"). */
#include "session/stat_cm.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mem/coherence.h"
#include "session/diag.h"
#include "session/suggest.h"
#include "session/stat_events.h"

const stat_cm_event_t stat_cm_events[] = {
    { "cycles", -1, "CM clock cycles (GCR_DB_PC_CYCLE counts these)", "none" },
    { "request_count", 0, "requests received by the CM",
      "port 9:0, CCA 12:10, command 20:13, length 22:21, target 24:23" },
    { "coh_req_resp", 1, "interventions sent to the L1s of other cores",
      "state 2:0 (S,E,M), speculation 4:3, cause 8:5 (load, store, IOCU, instruction fetch)" },
    { "l2_wr_data_util", 2, "cycles the L2-memory write data bus is busy (4 per line)", "busy 0, stall 1" },
    { "l2_cmd_util", 3, "cycles the L2-memory command bus is busy (1 per transfer)", "busy 0, stall 1" },
    { "l2_rd_data_util", 4, "cycles the L2-memory read data bus is busy (4 per line)", "busy 0, stall 1" },
    { "sharing_miss", 5, "L1D misses served by another core's L1",
      "requesting core 7:0, supplying core 15:8" },
    { "rsu_util", 6, "double words returned on the read data bus to a port", "port 9:0" },
    { "l2_util", 8, "starts into the L2 pipeline (TA stage)",
      "stalled start 0, unstalled start 1, wait sync 2, stalled 3, denied 4, started 5" },
    { "l2_hit", 9, "L2 lookups by result and source port",
      "port 9:0, kind 14:10, result 19:16 (miss clean, miss dirty, hit clean, hit dirty)" },
    { "iocu_request", 16, "requests received by IOCU 0",
      "read/write 1:0, coherent/non-coherent 3:2, partial/line 5:4, posted/non-posted 7:6" },
    { "iocu1_request", 17, "requests received by IOCU 1", "as iocu_request" },
    { NULL, 0, NULL, NULL },
};

bool stat_cm_machine(const machine_desc_t *desc)
{
    for (unsigned k = 0; desc->dev && desc->dev[k].cls; k++)
        if (!strcmp(desc->dev[k].cls, "mips-cm"))
            return true;
    return false;
}

static bool parse_u32(const char *text, size_t len, uint32_t *out)
{
    char buf[32];
    if (!len || len >= sizeof buf || text[0] == '-')
        return false;
    memcpy(buf, text, len);
    buf[len] = 0;
    char *end;
    unsigned long long v = strtoull(buf, &end, 0);
    if (*end || v > UINT32_MAX)
        return false;
    *out = (uint32_t)v;
    return true;
}

bool stat_cm_parse(const diag_t *dg, const char *term, int *event, uint32_t *qual, const char **canonical)
{
    const char *body = term + 3, *end = strchr(body, '/');
    if (!end || end[1]) {
        diag_error(dg, "bad CM event '%s': write cm/NAME/, cm/NAME,qual=Q/ or cm/event=N,qual=Q/", term);
        return false;
    }
    bool have_event = false, have_qual = false;
    *qual = UINT32_MAX;
    *canonical = NULL;
    for (const char *p = body; p < end;) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        size_t len = (size_t)((comma ? comma : end) - p);
        const char *eq = memchr(p, '=', len);
        if (eq && (size_t)(eq - p) == 5 && !strncmp(p, "event", 5)) {
            uint32_t n;
            if (have_event || !parse_u32(eq + 1, len - 6, &n) || n > 255) {
                diag_error(dg, "bad CM event '%s': event= takes one number 0-255", term);
                return false;
            }
            *event = (int)n;
            have_event = true;
        } else if (eq && (size_t)(eq - p) == 4 && !strncmp(p, "qual", 4)) {
            if (have_qual || !parse_u32(eq + 1, len - 5, qual)) {
                diag_error(dg, "bad CM event '%s': qual= takes one 32-bit number", term);
                return false;
            }
            have_qual = true;
        } else if (!eq && !have_event) {
            const stat_cm_event_t *e = stat_cm_events;
            while (e->name && (strlen(e->name) != len || strncasecmp(e->name, p, len)))
                e++;
            if (!e->name) {
                diag_error(dg, "unknown CM event '%.*s' in '%s'; 'pmusim list -M p8700' lists them", (int)len,
                           p, term);
                return false;
            }
            *event = e->number;
            *canonical = e->name;
            have_event = true;
        } else {
            diag_error(dg, "bad CM event '%s': unknown term '%.*s' (terms: NAME, event=N, qual=Q)", term,
                       (int)len, p);
            return false;
        }
        p += len + (comma ? 1 : 0);
    }
    if (!have_event) {
        diag_error(dg, "bad CM event '%s': no event name or event=N", term);
        return false;
    }
    if (*event >= 0 && !coh_event_groups((unsigned)*event)) {
        diag_error(dg, "CM event %d in '%s' is not defined (events 0-6, 8, 9, 16, 17)", *event, term);
        return false;
    }
    if (*event < 0 && have_qual) {
        diag_error(dg, "bad CM event '%s': cycles take no qualifier", term);
        return false;
    }
    if (!*canonical)
        for (const stat_cm_event_t *e = stat_cm_events; e->name; e++)
            if (e->number == *event)
                *canonical = e->name;
    return true;
}

bool stat_cm_resolve(const diag_t *dg, const char *machine, const char *term, stat_event_t *out)
{
    const machine_desc_t *desc = machine_find(machine);
    if (!desc || !stat_cm_machine(desc)) {
        diag_error(dg, "event '%s': machine %s has no MIPS coherence manager (try -M p8700)", term, machine);
        return false;
    }
    int event;
    uint32_t qual;
    const char *canonical;
    if (!stat_cm_parse(dg, term, &event, &qual, &canonical))
        return false;
    memset(out, 0, sizeof *out);
    out->cm = true;
    out->cm_event = event;
    out->cm_qual = qual;
    snprintf(out->cm_term, sizeof out->cm_term, "%s", term);
    out->name = out->cm_term;
    snprintf(out->label, sizeof out->label, "%s", term);
    out->description = canonical;
    out->slot = -1;
    return true;
}
