/* What the commands that run a program (`run`, `stat`) share: the machine options, building
 * the machine and loading the program, running it with Ctrl-C handling, and turning the outcome
 * into a message and an exit status.
 *
 * A command using it:
 *     static const cli_option_t opts[] = { CLI_RUN_OPTIONS, { "help", 'h', NULL, 1, "..." }, { 0 } };
 *     ... parse: ids in the CLI_RUN_OPT_* range go to cli_run_option() ...
 *     cli_run_operands(&cfg, &parser);
 *     cli_session_t s;
 *     int status = cli_session_open(&s, &cfg);
 *     if (status == 0)
 *         status = cli_session_finish(&s, cli_session_run(&s));
 *     cli_session_close(&s);
 */
#ifndef PMUSIM_TOOLS_CLI_RUN_H
#define PMUSIM_TOOLS_CLI_RUN_H

#include <stdbool.h>

#include "session/session.h"
#include "tools/cli_util.h"

/* The run's configuration and session are the session layer's (session/session.h): the library
 * builds and runs machines with the same code. */
typedef session_config_t cli_run_config_t;
typedef session_t cli_session_t;

/* Option ids of the shared options: keep a command's own ids below CLI_RUN_OPT_FIRST. */
enum cli_run_opt {
    CLI_RUN_OPT_FIRST = 1000,
    CLI_RUN_OPT_MACHINE = CLI_RUN_OPT_FIRST,
    CLI_RUN_OPT_RAM_SIZE,
    CLI_RUN_OPT_MAX_INSNS,
    CLI_RUN_OPT_USER_MODE,
    CLI_RUN_OPT_QUIET,
    CLI_RUN_OPT_SIGNATURE,
    CLI_RUN_OPT_SIGNATURE_GRANULARITY,
    CLI_RUN_OPT_LOAD_ADDR,
    CLI_RUN_OPT_BIOS,
    CLI_RUN_OPT_KERNEL,
    CLI_RUN_OPT_DTB,
    CLI_RUN_OPT_APPEND,
    CLI_RUN_OPT_INITRD,
    CLI_RUN_OPT_JIT,
    CLI_RUN_OPT_LAST = CLI_RUN_OPT_JIT,
};

#define CLI_RUN_OPTIONS \
    { "machine", 'M', "NAME", CLI_RUN_OPT_MACHINE, "machine to simulate (see 'pmusim machines')" }, \
        { "ram-size", 0, "SIZE", CLI_RUN_OPT_RAM_SIZE, \
          "main memory size, e.g. 64M (K, M, G: powers of 1024)" }, \
        { "max-insns", 0, "N", CLI_RUN_OPT_MAX_INSNS, "stop after N instructions (exit status 124)" }, \
        { "user-mode", 0, NULL, CLI_RUN_OPT_USER_MODE, \
          "give the core U-mode where it is optional (veer-el2)" }, \
        { "quiet", 'q', NULL, CLI_RUN_OPT_QUIET, "no messages about how the run ended" }, \
        { "jit", 0, "on|off", CLI_RUN_OPT_JIT, \
          "translate hot blocks to host code (default on where supported: x86-64)" }, \
        { "load-addr", 0, "ADDR", CLI_RUN_OPT_LOAD_ADDR, \
          "PROGRAM is a raw binary: load it at ADDR and start there (QEMU's -device loader)" }, \
        { "bios", 0, "FILE", CLI_RUN_OPT_BIOS, \
          "firmware ELF started in M-mode with a0 = hartid, a1 = DTB, a2 = fw_dynamic_info" }, \
        { "kernel", 0, "FILE", CLI_RUN_OPT_KERNEL, \
          "S-mode kernel: a Linux Image (RAM base + its text offset) or an ELF file; without --bios the " \
          "built-in SBI runs it" }, \
        { "initrd", 0, "FILE", CLI_RUN_OPT_INITRD, \
          "initial RAM disk for the kernel (linux,initrd-start/-end in /chosen)" }, \
        { "dtb", 0, "FILE", CLI_RUN_OPT_DTB, "device tree blob to boot with instead of the machine's" }, \
        { "append", 0, "STRING", CLI_RUN_OPT_APPEND, "kernel command line (/chosen/bootargs)" }, \
        { "signature", 0, "FILE", CLI_RUN_OPT_SIGNATURE, \
          "at the end, write memory begin_signature..end_signature to FILE" }, \
    { \
        "signature-granularity", 0, "N", CLI_RUN_OPT_SIGNATURE_GRANULARITY, \
            "bytes per line of the signature file: 4 (default) or 8" \
    }

static inline bool cli_run_is_option(int id)
{
    return id >= CLI_RUN_OPT_FIRST && id <= CLI_RUN_OPT_LAST;
}

/* Whether `out` is one of the run's input files (program, firmware, kernel, initrd, DTB): false,
 * or true after a message (cli_output_is_input). */
bool cli_run_output_is_input(const cli_run_config_t *cfg, const char *cmd, const char *out);

/* Applies a shared option (value in p->value); false after a message if the value is bad. */
bool cli_run_option(cli_run_config_t *cfg, const cli_parser_t *p, int id);
/* Takes PROGRAM [--] [GUEST ARGS...] from the operands after the options; false after a message
 * if there is no program. Without -M, the machine becomes the one the program's machine note
 * names (cfg->machine points into cfg); a note naming another machine than -M is a warning. */
bool cli_run_operands(cli_run_config_t *cfg, const cli_parser_t *p);

/* Builds the machine, loads the program and resets the hart to its entry point; with --signature,
 * also finds the signature region (begin_signature, end_signature: 126 if the program has none)
 * and opens the file (125 if it cannot be created). Returns 0, or the exit status to end with (a
 * message has been printed). Call cli_session_close either way. */
int cli_session_open(cli_session_t *s, const cli_run_config_t *cfg);
/* Runs the guest until it stops; Ctrl-C stops it with STOP_INTERRUPTED (a second Ctrl-C kills).
 * SIGUSR1 (and SIGINFO, Ctrl-T, where there is one) prints a status line on standard error: the
 * instructions so far, MIPS, the pc and its symbol. On a terminal (standard error), so does every
 * CLI_STATUS_SILENCE seconds in which the guest printed nothing (unless quiet). */
#define CLI_STATUS_SILENCE 5
hart_stop_t cli_session_run(cli_session_t *s);

/* The terminal on the guest's console input while the guest runs (cli_term.c): keys reach the
 * guest one by one, unechoed, until cli_term_restore (at the latest, at exit). Nothing changes
 * when fd is not a terminal. */
void cli_term_raw(int fd);
void cli_term_restore(void);
/* Reports how the run ended (unless quiet) and returns pmusim's exit status for it
 * (session_status). */
int cli_session_status(const cli_session_t *s, hart_stop_t stop);
/* cli_session_status, then the signature file if one was asked for, whatever the stop reason.
 * A signature that cannot be written is reported and turns a status of 0 into 125. */
int cli_session_finish(cli_session_t *s, hart_stop_t stop);
/* Writes memory [begin, begin + len) as Spike does: one line per `granularity` bytes, the
 * little-endian word in lowercase hex with 2 * granularity digits, bytes past the end as 00.
 * False if the memory is not RAM or the file reports an error. */
bool cli_write_signature(FILE *out, const bus_t *bus, uint64_t begin, uint64_t len, unsigned granularity);
void cli_session_close(cli_session_t *s);

/* "0x80000010 <main+0x10>" (8 hex digits on RV32) for messages. */
static inline void cli_session_format_pc(const cli_session_t *s, uint64_t pc, char *buf, size_t size)
{
    session_format_pc(s, pc, buf, size);
}

#endif
