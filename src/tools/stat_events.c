/* Event names and codes for `pmusim stat` and `pmusim list`. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/cli_util.h"
#include "tools/stat_events.h"

/* The names every machine understands, whatever its model's table says. */
static const pmu_event_desc_t stat_builtins[] = {
    { 0, "cycles", "Cycles of the core clock (pmusim's timing model)", NULL, { SLOT_CYCLES, 0 } },
    { 0,
      "instructions",
      "Instructions retired, as minstret counts them (ecall and ebreak excluded)",
      NULL,
      { SLOT_EVENTS, EVBIT(INSTRET) } },
};
#define STAT_N_BUILTINS (sizeof(stat_builtins) / sizeof(stat_builtins[0]))

/* What `pmusim stat` counts without -e, by PMU model name. */
static const struct stat_default_set {
    const char *model;
    const char *events;
} stat_default_sets[] = {
    { "veer-el2", "cycles,instructions,instr-committed,loads,stores,branches,branches-taken,exceptions" },
    { "generic", "cycles,instructions,branch-instructions" },
    { "microblaze-v", "cycles,instructions,load,store,branch-taken,branch-not-taken,exception" },
};
static const char stat_default_fallback[] = "cycles,instructions";

/* Event names compare case-insensitively, with '_' (perf's spelling) equal to '-'. */
static int stat_name_char(char c)
{
    return c == '_' ? '-' : tolower((unsigned char)c);
}

static bool stat_name_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (stat_name_char(*a) != stat_name_char(*b))
            return false;
    return *a == *b;
}

bool stat_is_latency(pmu_selection_t sel)
{
    return sel.kind == SLOT_EVENTS && sel.events && !(sel.events & ~EV_LATENCY_MASK);
}

static void stat_event_from_desc(const pmu_event_desc_t *d, bool has_code, stat_event_t *out)
{
    *out = (stat_event_t){
        .name = d->name,
        .description = d->description,
        .accuracy = d->accuracy,
        .has_code = has_code,
        .code = d->code,
        .sel = d->sel,
        .slot = -1,
        .latency = stat_is_latency(d->sel),
        .sum_slot = -1,
        .minmax_slot = -1,
    };
}

static const pmu_event_desc_t *stat_model_find(const pmu_model_t *model, const char *name)
{
    for (size_t k = 0; k < model->n_events; k++)
        if (stat_name_eq(model->events[k].name, name))
            return &model->events[k];
    return NULL;
}

size_t stat_builtin_extra(const pmu_model_t *model, stat_event_t *out, size_t max)
{
    size_t n = 0;
    for (size_t k = 0; k < STAT_N_BUILTINS && n < max; k++)
        if (!stat_model_find(model, stat_builtins[k].name))
            stat_event_from_desc(&stat_builtins[k], false, &out[n++]);
    return n;
}

/* A raw selector code: decimal, 0x-hex or r-hex. False if `spec` is not written as a number. */
static bool stat_parse_code(const char *spec, uint64_t *code, bool *overflow)
{
    const char *digits = spec;
    int base = 10;

    if ((spec[0] == 'r' || spec[0] == 'R') && spec[1]) {
        digits = spec + 1;
        base = 16;
    } else if (spec[0] == '0' && (spec[1] == 'x' || spec[1] == 'X') && spec[2]) {
        digits = spec + 2;
        base = 16;
    }
    for (const char *c = digits; *c; c++)
        if (base == 16 ? !isxdigit((unsigned char)*c) : !isdigit((unsigned char)*c))
            return false;
    if (!*digits)
        return false;
    errno = 0;
    unsigned long long v = strtoull(digits, NULL, base);
    *overflow = errno == ERANGE;
    *code = v;
    return true;
}

static void stat_unknown_name(const pmu_model_t *model, const char *machine, const char *spec)
{
    size_t n_cands = 0;
    const char **cands = malloc((model->n_events + STAT_N_BUILTINS) * sizeof(*cands));
    char *word = strdup(spec);
    const char *best = NULL;

    if (cands && word) {
        for (size_t k = 0; k < model->n_events; k++)
            cands[n_cands++] = model->events[k].name;
        for (size_t k = 0; k < STAT_N_BUILTINS; k++)
            if (!stat_model_find(model, stat_builtins[k].name))
                cands[n_cands++] = stat_builtins[k].name;
        for (char *c = word; *c; c++)
            *c = (char)stat_name_char(*c);
        best = cli_suggest(word, cands, n_cands);
    }
    if (best)
        cli_error("unknown event '%s' for machine %s; did you mean '%s'?", spec, machine, best);
    else
        cli_error("unknown event '%s' for machine %s; 'pmusim list -M %s' lists its events", spec, machine,
                  machine);
    free(cands);
    free(word);
}

bool stat_event_resolve(const pmu_model_t *model, const char *machine, const char *spec, stat_event_t *out)
{
    bool raw_ok;
    if (stat_raw_term(model, machine, spec, out, &raw_ok))
        return raw_ok;
    const pmu_event_desc_t *d = stat_model_find(model, spec);
    if (d) {
        stat_event_from_desc(d, true, out);
        return true;
    }
    for (size_t k = 0; k < STAT_N_BUILTINS; k++)
        if (stat_name_eq(stat_builtins[k].name, spec)) {
            stat_event_from_desc(&stat_builtins[k], false, out);
            return true;
        }

    uint64_t code;
    bool overflow;
    if (!stat_parse_code(spec, &code, &overflow)) {
        stat_unknown_name(model, machine, spec);
        return false;
    }
    if (overflow) {
        cli_error("bad event code '%s': too large for a selector", spec);
        return false;
    }
    /* The code as the guest would write it to mhpmevent: what the model stores (WARL) must be a
     * selector of its table. */
    uint64_t legal = code ? model->legalize(model, code) : 0;
    d = legal ? pmu_model_event_by_code(model, legal) : NULL;
    pmu_selection_t sel = legal && !d ? model->select(model, legal) : (pmu_selection_t){ SLOT_OFF, 0 };
    if (!d && sel.kind != SLOT_OFF) { /* a selector combining events (a MicroBlaze V mask) */
        *out = (stat_event_t){ .description = "raw selector",
                               .has_code = true,
                               .code = legal,
                               .sel = sel,
                               .slot = -1,
                               .latency = stat_is_latency(sel),
                               .sum_slot = -1,
                               .minmax_slot = -1 };
        snprintf(out->raw_name, sizeof out->raw_name, "%s", spec);
        out->name = out->raw_name;
        return true;
    }
    if (!d) {
        cli_error("unknown event code %llu (0x%llx) for machine %s; 'pmusim list -M %s' lists its "
                  "events",
                  (unsigned long long)code, (unsigned long long)code, machine, machine);
        return false;
    }
    stat_event_from_desc(d, true, out);
    return true;
}

bool stat_events_parse(stat_event_list_t *l, const pmu_model_t *model, const char *machine, const char *list)
{
    if (!*list) {
        cli_error("empty event list (-e); 'pmusim list -M %s' lists the events", machine);
        return false;
    }
    char *copy = strdup(list);
    if (!copy) {
        cli_error("out of memory");
        return false;
    }
    bool ok = true;
    char *item = copy;
    for (;;) {
        char *comma = strchr(item, ',');
        /* a raw term `pmu/a=1,b=2/` keeps its commas: the event ends at its closing slash */
        char *slash = strchr(item, '/');
        if (slash && (!comma || slash < comma)) {
            char *close = strchr(slash + 1, '/');
            comma = close ? strchr(close, ',') : NULL;
        }
        if (comma)
            *comma = 0;
        /* surrounding blanks are not part of a name ("loads, stores") */
        while (isspace((unsigned char)*item))
            item++;
        size_t len = strlen(item);
        while (len && isspace((unsigned char)item[len - 1]))
            item[--len] = 0;
        if (!len) {
            cli_error("bad event list '%s': empty event name (events are separated by single commas)", list);
            ok = false;
            break;
        }
        if (l->n == STAT_MAX_EVENTS) {
            cli_error("too many events: at most %d can be counted in one run", STAT_MAX_EVENTS);
            ok = false;
            break;
        }
        if (!stat_event_resolve(model, machine, item, &l->ev[l->n])) {
            ok = false;
            break;
        }
        l->n++;
        if (!comma)
            break;
        item = comma + 1;
    }
    free(copy);
    return ok;
}

void stat_events_default(stat_event_list_t *l, const pmu_model_t *model, const char *machine)
{
    const char *events = stat_default_fallback;
    for (size_t k = 0; k < sizeof(stat_default_sets) / sizeof(stat_default_sets[0]); k++)
        if (strcmp(stat_default_sets[k].model, model->name) == 0)
            events = stat_default_sets[k].events;
    l->n = 0;
    if (!stat_events_parse(l, model, machine, events))
        l->n = 0; /* a default set naming an event its model lacks: the message says which */
}

void stat_event_perf_name(const char *name, char *buf, size_t size)
{
    size_t i = 0;
    if (!size)
        return;
    for (; name[i] && i + 1 < size; i++)
        buf[i] = (name[i] == '-' || name[i] == '.') ? '_' : (char)toupper((unsigned char)name[i]);
    buf[i] = 0;
}
