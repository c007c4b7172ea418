/* libpmusim: pmusim, the RISC-V virtual platform with exact performance counters, as a library.
 *
 * A session is one machine (`pmusim run -M SPEC`), one program on it, the events counted over its
 * run (`pmusim stat -e`), and the outcome. The CLI's `run` and `stat` build their machines with
 * the same code, so a session gives the counts and the exit status `pmusim stat` gives for the
 * same machine, program and options (docs/library.md).
 *
 *     char err[256];
 *     pmusim_session_t *s = pmusim_session_new("virt32", err, sizeof err);
 *     if (!s) { fprintf(stderr, "%s\n", err); return 1; }
 *     pmusim_session_set_program(s, "prog.elf");
 *     int insns = pmusim_session_add_event(s, "instructions");
 *     pmusim_session_run(s);
 *     uint64_t n;
 *     pmusim_session_read_count(s, insns, &n);
 *     printf("%llu instructions, exit status %d\n", (unsigned long long)n,
 *            pmusim_session_exit_status(s));
 *     pmusim_session_free(s);
 *
 * Conventions:
 *   - Functions returning int return PMUSIM_OK (0) or a value >= 0 on success and a negative
 *     pmusim_error_t on failure; then pmusim_session_error(s) is the message, the text
 *     `pmusim` would print after "pmusim: " (e.g. "unknown event 'brnches' for machine veer-el2;
 *     did you mean 'branches'?"). Nothing is printed and nothing exits, with one exception until
 *     the layers below report through the session: when a machine cannot be built or a file
 *     cannot be loaded, their one-line reason also goes to standard error, and the session's
 *     message says which file or machine failed.
 *   - Strings passed in are copied; strings returned belong to the session and stay valid until
 *     the next call on it (pmusim_session_error) or until pmusim_session_free (event names).
 *   - A session is used by one thread at a time; different sessions may run on different threads
 *     at once (there is no global state in the library). pmusim_session_request_stop may be
 *     called from any thread or from a signal handler.
 *   - The setters configure the session before its first run (PMUSIM_ERR_STATE after it).
 */
#ifndef PMUSIM_PMUSIM_H
#define PMUSIM_PMUSIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PMUSIM_API __attribute__((visibility("default")))

/* The version of the library, "MAJOR.MINOR.PATCH" (the same as `pmusim --version`). */
PMUSIM_API const char *pmusim_version(void);

typedef enum pmusim_error {
    PMUSIM_OK = 0,
    PMUSIM_ERR_USAGE = -1, /* a bad argument: unknown machine, option, event or value (pmusim: 125) */
    PMUSIM_ERR_INPUT = -2, /* a file cannot be loaded: missing, not an ELF file, ... (pmusim: 126) */
    PMUSIM_ERR_STATE = -3, /* not now: a setter after the run started, a count before it */
    PMUSIM_ERR_NOMEM = -4, /* out of memory */
    PMUSIM_ERR_RANGE = -5, /* no such event index, hart, register or CSR */
} pmusim_error_t;

/* Why a run returned. */
typedef enum pmusim_stop {
    PMUSIM_STOP_PAUSED = 0,    /* pmusim_session_run_for's budget is used up: run again to go on */
    PMUSIM_STOP_EXIT = 1,      /* the guest exited (pmusim_session_exit_status: its code & 0xff) */
    PMUSIM_STOP_MAX_INSNS = 2, /* the limit of pmusim_session_set_max_insns (status 124) */
    PMUSIM_STOP_STUCK = 3,     /* the guest cannot continue: trap loop, wfi or halt nothing can
                                  * wake, jump to itself with interrupts off (status 123) */
    PMUSIM_STOP_REQUESTED = 4, /* pmusim_session_request_stop (status 130, as Ctrl-C) */
} pmusim_stop_t;

typedef struct pmusim_session pmusim_session_t;

/* Creates a session on the machine `machine_spec`, as `-M` takes it: "NAME[,KEY=VALUE...]"
 * ("mbv32,dcache=8K", "virt64,harts=2"). NULL: the machine the program's .note.pmusim.machine
 * names (SDK programs), else veer-el2; it is settled when the first event is added or the run
 * starts, so give the program first. The spec is checked now: on an unknown machine, option or
 * value (or no memory) returns NULL with the message in err (errlen bytes, cut short if need be;
 * err may be NULL). Free the session with pmusim_session_free. */
PMUSIM_API pmusim_session_t *pmusim_session_new(const char *machine_spec, char *err, size_t errlen);

/* Frees the session, its machine and everything it returned. NULL is ignored. */
PMUSIM_API void pmusim_session_free(pmusim_session_t *s);

/* The message of the last failed call on s ("" if none): valid until the next call on s. */
PMUSIM_API const char *pmusim_session_error(const pmusim_session_t *s);

/* ---- what to run (before the run) ------------------------------------------------------------ */

/* The program: a statically linked RISC-V ELF file (`pmusim run PROGRAM`). The file is read when
 * the run starts (or when the machine is settled from its note): a file that cannot be loaded is
 * PMUSIM_ERR_INPUT then. */
PMUSIM_API int pmusim_session_set_program(pmusim_session_t *s, const char *path);
/* The program as a raw binary loaded at load_addr and started there (`--load-addr`). */
PMUSIM_API int pmusim_session_set_raw_program(pmusim_session_t *s, const char *path, uint64_t load_addr);
/* Booting as QEMU's virt does (`--bios`, `--kernel`, `--initrd`, `--dtb`, `--append`; machines
 * with a boot protocol: virt32, virt64, p8700): firmware started in M-mode, an S-mode kernel
 * (a Linux Image or an ELF file; without firmware the built-in SBI runs it), an initial RAM disk,
 * a device tree blob instead of the machine's, the kernel command line. NULL clears one. */
PMUSIM_API int pmusim_session_set_bios(pmusim_session_t *s, const char *path);
PMUSIM_API int pmusim_session_set_kernel(pmusim_session_t *s, const char *path);
PMUSIM_API int pmusim_session_set_initrd(pmusim_session_t *s, const char *path);
PMUSIM_API int pmusim_session_set_dtb(pmusim_session_t *s, const char *path);
PMUSIM_API int pmusim_session_set_append(pmusim_session_t *s, const char *cmdline);
/* The guest's arguments (after the program's name), for semihosting's SYS_GET_CMDLINE. */
PMUSIM_API int pmusim_session_set_args(pmusim_session_t *s, int argc, const char *const *argv);
/* Stop after exactly n instructions of all harts (`--max-insns`; 0: no limit). */
PMUSIM_API int pmusim_session_set_max_insns(pmusim_session_t *s, uint64_t n);
/* The translation tier (`--jit`): 1 on, 0 off (the interpreter), 2 eager (every block translated
 * at its first execution, for testing). Unset: on where supported (x86-64); the library reads no
 * environment variable (the CLI's PMUSIM_JIT is the CLI's). Counts are the same either way. */
PMUSIM_API int pmusim_session_set_jit(pmusim_session_t *s, int on);
/* Main memory size in bytes (`--ram-size`; 0: the machine's default). */
PMUSIM_API int pmusim_session_set_ram_size(pmusim_session_t *s, uint64_t bytes);
/* Where the guest's console output goes: a file created (truncated) when the run starts, e.g.
 * "/dev/null"; NULL: standard output (the default). */
PMUSIM_API int pmusim_session_set_console(pmusim_session_t *s, const char *path);
/* The guest's console output delivered to write(ctx, buf, n) as the guest produces it, n bytes at
 * buf (valid during the call only), on the thread running the session. It replaces
 * pmusim_session_set_console's file: of the two, the later call wins. write NULL: standard
 * output again. */
PMUSIM_API int pmusim_session_set_console_callback(pmusim_session_t *s,
                                                   void (*write)(void *ctx, const void *buf, size_t n),
                                                   void *ctx);

/* ---- events ---------------------------------------------------------------------------------- */

/* Adds one event to count, named as `pmusim stat -e` takes it: a name of the machine's PMU model
 * ("loads", case-insensitive, '_' for '-'), "cycles" or "instructions", perf's generic names
 * where the model has them, a selector code ("11", "0xb", "rb"), perf's PMU terms
 * ("veer/event=26/"), `cm/NAME/` on machines with a coherence manager, each with optional
 * modifiers (":u", ":k", ":h"). One event per call (no lists or groups). Returns the event's
 * index (0, 1, ... in the order added; an event given twice gets its first index), or
 * PMUSIM_ERR_USAGE (unknown name, a list, too many events) or PMUSIM_ERR_STATE (after the run
 * started). The first event added settles the machine (pmusim_session_new). */
PMUSIM_API int pmusim_session_add_event(pmusim_session_t *s, const char *name);
/* The number of events added. */
PMUSIM_API int pmusim_session_event_count(const pmusim_session_t *s);
/* The event's label as `pmusim stat` prints it ("loads", "instructions:u"), or NULL for a bad
 * index. Valid until pmusim_session_free. */
PMUSIM_API const char *pmusim_session_event_name(const pmusim_session_t *s, int index);

/* ---- running --------------------------------------------------------------------------------- */

/* Builds the machine (if not yet), loads the program and runs it until it stops: returns a
 * pmusim_stop_t (never PMUSIM_STOP_PAUSED), or PMUSIM_ERR_USAGE / PMUSIM_ERR_INPUT / NOMEM when
 * the machine cannot be built or a file cannot be loaded, PMUSIM_ERR_STATE when the run has
 * already ended. */
PMUSIM_API int pmusim_session_run(pmusim_session_t *s);
/* The same for at most n more instructions (of all harts together, exactly): returns
 * PMUSIM_STOP_PAUSED when they are done and the guest has not stopped; call again to go on. */
PMUSIM_API int pmusim_session_run_for(pmusim_session_t *s, uint64_t n);
/* Asks a running session to stop (PMUSIM_STOP_REQUESTED) within one run chunk: from another
 * thread or a signal handler (async-signal-safe). Without a run in progress, the next run stops at
 * once. */
PMUSIM_API void pmusim_session_request_stop(pmusim_session_t *s);

/* ---- results --------------------------------------------------------------------------------- */

/* The count of event `index` so far, summed over the harts (as `pmusim stat` prints it), into
 * *value: PMUSIM_OK, PMUSIM_ERR_RANGE (bad index) or PMUSIM_ERR_STATE (no run yet). */
PMUSIM_API int pmusim_session_read_count(const pmusim_session_t *s, int index, uint64_t *value);
/* Instructions committed by all harts so far (0 before the run). */
PMUSIM_API uint64_t pmusim_session_instructions(const pmusim_session_t *s);
/* The exit status `pmusim run` would end with for this run: the guest's exit code & 0xff, 124
 * (max instructions), 123 (stuck), 130 (stop requested); -1 while the run has not ended. */
PMUSIM_API int pmusim_session_exit_status(const pmusim_session_t *s);
/* How the run ended, in the words `pmusim run` prints on standard error ("stopped after 1005
 * instructions (--max-insns)", "guest cannot continue: trap loop at pc ..."); "" when the guest
 * exited or the run has not ended. Valid until the next call on s. */
PMUSIM_API const char *pmusim_session_stop_message(const pmusim_session_t *s);

/* ---- registers and CSRs, between runs ---------------------------------------------------------- */

/* A hart's state while the machine exists and is not running: after pmusim_session_run_for
 * returned PMUSIM_STOP_PAUSED, or after the run ended (until pmusim_session_free). Harts are
 * numbered 0 .. harts-1 as their mhartid. Errors: PMUSIM_ERR_STATE before the first run (no
 * machine yet), PMUSIM_ERR_RANGE for a bad hart, register or CSR; the message says which.
 *
 * Integer register x`regno` (0..31; x0 reads 0, and a write to it is ignored). On RV32 harts the
 * value is 32 bits: a write keeps its low 32 bits. */
PMUSIM_API int pmusim_session_read_reg(pmusim_session_t *s, int hart, int regno, uint64_t *value);
PMUSIM_API int pmusim_session_write_reg(pmusim_session_t *s, int hart, int regno, uint64_t value);
/* The address of the hart's next instruction. */
PMUSIM_API int pmusim_session_read_pc(pmusim_session_t *s, int hart, uint64_t *value);
/* CSR number csr (0..0xfff) as an M-mode csrrs/csrrw of the hart would read or write it, side
 * effects included: a counter written (mcycle, minstret, mhpmcounterN) goes on counting from the
 * value written, an mhpmeventN written selects what counter N counts from now on, mcountinhibit
 * stops counters. The user counters (cycle, instret, hpmcounterN) read as their machine
 * counterparts, whatever mcounteren says. PMUSIM_ERR_RANGE for a CSR the hart does not have (an
 * access would be illegal), and for a write to a read-only CSR. Values are XLEN bits. */
PMUSIM_API int pmusim_session_read_csr(pmusim_session_t *s, int hart, unsigned csr, uint64_t *value);
PMUSIM_API int pmusim_session_write_csr(pmusim_session_t *s, int hart, unsigned csr, uint64_t value);

#ifdef __cplusplus
}
#endif

#endif
