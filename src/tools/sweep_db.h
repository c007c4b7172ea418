/* The results database of `pmusim sweep` (SQLite; schema in docs/sweeps.md). Only the sweep's
 * parent process writes to it, one transaction per run, so a run is either wholly in the
 * database (its `runs` row and all its `counts`) or not at all. */
#ifndef PMUSIM_TOOLS_SWEEP_DB_H
#define PMUSIM_TOOLS_SWEEP_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sweep_db sweep_db_t;

typedef struct sweep_count {
    char *event;
    uint64_t value;
} sweep_count_t;

/* One finished run, as recorded. */
typedef struct sweep_record {
    const char *program, *sha256, *machine, *events;
    const char *status;    /* "ok", "exit", "timeout", "load-error", ... (docs/sweeps.md) */
    int exit_code;         /* pmusim stat's exit status; -1: none (killed) */
    bool has_instructions; /* instructions retired known */
    uint64_t instructions;
    double wall_seconds;
    const char *host, *start_time, *end_time; /* UTC, ISO 8601 */
    const char *message;                      /* pmusim stat's last message, or NULL */
    const sweep_count_t *counts;
    size_t n_counts;
} sweep_record_t;

/* Opens (creating if needed) the database and its tables; NULL after a message. */
sweep_db_t *sweep_db_open(const char *path);
void sweep_db_close(sweep_db_t *db);
/* 1 if the run (program hash, machine, events) is recorded (with status "ok" only, if
 * ok_only), 0 if not, -1 after a message. */
int sweep_db_has_run(sweep_db_t *db, const char *sha256, const char *machine, const char *events,
                     bool ok_only);
/* Records a run in one transaction, replacing an earlier record of the same run; false after a
 * message. */
bool sweep_db_record(sweep_db_t *db, const sweep_record_t *r);

#endif
