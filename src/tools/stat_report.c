/* The output formats of `pmusim stat`. The text format imitates `perf stat`: right-aligned counts
 * with thousands separators, the event name, and a derived metric after '#'. */
#include <string.h>

#include "tools/stat_report.h"

/* ---- helpers ---------------------------------------------------------------------------------- */

void stat_format_count(uint64_t v, char *buf, size_t size)
{
    char digits[24], grouped[32];
    int n = snprintf(digits, sizeof(digits), "%llu", (unsigned long long)v);
    size_t o = 0;
    for (int i = 0; i < n; i++) { /* at most 20 digits and 6 separators */
        if (i && (n - i) % 3 == 0)
            grouped[o++] = ',';
        grouped[o++] = digits[i];
    }
    grouped[o] = 0;
    snprintf(buf, size, "%s", grouped);
}

void stat_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        switch (*c) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*c < 0x20)
                fprintf(out, "\\u%04x", *c);
            else
                fputc(*c, out);
        }
    }
    fputc('"', out);
}

/* ---- derived metrics -------------------------------------------------------------------------- */

/* A metric shown on the line of an event that counts exactly `what`, relative to the first listed
 * event that counts `base`. Rules are matched on what events count, not on their names, so they
 * hold for every model. */
enum stat_metric_style { STAT_RATIO, STAT_PERCENT };

typedef struct stat_metric_rule {
    pmu_slot_kind_t kind;
    evset_t what;
    pmu_slot_kind_t base_kind;
    evset_t base;
    enum stat_metric_style style;
    const char *unit;
    evset_t unless; /* not shown when another listed event counts this (0: always) */
} stat_metric_rule_t;

#define STAT_BRANCHES (EVBIT(BRANCH) | EVBIT(JAL) | EVBIT(JALR))
#define STAT_TAKEN (EVBIT(BR_TAKEN) | EVBIT(JAL) | EVBIT(JALR))
/* "Of all instructions": the committed instructions (every instruction class counts among them)
 * or, where the model has no such event, the retired ones. */
#define STAT_PER_INSN(ev, unit) \
    { SLOT_EVENTS, (ev), SLOT_EVENTS, EVBIT(COMMIT), STAT_PERCENT, unit, 0 }, \
    { \
        SLOT_EVENTS, (ev), SLOT_EVENTS, EVBIT(INSTRET), STAT_PERCENT, unit, 0 \
    }

static const stat_metric_rule_t stat_metric_rules[] = {
    { SLOT_EVENTS, EVBIT(INSTRET), SLOT_CYCLES, 0, STAT_RATIO, "insn per cycle", 0 },
    /* IPC once: on instr-committed only if retired instructions are not counted too */
    { SLOT_EVENTS, EVBIT(COMMIT), SLOT_CYCLES, 0, STAT_RATIO, "insn per cycle", EVBIT(INSTRET) },
    { SLOT_EVENTS, STAT_TAKEN, SLOT_EVENTS, STAT_BRANCHES, STAT_PERCENT, "of all branches", 0 },
    { SLOT_EVENTS, EVBIT(LOAD_MISALIGNED), SLOT_EVENTS, EVBIT(LOAD), STAT_PERCENT, "of all loads", 0 },
    { SLOT_EVENTS, EVBIT(STORE_MISALIGNED), SLOT_EVENTS, EVBIT(STORE), STAT_PERCENT, "of all stores", 0 },
    { SLOT_EVENTS, EVBIT(LOAD_EXTERNAL), SLOT_EVENTS, EVBIT(LOAD), STAT_PERCENT, "of all loads", 0 },
    { SLOT_EVENTS, EVBIT(STORE_EXTERNAL), SLOT_EVENTS, EVBIT(STORE), STAT_PERCENT, "of all stores", 0 },
    { SLOT_EVENTS, EVBIT(JUMP_UNPRED), SLOT_EVENTS, STAT_BRANCHES, STAT_PERCENT, "of all branches", 0 },
    STAT_PER_INSN(EVBIT(LOAD), "of all insns"),
    STAT_PER_INSN(EVBIT(STORE), "of all insns"),
    STAT_PER_INSN(STAT_BRANCHES, "of all insns"),
    STAT_PER_INSN(EVBIT(MUL), "of all insns"),
    STAT_PER_INSN(EVBIT(DIV), "of all insns"),
    STAT_PER_INSN(EVBIT(ALU), "of all insns"),
    STAT_PER_INSN(EVBIT(BITMANIP), "of all insns"),
    STAT_PER_INSN(EVBIT(LEN16), "of all insns"),
    STAT_PER_INSN(EVBIT(LEN32), "of all insns"),
};

static bool stat_counts(const stat_event_t *e, pmu_slot_kind_t kind, evset_t events)
{
    return e->sel.kind == kind && (kind != SLOT_EVENTS || e->sel.events == events);
}

/* The metric of event k as "#    1.00  insn per cycle", or false if it has none. */
static bool stat_metric(const stat_event_list_t *l, unsigned k, char *buf, size_t size)
{
    const stat_event_t *e = &l->ev[k];
    if (e->latency) { /* N is the count; then sum, mean, min and max of the latencies */
        char sum[32];
        stat_format_count(e->sum, sum, sizeof sum);
        if (!e->value)
            snprintf(buf, size, "# sum 0 cycles (no occurrence)");
        else
            snprintf(buf, size, "# sum %s cycles, mean %.2f, min %llu, max %llu", sum,
                     (double)e->sum / (double)e->value, (unsigned long long)(e->minmax & 0xFFFF),
                     (unsigned long long)(e->minmax >> 16 & 0xFFFF));
        return true;
    }
    for (size_t r = 0; r < sizeof(stat_metric_rules) / sizeof(stat_metric_rules[0]); r++) {
        const stat_metric_rule_t *rule = &stat_metric_rules[r];
        if (!stat_counts(e, rule->kind, rule->what))
            continue;
        bool shown = true;
        for (unsigned b = 0; b < l->n && rule->unless; b++)
            if (b != k && stat_counts(&l->ev[b], SLOT_EVENTS, rule->unless))
                shown = false;
        if (!shown)
            continue;
        for (unsigned b = 0; b < l->n; b++) {
            if (b == k || !stat_counts(&l->ev[b], rule->base_kind, rule->base))
                continue;
            if (l->ev[b].value == 0)
                return false; /* nothing to relate to */
            double v = (double)e->value / (double)l->ev[b].value;
            if (rule->style == STAT_RATIO)
                snprintf(buf, size, "# %7.2f  %s", v, rule->unit);
            else
                snprintf(buf, size, "# %6.2f%% %s", 100.0 * v, rule->unit);
            return true;
        }
    }
    return false;
}

/* ---- formats ---------------------------------------------------------------------------------- */

static void stat_rtrim(char *s)
{
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ')
        s[--n] = 0;
}

void stat_print_text(FILE *out, const stat_report_t *r)
{
    const stat_event_list_t *l = r->events;
    bool any_approx = false;
    char count[32], metric[160], line[400];

    fprintf(out, "\n Performance counter stats for '%s' (machine %s):\n\n", r->command, r->machine);
    for (unsigned k = 0; k < l->n; k++) {
        const stat_event_t *e = &l->ev[k];
        stat_format_count(e->value, count, sizeof(count));
        if (!stat_metric(l, k, metric, sizeof(metric)))
            metric[0] = 0;
        snprintf(line, sizeof(line), "%18s      %-25s %-36s %s", count, e->name, metric,
                 e->accuracy ? "(approx.)" : "");
        stat_rtrim(line);
        fprintf(out, "%s\n", line);
        any_approx |= e->accuracy != NULL;
    }

    fprintf(out, "\n%18.9f seconds time elapsed\n", r->elapsed_seconds);
    if (r->elapsed_seconds > 0)
        fprintf(out, "%18.1f M simulated instructions per second\n",
                (double)r->insns / r->elapsed_seconds / 1e6);

    if (any_approx) {
        fprintf(out, "\n (approx.): pmusim does not model these events exactly on %s:\n", r->machine);
        for (unsigned k = 0; k < l->n; k++) {
            const stat_event_t *e = &l->ev[k];
            bool seen = false;
            for (unsigned j = 0; j < k && !seen; j++)
                seen = l->ev[j].accuracy && strcmp(l->ev[j].name, e->name) == 0;
            if (e->accuracy && !seen)
                fprintf(out, "   %-25s %s\n", e->name, e->accuracy);
        }
    }
    fputc('\n', out);
}

void stat_print_csv(FILE *out, const stat_report_t *r, const char *sep)
{
    const stat_event_list_t *l = r->events;
    for (unsigned k = 0; k < l->n; k++) {
        const stat_event_t *e = &l->ev[k];
        /* value, unit (none: every event is a count), event, accuracy */
        fprintf(out, "%llu%s%s%s%s%s\n", (unsigned long long)e->value, sep, sep, e->name, sep,
                e->accuracy ? "approx" : "exact");
        if (e->latency) /* the latency pair: sum, min, max in cycles */
            fprintf(out,
                    "%llu%scycles%s%s:sum%sexact\n%llu%scycles%s%s:min%sexact\n%llu%scycles%s%s:max%sexact\n",
                    (unsigned long long)e->sum, sep, sep, e->name, sep,
                    (unsigned long long)(e->minmax & 0xFFFF), sep, sep, e->name, sep,
                    (unsigned long long)(e->minmax >> 16 & 0xFFFF), sep, sep, e->name, sep);
    }
}

void stat_print_json(FILE *out, const stat_report_t *r)
{
    const stat_event_list_t *l = r->events;

    fputs("{\n  \"program\": ", out);
    stat_json_string(out, r->program);
    fputs(",\n  \"command\": ", out);
    stat_json_string(out, r->command);
    fputs(",\n  \"machine\": ", out);
    stat_json_string(out, r->machine);
    fputs(",\n  \"stop\": ", out);
    stat_json_string(out, r->stop);
    fprintf(out,
            ",\n  \"exit_code\": %d,\n  \"elapsed_seconds\": %.9f,\n  \"instructions_simulated\": %llu,\n",
            r->exit_status, r->elapsed_seconds, (unsigned long long)r->insns);
    fputs("  \"events\": [", out);
    for (unsigned k = 0; k < l->n; k++) {
        const stat_event_t *e = &l->ev[k];
        fputs(k ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
        stat_json_string(out, e->name);
        if (e->has_code)
            fprintf(out, ", \"code\": %llu", (unsigned long long)e->code);
        else
            fputs(", \"code\": null", out);
        fprintf(out, ", \"value\": %llu, \"exact\": %s", (unsigned long long)e->value,
                e->accuracy ? "false" : "true");
        if (e->accuracy) {
            fputs(", \"accuracy\": ", out);
            stat_json_string(out, e->accuracy);
        }
        if (e->latency)
            fprintf(
                out,
                ", \"latency\": {\"n\": %llu, \"sum\": %llu, \"mean\": %.6g, \"min\": %llu, \"max\": %llu}",
                (unsigned long long)e->value, (unsigned long long)e->sum,
                e->value ? (double)e->sum / (double)e->value : 0.0, (unsigned long long)(e->minmax & 0xFFFF),
                (unsigned long long)(e->minmax >> 16 & 0xFFFF));
        fputc('}', out);
    }
    fputs(l->n ? "\n  ]\n}\n" : "]\n}\n", out);
}
