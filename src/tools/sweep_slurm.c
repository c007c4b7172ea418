/* The Slurm engine of `pmusim sweep` (docs/sweeps.md, "On a Slurm cluster").
 *
 * The sweep runs on the submitting host and stays the only writer of the database. The runs
 * go to Slurm as job arrays; each array task runs `pmusim sweep --run-task DIR`, which makes
 * the run's `pmusim stat` exactly as the local engine does and leaves its outcome in DIR, a
 * directory of the spool (--slurm-dir, default DB.slurm) on a filesystem that the submitter
 * and the nodes share. A run's files are written first and its `result` last, by a rename: a
 * `result` that can be seen is whole (NFS's close-to-open consistency), so the submitter never
 * records part of a run. The submitter polls for results, records each in one transaction and
 * then removes the run's directory; a task that Slurm ended without a result (its time limit,
 * a cancellation, a node failure) is recorded with the state Slurm gives for it. */
#define _GNU_SOURCE /* asprintf, strsignal */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "tools/cli_util.h"
#include "tools/sweep_engine.h"
#include "util/host_clock.h"

/* Array tasks per sbatch: below Slurm's default MaxArraySize (1001). */
#define SLURM_ARRAY_MAX 1000
/* How long a task may be gone from squeue without its result before Slurm's word on it is
 * taken: a result written on a node can take that long to show on an NFS client (its
 * attribute and directory caches keep up to 60 s by default). The environment variable
 * PMUSIM_SWEEP_SLURM_GRACE (seconds) changes it, for a spool on a local disk or a test. */
#define SLURM_RESULT_GRACE 75.0

static double slurm_result_grace(void)
{
    const char *env = getenv("PMUSIM_SWEEP_SLURM_GRACE");
    char *end;
    double g = env && *env ? strtod(env, &end) : -1;
    return env && *env && !*end && g >= 0 && g <= 86400 ? g : SLURM_RESULT_GRACE;
}
/* Seconds between two looks at squeue. */
#define SLURM_SQUEUE_PERIOD 5.0

/* ---- files ----------------------------------------------------------------------------------- */

/* Writes len bytes to path through path.tmp and a rename, so that readers see all or nothing. */
static bool slurm_write_file(const char *path, const void *data, size_t len)
{
    char *tmp;
    if (asprintf(&tmp, "%s.tmp", path) < 0)
        return false;
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    bool ok = fd >= 0;
    for (size_t done = 0; ok && done < len;) {
        ssize_t n = write(fd, (const char *)data + done, len - done);
        ok = n > 0;
        done += ok ? (size_t)n : 0;
    }
    ok = ok && fsync(fd) == 0;
    if (fd >= 0 && close(fd) != 0)
        ok = false;
    ok = ok && rename(tmp, path) == 0;
    if (!ok)
        unlink(tmp);
    free(tmp);
    return ok;
}

/* The whole file, NUL-terminated (its length in *len); NULL if it cannot be read. */
static char *slurm_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0, r;
    char *buf = malloc(cap + 1);
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            char *g = realloc(buf, 2 * cap + 1);
            if (!g) {
                free(buf);
                buf = NULL;
            }
            buf = g;
            cap *= 2;
        }
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        if (len)
            *len = n;
    }
    return buf;
}

static int slurm_rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)ftw;
    if (flag == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

/* Removes a directory and what it holds, as far as it can (a Slurm job being cancelled may
 * still write its output file: what is left is removed by a later sweep). */
static void slurm_rm_tree(const char *path)
{
    nftw(path, slurm_rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* ---- the task: one run on a node ------------------------------------------------------------- */

/* The fields of a run's `task` file, NUL-separated: its identity in the database, its timeout,
 * then the command line of its pmusim stat. */
enum {
    SLURM_TASK_SHA256,
    SLURM_TASK_MACHINE,
    SLURM_TASK_EVENTS,
    SLURM_TASK_PROGRAM,
    SLURM_TASK_TIMEOUT,
    SLURM_TASK_ARGV
};

typedef struct slurm_task {
    char *buf;
    const char **field; /* SLURM_TASK_ARGV... NULL-terminated */
    size_t n_fields;
} slurm_task_t;

/* Reads DIR/task; false if it is missing or not whole. */
static bool slurm_task_read(const char *dir, slurm_task_t *t)
{
    char *path;
    size_t len;
    memset(t, 0, sizeof(*t));
    if (asprintf(&path, "%s/task", dir) < 0)
        return false;
    t->buf = slurm_read_file(path, &len);
    free(path);
    if (!t->buf || !len || t->buf[len - 1] != 0)
        return false;
    size_t n = 0;
    for (size_t k = 0; k < len; k++)
        n += t->buf[k] == 0;
    if (n < SLURM_TASK_ARGV + 2 || !(t->field = calloc(n + 1, sizeof(*t->field))))
        return false;
    for (size_t k = 0, f = 0; k < len; k += strlen(t->buf + k) + 1)
        t->field[f++] = t->buf + k;
    t->n_fields = n;
    return true;
}

static void slurm_task_free(slurm_task_t *t)
{
    free(t->field);
    free(t->buf);
}

static void slurm_task_die(const char *dir, const char *what)
{
    fprintf(stderr, "pmusim: sweep: %s: %s: %s\n", dir, what, strerror(errno));
}

int sweep_slurm_run_task(const char *dir)
{
    slurm_task_t t;
    if (!slurm_task_read(dir, &t)) {
        fprintf(stderr, "pmusim: sweep: %s/task: missing or not a task of pmusim sweep\n", dir);
        slurm_task_free(&t);
        return CLI_EXIT_BAD_INPUT;
    }
    double timeout = strtod(t.field[SLURM_TASK_TIMEOUT], NULL);
    char *err_path;
    if (asprintf(&err_path, "%s/stderr.txt", dir) < 0) {
        slurm_task_free(&t);
        return CLI_EXIT_USAGE;
    }

    /* Slurm ends a job with SIGTERM (a cancellation, its time limit): the run is stopped and
     * leaves no result; the submitter asks Slurm what happened */
    sigset_t wait_set, old;
    sigemptyset(&wait_set);
    sigaddset(&wait_set, SIGCHLD);
    sigaddset(&wait_set, SIGINT);
    sigaddset(&wait_set, SIGTERM);
    sigaddset(&wait_set, SIGHUP);
    sigprocmask(SIG_BLOCK, &wait_set, &old);

    char start_time[32], end_time[32], host[256] = "unknown";
    gethostname(host, sizeof(host) - 1);
    sweep_utc_now(start_time, sizeof(start_time));
    double started = host_clock_seconds();
    pid_t parent = getpid();
    fflush(NULL); /* nothing buffered is written twice by the child */
    pid_t pid = fork();
    if (pid < 0) {
        slurm_task_die(dir, "cannot start pmusim stat");
        return CLI_EXIT_USAGE;
    }
    if (pid == 0) /* 0644: the submitter, maybe on another host, reads it */
        sweep_child_run(parent, &old, err_path, 0644, &t.field[SLURM_TASK_ARGV]);

    bool timed_out = false;
    int ws = 0;
    for (;;) {
        double wait = 3600.0;
        if (timeout > 0 && !timed_out)
            wait = fmax(started + timeout - host_clock_seconds(), 0.001);
        struct timespec ts = { (time_t)wait, (long)((wait - floor(wait)) * 1e9) };
        int sig = sigtimedwait(&wait_set, NULL, &ts);
        if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            free(err_path);
            slurm_task_free(&t);
            return 128 + sig;
        }
        if (waitpid(pid, &ws, WNOHANG) == pid)
            break;
        if (timeout > 0 && !timed_out && host_clock_seconds() - started >= timeout) {
            timed_out = true;
            kill(pid, SIGKILL);
        }
    }
    double wall = host_clock_seconds() - started;
    sweep_utc_now(end_time, sizeof(end_time));

    char *result, *path;
    int n;
    if (timed_out)
        n = asprintf(&result, "timeout\n");
    else if (WIFSIGNALED(ws))
        n = asprintf(&result, "signal %d\n", WTERMSIG(ws));
    else
        n = asprintf(&result, "exit %d\n", WEXITSTATUS(ws));
    char *rest;
    if (n < 0 ||
        asprintf(&rest, "%swall %.6f\nstart %s\nend %s\nhost %s\n", result, wall, start_time, end_time,
                 host) < 0 ||
        asprintf(&path, "%s/result", dir) < 0) {
        fprintf(stderr, "pmusim: sweep: out of memory\n");
        return CLI_EXIT_USAGE;
    }
    bool ok = slurm_write_file(path, rest, strlen(rest));
    if (!ok)
        slurm_task_die(path, "cannot write the run's result");
    free(path);
    free(rest);
    free(result);
    free(err_path);
    slurm_task_free(&t);
    return ok ? CLI_EXIT_OK : CLI_EXIT_USAGE;
}

/* ---- the submitter --------------------------------------------------------------------------- */

/* Runs argv with standard input on /dev/null; its standard output in *out (NULL: thrown away),
 * its standard error passed on unless quiet. Its exit status, or -1 if it cannot be run. */
static int slurm_command(const char *const *argv, char **out, bool quiet)
{
    int fds[2];
    if (out)
        *out = NULL;
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0);
        dup2(fds[1], 1);
        if (quiet)
            dup2(null, 2);
        close(fds[0]);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(fds[1]);
    size_t cap = 256, n = 0;
    char *buf = malloc(cap + 1);
    ssize_t r;
    char discard[256];
    while (buf ? (r = read(fds[0], buf + n, cap - n)) != 0
               : (r = read(fds[0], discard, sizeof(discard))) != 0) {
        if (r < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (!buf)
            continue;
        n += (size_t)r;
        if (n == cap) {
            char *g = realloc(buf, 2 * cap + 1);
            if (!g)
                free(buf);
            buf = g;
            cap *= 2;
        }
    }
    close(fds[0]);
    int ws;
    while (waitpid(pid, &ws, 0) < 0 && errno == EINTR)
        ;
    if (buf)
        buf[n] = 0;
    if (out)
        *out = buf;
    else
        free(buf);
    return WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
}

/* One job array of the sweep. */
typedef struct slurm_batch {
    char *dir;       /* SPOOL/batch-XXXXXX: a directory per array task, named by its index */
    char job_id[64]; /* as sbatch --parsable prints it, before any ';cluster' */
    size_t *tasks;   /* index in the array -> index of the task in the sweep */
    size_t n;
    double *gone;   /* when the task was first seen neither queued nor running; 0: not yet */
    bool *finished; /* recorded, or given up */
    size_t left;
    double last_squeue;
} slurm_batch_t;

/* Single quotes for sh. */
static char *slurm_sh_quote(const char *s)
{
    size_t n = 3;
    for (const char *p = s; *p; p++)
        n += *p == '\'' ? 4 : 1;
    char *q = malloc(n), *o = q;
    if (!q)
        return NULL;
    *o++ = '\'';
    for (const char *p = s; *p; p++) {
        if (*p == '\'') {
            memcpy(o, "'\\''", 4);
            o += 4;
        } else {
            *o++ = *p;
        }
    }
    *o++ = '\'';
    *o = 0;
    return q;
}

/* The result in DIR recorded: 1, none there yet: 0, a result that cannot be read: recorded as
 * an error, 1. */
static int slurm_ingest(sweep_state_t *s, const char *dir, const char *job)
{
    char *path;
    if (asprintf(&path, "%s/result", dir) < 0)
        return 0;
    char *result = slurm_read_file(path, NULL);
    free(path);
    if (!result)
        return 0;
    slurm_task_t t;
    if (!slurm_task_read(dir, &t)) {
        cli_error("sweep: %s: a result without its task; removed", dir);
        slurm_task_free(&t);
        free(result);
        slurm_rm_tree(dir);
        return 1;
    }
    char *counts_path = NULL, *err_path = NULL, msg[256];
    char start[64] = "", end[64] = "", host[256] = "";
    sweep_outcome_t o = { .exit_code = -1, .timeout = strtod(t.field[SLURM_TASK_TIMEOUT], NULL) };
    bool ok =
        asprintf(&counts_path, "%s/counts.tsv", dir) >= 0 && asprintf(&err_path, "%s/stderr.txt", dir) >= 0;
    int have = 0;
    for (char *line = strtok(result, "\n"); ok && line; line = strtok(NULL, "\n")) {
        if (strcmp(line, "timeout") == 0)
            o.timed_out = true, have++;
        else if (sscanf(line, "exit %d", &o.exit_code) == 1)
            have++;
        else if (sscanf(line, "signal %d", &o.signal) == 1)
            have++;
        else if (sscanf(line, "wall %lf", &o.wall_seconds) == 1)
            have++;
        else if (sscanf(line, "start %63s", start) == 1 || sscanf(line, "end %63s", end) == 1 ||
                 sscanf(line, "host %255s", host) == 1)
            have++;
    }
    o.start_time = start, o.end_time = end, o.host = host;
    o.counts_path = counts_path, o.err_path = err_path;
    if (have != 5) {
        snprintf(msg, sizeof(msg), "the result of Slurm job %s cannot be read", job);
        o.status = "error", o.message = msg;
        o.start_time = o.end_time = "";
    }
    /* a run recorded meanwhile (a result of an earlier sweep, ingested twice) stays as it is */
    int recorded = sweep_db_has_run(s->db, t.field[SLURM_TASK_SHA256], t.field[SLURM_TASK_MACHINE],
                                    t.field[SLURM_TASK_EVENTS], s->cfg->retry_failed);
    if (recorded < 0) {
        s->db_error = s->stopping = true;
    } else if (!recorded) {
        sweep_record_outcome(s, t.field[SLURM_TASK_PROGRAM], t.field[SLURM_TASK_SHA256],
                             t.field[SLURM_TASK_MACHINE], t.field[SLURM_TASK_EVENTS], &o);
    }
    if (!s->db_error)
        slurm_rm_tree(dir);
    free(counts_path);
    free(err_path);
    slurm_task_free(&t);
    free(result);
    return 1;
}

/* Records a task that Slurm ended without a result, with the state Slurm gives for it. */
static void slurm_record_lost(sweep_state_t *s, const char *dir, const char *job)
{
    slurm_task_t t;
    if (!slurm_task_read(dir, &t)) {
        slurm_task_free(&t);
        slurm_rm_tree(dir);
        return;
    }
    char *out = NULL, state[64] = "";
    const char *argv[] = { "scontrol", "-o", "show", "job", job, NULL };
    if (slurm_command(argv, &out, true) == 0 && out) {
        const char *p = strstr(out, "JobState=");
        if (p)
            sscanf(p + 9, "%63[A-Z_]", state);
    }
    free(out);
    char msg[256], now[32];
    sweep_utc_now(now, sizeof(now));
    sweep_outcome_t o = { .exit_code = -1, .start_time = now, .end_time = now, .host = "" };
    if (strcmp(state, "TIMEOUT") == 0) {
        o.status = "timeout";
        snprintf(msg, sizeof(msg), "stopped by Slurm at its time limit (job %s)", job);
    } else if (strcmp(state, "CANCELLED") == 0 || strcmp(state, "PREEMPTED") == 0) {
        o.status = "signal";
        snprintf(msg, sizeof(msg), "Slurm job %s %s", job,
                 strcmp(state, "CANCELLED") == 0 ? "cancelled" : "preempted");
    } else {
        o.status = "error";
        snprintf(msg, sizeof(msg), "Slurm job %s ended %s without a result", job,
                 *state ? state : "(state unknown)");
    }
    o.message = msg;
    sweep_record_outcome(s, t.field[SLURM_TASK_PROGRAM], t.field[SLURM_TASK_SHA256],
                         t.field[SLURM_TASK_MACHINE], t.field[SLURM_TASK_EVENTS], &o);
    slurm_task_free(&t);
    if (!s->db_error)
        slurm_rm_tree(dir);
}

/* The array indexes of job still queued or running, as flags in alive[n]; false when squeue
 * cannot tell (the controller not answering: ask again later). */
static bool slurm_alive(const char *job, bool *alive, size_t n)
{
    char *out = NULL;
    const char *argv[] = { "squeue", "-h", "-r", "-j", job, "-o", "%K", NULL };
    int status = slurm_command(argv, &out, true);
    memset(alive, 0, n * sizeof(*alive));
    if (status != 0) {
        /* an error for a job the controller no longer knows (long ended), or a controller that
         * does not answer: only in the first case does squeue answer for all jobs */
        free(out);
        const char *all[] = { "squeue", "-h", "-o", "%i", NULL };
        return slurm_command(all, NULL, true) == 0;
    }
    for (char *line = strtok(out ? out : (char[]){ 0 }, "\n"); line; line = strtok(NULL, "\n")) {
        char *end;
        unsigned long k = strtoul(line, &end, 10);
        if (end != line && k < n)
            alive[k] = true;
    }
    free(out);
    return true;
}

/* Ingests what a batch dir left by an earlier sweep holds and removes it; its job, if Slurm
 * still runs it, is cancelled first (its runs are submitted again). */
static void slurm_adopt(sweep_state_t *s, const char *batch)
{
    char *path;
    if (asprintf(&path, "%s/job", batch) < 0)
        return;
    char *job = slurm_read_file(path, NULL);
    free(path);
    if (job) {
        job[strcspn(job, "\n")] = 0;
        const char *argv[] = { "scancel", job, NULL };
        if (*job)
            slurm_command(argv, NULL, true);
    }
    DIR *d = opendir(batch);
    struct dirent *e;
    while (d && (e = readdir(d)) && !s->db_error) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        char *dir;
        if (asprintf(&dir, "%s/%s", batch, e->d_name) < 0)
            break;
        slurm_ingest(s, dir, job ? job : "?");
        free(dir);
    }
    if (d)
        closedir(d);
    free(job);
    if (!s->db_error)
        slurm_rm_tree(batch);
}

/* Writes the task files and the script of a batch and submits it; false after a message. */
static bool slurm_submit(sweep_state_t *s, const char *spool, const char *pmusim, const char *cwd,
                         slurm_batch_t *b)
{
    sweep_config_t *cfg = s->cfg;
    if (asprintf(&b->dir, "%s/batch-XXXXXX", spool) < 0 || !mkdtemp(b->dir)) {
        cli_error("sweep: cannot make a directory in %s: %s", spool, strerror(errno));
        return false;
    }
    char timeout[32];
    snprintf(timeout, sizeof(timeout), "%.17g", cfg->timeout);
    for (size_t k = 0; k < b->n; k++) {
        size_t task = b->tasks[k];
        const char *machine = cfg->machines.v[task / cfg->n_programs];
        const sweep_program_t *prog = &cfg->programs[task % cfg->n_programs];
        char *dir = NULL, *counts = NULL, *path = NULL;
        if (asprintf(&dir, "%s/%zu", b->dir, k) < 0)
            dir = NULL;
        if (!dir || mkdir(dir, 0755) != 0 || asprintf(&counts, "%s/counts.tsv", dir) < 0 ||
            asprintf(&path, "%s/task", dir) < 0) {
            cli_error("sweep: cannot make the directory of a run in %s: %s", b->dir, strerror(errno));
            free(dir);
            return false;
        }
        const char **argv = sweep_stat_argv(cfg, machine, prog->path, counts);
        if (!argv) {
            free(dir);
            free(counts);
            free(path);
            return false;
        }
        const char *head[SLURM_TASK_ARGV] = { prog->sha256, machine, cfg->events, prog->path, timeout };
        size_t len = 0;
        for (int f = 0; f < SLURM_TASK_ARGV; f++)
            len += strlen(head[f]) + 1;
        for (size_t f = 0; argv[f]; f++)
            len += strlen(argv[f]) + 1;
        char *buf = malloc(len), *o = buf;
        for (int f = 0; buf && f < SLURM_TASK_ARGV; f++)
            o = stpcpy(o, head[f]) + 1;
        for (size_t f = 0; buf && argv[f]; f++)
            o = stpcpy(o, argv[f]) + 1;
        bool ok = buf && slurm_write_file(path, buf, len);
        if (!ok)
            cli_error("sweep: %s: cannot write the run's task: %s", path, strerror(errno));
        free(buf);
        free(argv);
        free(path);
        free(counts);
        free(dir);
        if (!ok)
            return false;
    }

    char *script, *qexe = slurm_sh_quote(pmusim), *qdir = slurm_sh_quote(b->dir), *path;
    if (!qexe || !qdir ||
        asprintf(&script,
                 "#!/bin/sh\n"
                 "# pmusim sweep: one run per array task (docs/sweeps.md, \"On a Slurm cluster\")\n"
                 "exec %s sweep --run-task %s/\"$SLURM_ARRAY_TASK_ID\"\n",
                 qexe, qdir) < 0 ||
        asprintf(&path, "%s/job.sh", b->dir) < 0) {
        cli_error("out of memory");
        return false;
    }
    free(qexe);
    free(qdir);
    bool written = slurm_write_file(path, script, strlen(script));
    free(script);
    if (!written) {
        cli_error("sweep: %s: cannot write the job's script: %s", path, strerror(errno));
        free(path);
        return false;
    }

    char array[64], *output, *chdir_arg, *time_arg = NULL, *part_arg = NULL;
    if (cfg->max_jobs)
        snprintf(array, sizeof(array), "--array=0-%zu%%%u", b->n - 1, cfg->max_jobs);
    else
        snprintf(array, sizeof(array), "--array=0-%zu", b->n - 1);
    if (asprintf(&output, "--output=%s/%%a/slurm.out", b->dir) < 0 ||
        asprintf(&chdir_arg, "--chdir=%s", cwd) < 0 ||
        (cfg->time_limit && asprintf(&time_arg, "--time=%s", cfg->time_limit) < 0) ||
        (cfg->partition && asprintf(&part_arg, "--partition=%s", cfg->partition) < 0)) {
        cli_error("out of memory");
        return false;
    }
    const char **argv = calloc((size_t)cfg->n_sbatch_args + 16, sizeof(*argv));
    size_t n = 0;
    if (!argv) {
        cli_error("out of memory");
        return false;
    }
    argv[n++] = "sbatch";
    argv[n++] = "--parsable";
    argv[n++] = "--job-name=pmusim-sweep";
    argv[n++] = array;
    argv[n++] = output;
    argv[n++] = chdir_arg;
    if (time_arg)
        argv[n++] = time_arg;
    if (part_arg)
        argv[n++] = part_arg;
    for (int k = 0; k < cfg->n_sbatch_args; k++)
        argv[n++] = cfg->sbatch_args[k];
    argv[n++] = path;
    argv[n] = NULL;
    char *out = NULL;
    int status = slurm_command(argv, &out, false);
    bool ok = status == 0 && out && out[0] >= '0' && out[0] <= '9';
    if (ok) {
        out[strcspn(out, ";\n")] = 0;
        snprintf(b->job_id, sizeof(b->job_id), "%s", out);
        char *job_path;
        ok = asprintf(&job_path, "%s/job", b->dir) >= 0 &&
             slurm_write_file(job_path, b->job_id, strlen(b->job_id));
        free(job_path);
    } else if (status == -1 || status == 127) {
        cli_error("sweep: cannot run sbatch (is Slurm installed here?)");
    } else {
        cli_error("sweep: sbatch refused the runs (exit status %d)", status);
    }
    free(out);
    free(argv);
    free(path);
    free(output);
    free(chdir_arg);
    free(time_arg);
    free(part_arg);
    return ok;
}

/* Waits for the results of a batch and records them; stops early on a stop signal. */
static void slurm_wait(sweep_state_t *s, slurm_batch_t *b, const sigset_t *stop_set)
{
    bool *alive = calloc(b->n, sizeof(*alive));
    char *dir = NULL, job[96];
    double poll = 0.2, grace = slurm_result_grace();
    while (b->left && !s->stopping && alive) {
        struct timespec ts = { (time_t)poll, (long)((poll - floor(poll)) * 1e9) };
        int sig = sigtimedwait(stop_set, NULL, &ts);
        if (sig > 0) {
            s->stopping = true;
            s->stop_signal = sig;
            break;
        }
        size_t got = 0;
        for (size_t k = 0; k < b->n && !s->db_error; k++) {
            if (b->finished[k])
                continue;
            free(dir);
            if (asprintf(&dir, "%s/%zu", b->dir, k) < 0)
                dir = NULL;
            snprintf(job, sizeof(job), "%s_%zu", b->job_id, k);
            if (dir && slurm_ingest(s, dir, job)) {
                b->finished[k] = true;
                b->left--;
                got++;
            }
        }
        /* poll faster while results come in, slower (up to 2 s) while none do */
        poll = got ? 0.2 : fmin(poll * 1.5, 2.0);
        double now = host_clock_seconds();
        if (b->left && now - b->last_squeue >= SLURM_SQUEUE_PERIOD) {
            b->last_squeue = now;
            if (slurm_alive(b->job_id, alive, b->n)) {
                for (size_t k = 0; k < b->n && !s->db_error; k++) {
                    if (b->finished[k] || alive[k]) {
                        b->gone[k] = 0;
                        continue;
                    }
                    if (!b->gone[k]) {
                        b->gone[k] = now;
                    } else if (now - b->gone[k] >= grace) {
                        free(dir);
                        if (asprintf(&dir, "%s/%zu", b->dir, k) < 0)
                            dir = NULL;
                        snprintf(job, sizeof(job), "%s_%zu", b->job_id, k);
                        if (dir && !slurm_ingest(s, dir, job))
                            slurm_record_lost(s, dir, job);
                        b->finished[k] = true;
                        b->left--;
                    }
                }
            }
        }
        sweep_print_progress(s, false);
    }
    free(dir);
    free(alive);
}

int sweep_slurm_run(sweep_state_t *s)
{
    sweep_config_t *cfg = s->cfg;
    char *spool = NULL, *lock_path = NULL, pmusim[4096], cwd[4096];
    int status = CLI_EXIT_USAGE, lock = -1;
    ssize_t len = readlink("/proc/self/exe", pmusim, sizeof(pmusim) - 1);
    if (len <= 0 || !getcwd(cwd, sizeof(cwd))) {
        cli_error("sweep: cannot find pmusim's own path or the current directory");
        return CLI_EXIT_USAGE;
    }
    pmusim[len] = 0;
    if (cfg->slurm_dir ? !(spool = strdup(cfg->slurm_dir)) : asprintf(&spool, "%s.slurm", cfg->db_path) < 0) {
        cli_error("out of memory");
        return CLI_EXIT_USAGE;
    }
    if (mkdir(spool, 0755) != 0 && errno != EEXIST) {
        cli_error("sweep: cannot make the directory of the Slurm runs %s: %s", spool, strerror(errno));
        goto out;
    }
    char *abs = realpath(spool, NULL);
    if (!abs) {
        cli_error("sweep: %s: %s", spool, strerror(errno));
        goto out;
    }
    free(spool);
    spool = abs;
    /* one sweep at a time per spool: each removes what it finds there of earlier sweeps */
    if (asprintf(&lock_path, "%s/lock", spool) < 0 || (lock = open(lock_path, O_RDWR | O_CREAT, 0644)) < 0) {
        cli_error("sweep: %s/lock: %s", spool, strerror(errno));
        goto out;
    }
    if (flock(lock, LOCK_EX | LOCK_NB) != 0) {
        cli_error("sweep: %s: another sweep is using this directory (--slurm-dir)", spool);
        goto out;
    }

    /* what earlier sweeps left: results of runs that finished after their sweep ended */
    DIR *d = opendir(spool);
    struct dirent *e;
    while (d && (e = readdir(d)) && !s->db_error) {
        if (strncmp(e->d_name, "batch-", 6) != 0)
            continue;
        char *batch;
        if (asprintf(&batch, "%s/%s", spool, e->d_name) < 0)
            break;
        slurm_adopt(s, batch);
        free(batch);
    }
    if (d)
        closedir(d);
    if (s->db_error)
        goto out;
    /* the runs still missing once those are in */
    size_t n = 0;
    for (size_t k = 0; k < s->n_tasks; k++) {
        size_t task = s->tasks[k];
        int have = sweep_db_has_run(s->db, cfg->programs[task % cfg->n_programs].sha256,
                                    cfg->machines.v[task / cfg->n_programs], cfg->events, cfg->retry_failed);
        if (have < 0)
            goto out;
        /* with --retry-failed, a failed run is done again even if adopted just now */
        if (!have)
            s->tasks[n++] = task;
    }
    s->n_tasks = n;
    s->done = s->failed = 0;

    sigset_t stop_set, old;
    sigemptyset(&stop_set);
    sigaddset(&stop_set, SIGINT);
    sigaddset(&stop_set, SIGTERM);
    sigaddset(&stop_set, SIGHUP);
    sigprocmask(SIG_BLOCK, &stop_set, &old);
    s->t0 = host_clock_seconds();
    if (s->n_tasks)
        sweep_print_progress(s, false);
    for (size_t first = 0; first < s->n_tasks && !s->stopping; first += SLURM_ARRAY_MAX) {
        slurm_batch_t b = { .n =
                                s->n_tasks - first < SLURM_ARRAY_MAX ? s->n_tasks - first : SLURM_ARRAY_MAX };
        b.tasks = &s->tasks[first];
        b.left = b.n;
        b.gone = calloc(b.n, sizeof(*b.gone));
        b.finished = calloc(b.n, sizeof(*b.finished));
        b.last_squeue = host_clock_seconds();
        bool ok = b.gone && b.finished && slurm_submit(s, spool, pmusim, cwd, &b);
        if (ok) {
            s->running = (unsigned)b.n;
            slurm_wait(s, &b, &stop_set);
            s->running = 0;
        } else {
            s->stopping = s->db_error = true;
        }
        if (*b.job_id && b.left) { /* stopped: the runs in flight are not recorded */
            const char *argv[] = { "scancel", b.job_id, NULL };
            slurm_command(argv, NULL, true);
        }
        if (b.dir)
            slurm_rm_tree(b.dir);
        free(b.dir);
        free(b.gone);
        free(b.finished);
    }
    if (s->n_tasks)
        sweep_print_progress(s, true);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (s->db_error)
        status = CLI_EXIT_USAGE;
    else if (s->stop_signal)
        status = s->stop_signal == SIGINT ? CLI_EXIT_INTERRUPTED : 128 + s->stop_signal;
    else
        status = CLI_EXIT_OK;
out:
    if (lock >= 0)
        close(lock);
    free(lock_path);
    free(spool);
    return status;
}
