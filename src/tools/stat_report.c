/* The output formats of `pmusim stat`. The text format imitates `perf stat`: right-aligned counts
 * with thousands separators, the event name, and a derived metric after '#'. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
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

/* The counts of one view of the run: the totals, or one hart's. */
typedef struct stat_view {
    const stat_report_t *r;
    int hart; /* -1: every hart */
} stat_view_t;

static double stat_view_value(const stat_view_t *v, unsigned k)
{
    const stat_event_t *e = &v->r->events->ev[k];
    if (v->hart < 0)
        return e->mean;
    return (double)e->hart_value[v->hart] / (double)(v->r->runs ? v->r->runs : 1);
}

static double stat_view_runtime(const stat_view_t *v, unsigned k)
{
    const stat_event_t *e = &v->r->events->ev[k];
    if (v->hart < 0)
        return e->runtime_ns;
    return (double)e->hart_runtime_ns[v->hart] / (double)(v->r->runs ? v->r->runs : 1);
}

/* A metric value with its unit and the text format's printf format. */
typedef struct stat_metric_out {
    double value;
    const char *unit;
    bool percent; /* the rules' "% of all ..." */
} stat_metric_out_t;

/* The rule metric of event k, if one applies. */
static bool stat_rule_metric(const stat_view_t *v, unsigned k, stat_metric_out_t *out)
{
    const stat_event_list_t *l = v->r->events;
    const stat_event_t *e = &l->ev[k];
    for (size_t r = 0; r < sizeof(stat_metric_rules) / sizeof(stat_metric_rules[0]); r++) {
        const stat_metric_rule_t *rule = &stat_metric_rules[r];
        if (!stat_counts(e, rule->kind, rule->what))
            continue;
        bool shown = true;
        for (unsigned b = 0; b < l->n && rule->unless; b++)
            if (b != k && stat_counts(&l->ev[b], SLOT_EVENTS, rule->unless) && l->ev[b].modes == e->modes)
                shown = false;
        if (!shown)
            continue;
        for (unsigned b = 0; b < l->n; b++) {
            if (b == k || !stat_counts(&l->ev[b], rule->base_kind, rule->base) || l->ev[b].modes != e->modes)
                continue;
            double base = stat_view_value(v, b);
            if (base == 0)
                return false; /* nothing to relate to */
            double x = stat_view_value(v, k) / base;
            out->percent = rule->style == STAT_PERCENT;
            out->value = out->percent ? 100.0 * x : x;
            out->unit = rule->unit;
            return true;
        }
    }
    return false;
}

/* ---- metric expressions (perf's MetricExpr) ----------------------------------------------------- */

typedef struct stat_expr {
    const char *p;
    double (*lookup)(void *ctx, const char *name);
    void *ctx;
    char (*names)[48]; /* collecting names instead of evaluating */
    unsigned max_names, n_names;
    bool ok;
} stat_expr_t;

static double stat_expr_sum(stat_expr_t *x);

static void stat_expr_space(stat_expr_t *x)
{
    while (*x->p == ' ' || *x->p == '\t' || *x->p == '\n')
        x->p++;
}

static bool stat_expr_name_char(char c, bool first)
{
    return isalpha((unsigned char)c) || c == '_' || (!first && (isdigit((unsigned char)c) || c == '.'));
}

static double stat_expr_atom(stat_expr_t *x)
{
    stat_expr_space(x);
    if (*x->p == '(') {
        x->p++;
        double v = stat_expr_sum(x);
        stat_expr_space(x);
        if (*x->p != ')')
            x->ok = false;
        else
            x->p++;
        return v;
    }
    if (*x->p == '-') {
        x->p++;
        return -stat_expr_atom(x);
    }
    if (isdigit((unsigned char)*x->p) || *x->p == '.') {
        char *end;
        double v = strtod(x->p, &end);
        x->p = end;
        return v;
    }
    if (stat_expr_name_char(*x->p, true)) {
        char name[48];
        size_t n = 0;
        while (stat_expr_name_char(*x->p, n == 0)) {
            if (n + 1 < sizeof(name))
                name[n++] = *x->p;
            x->p++;
        }
        name[n] = 0;
        if (x->names) {
            bool seen = false;
            for (unsigned k = 0; k < x->n_names && !seen; k++)
                seen = strcmp(x->names[k], name) == 0;
            if (!seen && x->n_names < x->max_names)
                snprintf(x->names[x->n_names++], 48, "%s", name);
            else if (!seen)
                x->ok = false;
            return 1;
        }
        return x->lookup(x->ctx, name);
    }
    x->ok = false;
    return 0;
}

static double stat_expr_product(stat_expr_t *x)
{
    double v = stat_expr_atom(x);
    for (;;) {
        stat_expr_space(x);
        char op = *x->p;
        if (op != '*' && op != '/')
            return v;
        x->p++;
        double w = stat_expr_atom(x);
        if (op == '*')
            v *= w;
        else
            v = w == 0 ? NAN : v / w;
    }
}

static double stat_expr_sum(stat_expr_t *x)
{
    double v = stat_expr_product(x);
    for (;;) {
        stat_expr_space(x);
        char op = *x->p;
        if (op != '+' && op != '-')
            return v;
        x->p++;
        double w = stat_expr_product(x);
        v = op == '+' ? v + w : v - w;
    }
}

bool stat_metric_eval(const char *expr, double (*lookup)(void *ctx, const char *name), void *ctx, double *out)
{
    stat_expr_t x = { .p = expr, .lookup = lookup, .ctx = ctx, .ok = true };
    *out = stat_expr_sum(&x);
    stat_expr_space(&x);
    return x.ok && !*x.p;
}

bool stat_metric_names(const char *expr, char names[][48], unsigned max, unsigned *n_names)
{
    stat_expr_t x = { .p = expr, .names = names, .max_names = max, .ok = true };
    stat_expr_sum(&x);
    stat_expr_space(&x);
    *n_names = x.n_names;
    return x.ok && !*x.p;
}

typedef struct stat_metric_ctx {
    const stat_view_t *v;
    const stat_metric_t *m;
} stat_metric_ctx_t;

static double stat_metric_lookup(void *ctx, const char *name)
{
    const stat_metric_ctx_t *c = ctx;
    for (unsigned k = 0; k < c->m->n_refs; k++)
        if (strcmp(c->m->ref_names[k], name) == 0)
            return stat_view_value(c->v, (unsigned)c->m->refs[k]);
    return NAN;
}

/* The metrics on the lines of event k: its rule metric, then the --metrics anchored on it. */
static unsigned stat_line_metrics(const stat_view_t *v, unsigned k, stat_metric_out_t *out, unsigned max)
{
    unsigned n = 0;
    if (stat_rule_metric(v, k, &out[n]))
        n++;
    const stat_metric_list_t *ml = v->r->metrics;
    for (unsigned j = 0; ml && j < ml->n && n < max; j++) {
        const stat_metric_t *m = &ml->m[j];
        if (m->n_refs == 0 || m->refs[0] != (int)k)
            continue;
        stat_metric_ctx_t c = { v, m };
        double x;
        if (!stat_metric_eval(m->desc->expr, stat_metric_lookup, &c, &x) || isnan(x) || isinf(x))
            continue;
        out[n++] = (stat_metric_out_t){ x * m->scale, m->unit, false };
    }
    return n;
}

/* ---- formats ---------------------------------------------------------------------------------- */

static void stat_rtrim(char *s)
{
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ')
        s[--n] = 0;
}

static void stat_text_metric(const stat_metric_out_t *m, char *buf, size_t size)
{
    if (m->percent)
        snprintf(buf, size, "# %6.2f%% %s", m->value, m->unit);
    else
        snprintf(buf, size, "# %7.2f  %s", m->value, m->unit);
}

/* The views to print: every hart's with --per-hart, else the totals. */
static unsigned stat_views(const stat_report_t *r, stat_view_t *views)
{
    if (!r->per_hart) {
        views[0] = (stat_view_t){ r, -1 };
        return 1;
    }
    for (unsigned j = 0; j < r->n_harts; j++)
        views[j] = (stat_view_t){ r, (int)j };
    return r->n_harts;
}

static void stat_interval_stamp(char *buf, size_t size, double t)
{
    unsigned long long ns = (unsigned long long)(t * 1e9 + 0.5);
    snprintf(buf, size, "%6llu.%09llu", ns / 1000000000ull, ns % 1000000000ull);
}

static void stat_format_mean(const stat_report_t *r, double mean, char *buf, size_t size, bool grouped)
{
    uint64_t v = (uint64_t)(mean + 0.5);
    if (grouped && (r->runs <= 1 || (double)v == mean))
        stat_format_count(v, buf, size);
    else if (grouped)
        snprintf(buf, size, "%.2f", mean);
    else if (r->runs <= 1)
        snprintf(buf, size, "%llu", (unsigned long long)v);
    else
        snprintf(buf, size, "%.0f", mean);
}

/* Latency events: "# sum 132 cycles, mean 4.00, min 4, max 4" (over the whole run). */
static void stat_latency_text(const stat_event_t *e, char *buf, size_t size)
{
    char sum[32];
    stat_format_count(e->sum, sum, sizeof sum);
    if (!e->value)
        snprintf(buf, size, "# sum 0 cycles (no occurrence)");
    else
        snprintf(buf, size, "# sum %s cycles, mean %.2f, min %llu, max %llu", sum,
                 (double)e->sum / (double)e->value, (unsigned long long)(e->minmax & 0xFFFF),
                 (unsigned long long)(e->minmax >> 16 & 0xFFFF));
}

/* Latency events in CSV and JSON: rows of their own after the count, NAME:sum (with the mean as
 * its metric), NAME:min and NAME:max, in cycles (totals only). */
typedef struct stat_latency_row {
    const char *suffix;
    uint64_t value;
    bool mean;
} stat_latency_row_t;

static unsigned stat_latency_rows(const stat_event_t *e, stat_latency_row_t *rows)
{
    rows[0] = (stat_latency_row_t){ "sum", e->sum, true };
    rows[1] = (stat_latency_row_t){ "min", e->minmax & 0xFFFF, false };
    rows[2] = (stat_latency_row_t){ "max", e->minmax >> 16 & 0xFFFF, false };
    return 3;
}

void stat_print_text(FILE *out, const stat_report_t *r)
{
    const stat_event_list_t *l = r->events;
    bool any_approx = false;
    char count[48], metric[160], line[400], prefix[48], noise[32];
    stat_view_t views[STAT_MAX_HARTS];
    unsigned n_views = stat_views(r, views);

    if (!r->interval) {
        if (r->runs > 1)
            fprintf(out, "\n Performance counter stats for '%s' (machine %s, %u runs):\n\n", r->command,
                    r->machine, r->runs);
        else
            fprintf(out, "\n Performance counter stats for '%s' (machine %s):\n\n", r->command, r->machine);
    } else if (r->first) {
        fprintf(out, "#           time %s            counts unit events\n", r->per_hart ? "CPU    " : "");
    }
    for (unsigned vi = 0; vi < n_views; vi++) {
        const stat_view_t *v = &views[vi];
        for (unsigned k = 0; k < l->n; k++) {
            const stat_event_t *e = &l->ev[k];
            size_t o = 0;
            prefix[0] = 0;
            if (r->interval) {
                stat_interval_stamp(prefix, sizeof(prefix), r->timestamp);
                o = strlen(prefix);
                prefix[o++] = ' ';
                prefix[o] = 0;
            }
            if (v->hart >= 0)
                snprintf(prefix + o, sizeof(prefix) - o, "CPU%-4d", v->hart);
            stat_format_mean(r, stat_view_value(v, k), count, sizeof(count), true);
            stat_metric_out_t ms[STAT_MAX_METRICS + 1];
            unsigned n_ms = stat_line_metrics(v, k, ms, STAT_MAX_METRICS + 1);
            if (n_ms)
                stat_text_metric(&ms[0], metric, sizeof(metric));
            else
                metric[0] = 0;
            if (e->latency && v->hart < 0) /* N is the count; then sum, mean, min and max of the latencies */
                stat_latency_text(e, metric, sizeof(metric));
            noise[0] = 0;
            if (r->runs > 1)
                snprintf(noise, sizeof(noise), "( +-%6.2f%% )", e->variance_pct);
            snprintf(line, sizeof(line), "%s%18s      %-25s %-36s %-14s %s", prefix, count, e->label, metric,
                     noise, e->accuracy ? "(approx.)" : "");
            stat_rtrim(line);
            fprintf(out, "%s\n", line);
            for (unsigned j = 1; j < n_ms; j++) {
                stat_text_metric(&ms[j], metric, sizeof(metric));
                snprintf(line, sizeof(line), "%s%18s      %-25s %s", prefix, "", "", metric);
                fprintf(out, "%s\n", line);
            }
            any_approx |= e->accuracy != NULL;
        }
    }
    if (r->interval)
        return;

    if (r->runs > 1)
        fprintf(out, "\n%18.9f +- %.9f seconds time elapsed  ( +-%6.2f%% )\n", r->elapsed_seconds,
                r->elapsed_stddev,
                r->elapsed_seconds > 0 ? 100.0 * r->elapsed_stddev / r->elapsed_seconds : 0.0);
    else
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

/* perf stat -x: [TIME,][CPUn,]VALUE,UNIT,EVENT,[VARIANCE%,]RUNTIME,PERCENT,METRIC,METRIC-UNIT, and
 * further metrics of the same event on lines whose other fields are empty. */
void stat_print_csv(FILE *out, const stat_report_t *r, const char *sep)
{
    const stat_event_list_t *l = r->events;
    stat_view_t views[STAT_MAX_HARTS];
    unsigned n_views = stat_views(r, views);
    char prefix[64], count[48];

    for (unsigned vi = 0; vi < n_views; vi++) {
        const stat_view_t *v = &views[vi];
        for (unsigned k = 0; k < l->n; k++) {
            const stat_event_t *e = &l->ev[k];
            size_t o = 0;
            prefix[0] = 0;
            if (r->interval) {
                stat_interval_stamp(prefix, sizeof(prefix), r->timestamp);
                o = strlen(prefix);
                snprintf(prefix + o, sizeof(prefix) - o, "%s", sep);
                o = strlen(prefix);
            }
            if (v->hart >= 0)
                snprintf(prefix + o, sizeof(prefix) - o, "CPU%d%s", v->hart, sep);
            stat_format_mean(r, stat_view_value(v, k), count, sizeof(count), false);
            stat_metric_out_t ms[STAT_MAX_METRICS + 1];
            unsigned n_ms = stat_line_metrics(v, k, ms, STAT_MAX_METRICS + 1);
            fprintf(out, "%s%s%s%s%s", prefix, count, sep, sep, e->label);
            if (r->runs > 1)
                fprintf(out, "%s%.2f%%", sep, e->variance_pct);
            fprintf(out, "%s%.0f%s100.00%s", sep, stat_view_runtime(v, k), sep, sep);
            if (n_ms)
                fprintf(out, "%.2f%s%s", ms[0].value, sep, ms[0].unit);
            else
                fputs(sep, out);
            fputc('\n', out);
            for (unsigned j = 1; j < n_ms; j++) {
                fputs(prefix, out);
                for (int f = 0; f < (r->runs > 1 ? 6 : 5); f++)
                    fputs(sep, out);
                fprintf(out, "%.2f%s%s\n", ms[j].value, sep, ms[j].unit);
            }
            stat_latency_row_t rows[3];
            for (unsigned j = 0; e->latency && v->hart < 0 && j < stat_latency_rows(e, rows); j++) {
                fprintf(out, "%s%llu%scycles%s%s:%s", prefix, (unsigned long long)rows[j].value, sep, sep,
                        e->label, rows[j].suffix);
                if (r->runs > 1)
                    fprintf(out, "%s%.2f%%", sep, e->variance_pct);
                fprintf(out, "%s%.0f%s100.00%s", sep, stat_view_runtime(v, k), sep, sep);
                if (rows[j].mean && e->value)
                    fprintf(out, "%.2f%smean cycles\n", (double)e->sum / (double)e->value, sep);
                else
                    fprintf(out, "%s\n", sep);
            }
        }
    }
}

/* perf stat -j: one object per line and event, perf's keys in perf's order. */
void stat_print_json(FILE *out, const stat_report_t *r)
{
    const stat_event_list_t *l = r->events;
    stat_view_t views[STAT_MAX_HARTS];
    unsigned n_views = stat_views(r, views);

    for (unsigned vi = 0; vi < n_views; vi++) {
        const stat_view_t *v = &views[vi];
        for (unsigned k = 0; k < l->n; k++) {
            const stat_event_t *e = &l->ev[k];
            stat_metric_out_t ms[STAT_MAX_METRICS + 1];
            unsigned n_ms = stat_line_metrics(v, k, ms, STAT_MAX_METRICS + 1);
            fputc('{', out);
            if (r->interval)
                fprintf(out, "\"interval\" : %.9f, ", r->timestamp);
            if (v->hart >= 0)
                fprintf(out, "\"cpu\" : \"%d\", ", v->hart);
            fprintf(out, "\"counter-value\" : \"%f\", \"unit\" : \"\", \"event\" : ", stat_view_value(v, k));
            stat_json_string(out, e->label);
            if (r->runs > 1)
                fprintf(out, ", \"variance\" : %.2f", e->variance_pct);
            fprintf(out, ", \"event-runtime\" : %.0f, \"pcnt-running\" : 100.00", stat_view_runtime(v, k));
            if (n_ms) {
                fprintf(out, ", \"metric-value\" : %f, \"metric-unit\" : ", ms[0].value);
                stat_json_string(out, ms[0].unit);
            } else {
                fputs(", \"metric-value\" : 0.000000, \"metric-unit\" : \"\"", out);
            }
            fputs("}\n", out);
            /* further metrics of the event: objects of their own, with the metric keys only */
            for (unsigned j = 1; j < n_ms; j++) {
                fputc('{', out);
                if (r->interval)
                    fprintf(out, "\"interval\" : %.9f, ", r->timestamp);
                if (v->hart >= 0)
                    fprintf(out, "\"cpu\" : \"%d\", ", v->hart);
                fprintf(out, "\"metric-value\" : %f, \"metric-unit\" : ", ms[j].value);
                stat_json_string(out, ms[j].unit);
                fputs("}\n", out);
            }
            stat_latency_row_t rows[3];
            for (unsigned j = 0; e->latency && v->hart < 0 && j < stat_latency_rows(e, rows); j++) {
                char name[STAT_LABEL_MAX + 8];
                snprintf(name, sizeof(name), "%s:%s", e->label, rows[j].suffix);
                fputc('{', out);
                if (r->interval)
                    fprintf(out, "\"interval\" : %.9f, ", r->timestamp);
                fprintf(out, "\"counter-value\" : \"%f\", \"unit\" : \"cycles\", \"event\" : ",
                        (double)rows[j].value);
                stat_json_string(out, name);
                if (r->runs > 1)
                    fprintf(out, ", \"variance\" : %.2f", e->variance_pct);
                fprintf(out, ", \"event-runtime\" : %.0f, \"pcnt-running\" : 100.00",
                        stat_view_runtime(v, k));
                fprintf(out, ", \"metric-value\" : %f, \"metric-unit\" : \"%s\"}\n",
                        rows[j].mean && e->value ? (double)e->sum / (double)e->value : 0.0,
                        rows[j].mean && e->value ? "mean cycles" : "");
            }
        }
    }
}
