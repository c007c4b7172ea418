/* The sweep's SQLite database (sweep_db.h). WAL journal: readers (a user's sqlite3 watching
 * the results come in) do not block the writer, and a killed sweep leaves every committed run
 * readable and no partial one. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>

#include "tools/cli_util.h"
#include "tools/sweep_db.h"

struct sweep_db {
    sqlite3 *db;
    const char *path;
    sqlite3_stmt *find, *find_ok, *del, *ins_run, *ins_count;
};

/* Version of the schema below, in PRAGMA user_version. */
#define SWEEP_DB_SCHEMA 1

static const char sweep_db_schema[] =
    "CREATE TABLE IF NOT EXISTS runs (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  program TEXT NOT NULL,\n"
    "  program_sha256 TEXT NOT NULL,\n"
    "  machine TEXT NOT NULL,\n"
    "  events TEXT NOT NULL,\n"
    "  pmusim_version TEXT NOT NULL,\n"
    "  status TEXT NOT NULL,\n"
    "  exit_code INTEGER,\n"
    "  instructions INTEGER,\n"
    "  wall_seconds REAL NOT NULL,\n"
    "  host TEXT NOT NULL,\n"
    "  start_time TEXT NOT NULL,\n"
    "  end_time TEXT NOT NULL,\n"
    "  message TEXT,\n"
    "  UNIQUE (program_sha256, machine, events)\n"
    ");\n"
    "CREATE TABLE IF NOT EXISTS counts (\n"
    "  run INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,\n"
    "  position INTEGER NOT NULL,\n"
    "  event TEXT NOT NULL,\n"
    "  value INTEGER NOT NULL,\n"
    "  PRIMARY KEY (run, position)\n"
    ");\n"
    "CREATE VIEW IF NOT EXISTS results AS\n"
    "  SELECT r.program AS program, r.machine AS machine, c.event AS event, c.value AS value\n"
    "  FROM runs r JOIN counts c ON c.run = r.id WHERE r.status = 'ok'\n"
    "  ORDER BY r.id, c.position;\n";

static bool sweep_db_fail(sweep_db_t *db, const char *what)
{
    cli_error("sweep: %s: %s: %s", db->path, what, sqlite3_errmsg(db->db));
    return false;
}

static bool sweep_db_prepare(sweep_db_t *db, const char *sql, sqlite3_stmt **st)
{
    return sqlite3_prepare_v2(db->db, sql, -1, st, NULL) == SQLITE_OK || sweep_db_fail(db, "cannot prepare");
}

sweep_db_t *sweep_db_open(const char *path)
{
    sweep_db_t *db = calloc(1, sizeof(*db));
    if (!db) {
        cli_error("out of memory");
        return NULL;
    }
    db->path = path;
    int rc = sqlite3_open_v2(path, &db->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
    bool ok = rc == SQLITE_OK;
    if (!ok) {
        cli_error("sweep: %s: cannot open the database: %s", path,
                  db->db ? sqlite3_errmsg(db->db) : sqlite3_errstr(rc));
    } else {
        sqlite3_busy_timeout(db->db, 60000); /* a reader holding a lock for a moment */
        int version = -1;
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(db->db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK &&
            sqlite3_step(st) == SQLITE_ROW)
            version = sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
        if (version < 0) {
            ok = sweep_db_fail(db, "not a database pmusim can use");
        } else if (version > SWEEP_DB_SCHEMA) {
            cli_error("sweep: %s: database schema %d is newer than this pmusim's (%d)", path, version,
                      SWEEP_DB_SCHEMA);
            ok = false;
        } else {
            char *err = NULL;
            /* synchronous=NORMAL: in WAL mode a commit is then not flushed to the disk (only
             * a checkpoint is). A transaction stays whole or absent whatever happens; a power
             * loss may only roll back the last runs committed, which a resumed sweep redoes.
             * A flush per run would keep the sweep from starting the next run for as long
             * (docs/sweeps.md, "Throughput"). */
            ok = sqlite3_exec(db->db,
                              "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;"
                              " BEGIN IMMEDIATE;",
                              NULL, NULL, &err) == SQLITE_OK &&
                 sqlite3_exec(db->db, sweep_db_schema, NULL, NULL, &err) == SQLITE_OK &&
                 sqlite3_exec(db->db, "PRAGMA user_version = 1; COMMIT;", NULL, NULL, &err) == SQLITE_OK;
            if (!ok) {
                cli_error("sweep: %s: cannot create the tables: %s", path, err ? err : "?");
                sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
            }
            sqlite3_free(err);
        }
    }
    ok = ok &&
         sweep_db_prepare(db, "SELECT 1 FROM runs WHERE program_sha256 = ?1 AND machine = ?2 AND events = ?3",
                          &db->find) &&
         sweep_db_prepare(db,
                          "SELECT 1 FROM runs WHERE program_sha256 = ?1 AND machine = ?2 AND events = ?3"
                          " AND status = 'ok'",
                          &db->find_ok) &&
         sweep_db_prepare(db, "DELETE FROM runs WHERE program_sha256 = ?1 AND machine = ?2 AND events = ?3",
                          &db->del) &&
         sweep_db_prepare(
             db,
             "INSERT INTO runs (program, program_sha256, machine, events, pmusim_version,"
             " status, exit_code, instructions, wall_seconds, host, start_time, end_time, message)"
             " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
             &db->ins_run) &&
         sweep_db_prepare(db, "INSERT INTO counts (run, position, event, value) VALUES (?1, ?2, ?3, ?4)",
                          &db->ins_count);
    if (!ok) {
        sweep_db_close(db);
        return NULL;
    }
    return db;
}

void sweep_db_close(sweep_db_t *db)
{
    if (!db)
        return;
    sqlite3_finalize(db->find);
    sqlite3_finalize(db->find_ok);
    sqlite3_finalize(db->del);
    sqlite3_finalize(db->ins_run);
    sqlite3_finalize(db->ins_count);
    sqlite3_close(db->db);
    free(db);
}

static void sweep_db_bind_key(sqlite3_stmt *st, const char *sha256, const char *machine, const char *events)
{
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    sqlite3_bind_text(st, 1, sha256, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, machine, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, events, -1, SQLITE_STATIC);
}

int sweep_db_has_run(sweep_db_t *db, const char *sha256, const char *machine, const char *events,
                     bool ok_only)
{
    sqlite3_stmt *st = ok_only ? db->find_ok : db->find;
    sweep_db_bind_key(st, sha256, machine, events);
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    if (rc == SQLITE_ROW)
        return 1;
    if (rc == SQLITE_DONE)
        return 0;
    sweep_db_fail(db, "cannot read the runs");
    return -1;
}

static bool sweep_db_step(sweep_db_t *db, sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    return rc == SQLITE_DONE || sweep_db_fail(db, "cannot record a run");
}

bool sweep_db_record(sweep_db_t *db, const sweep_record_t *r)
{
    if (sqlite3_exec(db->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return sweep_db_fail(db, "cannot record a run");
    sweep_db_bind_key(db->del, r->sha256, r->machine, r->events);
    bool ok = sweep_db_step(db, db->del);

    sqlite3_stmt *st = db->ins_run;
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    sqlite3_bind_text(st, 1, r->program, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, r->sha256, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, r->machine, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, r->events, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 5, PMUSIM_VERSION, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 6, r->status, -1, SQLITE_STATIC);
    if (r->exit_code >= 0)
        sqlite3_bind_int(st, 7, r->exit_code);
    if (r->has_instructions)
        sqlite3_bind_int64(st, 8, (sqlite3_int64)r->instructions);
    sqlite3_bind_double(st, 9, r->wall_seconds);
    sqlite3_bind_text(st, 10, r->host, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 11, r->start_time, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 12, r->end_time, -1, SQLITE_STATIC);
    if (r->message)
        sqlite3_bind_text(st, 13, r->message, -1, SQLITE_STATIC);
    ok = ok && sweep_db_step(db, st);
    sqlite3_int64 id = sqlite3_last_insert_rowid(db->db);

    for (size_t k = 0; ok && k < r->n_counts; k++) {
        /* counts are 64-bit unsigned; SQLite integers are signed: a count above 2^63 (never
         * reached by a run) would read back negative */
        st = db->ins_count;
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)k);
        sqlite3_bind_text(st, 3, r->counts[k].event, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)r->counts[k].value);
        ok = sweep_db_step(db, st);
    }
    if (ok && sqlite3_exec(db->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        ok = sweep_db_fail(db, "cannot commit a run");
    if (!ok)
        sqlite3_exec(db->db, "ROLLBACK", NULL, NULL, NULL);
    return ok;
}
