/* Helpers shared by the pmusim subcommands: exit statuses, option parsing, value parsing,
 * "did you mean" suggestions and messages. */
#ifndef PMUSIM_TOOLS_CLI_UTIL_H
#define PMUSIM_TOOLS_CLI_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "session/diag.h"
#include "session/session_exit.h"

/* pmusim's own exit statuses. Any other status is the guest's exit code (& 0xff). */
enum cli_exit {
    CLI_EXIT_OK = SESSION_EXIT_OK,
    CLI_EXIT_GUEST_STUCK = SESSION_EXIT_GUEST_STUCK,
    CLI_EXIT_MAX_INSNS = SESSION_EXIT_MAX_INSNS,
    CLI_EXIT_USAGE = SESSION_EXIT_USAGE,
    CLI_EXIT_BAD_INPUT = SESSION_EXIT_BAD_INPUT,
    CLI_EXIT_INTERRUPTED = SESSION_EXIT_INTERRUPTED,
};

/* The exit status table for --help texts. */
void cli_print_exit_statuses(FILE *out);

/* Messages: "pmusim: " + text + newline, on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The session layer's messages the same way (cli_error). */
extern const diag_t cli_diag;
/* Whether output file `out` is one of the inputs (NULL entries skipped): the same file whatever
 * the spelling (device and inode), as gcc refuses to overwrite its input. Prints
 * "<cmd>: input file 'IN' is the same as output file 'OUT'" and returns true. */
bool cli_output_is_input(const char *cmd, const char *out, const char *const *inputs, size_t n_inputs);

/* ---- options ----------------------------------------------------------------------------------
 * A command describes its options in a table ending with an entry whose id is 0; ids are > 0.
 * Accepted forms: --name VALUE, --name=VALUE, -x VALUE, -xVALUE, clusters of flags (-qx), -bios/-kernel/
 * -dtb/-append VALUE (QEMU's spellings), and "--" ending the options. Parsing stops at the first argument that is not an option. */
typedef struct cli_option {
    const char *name; /* long name without "--" (NULL: short only) */
    char short_name;  /* 0: long only */
    const char *arg;  /* name of the value ("N", "SIZE"); NULL for a flag */
    int id;
    const char *help;
} cli_option_t;

enum { CLI_OPT_DONE = -1, CLI_OPT_ERROR = -2 };

typedef struct cli_parser {
    const char *cmd; /* subcommand name, for messages */
    int argc;
    char **argv;
    int next;            /* index of the next argument; after CLI_OPT_DONE: the first operand */
    const char *cluster; /* rest of a cluster of short options being taken apart */
    const char *value;   /* value of the option just returned */
} cli_parser_t;

/* argv[0] is the subcommand's name; parsing starts at argv[1]. */
void cli_parser_init(cli_parser_t *p, const char *cmd, int argc, char **argv);
/* Returns the id of the next option (its value in p->value), CLI_OPT_DONE when the options are
 * over, or CLI_OPT_ERROR after printing what is wrong (with a suggestion for misspelt options). */
int cli_parser_next(cli_parser_t *p, const cli_option_t *opts);
/* Prints the option table as help text. */
void cli_print_options(FILE *out, const cli_option_t *opts);

/* ---- values ---------------------------------------------------------------------------------- */
/* A byte count: decimal or 0x-hex, optional K, M, G or T suffix (powers of 1024; "KiB", "KB", "k"
 * are accepted too). False if malformed or too large for 64 bits. */
bool cli_parse_size(const char *s, uint64_t *out);
/* A plain non-negative integer, decimal or 0x-hex. */
bool cli_parse_u64(const char *s, uint64_t *out);

/* ---- suggestions ----------------------------------------------------------------------------- */
/* Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps). */
size_t cli_edit_distance(const char *a, const char *b);
/* The candidate closest to `word` if it is close enough to be a likely typo (or `word` is a prefix
 * of it), else NULL. The first of equally close candidates wins. */
const char *cli_suggest(const char *word, const char *const *cands, size_t n);

/* ---- machines -------------------------------------------------------------------------------- */
/* Looks a machine up from `-M NAME[,KEY=VALUE...]` and applies its options to *opts (which may be
 * NULL when only the description is wanted). On an unknown machine, option or value prints one
 * line naming it (with the closest names) and returns NULL. */
struct machine_desc;
struct machine_opts;
const struct machine_desc *cli_find_machine(const char *spec, struct machine_opts *opts);

/* Name of a trap cause ("illegal instruction", "machine timer interrupt"), or NULL. */
const char *cli_mcause_name(uint64_t mcause, unsigned xlen);

#endif
