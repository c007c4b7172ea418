/* pmusim record: run a program and attribute every counted event to the instruction (and with -g
 * the calling context) that caused it; the profile goes to a file for `report` and `annotate`.
 *
 * Exact mode (the default) records on the profiling executor (cpu/prof.h). Sampling (-c N) runs
 * the ordinary executor and stops every N counts of the first event: each sample attributes to
 * the pc of each hart the counts of every event since the previous sample. The totals are the counts of the
 * whole run either way, as `pmusim stat` gives them. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/prof.h"
#include "tools/cli_run.h"
#include "tools/commands.h"
#include "tools/prof_file.h"
#include "session/stat_events.h"

enum {
    REC_OPT_EVENT = 1,
    REC_OPT_CALLCHAINS,
    REC_OPT_COUNT,
    REC_OPT_OUTPUT,
    REC_OPT_HELP,
};

static const cli_option_t record_options[] = {
    { "event", 'e', "EVENTS", REC_OPT_EVENT, "events to record, as for 'pmusim stat' (repeatable)" },
    { "call-graph", 'g', NULL, REC_OPT_CALLCHAINS, "record call chains (exact mode)" },
    { "count", 'c', "N", REC_OPT_COUNT,
      "sample: one sample every N counts of the first event instead of exact counts" },
    { "output", 'o', "FILE", REC_OPT_OUTPUT, "write the profile to FILE (default pmusim.data)" },
    CLI_RUN_OPTIONS,
    { "help", 'h', NULL, REC_OPT_HELP, "show this help" },
    { 0 },
};

static void record_usage(FILE *out)
{
    fputs("Usage: pmusim record [-e EVENT[,EVENT...]]... [-g] [-c N] [-o FILE] [OPTIONS]\n"
          "                     PROGRAM.elf [--] [GUEST ARGS...]\n"
          "\n"
          "Runs a program like 'pmusim run' and attributes every counted event to the instruction\n"
          "that caused it (exactly: every instruction is counted, none is sampled), with -g to the\n"
          "call chain it ran in. 'pmusim report' and 'pmusim annotate' read the profile.\n"
          "Events are given as for 'pmusim stat'; without -e its default set is recorded.\n"
          "-c N samples instead, as perf record -c: every N counts of the first event, the counts\n"
          "of all events since the previous sample go to the instruction each hart is at (cheaper\n"
          "on long runs; no call chains).\n"
          "\n"
          "Options:\n",
          out);
    cli_print_options(out, record_options);
    fprintf(out, "\nThe default machine is %s. See docs/profiling.md.\n\n", machine_default_name);
    cli_print_exit_statuses(out);
}

/* ---- Sampling: counts per pc ---- */

typedef struct sample_table {
    uint64_t *pc; /* UINT64_MAX: empty */
    uint64_t *count;
    size_t cap, used;
    unsigned n_ev;
} sample_table_t;

static bool samples_init(sample_table_t *t, unsigned n_ev)
{
    t->cap = 4096;
    t->used = 0;
    t->n_ev = n_ev;
    t->pc = malloc(t->cap * sizeof *t->pc);
    t->count = calloc(t->cap * n_ev, sizeof *t->count);
    if (!t->pc || !t->count)
        return false;
    memset(t->pc, 0xff, t->cap * sizeof *t->pc);
    return true;
}

static uint64_t *samples_at(sample_table_t *t, uint64_t pc);

static bool samples_grow(sample_table_t *t)
{
    sample_table_t n = { 0 };
    n.cap = 2 * t->cap;
    n.n_ev = t->n_ev;
    n.pc = malloc(n.cap * sizeof *n.pc);
    n.count = calloc(n.cap * n.n_ev, sizeof *n.count);
    if (!n.pc || !n.count) {
        free(n.pc);
        free(n.count);
        return false;
    }
    memset(n.pc, 0xff, n.cap * sizeof *n.pc);
    for (size_t k = 0; k < t->cap; k++)
        if (t->pc[k] != UINT64_MAX)
            memcpy(samples_at(&n, t->pc[k]), t->count + k * t->n_ev, t->n_ev * sizeof *t->count);
    free(t->pc);
    free(t->count);
    *t = n;
    return true;
}

static uint64_t *samples_at(sample_table_t *t, uint64_t pc)
{
    if (2 * (t->used + 1) > t->cap && !samples_grow(t))
        return NULL;
    size_t k = (size_t)((pc * 0x9E3779B97F4A7C15ull) >> 20) & (t->cap - 1);
    while (t->pc[k] != UINT64_MAX && t->pc[k] != pc)
        k = (k + 1) & (t->cap - 1);
    if (t->pc[k] == UINT64_MAX) {
        t->pc[k] = pc;
        t->used++;
    }
    return t->count + k * t->n_ev;
}

/* ---- The run ---- */

typedef struct record_config {
    cli_run_config_t run;
    const char **event_args;
    int n_event_args;
    bool callchains;
    uint64_t period; /* 0: exact */
    const char *output;
} record_config_t;

_Static_assert(PROF_MAX_EVENTS == PROF_FILE_MAX_EVENTS, "a profile file holds every recorded event");

typedef struct write_ctx {
    FILE *out;
    unsigned n_ev;
    uint64_t n_at;                      /* the at lines written */
    uint64_t sum[PROF_FILE_MAX_EVENTS]; /* and the sums of their counts (modulo 2^64) */
} write_ctx_t;

static void write_at(void *arg, uint32_t ctx, uint64_t pc, const uint64_t *counts)
{
    write_ctx_t *w = arg;
    bool any = false;
    for (unsigned k = 0; k < w->n_ev && !any; k++)
        any = counts[k] != 0;
    if (!any)
        return;
    fprintf(w->out, "at %u %llx", ctx, (unsigned long long)pc);
    for (unsigned k = 0; k < w->n_ev; k++) {
        fprintf(w->out, " %llu", (unsigned long long)counts[k]);
        w->sum[k] += counts[k];
    }
    fputc('\n', w->out);
    w->n_at++;
}

static uint64_t event_total(const machine_t *m, const stat_event_t *e)
{
    uint64_t v = 0;
    for (unsigned j = 0; j < m->n_harts; j++)
        v += pmu_read(&m->harts[j].pmu, (unsigned)e->slot, hart_cycle(&m->harts[j]));
    return v;
}

/* Sampling: runs the machine to its end, a sample every `period` counts of the first event. */
static hart_stop_t record_sampled(cli_session_t *s, const stat_event_list_t *ev, uint64_t period,
                                  sample_table_t *t, bool *oom)
{
    machine_t *m = s->m;
    uint64_t limit = m->harts[0].max_insns;
    uint64_t last[STAT_MAX_EVENTS * 4] = { 0 };
    uint64_t *prev =
        m->n_harts * ev->n <= sizeof last / sizeof last[0] ? last : calloc(m->n_harts * ev->n, 8);
    if (!prev) {
        *oom = true;
        return STOP_NONE;
    }
    for (unsigned j = 0; j < m->n_harts; j++)
        for (unsigned k = 0; k < ev->n; k++)
            prev[j * ev->n + k] =
                pmu_read(&m->harts[j].pmu, (unsigned)ev->ev[k].slot, hart_cycle(&m->harts[j]));
    hart_stop_t stop;
    uint64_t target = event_total(m, &ev->ev[0]) + period;
    for (;;) {
        /* An event counts at most once per instruction (the OR rule; a clock at least once), so
         * the leading event cannot pass `target` before `target - count` more instructions. */
        uint64_t count = event_total(m, &ev->ev[0]);
        if (count < target) {
            uint64_t next = machine_insns(m) + (target - count);
            if (limit && next > limit)
                next = limit;
            for (unsigned j = 0; j < m->n_harts; j++)
                m->harts[j].max_insns = next;
            stop = cli_session_run(s);
            bool ended = stop != STOP_MAX_INSNS || (limit && machine_insns(m) >= limit);
            if (!ended) {
                for (unsigned j = 0; j < m->n_harts; j++)
                    m->harts[j].stop = STOP_NONE;
                continue;
            }
        } else {
            stop = STOP_NONE;
            target = count - (count - target) % period + period; /* the next multiple */
        }
        for (unsigned j = 0; j < m->n_harts; j++) {
            hart_t *h = &m->harts[j];
            uint64_t *c = samples_at(t, h->pc);
            if (!c)
                *oom = true;
            for (unsigned k = 0; k < ev->n; k++) {
                uint64_t v = pmu_read(&h->pmu, (unsigned)ev->ev[k].slot, hart_cycle(h));
                if (c)
                    c[k] += v - prev[j * ev->n + k];
                prev[j * ev->n + k] = v;
            }
        }
        if (stop != STOP_NONE)
            break; /* the program ended: its last sample is taken */
    }
    for (unsigned j = 0; j < m->n_harts; j++)
        m->harts[j].max_insns = limit;
    if (prev != last)
        free(prev);
    return stop;
}

static int record_run(const record_config_t *cfg, stat_event_list_t *events)
{
    cli_session_t s;
    int status = cli_session_open(&s, &cfg->run);
    if (status != 0) {
        cli_session_close(&s);
        return status;
    }
    prof_event_t pev[PROF_MAX_EVENTS];
    if (events->n > PROF_MAX_EVENTS) {
        cli_error("record: %u events; a profile holds at most %d", events->n, PROF_MAX_EVENTS);
        cli_session_close(&s);
        return CLI_EXIT_USAGE;
    }
    for (unsigned k = 0; k < events->n; k++) {
        stat_event_t *e = &events->ev[k];
        if (e->latency) {
            cli_error("record: event '%s' is a latency pair (occurrences, and the sum, min and max of their "
                      "cycles) pmusim cannot attribute to instructions; count it with 'pmusim stat'",
                      e->name);
            cli_session_close(&s);
            return CLI_EXIT_USAGE;
        }
        if (e->sel.kind != SLOT_EVENTS && e->sel.kind != SLOT_CYCLES) {
            cli_error("record: event '%s' is a clock or a sum pmusim cannot attribute to instructions; "
                      "count it with 'pmusim stat'",
                      e->name);
            cli_session_close(&s);
            return CLI_EXIT_USAGE;
        }
        if (e->modes != PMU_MODES_ALL && !cfg->period) {
            cli_error("record: event '%s': privilege modifiers need sampling (-c N): exact recording "
                      "counts every privilege level",
                      e->label);
            cli_session_close(&s);
            return CLI_EXIT_USAGE;
        }
        for (unsigned j = 0; j < s.m->n_harts; j++) {
            hart_t *h = &s.m->harts[j];
            e->slot = pmu_add_observer_modes(&h->pmu, e->sel.kind, e->sel.events, e->modes, hart_cycle(h));
            hart_pmu_changed(h);
        }
        if (e->slot < 0) {
            cli_error("record: no PMU observer slot left for event '%s' (at most %d)", e->name,
                      PMU_OBSERVER_SLOTS);
            cli_session_close(&s);
            return CLI_EXIT_USAGE;
        }
        pev[k] = (prof_event_t){ .want = e->sel.events,
                                 .cycles = e->sel.kind == SLOT_CYCLES,
                                 .slot = (unsigned)e->slot };
    }
    const char *path = cfg->output ? cfg->output : "pmusim.data";
    FILE *out = fopen(path, "w");
    if (!out) {
        cli_error("%s: cannot write the profile: %s", path, strerror(errno));
        cli_session_close(&s);
        return CLI_EXIT_USAGE;
    }

    hart_stop_t stop;
    prof_t *prof = NULL;
    hart_prof_t *hp = NULL;
    sample_table_t samples = { 0 };
    bool oom = false;
    if (cfg->period) {
        oom = !samples_init(&samples, events->n);
        stop = oom ? STOP_NONE : record_sampled(&s, events, cfg->period, &samples, &oom);
    } else {
        prof = prof_new(pev, events->n);
        hp = calloc(s.m->n_harts, sizeof *hp);
        if (!prof || !hp) {
            oom = true;
            stop = STOP_NONE;
        } else {
            for (unsigned j = 0; j < s.m->n_harts; j++)
                prof_attach(&s.m->harts[j], &hp[j], prof, cfg->callchains);
            stop = cli_session_run(&s);
            for (unsigned j = 0; j < s.m->n_harts; j++)
                prof_detach(&s.m->harts[j]);
            oom = !prof_complete(prof);
        }
    }
    if (oom && stop == STOP_NONE) {
        cli_error("record: out of memory");
        status = CLI_EXIT_USAGE;
    } else {
        status = cli_session_finish(&s, stop);
    }

    char *program = realpath(cfg->run.program, NULL);
    fprintf(out, "pmusim-profile " PROF_FILE_VERSION "\nprogram %s\nmachine %s\n",
            program ? program : cfg->run.program, s.m->desc->name);
    free(program);
    if (cfg->period)
        fprintf(out, "mode sample %llu\n", (unsigned long long)cfg->period);
    else
        fputs("mode exact\n", out);
    fprintf(out, "callchains %d\n", cfg->callchains && !cfg->period);
    for (unsigned k = 0; k < events->n; k++)
        fprintf(out, "event %s %llu\n", events->ev[k].label[0] ? events->ev[k].label : events->ev[k].name,
                (unsigned long long)event_total(s.m, &events->ev[k]));
    write_ctx_t w = { .out = out, .n_ev = events->n };
    uint32_t n_ctx = 0;
    if (prof) {
        for (uint32_t n = 1; n < prof_n_contexts(prof); n++, n_ctx++) {
            prof_context_t c = prof_context(prof, n);
            fprintf(out, "ctx %u %u %llx %llx %llu\n", n, c.parent, (unsigned long long)c.callee,
                    (unsigned long long)c.site, (unsigned long long)c.calls);
        }
        prof_visit(prof, write_at, &w);
    } else if (samples.pc) {
        for (size_t k = 0; k < samples.cap; k++)
            if (samples.pc[k] != UINT64_MAX)
                write_at(&w, 0, samples.pc[k], samples.count + k * samples.n_ev);
    }
    fprintf(out, "end %u %llu", n_ctx, (unsigned long long)w.n_at);
    for (unsigned k = 0; k < events->n; k++)
        fprintf(out, " %llu", (unsigned long long)w.sum[k]);
    fputc('\n', out);
    if (fflush(out) != 0 || ferror(out) || fclose(out) != 0) {
        cli_error("%s: cannot write the profile: %s", path, strerror(errno ? errno : EIO));
        status = CLI_EXIT_USAGE;
    } else if (oom) {
        cli_error("record: out of memory: %s misses some counts", path);
    } else if (!cfg->run.quiet) {
        fprintf(stderr, "pmusim: record: profile of %s written to %s\n", cfg->run.program, path);
    }
    prof_free(prof);
    free(hp);
    free(samples.pc);
    free(samples.count);
    cli_session_close(&s);
    return status;
}

int cmd_record(int argc, char **argv)
{
    record_config_t cfg = { 0 };
    cfg.event_args = calloc((size_t)argc + 1, sizeof(*cfg.event_args));
    stat_event_list_t *events = calloc(1, sizeof(*events));
    int status = CLI_EXIT_USAGE;
    cli_parser_t p;
    int id;

    if (!cfg.event_args || !events) {
        cli_error("out of memory");
        goto done;
    }
    cli_parser_init(&p, "record", argc, argv);
    while ((id = cli_parser_next(&p, record_options)) != CLI_OPT_DONE) {
        switch (id) {
        case CLI_OPT_ERROR: goto done;
        case REC_OPT_HELP:
            record_usage(stdout);
            status = CLI_EXIT_OK;
            goto done;
        case REC_OPT_EVENT: cfg.event_args[cfg.n_event_args++] = p.value; break;
        case REC_OPT_CALLCHAINS: cfg.callchains = true; break;
        case REC_OPT_COUNT:
            if (!cli_parse_u64(p.value, &cfg.period) || cfg.period == 0) {
                cli_error("record: bad -c '%s': expected a number of instructions (at least 1)", p.value);
                goto done;
            }
            break;
        case REC_OPT_OUTPUT:
            if (!*p.value) {
                cli_error("record: -o needs a file name");
                goto done;
            }
            cfg.output = p.value;
            break;
        default:
            if (!cli_run_option(&cfg.run, &p, id))
                goto done;
        }
    }
    if (cfg.callchains && cfg.period) {
        cli_error("record: -g needs exact recording: call chains are not kept while sampling (-c)");
        goto done;
    }
    if (!cli_run_operands(&cfg.run, &p) ||
        cli_run_output_is_input(&cfg.run, "record", cfg.output ? cfg.output : "pmusim.data"))
        goto done;
    machine_opts_t mopts = { 0 };
    const machine_desc_t *desc =
        cli_find_machine(cfg.run.machine ? cfg.run.machine : machine_default_name, &mopts);
    if (!desc)
        goto done;
    const pmu_model_t *model = machine_pmu_model(desc, &mopts);
    events->n = 0;
    if (cfg.n_event_args == 0)
        stat_events_default(&cli_diag, events, model, desc->name);
    for (int k = 0; k < cfg.n_event_args; k++)
        if (!stat_events_parse(&cli_diag, events, model, desc->name, cfg.event_args[k]))
            goto done;
    status = record_run(&cfg, events);
done:
    free(events);
    free(cfg.event_args);
    return status;
}
