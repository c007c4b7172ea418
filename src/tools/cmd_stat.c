/* pmusim stat: run a program and count PMU events for the whole run, from outside the guest.
 *
 * Each event gets one of the PMU's observer slots (pmu_add_observer): counters the guest cannot
 * see, so its own mcycle, minstret and mhpmcounters are exactly what `pmusim run` gives. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "tools/cli_run.h"
#include "tools/commands.h"
#include "session/stat_events.h"
#include "tools/stat_report.h"
#include "util/host_clock.h"

enum {
    STAT_OPT_EVENT = 1,
    STAT_OPT_SEPARATOR,
    STAT_OPT_JSON,
    STAT_OPT_OUTPUT,
    STAT_OPT_REPEAT,
    STAT_OPT_INTERVAL,
    STAT_OPT_PER_HART,
    STAT_OPT_METRICS,
    STAT_OPT_HELP,
};

static const cli_option_t stat_options[] = {
    { "event", 'e', "EVENTS", STAT_OPT_EVENT,
      "events to count, comma-separated names or codes (repeatable)" },
    { "field-separator", 'x', "SEP", STAT_OPT_SEPARATOR, "CSV output, perf stat's fields separated by SEP" },
    { "json", 'j', NULL, STAT_OPT_JSON, "JSON output: perf stat's objects, one per line" },
    { "output", 'o', "FILE", STAT_OPT_OUTPUT, "write the counts to FILE instead of standard error" },
    { "repeat", 'r', "N", STAT_OPT_REPEAT, "run the program N times: mean counts and their variance" },
    { "interval-print", 'I', "MS", STAT_OPT_INTERVAL,
      "print the counts every MS milliseconds of guest time" },
    { "per-hart", 'A', NULL, STAT_OPT_PER_HART, "a row per hart instead of totals (perf's -A, --no-aggr)" },
    { "no-aggr", 0, NULL, STAT_OPT_PER_HART, "the same as --per-hart" },
    { "metrics", 0, "NAMES", STAT_OPT_METRICS,
      "metrics (or metric groups) of the core, comma-separated (perf's -M; -M is the machine here)" },
    CLI_RUN_OPTIONS,
    { "help", 'h', NULL, STAT_OPT_HELP, "show this help" },
    { 0 },
};

typedef struct stat_config {
    cli_run_config_t run;
    const char **event_args; /* the -e arguments, in order */
    int n_event_args;
    const char *sep; /* -x */
    bool json;
    const char *output;
    unsigned runs;        /* -r; 0 or 1: once */
    uint64_t interval_ms; /* -I; 0: none */
    bool per_hart;
    const char *metrics; /* --metrics */
} stat_config_t;

static void stat_usage(FILE *out)
{
    fputs("Usage: pmusim stat [-M MACHINE] [-e EVENT[,EVENT...]]... [--metrics NAMES] [-x SEP | --json]\n"
          "                   [-r N] [-I MS] [--per-hart] [-o FILE] [OPTIONS] PROGRAM.elf [--] [ARGS...]\n"
          "\n"
          "Runs a program like 'pmusim run' and counts PMU events over the whole run, from outside\n"
          "the guest: the guest's own counters are not disturbed. The counts go to standard error\n"
          "(or to -o FILE) when the program ends or is interrupted; its console output still goes\n"
          "to standard output, and pmusim exits with its exit code.\n"
          "\n"
          "EVENT is a name of the machine's PMU model ('pmusim list -M MACHINE' shows them; case\n"
          "does not matter and '_' may replace '-'), 'cycles' or 'instructions' (on every machine),\n"
          "a selector code as written to mhpmevent: decimal (11), 0x-hex (0xb) or r-hex (rb), or\n"
          "perf's PMU terms (veer/event=26/). Modifiers count at one privilege level only: :u\n"
          "(U-mode), :k or :s (S-mode), :h or :m (M-mode). {a,b}:u groups events.\n"
          "On machines with a MIPS coherence manager (p8700), cm/NAME/, cm/NAME,qual=Q/ and\n"
          "cm/event=N,qual=Q/ count CM events (docs/mips-cm.md).\n"
          "Without -e a default set is counted. Events marked (approx.) are not modelled exactly.\n"
          "\n"
          "Options:\n",
          out);
    cli_print_options(out, stat_options);
    fprintf(out, "\nThe default machine is %s. See docs/stat.md for the output formats.\n\n",
            machine_default_name);
    cli_print_exit_statuses(out);
}

/* Options into cfg; returns -1 to go on, else the exit status to end with. */
static int stat_parse(stat_config_t *cfg, int argc, char **argv)
{
    cli_parser_t p;
    int id;

    cli_parser_init(&p, "stat", argc, argv);
    while ((id = cli_parser_next(&p, stat_options)) != CLI_OPT_DONE) {
        switch (id) {
        case CLI_OPT_ERROR: return CLI_EXIT_USAGE;
        case STAT_OPT_HELP: stat_usage(stdout); return CLI_EXIT_OK;
        case STAT_OPT_EVENT: cfg->event_args[cfg->n_event_args++] = p.value; break;
        case STAT_OPT_SEPARATOR:
            if (!*p.value) {
                cli_error("stat: the field separator (-x) must not be empty");
                return CLI_EXIT_USAGE;
            }
            cfg->sep = p.value;
            break;
        case STAT_OPT_JSON: cfg->json = true; break;
        case STAT_OPT_OUTPUT: cfg->output = p.value; break;
        case STAT_OPT_REPEAT: {
            uint64_t n;
            if (!cli_parse_u64(p.value, &n) || n == 0 || n > 100000) {
                cli_error("stat: bad -r '%s': expected a number of runs from 1 to 100000", p.value);
                return CLI_EXIT_USAGE;
            }
            cfg->runs = (unsigned)n;
            break;
        }
        case STAT_OPT_INTERVAL:
            if (!cli_parse_u64(p.value, &cfg->interval_ms) || cfg->interval_ms == 0 ||
                cfg->interval_ms > UINT64_MAX / 1000000) {
                cli_error("stat: bad -I '%s': expected milliseconds of guest time, at least 1", p.value);
                return CLI_EXIT_USAGE;
            }
            break;
        case STAT_OPT_PER_HART: cfg->per_hart = true; break;
        case STAT_OPT_METRICS:
            if (!*p.value) {
                cli_error("stat: --metrics needs metric names; 'pmusim list' lists them");
                return CLI_EXIT_USAGE;
            }
            cfg->metrics = p.value;
            break;
        default:
            if (!cli_run_option(&cfg->run, &p, id))
                return CLI_EXIT_USAGE;
        }
    }
    if (cfg->sep && cfg->json) {
        cli_error("stat: -x (CSV) and --json cannot be used together");
        return CLI_EXIT_USAGE;
    }
    if (cfg->interval_ms && cfg->runs > 1) {
        cli_error("stat: -I (interval counts) and -r (repeated runs) cannot be used together");
        return CLI_EXIT_USAGE;
    }
    if (!cli_run_operands(&cfg->run, &p) || cli_run_output_is_input(&cfg->run, "stat", cfg->output))
        return CLI_EXIT_USAGE;
    return -1;
}

/* --metrics NAMES: each a MetricName or MetricGroup of the core's metrics (case does not matter);
 * the events their expressions name are added to the list unless already counted. */
static bool stat_select_metrics(const stat_config_t *cfg, const machine_desc_t *desc,
                                const pmu_model_t *model, stat_event_list_t *events, stat_metric_list_t *ml)
{
    const pmu_metric_table_t *t = model->metrics;
    size_t n_defined = t ? t->n : 0;
    char *copy = strdup(cfg->metrics);
    bool ok = copy != NULL;
    for (char *name = copy, *next; ok && name; name = next) {
        next = strchr(name, ',');
        if (next)
            *next++ = 0;
        bool found = false;
        for (size_t k = 0; ok && k < n_defined; k++) {
            const pmu_metric_desc_t *d = &t->metrics[k];
            if (strcasecmp(d->name, name) != 0 && strcasecmp(d->group, name) != 0)
                continue;
            found = true;
            bool dup = false;
            for (unsigned j = 0; j < ml->n; j++)
                dup |= ml->m[j].desc == d;
            if (dup)
                continue;
            if (ml->n == STAT_MAX_METRICS) {
                cli_error("stat: too many metrics: at most %d", STAT_MAX_METRICS);
                ok = false;
                break;
            }
            stat_metric_t *m = &ml->m[ml->n];
            memset(m, 0, sizeof(*m));
            m->desc = d;
            if (!stat_metric_names(d->expr, m->ref_names, STAT_METRIC_MAX_REFS, &m->n_refs) ||
                m->n_refs == 0) {
                cli_error("stat: metric %s of machine %s: cannot read its expression '%s'", d->name,
                          desc->name, d->expr);
                ok = false;
                break;
            }
            for (unsigned j = 0; ok && j < m->n_refs; j++) {
                stat_event_t e;
                ok = stat_event_resolve(&cli_diag, model, desc->name, m->ref_names[j], &e);
                if (ok)
                    ok = (m->refs[j] = stat_events_find_or_add(&cli_diag, events, &e)) >= 0;
            }
            /* ScaleUnit: "100%" multiplies by 100, the unit printed is "%  NAME"; without one,
             * the metric's name is its unit (perf's way) */
            char *end;
            double scale = d->scale_unit[0] ? strtod(d->scale_unit, &end) : 1.0;
            if (!d->scale_unit[0] || end == d->scale_unit) {
                end = (char *)d->scale_unit;
                scale = 1.0;
            }
            m->scale = scale;
            while (*end == ' ')
                end++;
            if (*end)
                snprintf(m->unit, sizeof(m->unit), "%s  %s", end, d->name);
            else
                snprintf(m->unit, sizeof(m->unit), "%s", d->name);
            if (ok)
                ml->n++;
        }
        if (ok && !found) {
            char known[512] = "";
            for (size_t k = 0; k < n_defined; k++) {
                strncat(known, k ? ", " : "", sizeof(known) - strlen(known) - 1);
                strncat(known, t->metrics[k].name, sizeof(known) - strlen(known) - 1);
            }
            cli_error("stat: unknown metric '%s' for machine %s; its metrics are: %s", name, desc->name,
                      n_defined ? known : "none");
            ok = false;
        }
    }
    if (!copy)
        cli_error("out of memory");
    free(copy);
    return ok;
}

/* The events to count on this machine; false after a message. */
static bool stat_select_events(const stat_config_t *cfg, const machine_desc_t *desc, const pmu_model_t *model,
                               stat_event_list_t *events)
{
    int group = 0;
    events->n = 0;
    if (cfg->n_event_args == 0) {
        if (cfg->metrics)
            return true; /* only the metrics' events, as perf does */
        stat_events_default(&cli_diag, events, model, desc->name);
        return events->n > 0;
    }
    for (int k = 0; k < cfg->n_event_args; k++)
        if (!stat_events_parse_groups(&cli_diag, events, model, desc->name, cfg->event_args[k], &group))
            return false;
    return true;
}

static void stat_print_report(const stat_config_t *cfg, FILE *out, const stat_report_t *r)
{
    if (cfg->json)
        stat_print_json(out, r);
    else if (cfg->sep)
        stat_print_csv(out, r, cfg->sep);
    else
        stat_print_text(out, r);
}

/* Flushes (and closes, unless it is stderr) the output of the counts. Counts that could not be
 * written are an error: 125, after "pmusim: FILE: cannot write the counts: ..." (nothing can be
 * said when stderr itself fails). */
static int stat_close_output(const char *path, FILE *out, int status)
{
    int err = 0;
    if (fflush(out) != 0 || ferror(out))
        err = errno ? errno : EIO;
    if (out != stderr && fclose(out) != 0 && !err)
        err = errno ? errno : EIO;
    if (!err)
        return status;
    if (out != stderr)
        cli_error("%s: cannot write the counts: %s", path, strerror(err));
    return CLI_EXIT_USAGE;
}

/* The counts so far, per event and hart, and each hart's guest time in ns (its cycle clock runs
 * at 1 GHz: mtime ticks every cycles_per_mtime_tick of its cycles). */
typedef struct stat_sample {
    uint64_t value[STAT_MAX_EVENTS][STAT_MAX_HARTS];
    uint64_t ns[STAT_MAX_HARTS];
} stat_sample_t;

static void stat_read(const cli_session_t *s, const stat_event_list_t *events, stat_sample_t *smp)
{
    for (unsigned j = 0; j < s->m->n_harts; j++) {
        smp->ns[j] = hart_cycle(&s->m->harts[j]);
        for (unsigned k = 0; k < events->n; k++)
            smp->value[k][j] = session_read_event(s, &events->ev[k], j);
    }
}

/* Latency events: the sum of the latencies over the harts, and the largest max and smallest
 * non-empty min (bits 31:16 and 15:0), over the whole run (the last run with -r). */
static void stat_read_latency(const cli_session_t *s, stat_event_list_t *events)
{
    for (unsigned k = 0; k < events->n; k++) {
        stat_event_t *e = &events->ev[k];
        if (!e->latency)
            continue;
        e->sum = e->minmax = 0;
        for (unsigned j = 0; j < s->m->n_harts; j++) {
            const hart_t *h = &s->m->harts[j];
            e->sum += pmu_read(&h->pmu, (unsigned)e->sum_slot, hart_cycle(h));
            uint64_t mm = pmu_read(&h->pmu, (unsigned)e->minmax_slot, hart_cycle(h));
            uint64_t max = mm >> 16 > e->minmax >> 16 ? mm >> 16 : e->minmax >> 16;
            uint64_t min = !(e->minmax & 0xFFFF) || ((mm & 0xFFFF) && (mm & 0xFFFF) < (e->minmax & 0xFFFF))
                               ? mm & 0xFFFF
                               : e->minmax & 0xFFFF;
            e->minmax = max << 16 | min;
        }
    }
}

/* The counts between two samples into the events (a run, or one interval). */
static void stat_set_counts(stat_event_list_t *events, unsigned n_harts, const stat_sample_t *now,
                            const stat_sample_t *before)
{
    for (unsigned k = 0; k < events->n; k++) {
        stat_event_t *e = &events->ev[k];
        e->value = 0;
        e->runtime_ns = 0;
        for (unsigned j = 0; j < n_harts; j++) {
            e->hart_value[j] = now->value[k][j] - (before ? before->value[k][j] : 0);
            e->hart_runtime_ns[j] = now->ns[j] - (before ? before->ns[j] : 0);
            e->value += e->hart_value[j];
            e->runtime_ns += (double)e->hart_runtime_ns[j];
        }
        e->mean = (double)e->value;
        e->variance_pct = 0;
    }
}

/* -I: runs the guest in steps of `interval_ms` of guest time, printing each step's counts. */
static hart_stop_t stat_run_intervals(const stat_config_t *cfg, cli_session_t *s, stat_event_list_t *events,
                                      stat_report_t *r, FILE *out, stat_sample_t *smp)
{
    const uint64_t step = cfg->interval_ms * 1000000u; /* cycles of the 1 GHz clock */
    stat_sample_t *prev = calloc(1, sizeof(*prev));
    hart_stop_t stop = STOP_NONE;
    /* without memory for the previous sample, the whole run is one interval */
    uint64_t next = prev ? step : 0, last = 0;

    r->interval = true;
    r->first = true;
    for (;;) {
        s->m->run_until = next;
        stop = cli_session_run(s);
        stat_read(s, events, smp);
        stat_set_counts(events, s->m->n_harts, smp, prev);
        uint64_t now = 0;
        for (unsigned j = 0; j < s->m->n_harts; j++)
            now = smp->ns[j] > now ? smp->ns[j] : now;
        /* the run may end exactly at a print: no empty interval after it */
        bool empty = !r->first && prev && now == last;
        r->timestamp = (double)now / 1e9;
        if (!empty)
            stat_print_report(cfg, out, r);
        r->first = false;
        last = now;
        if (prev)
            *prev = *smp;
        if (stop != STOP_NONE)
            break;
        next = (now / step + 1) * step; /* the next multiple of the interval */
    }
    s->m->run_until = 0;
    free(prev);
    return stop;
}

/* Runs the program (-r: N times) with the events attached to observer slots and reports them.
 * The output file is opened once the program is loaded (so `-o prog.elf prog.elf` runs the
 * program, then replaces it with the counts) and before it runs (a bad path is reported at once). */
static int stat_run(const stat_config_t *cfg, stat_event_list_t *events, const stat_metric_list_t *metrics)
{
    unsigned runs = cfg->runs ? cfg->runs : 1, done = 0;
    FILE *out = NULL;
    int status = 0;
    double sum[STAT_MAX_EVENTS] = { 0 }, m2[STAT_MAX_EVENTS] = { 0 }, rt_sum[STAT_MAX_EVENTS] = { 0 };
    double el_mean = 0, el_m2 = 0, insns_sum = 0;
    /* per event and hart, over the runs: the counts and the guest time (large: on the heap) */
    struct stat_hart_sums {
        uint64_t sum[STAT_MAX_EVENTS][STAT_MAX_HARTS], rt[STAT_MAX_EVENTS][STAT_MAX_HARTS];
    } *hs = calloc(1, sizeof(*hs));
    stat_sample_t *smp = calloc(1, sizeof(*smp));
    stat_report_t r = {
        .program = cfg->run.program,
        .runs = runs,
        .events = events,
        .metrics = metrics,
        .per_hart = cfg->per_hart,
    };
    char *command = NULL;

    if (!smp || !hs) {
        free(smp);
        free(hs);
        cli_error("out of memory");
        return CLI_EXIT_USAGE;
    }
    while (done < runs) {
        cli_session_t s;
        status = cli_session_open(&s, &cfg->run);
        if (status == 0)
            status = session_attach_events(&s, events, &cli_diag);
        if (status == 0 && !out && cfg->output && !(out = fopen(cfg->output, "w"))) {
            cli_error("%s: cannot write the counts: %s", cfg->output, strerror(errno));
            status = CLI_EXIT_USAGE;
        }
        if (status != 0) {
            cli_session_close(&s);
            if (out && out != stderr)
                fclose(out);
            free(smp);
            free(hs);
            free(command);
            return status;
        }
        if (!out)
            out = stderr;
        if (!command)
            command = strdup(s.cmdline ? s.cmdline : "");
        r.command = command ? command : cfg->run.program;
        r.machine = s.m->desc->name;
        r.n_harts = s.m->n_harts;

        hart_stop_t stop;
        double start = host_clock_seconds();
        if (cfg->interval_ms)
            stop = stat_run_intervals(cfg, &s, events, &r, out, smp);
        else
            stop = cli_session_run(&s);
        double elapsed = host_clock_seconds() - start;
        status = cli_session_finish(&s, stop);
        done++;

        stat_read(&s, events, smp);
        stat_set_counts(events, s.m->n_harts, smp, NULL);
        stat_read_latency(&s, events);
        /* Welford's running mean and variance, per event and for the time elapsed */
        for (unsigned k = 0; k < events->n; k++) {
            double x = (double)events->ev[k].value, d = x - sum[k];
            sum[k] += d / done;
            m2[k] += d * (x - sum[k]);
            rt_sum[k] += events->ev[k].runtime_ns;
            for (unsigned j = 0; j < s.m->n_harts; j++) {
                hs->sum[k][j] += events->ev[k].hart_value[j];
                hs->rt[k][j] += events->ev[k].hart_runtime_ns[j];
            }
        }
        double d = elapsed - el_mean;
        el_mean += d / done;
        el_m2 += d * (elapsed - el_mean);
        insns_sum += (double)machine_insns(s.m);
        cli_session_close(&s);
        if (stop == STOP_INTERRUPTED)
            break; /* Ctrl-C ends the repeats too */
    }

    if (!cfg->interval_ms) {
        for (unsigned k = 0; k < events->n; k++) {
            stat_event_t *e = &events->ev[k];
            e->mean = sum[k];
            e->runtime_ns = rt_sum[k] / done;
            double sd_mean = done > 1 ? sqrt(m2[k] / (done - 1) / done) : 0;
            e->variance_pct = e->mean != 0 ? 100.0 * sd_mean / e->mean : 0;
            for (unsigned j = 0; j < r.n_harts; j++) {
                e->hart_value[j] = hs->sum[k][j];
                e->hart_runtime_ns[j] = hs->rt[k][j];
            }
        }
        r.runs = done;
        r.elapsed_seconds = el_mean;
        r.elapsed_stddev = done > 1 ? sqrt(el_m2 / (done - 1) / done) : 0;
        r.insns = (uint64_t)(insns_sum / done + 0.5);
        r.interval = false;
        errno = 0;
        stat_print_report(cfg, out, &r);
    }
    status = stat_close_output(cfg->output, out, status);
    free(smp);
    free(hs);
    free(command);
    return status;
}

int cmd_stat(int argc, char **argv)
{
    stat_config_t cfg = { 0 };
    /* every -e takes an argument of its own: argc bounds their number */
    cfg.event_args = calloc((size_t)argc + 1, sizeof(*cfg.event_args));
    stat_event_list_t *events = calloc(1, sizeof(*events));
    stat_metric_list_t *metrics = calloc(1, sizeof(*metrics));
    int status = -1;

    if (!cfg.event_args || !events || !metrics) {
        cli_error("out of memory");
        status = CLI_EXIT_USAGE;
        goto done;
    }
    status = stat_parse(&cfg, argc, argv);
    if (status >= 0)
        goto done;

    machine_opts_t mopts = { 0 };
    core_pmu_store_t model_store; /* the model and its events, while they are used here */
    const machine_desc_t *desc =
        cli_find_machine(cfg.run.machine ? cfg.run.machine : machine_default_name, &mopts);
    const pmu_model_t *model = desc ? machine_pmu_model(desc, &mopts, &model_store) : NULL;
    if (!desc || !stat_select_events(&cfg, desc, model, events) ||
        (cfg.metrics && !stat_select_metrics(&cfg, desc, model, events, metrics))) {
        status = CLI_EXIT_USAGE;
        goto done;
    }
    status = stat_run(&cfg, events, metrics);

done:
    free(metrics);
    free(events);
    free(cfg.event_args);
    return status;
}
