/* Event names and codes for `pmusim stat` and `pmusim list`. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "session/diag.h"
#include "session/suggest.h"
#include "session/stat_cm.h"
#include "session/stat_events.h"

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
        .modes = PMU_MODES_ALL,
        .group = -1,
        .latency = stat_is_latency(d->sel),
        .sum_slot = -1,
        .minmax_slot = -1,
    };
    snprintf(out->label, sizeof(out->label), "%s", d->name);
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

static void stat_unknown_name(const diag_t *dg, const pmu_model_t *model, const char *machine,
                              const char *spec)
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
        best = suggest_closest(word, cands, n_cands);
    }
    if (best)
        diag_error(dg, "unknown event '%s' for machine %s; did you mean '%s'?", spec, machine, best);
    else
        diag_error(dg, "unknown event '%s' for machine %s; 'pmusim list -M %s' lists its events", spec,
                   machine, machine);
    free(cands);
    free(word);
}

/* The event a selector code means: the model's named event, or (a code the model counts but
 * names no event for, a combination of fields) an unnamed one labelled `label`. */
static bool stat_resolve_code(const diag_t *dg, const pmu_model_t *model, const char *machine, uint64_t code,
                              const char *label, stat_event_t *out)
{
    /* The code as the guest would write it to mhpmevent: what the model stores (WARL) must be a
     * selector it implements. */
    uint64_t legal = code ? model->legalize(model, code) : 0;
    const pmu_event_desc_t *d = legal ? pmu_model_event_by_code(model, legal) : NULL;
    if (d) {
        stat_event_from_desc(d, true, out);
        return true;
    }
    pmu_selection_t sel = legal ? model->select(model, legal) : (pmu_selection_t){ SLOT_OFF, 0 };
    if (sel.kind == SLOT_OFF) {
        diag_error(dg,
                   "unknown event code %llu (0x%llx) for machine %s; 'pmusim list -M %s' lists its "
                   "events",
                   (unsigned long long)code, (unsigned long long)code, machine, machine);
        return false;
    }
    /* a selector combining events (a MicroBlaze V mask), named as written */
    stat_event_from_code(out, NULL, legal, sel, label);
    return true;
}

void stat_event_from_code(stat_event_t *out, const pmu_event_desc_t *d, uint64_t code, pmu_selection_t sel,
                          const char *label)
{
    *out = (stat_event_t){
        .description = d ? d->description : "raw selector",
        .accuracy = d ? d->accuracy : NULL,
        .has_code = true,
        .code = code,
        .sel = sel,
        .slot = -1,
        .modes = PMU_MODES_ALL,
        .group = -1,
        .latency = stat_is_latency(sel),
        .sum_slot = -1,
        .minmax_slot = -1,
    };
    snprintf(out->raw_name, sizeof out->raw_name, "%s", label);
    snprintf(out->label, sizeof out->label, "%s", label);
    out->name = out->raw_name;
}

bool stat_event_resolve(const diag_t *dg, const pmu_model_t *model, const char *machine, const char *spec,
                        stat_event_t *out)
{
    bool raw_ok;
    if (stat_raw_term(dg, model, machine, spec, out, &raw_ok))
        return raw_ok;
    const pmu_event_desc_t *d = stat_model_find(model, spec);
    /* the pmu-events JSON spelling of a name perf would otherwise take for its own: VEER_CYCLES */
    size_t plen = model->raw_pmu ? strlen(model->raw_pmu) : 0;
    if (!d && plen && strncasecmp(spec, model->raw_pmu, plen) == 0 && spec[plen] == '_')
        d = stat_model_find(model, spec + plen + 1);
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
        stat_unknown_name(dg, model, machine, spec);
        return false;
    }
    if (overflow) {
        diag_error(dg, "bad event code '%s': too large for a selector", spec);
        return false;
    }
    return stat_resolve_code(dg, model, machine, code, spec, out);
}

/* Modifiers ("u", "uk", "h"...) into a mask of privilege levels; false after a message. perf's
 * u (user), k (kernel: S-mode) and h (hypervisor: M-mode, perf's "host" on RISC-V), and pmusim's
 * own s (S-mode) and m (M-mode). */
static bool stat_parse_modifiers(const diag_t *dg, const char *mods, const char *item, unsigned *modes)
{
    *modes = 0;
    if (!*mods) {
        diag_error(dg, "bad event '%s': empty modifier after ':'", item);
        return false;
    }
    for (const char *c = mods; *c; c++) {
        switch (*c) {
        case 'u': *modes |= 1u << 0; break;
        case 'k':
        case 's': *modes |= 1u << 1; break;
        case 'h':
        case 'm': *modes |= 1u << 3; break;
        default:
            diag_error(dg,
                       "bad event '%s': unknown modifier '%c'; pmusim counts by privilege level only: "
                       "u (U-mode), k or s (S-mode), h or m (M-mode)",
                       item, *c);
            return false;
        }
    }
    return true;
}

/* One event of a list, with its modifiers; `group_mods` (or NULL) applies when it has none. */
static bool stat_parse_item(const diag_t *dg, stat_event_list_t *l, const pmu_model_t *model,
                            const char *machine, char *item, const char *group_mods, int group)
{
    char *mods = NULL;
    char *last_slash = strrchr(item, '/');
    if (last_slash) { /* PMU terms: modifiers follow the closing slash, with or without ':' */
        char *after = last_slash + 1;
        if (*after) {
            mods = strdup(*after == ':' ? after + 1 : after);
            *after = 0;
        }
    } else {
        char *colon = strchr(item, ':');
        if (colon) {
            *colon = 0;
            mods = strdup(colon + 1);
        }
    }
    if (l->n == STAT_MAX_EVENTS) {
        diag_error(dg, "too many events: at most %d can be counted in one run", STAT_MAX_EVENTS);
        free(mods);
        return false;
    }
    stat_event_t *e = &l->ev[l->n];
    if (!strncmp(item, "cm/", 3)) { /* CM events are system-wide: no privilege modifiers */
        bool ok = !mods && !group_mods && stat_cm_resolve(dg, machine, item, e);
        if (ok) {
            e->group = group;
            l->n++;
        } else if (mods || group_mods) {
            diag_error(dg,
                       "event '%s': CM events take no modifiers (the CM counts for every privilege level)",
                       item);
        }
        free(mods);
        return ok;
    }
    bool ok = stat_event_resolve(dg, model, machine, item, e);
    const char *m = mods ? mods : group_mods;
    if (ok && m) {
        ok = stat_parse_modifiers(dg, m, item, &e->modes);
        size_t n = strlen(e->label);
        snprintf(e->label + n, sizeof(e->label) - n, ":%s", m);
    }
    e->group = group;
    free(mods);
    if (ok)
        l->n++;
    return ok;
}

/* Splits `s` at its commas outside {...} and /.../ in place; returns the pieces' count or -1. */
static int stat_split_list(char *s, char **items, int max)
{
    int n = 0, depth = 0;
    bool in_terms = false;
    items[n++] = s;
    for (char *c = s; *c; c++) {
        if (*c == '{')
            depth++;
        else if (*c == '}')
            depth--;
        else if (*c == '/')
            in_terms = !in_terms;
        else if (*c == ',' && depth == 0 && !in_terms) {
            if (n == max)
                return -1;
            *c = 0;
            items[n++] = c + 1;
        }
    }
    return n;
}

static char *stat_trim(char *item)
{
    while (isspace((unsigned char)*item))
        item++;
    size_t len = strlen(item);
    while (len && isspace((unsigned char)item[len - 1]))
        item[--len] = 0;
    return item;
}

bool stat_events_parse_groups(const diag_t *dg, stat_event_list_t *l, const pmu_model_t *model,
                              const char *machine, const char *list, int *next_group)
{
    if (!*list) {
        diag_error(dg, "empty event list (-e); 'pmusim list -M %s' lists the events", machine);
        return false;
    }
    char *copy = strdup(list);
    char **items = calloc(strlen(list) + 2, sizeof(*items));
    if (!copy || !items) {
        free(copy);
        free(items);
        diag_error(dg, "out of memory");
        return false;
    }
    bool ok = true;
    int n = stat_split_list(copy, items, (int)strlen(list) + 1);
    for (int k = 0; ok && k < n; k++) {
        char *item = stat_trim(items[k]);
        if (!*item) {
            diag_error(dg, "bad event list '%s': empty event name (events are separated by single commas)",
                       list);
            ok = false;
            break;
        }
        if (*item != '{') {
            if (strchr(item, '}')) {
                diag_error(dg, "bad event list '%s': '}' without '{'", list);
                ok = false;
                break;
            }
            ok = stat_parse_item(dg, l, model, machine, item, NULL, -1);
            continue;
        }
        /* a group: {a,b,...} or {a,b,...}:mods */
        char *close = strrchr(item, '}');
        if (!close || strchr(item + 1, '{')) {
            diag_error(dg, "bad event list '%s': %s", list,
                       close ? "groups cannot be nested" : "'{' without '}'");
            ok = false;
            break;
        }
        const char *gmods = NULL;
        if (close[1] == ':')
            gmods = close + 2;
        else if (close[1]) {
            diag_error(dg, "bad event list '%s': after a group's '}' only ':MODIFIERS' may follow", list);
            ok = false;
            break;
        }
        *close = 0;
        char *inner = item + 1;
        char **members = calloc(strlen(inner) + 2, sizeof(*members));
        if (!members) {
            diag_error(dg, "out of memory");
            ok = false;
            break;
        }
        int nm = stat_split_list(inner, members, (int)strlen(inner) + 1);
        int group = (*next_group)++;
        for (int j = 0; ok && j < nm; j++) {
            char *mem = stat_trim(members[j]);
            if (!*mem) {
                diag_error(dg, "bad event list '%s': empty event name in a group", list);
                ok = false;
            } else {
                ok = stat_parse_item(dg, l, model, machine, mem, gmods, group);
            }
        }
        free(members);
    }
    free(items);
    free(copy);
    return ok;
}

bool stat_events_parse(const diag_t *dg, stat_event_list_t *l, const pmu_model_t *model, const char *machine,
                       const char *list)
{
    int group = 0;
    return stat_events_parse_groups(dg, l, model, machine, list, &group);
}

int stat_events_find_or_add(const diag_t *dg, stat_event_list_t *l, const stat_event_t *e)
{
    for (unsigned k = 0; k < l->n; k++) {
        const stat_event_t *o = &l->ev[k];
        if (o->sel.kind == e->sel.kind && o->sel.events == e->sel.events && o->modes == e->modes &&
            strcmp(o->name, e->name) == 0)
            return (int)k;
    }
    if (l->n == STAT_MAX_EVENTS) {
        diag_error(dg, "too many events: at most %d can be counted in one run", STAT_MAX_EVENTS);
        return -1;
    }
    l->ev[l->n] = *e;
    if (e->name == e->raw_name) /* a raw term names itself */
        l->ev[l->n].name = l->ev[l->n].raw_name;
    return (int)l->n++;
}

void stat_events_default(const diag_t *dg, stat_event_list_t *l, const pmu_model_t *model,
                         const char *machine)
{
    const char *events = stat_default_fallback;
    for (size_t k = 0; k < sizeof(stat_default_sets) / sizeof(stat_default_sets[0]); k++)
        if (strcmp(stat_default_sets[k].model, model->name) == 0)
            events = stat_default_sets[k].events;
    l->n = 0;
    if (!stat_events_parse(dg, l, model, machine, events))
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

/* perf's generic (legacy) hardware events: a core PMU event of the same name would shadow them. */
static const char *const stat_perf_generic[] = {
    "cycles",
    "cpu-cycles",
    "instructions",
    "cache-references",
    "cache-misses",
    "branches",
    "branch-instructions",
    "branch-misses",
    "bus-cycles",
    "stalled-cycles-frontend",
    "stalled-cycles-backend",
    "ref-cycles",
    "idle-cycles-frontend",
    "idle-cycles-backend",
};

void stat_event_json_name(const pmu_model_t *model, const char *name, char *buf, size_t size)
{
    for (size_t k = 0; k < sizeof(stat_perf_generic) / sizeof(stat_perf_generic[0]); k++)
        if (stat_name_eq(stat_perf_generic[k], name) && model->raw_pmu) {
            char pmu[32], rest[96];
            stat_event_perf_name(model->raw_pmu, pmu, sizeof(pmu));
            stat_event_perf_name(name, rest, sizeof(rest));
            snprintf(buf, size, "%s_%s", pmu, rest);
            return;
        }
    stat_event_perf_name(name, buf, size);
}
