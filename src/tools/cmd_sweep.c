/* pmusim sweep: every program on every machine configuration of a design space, the counts of
 * each run recorded in a SQLite database (docs/sweeps.md).
 *
 * Each run is one `pmusim stat` of the program on the configuration, made in a forked child
 * process of the sweep (cmd_stat called directly: no exec), `stat -x TAB -o FILE`, its CSV read
 * back when the child has exited. A child is isolated from the others and from the sweep (a
 * crash, a runaway guest, its memory and its signals stay its own), a timeout is a kill, and
 * what is recorded is exactly what `pmusim stat` prints. The children write to files of their
 * own; only this process writes to the database, one transaction per run. */
#define _GNU_SOURCE /* asprintf, strsep, strsignal */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <openssl/evp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "machine/machine.h"
#include "tools/cli_util.h"
#include "tools/commands.h"
#include "session/stat_events.h"
#include "tools/sweep_db.h"
#include "tools/sweep_engine.h"
#include "tools/sweep_spec.h"
#include "util/host_clock.h"

enum {
    SWEEP_OPT_MACHINE = 1,
    SWEEP_OPT_EVENT,
    SWEEP_OPT_DB,
    SWEEP_OPT_JOBS,
    SWEEP_OPT_TIMEOUT,
    SWEEP_OPT_RETRY,
    SWEEP_OPT_ENGINE,
    SWEEP_OPT_PARTITION,
    SWEEP_OPT_TIME_LIMIT,
    SWEEP_OPT_SBATCH_ARG,
    SWEEP_OPT_MAX_JOBS,
    SWEEP_OPT_SLURM_DIR,
    SWEEP_OPT_HELP,
};

static const cli_option_t sweep_options[] = {
    { "machine", 'M', "SPEC", SWEEP_OPT_MACHINE,
      "machine and options, with brace lists: mbv32,dcache={4K,8K} (repeatable)" },
    { "event", 'e', "EVENTS", SWEEP_OPT_EVENT, "events to count, as for 'pmusim stat -e' (repeatable)" },
    { "db", 0, "FILE", SWEEP_OPT_DB, "the SQLite database of the results (created if needed)" },
    { "jobs", 'j', "N", SWEEP_OPT_JOBS, "runs at a time (default: the number of processors)" },
    { "timeout", 0, "SEC", SWEEP_OPT_TIMEOUT, "stop a run after SEC seconds (recorded as 'timeout')" },
    { "retry-failed", 0, NULL, SWEEP_OPT_RETRY, "run again the runs recorded with a status other than ok" },
    { "engine", 0, "ENGINE", SWEEP_OPT_ENGINE,
      "local: the runs as child processes (default); slurm: as Slurm jobs" },
    { "partition", 0, "NAME", SWEEP_OPT_PARTITION, "slurm: the partition of the jobs (sbatch --partition)" },
    { "time-limit", 0, "TIME", SWEEP_OPT_TIME_LIMIT,
      "slurm: each run's time limit, as sbatch --time takes it" },
    { "sbatch-arg", 0, "ARG", SWEEP_OPT_SBATCH_ARG, "slurm: one more argument for sbatch (repeatable)" },
    { "max-jobs", 0, "N", SWEEP_OPT_MAX_JOBS, "slurm: runs queued or running at a time (default: no limit)" },
    { "slurm-dir", 0, "DIR", SWEEP_OPT_SLURM_DIR,
      "slurm: the runs' files, on a filesystem the nodes share (default: DB.slurm)" },
    { "help", 'h', NULL, SWEEP_OPT_HELP, "show this help" },
    { 0 },
};

/* The largest -j: children and their files at a time. */
#define SWEEP_MAX_JOBS 1024

static void sweep_usage(FILE *out)
{
    fputs("Usage: pmusim sweep -M SPEC... [-e EVENTS]... --db FILE [-j N] [--timeout SEC] [--retry-failed]\n"
          "                    [--engine slurm [--partition NAME] [--time-limit TIME] [--sbatch-arg ARG]...\n"
          "                    [--max-jobs N] [--slurm-dir DIR]] PROGRAM.elf...\n"
          "\n"
          "Runs every program on every machine configuration, each run one 'pmusim stat', several\n"
          "at a time, and records the counts in a SQLite database (tables runs and counts, view\n"
          "results: docs/sweeps.md). Brace lists in -M form the cartesian product of their values:\n"
          "  pmusim sweep -M 'mbv32,icache={4K,8K},dcache={4K,8K,16K}' -e load,dcache-read-miss \\\n"
          "               --db sweep.db prog1.elf prog2.elf          # 6 configurations x 2 programs\n"
          "Runs already in the database (same program contents, machine and events) are skipped, so\n"
          "the same command resumes an interrupted sweep. A run that fails (exit code not 0, a\n"
          "timeout, a program that cannot be loaded) is recorded with its status. With --engine slurm\n"
          "the runs are jobs of a Slurm cluster (sbatch job arrays), their results collected through\n"
          "a directory that the nodes share (--slurm-dir), into the same database.\n"
          "\n"
          "Options:\n",
          out);
    cli_print_options(out, sweep_options);
    fputs("\nExit status: 0 when every run is recorded (whatever the runs' own statuses), 125 for a\n"
          "usage error or a database that cannot be written, 126 when a program cannot be read,\n"
          "130 (143, 129) when interrupted: the runs in flight are not recorded.\n",
          out);
}

void sweep_utc_now(char *buf, size_t size)
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf + n, size - n, ".%03ldZ", ts.tv_nsec / 1000000);
}

/* The SHA-256 of a file in hex (OpenSSL's libcrypto); false after a message. */
static bool sweep_sha256_file(const char *path, char hex[65])
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_error("sweep: %s: cannot read the program: %s", path, strerror(errno));
        return false;
    }
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    bool ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
    unsigned char buf[65536], md[EVP_MAX_MD_SIZE];
    unsigned md_len = 0;
    size_t n;
    while (ok && (n = fread(buf, 1, sizeof(buf), f)) > 0)
        ok = EVP_DigestUpdate(ctx, buf, n);
    if (ok && ferror(f)) {
        cli_error("sweep: %s: cannot read the program: %s", path, strerror(errno));
        fclose(f);
        EVP_MD_CTX_free(ctx);
        return false;
    }
    ok = ok && EVP_DigestFinal_ex(ctx, md, &md_len) && md_len == 32;
    EVP_MD_CTX_free(ctx);
    fclose(f);
    if (!ok) {
        cli_error("sweep: %s: cannot compute its SHA-256", path);
        return false;
    }
    for (unsigned k = 0; k < 32; k++)
        snprintf(hex + 2 * k, 3, "%02x", md[k]);
    return true;
}

/* Options and operands into cfg; -1 to go on, else the exit status. */
static int sweep_parse(sweep_config_t *cfg, int argc, char **argv)
{
    cli_parser_t p;
    int id;
    uint64_t v;

    cli_parser_init(&p, "sweep", argc, argv);
    while ((id = cli_parser_next(&p, sweep_options)) != CLI_OPT_DONE) {
        switch (id) {
        case CLI_OPT_ERROR: return CLI_EXIT_USAGE;
        case SWEEP_OPT_HELP: sweep_usage(stdout); return CLI_EXIT_OK;
        case SWEEP_OPT_MACHINE: cfg->specs[cfg->n_specs++] = p.value; break;
        case SWEEP_OPT_EVENT: cfg->event_args[cfg->n_event_args++] = p.value; break;
        case SWEEP_OPT_DB: cfg->db_path = p.value; break;
        case SWEEP_OPT_RETRY: cfg->retry_failed = true; break;
        case SWEEP_OPT_PARTITION: cfg->partition = p.value; break;
        case SWEEP_OPT_TIME_LIMIT: cfg->time_limit = p.value; break;
        case SWEEP_OPT_SBATCH_ARG: cfg->sbatch_args[cfg->n_sbatch_args++] = p.value; break;
        case SWEEP_OPT_SLURM_DIR: cfg->slurm_dir = p.value; break;
        case SWEEP_OPT_ENGINE:
            if (strcmp(p.value, "local") != 0 && strcmp(p.value, "slurm") != 0) {
                cli_error("sweep: bad value '%s' for --engine: expected local or slurm", p.value);
                return CLI_EXIT_USAGE;
            }
            cfg->slurm = strcmp(p.value, "slurm") == 0;
            break;
        case SWEEP_OPT_MAX_JOBS:
            if (!cli_parse_u64(p.value, &v) || v < 1 || v > 1000000) {
                cli_error("sweep: bad value '%s' for --max-jobs: expected 1..1000000", p.value);
                return CLI_EXIT_USAGE;
            }
            cfg->max_jobs = (unsigned)v;
            break;
        case SWEEP_OPT_JOBS:
            if (!cli_parse_u64(p.value, &v) || v < 1 || v > SWEEP_MAX_JOBS) {
                cli_error("sweep: bad value '%s' for --jobs: expected 1..%d", p.value, SWEEP_MAX_JOBS);
                return CLI_EXIT_USAGE;
            }
            cfg->jobs = (unsigned)v;
            break;
        case SWEEP_OPT_TIMEOUT: {
            char *end;
            errno = 0;
            double t = strtod(p.value, &end);
            if (!*p.value || *end || errno || !isfinite(t) || t <= 0 || t > 1e7) {
                cli_error("sweep: bad value '%s' for --timeout: expected seconds > 0", p.value);
                return CLI_EXIT_USAGE;
            }
            cfg->timeout = t;
            break;
        }
        }
    }
    if (cfg->n_specs == 0) {
        cli_error("sweep: no machine (-M SPEC); e.g. -M 'mbv32,dcache={4K,8K}'");
        return CLI_EXIT_USAGE;
    }
    if (!cfg->db_path) {
        cli_error("sweep: no database (--db FILE)");
        return CLI_EXIT_USAGE;
    }
    if (!cfg->slurm &&
        (cfg->partition || cfg->time_limit || cfg->n_sbatch_args || cfg->max_jobs || cfg->slurm_dir)) {
        cli_error("sweep: --partition, --time-limit, --sbatch-arg, --max-jobs and --slurm-dir are for "
                  "--engine slurm");
        return CLI_EXIT_USAGE;
    }
    if (p.next >= argc) {
        cli_error("sweep: no program; see 'pmusim sweep --help'");
        return CLI_EXIT_USAGE;
    }
    cfg->programs = calloc((size_t)(argc - p.next), sizeof(*cfg->programs));
    if (!cfg->programs) {
        cli_error("out of memory");
        return CLI_EXIT_USAGE;
    }
    for (int k = p.next; k < argc; k++) {
        bool seen = false;
        for (size_t j = 0; j < cfg->n_programs && !seen; j++)
            seen = strcmp(cfg->programs[j].path, argv[k]) == 0;
        if (!seen)
            cfg->programs[cfg->n_programs++].path = argv[k];
    }
    return -1;
}

/* Expands and checks the machines, checks the events on each, hashes the programs; -1 to go
 * on, else the exit status after a message. */
static int sweep_prepare(sweep_config_t *cfg)
{
    char why[256];
    for (int k = 0; k < cfg->n_specs; k++) {
        if (!sweep_expand(cfg->specs[k], &cfg->machines, why, sizeof(why))) {
            cli_error("sweep: bad machine list '%s': %s", cfg->specs[k], why);
            return CLI_EXIT_USAGE;
        }
    }
    stat_event_list_t *events = calloc(1, sizeof(*events));
    if (!events) {
        cli_error("out of memory");
        return CLI_EXIT_USAGE;
    }
    int status = -1;
    const machine_desc_t *checked[64];
    size_t n_checked = 0;
    for (size_t m = 0; m < cfg->machines.n && status < 0; m++) {
        const machine_desc_t *desc = cli_find_machine(cfg->machines.v[m], NULL);
        if (!desc) {
            status = CLI_EXIT_USAGE;
            break;
        }
        bool seen = false;
        for (size_t j = 0; j < n_checked && !seen; j++)
            seen = checked[j] == desc;
        if (seen || n_checked == 64)
            continue;
        checked[n_checked++] = desc;
        int group = 0;
        events->n = 0;
        for (int k = 0; k < cfg->n_event_args && status < 0; k++)
            if (!stat_events_parse_groups(&cli_diag, events, desc->core->pmu, desc->name, cfg->event_args[k],
                                          &group))
                status = CLI_EXIT_USAGE;
        /* one slot more: the sweep adds `instructions` for the runs table */
        if (status < 0 && cfg->n_event_args && events->n + 1 > STAT_MAX_EVENTS) {
            cli_error("sweep: too many events: at most %d can be counted in a sweep's run",
                      STAT_MAX_EVENTS - 1);
            status = CLI_EXIT_USAGE;
        }
    }
    free(events);
    if (status >= 0)
        return status;

    size_t len = 1;
    for (int k = 0; k < cfg->n_event_args; k++)
        len += strlen(cfg->event_args[k]) + 1;
    if (!(cfg->events = calloc(1, len))) {
        cli_error("out of memory");
        return CLI_EXIT_USAGE;
    }
    for (int k = 0; k < cfg->n_event_args; k++) {
        if (k)
            strcat(cfg->events, ",");
        strcat(cfg->events, cfg->event_args[k]);
    }
    for (size_t k = 0; k < cfg->n_programs; k++)
        if (!sweep_sha256_file(cfg->programs[k].path, cfg->programs[k].sha256))
            return CLI_EXIT_BAD_INPUT;
    return -1;
}

/* ---- the runs -------------------------------------------------------------------------------- */

static void sweep_job_machine_program(const sweep_state_t *s, size_t task, const char **machine,
                                      const sweep_program_t **program)
{
    *machine = s->cfg->machines.v[task / s->cfg->n_programs];
    *program = &s->cfg->programs[task % s->cfg->n_programs];
}

const char **sweep_stat_argv(const sweep_config_t *cfg, const char *machine, const char *program,
                             const char *counts_path)
{
    size_t n = 0;
    const char **args = calloc((size_t)cfg->n_event_args * 2 + 16, sizeof(*args));
    if (!args) {
        cli_error("out of memory");
        return NULL;
    }
    args[n++] = "pmusim";
    args[n++] = "stat";
    args[n++] = "-M";
    args[n++] = machine;
    for (int k = 0; k < cfg->n_event_args; k++) {
        args[n++] = "-e";
        args[n++] = cfg->event_args[k];
    }
    if (cfg->n_event_args) { /* the default set counts instructions already */
        args[n++] = "-e";
        args[n++] = "instructions";
    }
    args[n++] = "-x";
    args[n++] = "\t";
    args[n++] = "-o";
    args[n++] = counts_path;
    args[n++] = "--";
    args[n++] = program;
    args[n] = NULL;
    return args;
}

_Noreturn void sweep_child_run(pid_t parent, const sigset_t *mask, const char *err_path, mode_t err_mode,
                               const char *const *argv)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
        _exit(127);
    sigprocmask(SIG_SETMASK, mask, NULL);
    int in = open("/dev/null", O_RDONLY), out = open("/dev/null", O_WRONLY),
        err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, err_mode);
    if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
        _exit(127);
    int argc = 0;
    while (argv[argc])
        argc++;
    int status = cmd_stat(argc - 1, (char **)argv + 1); /* argv[0] is "pmusim", as for main */
    fflush(NULL);
    _exit(status);
}

/* Starts the run of task in job slot j; false (after a message) if no process can be made. */
static bool sweep_start(sweep_state_t *s, unsigned j, const sigset_t *child_mask)
{
    sweep_job_t *job = &s->jobs[j];
    const char *machine;
    const sweep_program_t *prog;
    size_t task = s->tasks[s->next];
    sweep_job_machine_program(s, task, &machine, &prog);

    const char **args = sweep_stat_argv(s->cfg, machine, prog->path, job->counts_path);
    if (!args)
        return false;
    unlink(job->counts_path);
    pid_t parent = getpid();
    fflush(NULL);
    /* The run is `pmusim stat` in a forked child, without exec: no program loading and no
     * dynamic linking per run, which were a third of a short run's cost (docs/sweeps.md
     * "Throughput"). The child never touches the sweep's database and leaves with _exit. */
    pid_t pid = fork();
    if (pid < 0) {
        cli_error("sweep: cannot start a run: %s", strerror(errno));
        free(args);
        return false;
    }
    if (pid == 0)
        sweep_child_run(parent, child_mask, job->err_path, 0600, args);
    free(args);
    job->pid = pid;
    job->task = task;
    job->started = host_clock_seconds();
    job->timed_out = false;
    sweep_utc_now(job->start_time, sizeof(job->start_time));
    s->next++;
    s->running++;
    return true;
}

/* The last "pmusim: " line of the child's standard error (its own messages), or NULL. */
static char *sweep_last_message(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char line[1024], *last = NULL;
    while (fgets(line, sizeof(line), f)) {
        if (strncmp(line, "pmusim: ", 8) != 0)
            continue;
        line[strcspn(line, "\n")] = 0;
        free(last);
        last = strdup(line + 8);
    }
    fclose(f);
    return last;
}

/* Reads the CSV of `stat -x TAB` into counts: one per line naming an event (metric lines have an
 * empty event field); false if a line is not what stat writes. */
static bool sweep_read_counts(const char *path, sweep_count_t **counts, size_t *n_counts)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char *line = NULL;
    size_t cap = 0, n = 0, max = 0;
    bool ok = true;
    sweep_count_t *c = NULL;
    while (ok && getline(&line, &cap, f) >= 0) {
        line[strcspn(line, "\n")] = 0;
        /* value, unit, event, then the rest: strsep keeps empty fields */
        char *fields[3], *rest = line;
        for (int k = 0; k < 3; k++)
            fields[k] = strsep(&rest, "\t");
        if (!fields[2] || !rest) {
            ok = false;
            break;
        }
        if (!*fields[2])
            continue; /* a further metric of the event above */
        uint64_t v;
        if (!cli_parse_u64(fields[0], &v)) {
            ok = false;
            break;
        }
        if (n == max) {
            size_t m = max ? 2 * max : 16;
            sweep_count_t *g = realloc(c, m * sizeof(*g));
            if (!g) {
                ok = false;
                break;
            }
            c = g;
            max = m;
        }
        if (!(c[n].event = strdup(fields[2]))) {
            ok = false;
            break;
        }
        c[n++].value = v;
    }
    free(line);
    fclose(f);
    *counts = c;
    *n_counts = n;
    return ok;
}

static void sweep_free_counts(sweep_count_t *c, size_t n)
{
    for (size_t k = 0; k < n; k++)
        free(c[k].event);
    free(c);
}

/* The status of a finished run from how its pmusim stat ended (docs/sweeps.md). */
static const char *sweep_status_name(int code)
{
    switch (code) {
    case 0: return "ok";
    case CLI_EXIT_GUEST_STUCK: return "stuck";
    case CLI_EXIT_MAX_INSNS: return "max-insns";
    case CLI_EXIT_USAGE: return "usage-error";
    case CLI_EXIT_BAD_INPUT: return "load-error";
    case 127: return "error";
    default: return "exit";
    }
}

void sweep_record_outcome(sweep_state_t *s, const char *program, const char *sha256, const char *machine,
                          const char *events, const sweep_outcome_t *o)
{
    sweep_record_t r = {
        .program = program,
        .sha256 = sha256,
        .machine = machine,
        .events = events,
        .exit_code = -1,
        .wall_seconds = o->wall_seconds,
        .host = o->host,
        .start_time = o->start_time,
        .end_time = o->end_time,
    };
    char buf[128];
    char *message = NULL;
    sweep_count_t *counts = NULL;
    size_t n_counts = 0;
    if (o->status) {
        r.status = o->status;
        message = o->message ? strdup(o->message) : NULL;
    } else if (o->timed_out) {
        r.status = "timeout";
        snprintf(buf, sizeof(buf), "stopped after %g seconds (--timeout)", o->timeout);
        message = strdup(buf);
    } else if (o->exit_code < 0) {
        r.status = "signal";
        snprintf(buf, sizeof(buf), "killed by signal %d (%s)", o->signal, strsignal(o->signal));
        message = strdup(buf);
    } else {
        int code = o->exit_code;
        message = sweep_last_message(o->err_path);
        r.exit_code = code;
        r.status = sweep_status_name(code);
        /* stat prints counts whenever the program ran, whatever its exit code */
        bool ran = code != CLI_EXIT_USAGE && code != CLI_EXIT_BAD_INPUT && code != 127;
        if (ran && !sweep_read_counts(o->counts_path, &counts, &n_counts)) {
            r.status = "error";
            free(message);
            message = strdup("cannot read the counts of pmusim stat");
            sweep_free_counts(counts, n_counts);
            counts = NULL;
            n_counts = 0;
        }
    }
    /* the instructions the sweep added (the last row), or those of the default set */
    if (n_counts && *events && strcmp(counts[n_counts - 1].event, "instructions") == 0) {
        r.has_instructions = true;
        r.instructions = counts[--n_counts].value;
        free(counts[n_counts].event);
    } else {
        for (size_t k = 0; k < n_counts && !r.has_instructions; k++)
            if (strcmp(counts[k].event, "instructions") == 0) {
                r.has_instructions = true;
                r.instructions = counts[k].value;
            }
    }
    r.message = message;
    r.counts = counts;
    r.n_counts = n_counts;
    if (!sweep_db_record(s->db, &r)) {
        s->db_error = true;
        s->stopping = true;
    } else {
        s->done++;
        s->failed += strcmp(r.status, "ok") != 0;
    }
    sweep_free_counts(counts, n_counts);
    free(message);
}

/* Records the run of job slot j, which ended with wait status ws. */
static void sweep_finish(sweep_state_t *s, unsigned j, int ws)
{
    sweep_job_t *job = &s->jobs[j];
    const char *machine;
    const sweep_program_t *prog;
    sweep_job_machine_program(s, job->task, &machine, &prog);
    char end_time[32];
    sweep_utc_now(end_time, sizeof(end_time));
    sweep_outcome_t o = {
        .timed_out = job->timed_out,
        .exit_code = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1,
        .signal = WIFSIGNALED(ws) ? WTERMSIG(ws) : 0,
        .timeout = s->cfg->timeout,
        .wall_seconds = host_clock_seconds() - job->started,
        .start_time = job->start_time,
        .end_time = end_time,
        .host = s->host,
        .counts_path = job->counts_path,
        .err_path = job->err_path,
    };
    job->pid = 0;
    s->running--;

    int code = o.exit_code;
    /* stopped by a signal meant for the sweep: not a result, the run is done again next time */
    if (s->stopping && !job->timed_out &&
        (WIFSIGNALED(ws) || code == CLI_EXIT_INTERRUPTED || code == 128 + SIGTERM || code == 128 + SIGHUP))
        return;
    sweep_record_outcome(s, prog->path, prog->sha256, machine, s->cfg->events, &o);
}

void sweep_print_progress(const sweep_state_t *s, bool final)
{
    if (!s->progress)
        return;
    char eta[32] = "";
    double el = host_clock_seconds() - s->t0;
    if (s->done && s->done < s->n_tasks) {
        double left = el / (double)s->done * (double)(s->n_tasks - s->done);
        unsigned long sec = (unsigned long)(left + 0.5);
        snprintf(eta, sizeof(eta), ", ETA %lu:%02lu:%02lu", sec / 3600, sec / 60 % 60, sec % 60);
    }
    fprintf(stderr, "\rpmusim: sweep: %zu/%zu runs, %zu failed, %u running%s\033[K%s", s->done, s->n_tasks,
            s->failed, s->running, eta, final ? "\n" : "");
    fflush(stderr);
}

/* Runs the tasks, jobs at a time, until all are recorded or a signal stops the sweep. */
static int sweep_run(sweep_state_t *s)
{
    sigset_t wait_set, old;
    sigemptyset(&wait_set);
    sigaddset(&wait_set, SIGCHLD);
    sigaddset(&wait_set, SIGINT);
    sigaddset(&wait_set, SIGTERM);
    sigaddset(&wait_set, SIGHUP);
    sigprocmask(SIG_BLOCK, &wait_set, &old);

    s->t0 = host_clock_seconds();
    sweep_print_progress(s, false);
    while (s->running || (!s->stopping && s->next < s->n_tasks)) {
        for (unsigned j = 0; !s->stopping && s->next < s->n_tasks && j < s->cfg->jobs; j++)
            if (!s->jobs[j].pid && !sweep_start(s, j, &old)) {
                s->stopping = true;
                s->db_error = true;
            }
        /* wake for a child, a signal, the next timeout, or the progress line's clock */
        double wait = s->progress ? 1.0 : 3600.0, now = host_clock_seconds();
        for (unsigned j = 0; s->cfg->timeout > 0 && j < s->cfg->jobs; j++)
            if (s->jobs[j].pid && !s->jobs[j].timed_out) {
                double left = s->jobs[j].started + s->cfg->timeout - now;
                wait = left < wait ? left : wait;
            }
        if (wait < 0.001)
            wait = 0.001;
        struct timespec ts = { (time_t)wait, (long)((wait - floor(wait)) * 1e9) };
        int sig = sigtimedwait(&wait_set, NULL, &ts);
        /* a stop signal that arrived with a child's end is seen before that child is reaped:
         * a Ctrl-C reaches the runs and the sweep at once */
        sigset_t pending;
        if (sig == SIGCHLD && sigpending(&pending) == 0 &&
            (sigismember(&pending, SIGINT) || sigismember(&pending, SIGTERM) ||
             sigismember(&pending, SIGHUP))) {
            sigset_t stop_set = wait_set;
            sigdelset(&stop_set, SIGCHLD);
            sig = sigtimedwait(&stop_set, NULL, &(struct timespec){ 0, 0 });
        }
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
            if (!s->stopping || !s->stop_signal) {
                s->stopping = true;
                s->stop_signal = sig;
                for (unsigned j = 0; j < s->cfg->jobs; j++)
                    if (s->jobs[j].pid)
                        kill(s->jobs[j].pid, SIGTERM);
            }
        }
        int ws;
        pid_t pid;
        while ((pid = waitpid(-1, &ws, WNOHANG)) > 0)
            for (unsigned j = 0; j < s->cfg->jobs; j++)
                if (s->jobs[j].pid == pid)
                    sweep_finish(s, j, ws);
        now = host_clock_seconds();
        for (unsigned j = 0; s->cfg->timeout > 0 && j < s->cfg->jobs; j++)
            if (s->jobs[j].pid && !s->jobs[j].timed_out && now - s->jobs[j].started >= s->cfg->timeout) {
                s->jobs[j].timed_out = true;
                kill(s->jobs[j].pid, SIGKILL);
            }
        sweep_print_progress(s, false);
    }
    sweep_print_progress(s, true);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (s->db_error)
        return CLI_EXIT_USAGE;
    if (s->stop_signal)
        return s->stop_signal == SIGINT ? CLI_EXIT_INTERRUPTED : 128 + s->stop_signal;
    return CLI_EXIT_OK;
}

/* The runs not yet in the database, the job slots and their files; -1 to go on, else the exit
 * status. */
static int sweep_plan(sweep_state_t *s)
{
    sweep_config_t *cfg = s->cfg;
    size_t total = cfg->machines.n * cfg->n_programs;
    if (!(s->tasks = calloc(total, sizeof(*s->tasks))) || !(s->jobs = calloc(cfg->jobs, sizeof(*s->jobs)))) {
        cli_error("out of memory");
        return CLI_EXIT_USAGE;
    }
    for (size_t t = 0; t < total; t++) {
        const char *machine;
        const sweep_program_t *prog;
        sweep_job_machine_program(s, t, &machine, &prog);
        int have = sweep_db_has_run(s->db, prog->sha256, machine, cfg->events, cfg->retry_failed);
        if (have < 0)
            return CLI_EXIT_USAGE;
        if (!have)
            s->tasks[s->n_tasks++] = t;
    }
    if (!s->n_tasks || cfg->slurm) /* the Slurm engine's files are in its own directory */
        return -1;
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
        tmp = "/tmp";
    if (asprintf(&s->tmpdir, "%s/pmusim-sweep-XXXXXX", tmp) < 0) {
        s->tmpdir = NULL;
        cli_error("out of memory");
        return CLI_EXIT_USAGE;
    }
    if (!mkdtemp(s->tmpdir)) {
        cli_error("sweep: cannot make a directory for the runs' output in %s: %s", tmp, strerror(errno));
        free(s->tmpdir);
        s->tmpdir = NULL;
        return CLI_EXIT_USAGE;
    }
    for (unsigned j = 0; j < cfg->jobs; j++) {
        sweep_job_t *job = &s->jobs[j];
        if (asprintf(&job->counts_path, "%s/counts-%u.csv", s->tmpdir, j) < 0 ||
            asprintf(&job->err_path, "%s/stderr-%u.txt", s->tmpdir, j) < 0) {
            job->counts_path = job->err_path = NULL;
            cli_error("out of memory");
            return CLI_EXIT_USAGE;
        }
    }
    return -1;
}

static void sweep_cleanup(sweep_state_t *s)
{
    for (unsigned j = 0; s->jobs && j < s->cfg->jobs; j++) {
        if (s->jobs[j].counts_path)
            unlink(s->jobs[j].counts_path);
        if (s->jobs[j].err_path)
            unlink(s->jobs[j].err_path);
        free(s->jobs[j].counts_path);
        free(s->jobs[j].err_path);
    }
    if (s->tmpdir)
        rmdir(s->tmpdir);
    free(s->tmpdir);
    free(s->jobs);
    free(s->tasks);
}

int cmd_sweep(int argc, char **argv)
{
    sweep_config_t cfg = { 0 };
    sweep_state_t s = { .cfg = &cfg };
    cfg.specs = calloc((size_t)argc + 1, sizeof(*cfg.specs));
    cfg.event_args = calloc((size_t)argc + 1, sizeof(*cfg.event_args));
    cfg.sbatch_args = calloc((size_t)argc + 1, sizeof(*cfg.sbatch_args));
    int status = -1;

    /* the one run of a Slurm array task, as the job's script starts it (not a user's option) */
    if (argc == 3 && strcmp(argv[1], "--run-task") == 0) {
        status = sweep_slurm_run_task(argv[2]);
        goto done;
    }
    if (!cfg.specs || !cfg.event_args || !cfg.sbatch_args) {
        cli_error("out of memory");
        status = CLI_EXIT_USAGE;
        goto done;
    }
    status = sweep_parse(&cfg, argc, argv);
    if (status < 0)
        status = sweep_prepare(&cfg);
    if (status >= 0)
        goto done;
    if (!cfg.jobs) { /* the processors this process may run on (taskset, cgroups), else all online */
        cpu_set_t cpus;
        long n =
            sched_getaffinity(0, sizeof(cpus), &cpus) == 0 ? CPU_COUNT(&cpus) : sysconf(_SC_NPROCESSORS_ONLN);
        cfg.jobs = n < 1 ? 1 : n > SWEEP_MAX_JOBS ? SWEEP_MAX_JOBS : (unsigned)n;
    }
    if (!(s.db = sweep_db_open(cfg.db_path))) {
        status = CLI_EXIT_USAGE;
        goto done;
    }
    if (gethostname(s.host, sizeof(s.host) - 1) != 0)
        snprintf(s.host, sizeof(s.host), "unknown");
    s.progress = isatty(2);
    status = sweep_plan(&s);
    if (status < 0)
        status = cfg.slurm ? sweep_slurm_run(&s) : s.n_tasks ? sweep_run(&s) : CLI_EXIT_OK;

done:
    sweep_cleanup(&s);
    sweep_db_close(s.db);
    sweep_list_free(&cfg.machines);
    free(cfg.programs);
    free(cfg.events);
    free(cfg.event_args);
    free(cfg.sbatch_args);
    free(cfg.specs);
    return status;
}
