/* pmusim stat: run a program and count PMU events for the whole run, from outside the guest.
 *
 * Each event gets one of the PMU's observer slots (pmu_add_observer): counters the guest cannot
 * see, so its own mcycle, minstret and mhpmcounters are exactly what `pmusim run` gives. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tools/cli_run.h"
#include "tools/commands.h"
#include "tools/stat_events.h"
#include "tools/stat_report.h"

enum {
    STAT_OPT_EVENT = 1,
    STAT_OPT_SEPARATOR,
    STAT_OPT_JSON,
    STAT_OPT_OUTPUT,
    STAT_OPT_HELP,
};

static const cli_option_t stat_options[] = {
    { "event", 'e', "EVENTS", STAT_OPT_EVENT,
      "events to count, comma-separated names or codes (repeatable)" },
    { "field-separator", 'x', "SEP", STAT_OPT_SEPARATOR,
      "CSV output: value SEP unit SEP event SEP accuracy" },
    { "json", 'j', NULL, STAT_OPT_JSON, "JSON output: one object" },
    { "output", 'o', "FILE", STAT_OPT_OUTPUT, "write the counts to FILE instead of standard error" },
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
} stat_config_t;

static void stat_usage(FILE *out)
{
    fputs("Usage: pmusim stat [-M MACHINE] [-e EVENT[,EVENT...]]... [-x SEP | --json] [-o FILE]\n"
          "                   [OPTIONS] PROGRAM.elf [--] [GUEST ARGS...]\n"
          "\n"
          "Runs a program like 'pmusim run' and counts PMU events over the whole run, from outside\n"
          "the guest: the guest's own counters are not disturbed. The counts go to standard error\n"
          "(or to -o FILE) when the program ends or is interrupted; its console output still goes\n"
          "to standard output, and pmusim exits with its exit code.\n"
          "\n"
          "EVENT is a name of the machine's PMU model ('pmusim list -M MACHINE' shows them; case\n"
          "does not matter and '_' may replace '-'), 'cycles' or 'instructions' (on every machine),\n"
          "or a selector code as written to mhpmevent: decimal (11), 0x-hex (0xb) or r-hex (rb).\n"
          "Without -e a default set is counted. Events marked (approx.) are not modelled exactly.\n"
          "\n"
          "Options:\n",
          out);
    cli_print_options(out, stat_options);
    fprintf(out, "\nThe default machine is %s. See docs/stat.md for the output formats.\n\n",
            machine_default_name);
    cli_print_exit_statuses(out);
}

static const char *stat_stop_name(hart_stop_t stop)
{
    switch (stop) {
    case STOP_EXIT: return "exit";
    case STOP_MAX_INSNS: return "max-insns";
    case STOP_INTERRUPTED: return "interrupted";
    case STOP_TRAP_LOOP: return "trap-loop";
    case STOP_WFI_DEADLOCK: return "wfi-deadlock";
    case STOP_HALT_DEADLOCK: return "halt-deadlock";
    case STOP_NONE:
    default: return "none";
    }
}

static double stat_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
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
        default:
            if (!cli_run_option(&cfg->run, &p, id))
                return CLI_EXIT_USAGE;
        }
    }
    if (cfg->sep && cfg->json) {
        cli_error("stat: -x (CSV) and --json cannot be used together");
        return CLI_EXIT_USAGE;
    }
    if (!cli_run_operands(&cfg->run, &p))
        return CLI_EXIT_USAGE;
    return -1;
}

/* The events to count on this machine; false after a message. */
static bool stat_select_events(const stat_config_t *cfg, const machine_desc_t *desc,
                               stat_event_list_t *events)
{
    events->n = 0;
    if (cfg->n_event_args == 0) {
        stat_events_default(events, desc->core->pmu, desc->name);
        return events->n > 0;
    }
    for (int k = 0; k < cfg->n_event_args; k++)
        if (!stat_events_parse(events, desc->core->pmu, desc->name, cfg->event_args[k]))
            return false;
    return true;
}

static void stat_print(const stat_config_t *cfg, FILE *out, const stat_report_t *r)
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

/* Runs the program with the events attached to observer slots and reports them. The output file
 * is opened once the program is loaded (so `-o prog.elf prog.elf` runs the program, then
 * replaces it with the counts) and before it runs (a bad path is reported at once). */
static int stat_run(const stat_config_t *cfg, stat_event_list_t *events)
{
    cli_session_t s;
    int status = cli_session_open(&s, &cfg->run);
    if (status != 0) {
        cli_session_close(&s);
        return status;
    }
    /* after machine_reset (cli_session_open): a reset re-initialises the PMU. Every hart gets the
     * same observer slots; the counts are the sum over the harts (system-wide, as perf stat -a). */
    for (unsigned k = 0; k < events->n; k++) {
        stat_event_t *e = &events->ev[k];
        for (unsigned j = 0; j < s.m->n_harts; j++) {
            hart_t *h = &s.m->harts[j];
            e->slot = pmu_add_observer(&h->pmu, e->sel.kind, e->sel.events, hart_cycle(h));
            if (e->latency && e->slot >= 0) { /* N above; the sum and the min/max as well */
                e->sum_slot = pmu_add_observer(&h->pmu, SLOT_SUM, e->sel.events, hart_cycle(h));
                e->minmax_slot = pmu_add_observer(&h->pmu, SLOT_MINMAX, e->sel.events, hart_cycle(h));
                if (e->sum_slot < 0 || e->minmax_slot < 0)
                    e->slot = -1;
            }
            hart_pmu_changed(h);
        }
        if (e->slot < 0) {
            cli_error("stat: no PMU observer slot left for event '%s' (at most %d)", e->name,
                      PMU_OBSERVER_SLOTS);
            cli_session_close(&s);
            return CLI_EXIT_USAGE;
        }
    }

    FILE *out = stderr;
    if (cfg->output && !(out = fopen(cfg->output, "w"))) {
        cli_error("%s: cannot write the counts: %s", cfg->output, strerror(errno));
        cli_session_close(&s);
        return CLI_EXIT_USAGE;
    }

    double start = stat_now();
    hart_stop_t stop = cli_session_run(&s);
    double elapsed = stat_now() - start;
    status = cli_session_finish(&s, stop);

    for (unsigned k = 0; k < events->n; k++) {
        stat_event_t *e = &events->ev[k];
        e->value = e->sum = e->minmax = 0;
        for (unsigned j = 0; j < s.m->n_harts; j++) {
            const hart_t *h = &s.m->harts[j];
            e->value += pmu_read(&h->pmu, (unsigned)e->slot, hart_cycle(h));
            if (e->latency) {
                e->sum += pmu_read(&h->pmu, (unsigned)e->sum_slot, hart_cycle(h));
                uint64_t mm = pmu_read(&h->pmu, (unsigned)e->minmax_slot, hart_cycle(h));
                /* over several harts: the largest max and the smallest non-empty min */
                uint64_t max = mm >> 16 > e->minmax >> 16 ? mm >> 16 : e->minmax >> 16;
                uint64_t min =
                    !(e->minmax & 0xFFFF) || ((mm & 0xFFFF) && (mm & 0xFFFF) < (e->minmax & 0xFFFF))
                        ? mm & 0xFFFF
                        : e->minmax & 0xFFFF;
                e->minmax = max << 16 | min;
            }
        }
    }
    stat_report_t r = {
        .command = s.cmdline,
        .program = cfg->run.program,
        .machine = s.m->desc->name,
        .stop = stat_stop_name(stop),
        .exit_status = status,
        .elapsed_seconds = elapsed,
        .insns = machine_insns(s.m),
        .events = events,
    };
    errno = 0;
    stat_print(cfg, out, &r);
    status = stat_close_output(cfg->output, out, status);
    cli_session_close(&s);
    return status;
}

int cmd_stat(int argc, char **argv)
{
    stat_config_t cfg = { 0 };
    /* every -e takes an argument of its own: argc bounds their number */
    cfg.event_args = calloc((size_t)argc + 1, sizeof(*cfg.event_args));
    stat_event_list_t *events = calloc(1, sizeof(*events));
    int status = -1;

    if (!cfg.event_args || !events) {
        cli_error("out of memory");
        status = CLI_EXIT_USAGE;
        goto done;
    }
    status = stat_parse(&cfg, argc, argv);
    if (status >= 0)
        goto done;

    const machine_desc_t *desc =
        cli_find_machine(cfg.run.machine ? cfg.run.machine : machine_default_name, NULL);
    if (!desc || !stat_select_events(&cfg, desc, events)) {
        status = CLI_EXIT_USAGE;
        goto done;
    }
    status = stat_run(&cfg, events);

done:
    free(events);
    free(cfg.event_args);
    return status;
}
