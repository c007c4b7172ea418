/* Profiles as `pmusim record` writes them and `report` / `annotate` read them, and the symbols
 * and source lines of the program (DWARF, through elfutils' libdwfl).
 *
 * The file is text, one record a line, each ended by a newline (docs/profiling.md "The profile
 * file"):
 *     pmusim-profile 2
 *     program PATH
 *     machine NAME
 *     mode exact | mode sample N
 *     callchains 0|1
 *     event NAME TOTAL                 (one per event, in -e order)
 *     ctx ID PARENT CALLEE SITE CALLS  (calling contexts, -g; hex addresses)
 *     at CTX PC COUNT...               (per instruction and context: one count per event)
 *     end CONTEXTS RECORDS SUM...      (the numbers of ctx and at lines, per event the sum of its
 *                                       at counts modulo 2^64; nothing follows) */
#ifndef PMUSIM_TOOLS_PROF_FILE_H
#define PMUSIM_TOOLS_PROF_FILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define PROF_FILE_VERSION "2"
#define PROF_FILE_MAX_EVENTS 32
#define PROF_FILE_MAX_EVENTS_STR "32"

typedef struct prof_file_ctx {
    uint32_t parent;
    uint64_t callee, site, calls;
} prof_file_ctx_t;

typedef struct prof_file_at {
    uint32_t ctx;
    uint64_t pc;
    uint64_t *count; /* n_events */
} prof_file_at_t;

typedef struct prof_file {
    char *program, *machine;
    bool sampled;
    uint64_t period;
    bool callchains;
    unsigned n_events;
    char *event[PROF_FILE_MAX_EVENTS];
    uint64_t total[PROF_FILE_MAX_EVENTS]; /* the counts of the whole run, as `stat` gives them */
    prof_file_ctx_t *ctx;                 /* ctx[0] is the root */
    uint32_t n_ctx;
    prof_file_at_t *at;
    size_t n_at;
} prof_file_t;

/* Reads a profile; false after a one-line message naming the file, the line and the problem, for
 * anything but exactly what `record` writes (a truncated file, a line out of place, a number out
 * of range, another version). */
bool prof_file_read(prof_file_t *pf, const char *path);
void prof_file_free(prof_file_t *pf);

/* The program's symbols and lines. */
typedef struct prof_syms prof_syms_t;
/* The symbols and lines of profile pf, for command `cmd` (report, annotate): from the ELF file
 * `symbols` when given (--symbols: a program recorded from a raw image, a Linux Image or
 * --load-addr, has none of its own), which becomes pf->program; else from the recorded program.
 * NULL after a message, with how to give them when the recorded program has none. */
prof_syms_t *prof_file_syms(prof_file_t *pf, const char *symbols, const char *cmd);
void prof_syms_close(prof_syms_t *s);
/* The function (ELF symbol) containing pc, or NULL; its start in *start. */
const char *prof_syms_function(prof_syms_t *s, uint64_t pc, uint64_t *start);
/* The source position of pc: file (full path as DWARF has it) and line, or false. */
bool prof_syms_line(prof_syms_t *s, uint64_t pc, const char **file, int *line);
/* The address and size of function `name`, or false. */
bool prof_syms_lookup(prof_syms_t *s, const char *name, uint64_t *addr, uint64_t *size);

#endif
