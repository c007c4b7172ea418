/* What the engines of `pmusim sweep` share (docs/sweeps.md): the sweep's configuration and
 * state, how a run's `pmusim stat` command is made, and how a finished run is recorded. The
 * local engine (cmd_sweep.c) runs the runs as child processes; the Slurm engine
 * (sweep_slurm.c) submits them as job arrays and ingests the files they leave. */
#ifndef PMUSIM_TOOLS_SWEEP_ENGINE_H
#define PMUSIM_TOOLS_SWEEP_ENGINE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "tools/sweep_db.h"
#include "tools/sweep_spec.h"

typedef struct sweep_program {
    const char *path;
    char sha256[65];
} sweep_program_t;

typedef struct sweep_config {
    const char **specs; /* -M values */
    int n_specs;
    const char **event_args; /* -e values */
    int n_event_args;
    char *events; /* the -e values joined by commas: part of a run's identity ("" for the default set) */
    const char *db_path;
    unsigned jobs;
    double timeout; /* seconds; 0: none */
    bool retry_failed;
    bool slurm; /* --engine slurm */
    /* the Slurm engine's options */
    const char *partition, *time_limit, *slurm_dir;
    const char **sbatch_args;
    int n_sbatch_args;
    unsigned max_jobs; /* 0: as many as Slurm schedules */
    sweep_list_t machines;
    sweep_program_t *programs;
    size_t n_programs;
} sweep_config_t;

/* A run in flight in the local engine. */
typedef struct sweep_job {
    pid_t pid; /* 0: the slot is free */
    size_t task;
    double started; /* monotonic seconds */
    char start_time[32];
    bool timed_out;
    char *counts_path, *err_path;
} sweep_job_t;

typedef struct sweep_state {
    sweep_config_t *cfg;
    sweep_db_t *db;
    size_t *tasks; /* indexes machine * n_programs + program of the runs to do */
    size_t n_tasks, next, done, failed;
    sweep_job_t *jobs;
    unsigned running;
    char *tmpdir; /* the runs' files: $TMPDIR (or /tmp)/pmusim-sweep-XXXXXX */
    char host[256];
    double t0;
    bool progress; /* stderr is a terminal */
    bool stopping;
    int stop_signal;
    bool db_error;
} sweep_state_t;

/* How a run's pmusim stat ended, wherever it ran. */
typedef struct sweep_outcome {
    bool timed_out; /* killed at --timeout */
    int exit_code;  /* its exit status, or -1 when killed by a signal */
    int signal;     /* the signal that killed it */
    double timeout; /* the --timeout it had, for the message */
    double wall_seconds;
    const char *start_time, *end_time, *host;
    const char *counts_path, *err_path; /* stat's CSV and its standard error */
    /* a run that left no outcome of its own (a Slurm job that ended without one): recorded with
     * this status and message, without counts */
    const char *status, *message;
} sweep_outcome_t;

/* The command line of a run: pmusim stat -M MACHINE [-e EVENTS]... [-e instructions] -x TAB -o
 * COUNTS -- PROGRAM, NULL-terminated; argv[0] is "pmusim". NULL (after a message) if out of
 * memory; free() the array (its strings are not its own). */
const char **sweep_stat_argv(const sweep_config_t *cfg, const char *machine, const char *program,
                             const char *counts_path);
/* In a child just forked to make a run, never returning: dies with `parent`, takes the signal
 * mask `mask`, standard input and output on /dev/null, standard error in err_path (created with
 * err_mode), then runs the command line of sweep_stat_argv in this process (the stat command,
 * no exec: no program loading or dynamic linking per run) and leaves with _exit. */
_Noreturn void sweep_child_run(pid_t parent, const sigset_t *mask, const char *err_path, mode_t err_mode,
                               const char *const *argv);
/* The host's time now, UTC as ISO 8601 with milliseconds (monotonic time: util/host_clock.h). */
void sweep_utc_now(char *buf, size_t size);
/* Records a finished run of program (path and contents' hash) on machine with events; counts
 * s->done and s->failed; on a database error sets s->db_error and s->stopping. */
void sweep_record_outcome(sweep_state_t *s, const char *program, const char *sha256, const char *machine,
                          const char *events, const sweep_outcome_t *o);
void sweep_print_progress(const sweep_state_t *s, bool final);

/* The Slurm engine: runs s->tasks as job arrays; the sweep's exit status. */
int sweep_slurm_run(sweep_state_t *s);
/* `pmusim sweep --run-task DIR`: one run of a Slurm job, its outcome left in DIR. */
int sweep_slurm_run_task(const char *dir);

#endif
