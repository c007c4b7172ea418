/* A session: one machine built from a `-M` spec, a program (or firmware and kernel) loaded into
 * it, run, and its outcome turned into an exit status and a message. What every front end does
 * (`pmusim run`, `pmusim stat`, `pmusim record`, the library libpmusim), written once so that
 * they cannot disagree. Nothing here prints, exits or reads the environment: messages go to the
 * caller's diag_t, and the caller decides about signals, terminals and the status line.
 *
 *     session_config_t cfg = { .machine = "virt32", .program = "prog.elf" };
 *     session_t s;
 *     int status = session_open(&s, &cfg, &diag);
 *     if (status == 0)
 *         status = session_status(&s, machine_run(s.m));
 *     session_close(&s);
 */
#ifndef PMUSIM_SESSION_SESSION_H
#define PMUSIM_SESSION_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "loader/elf_load.h"
#include "machine/machine.h"
#include "session/diag.h"
#include "session/session_exit.h"

typedef struct session_config {
    const char *machine;    /* `-M` spec; NULL: machine_default_name (session_resolve_machine sets it
                             * from the program's machine note first) */
    char noted_machine[64]; /* the machine the program's note names */
    machine_opts_t opts;    /* opts.cmdline is filled in by session_open */
    bool quiet;             /* no messages about how the run ended */
    const char *program;
    int guest_argc;
    char **guest_argv;
    const char *signature;          /* --signature FILE, or NULL (the CLI writes it: cli_run.c) */
    unsigned signature_granularity; /* bytes per signature line: 4 (also when 0) or 8 */
    bool raw;                       /* --load-addr: the program is a raw binary image */
    uint64_t load_addr;
    /* Booting as QEMU's virt does (boot.c): firmware, S-mode kernel, device tree, bootargs */
    const char *bios, *kernel, *initrd, *dtb, *append;
    FILE *console; /* the guest's console output; NULL: standard output */
} session_config_t;

typedef struct session {
    machine_t *m;
    elf_image_t img;
    elf_image_t kernel_img; /* --kernel after --bios */
    uint64_t dtb_addr;      /* where the device tree was put (--bios/--kernel), or 0 */
    char *cmdline;          /* program and guest arguments, for semihosting SYS_GET_CMDLINE */
    bool quiet;
    diag_t diag;     /* where session_status reports */
    int stop_signal; /* the signal that stopped the run (STOP_INTERRUPTED), 0: SIGINT or a request */
    /* --signature (the CLI's): the open file (session_close closes it), the region
     * [sig_begin, sig_begin + sig_len) and the line size */
    FILE *sig_file;
    const char *sig_path;
    uint64_t sig_begin, sig_len;
    unsigned sig_granularity;
    /* The CLI's status line (cli_session_run): the console output and the seconds it has been
     * silent, and the instructions and time of the last line (or the start) for its MIPS. */
    uint64_t status_console, status_insns;
    unsigned status_silent;
    double status_time;
    bool status_started;
} session_t;

/* Looks a machine up from `NAME[,KEY=VALUE...]` and applies its options to *opts (which may be
 * NULL when only the description is wanted). On an unknown machine, option or value reports one
 * message naming it (with the closest names) and returns NULL. */
const machine_desc_t *session_find_machine(const diag_t *d, const char *spec, machine_opts_t *opts);

/* Without a machine (cfg->machine NULL), takes the one the program's machine note names (SDK
 * programs carry it; cfg->machine then points into cfg). A note naming another machine than
 * cfg->machine, or one pmusim does not know, is a warning reported to d ("CMD: warning: ...";
 * without "CMD: " when cmd is NULL): the run goes on as asked. */
void session_resolve_machine(session_config_t *cfg, const char *cmd, const diag_t *d);

/* Builds the machine, loads the program (or firmware, kernel, initrd, device tree) and resets the
 * harts to the entry point. Returns 0, or the exit status to end with (SESSION_EXIT_USAGE: the
 * machine cannot be built; SESSION_EXIT_BAD_INPUT: a file cannot be loaded) after a message to d.
 * Messages of the layers below (machine_new, the loaders) still go to standard error. Call
 * session_close either way. */
int session_open(session_t *s, const session_config_t *cfg, const diag_t *d);
/* session_open for --bios/--kernel (boot.c). */
int session_boot_open(session_t *s, const session_config_t *cfg, const machine_desc_t *desc,
                      machine_opts_t *opts, const diag_t *d);
/* Reads a DTB file and checks its structure (libfdt): the blob (free it) and its size in *size, or
 * NULL after a message naming the file. */
void *session_read_dtb(const char *path, size_t *size, const diag_t *d);

/* Reports how the run ended to s->diag (unless quiet) and returns pmusim's exit status for it:
 * the guest's exit code & 0xff, SESSION_EXIT_MAX_INSNS, SESSION_EXIT_GUEST_STUCK, or 128 + the
 * stop signal (STOP_INTERRUPTED). */
int session_status(const session_t *s, hart_stop_t stop);
/* Frees everything (the machine, the images, an open signature file); s is zeroed. */
void session_close(session_t *s);

/* "0x80000010 <main+0x10>" (8 hex digits on RV32) for messages. */
void session_format_pc(const session_t *s, uint64_t pc, char *buf, size_t size);
/* Name of a trap cause ("illegal instruction", "machine timer interrupt"), or NULL. */
const char *session_mcause_name(uint64_t mcause, unsigned xlen);

struct stat_event_list;
struct stat_event;
/* Gives every event an observer slot on every hart (after machine_reset, which re-initialises
 * the PMU): counting at the levels of its modifiers; CM events go to the coherence manager.
 * 0, or SESSION_EXIT_USAGE after a message when the slots run out. */
int session_attach_events(session_t *s, struct stat_event_list *events, const diag_t *d);
/* The count of an attached event on hart `hart` so far (a CM event: on hart 0, 0 on the others). */
uint64_t session_read_event(const session_t *s, const struct stat_event *e, unsigned hart);

#endif
