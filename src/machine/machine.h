/* Machines are data: a machine_desc_t names the core, its memory map and devices. machine_t is one
 * instance of a description with a loaded program. */
#ifndef PMUSIM_MACHINE_MACHINE_H
#define PMUSIM_MACHINE_MACHINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/core.h"
#include "cpu/hart.h"
#include "dev/devices.h"
#include "mem/bus.h"
#include "util/diag.h"

struct core_desc;

typedef struct mem_desc {
    const char *name;
    uint64_t base, size;
    unsigned flags; /* REGION_* */
} mem_desc_t;

typedef struct device_desc {
    const char *cls; /* a device class name (dev/device_class.c); NULL ends the list */
    uint64_t base;
    /* Its interrupt output goes to input `irq` of the device of class `irq_to` (an interrupt
     * controller of the same machine); NULL: the output is not wired. */
    const char *irq_to;
    unsigned irq;
} device_desc_t;

enum { HTIF_LOWER = 1, HTIF_UPPER = 2 };

/* Cycles a hart runs before the next hart's turn (several harts). */
#define MACHINE_DEFAULT_QUANTUM 1000
#define MACHINE_MAX_HARTS 64
#define MACHINE_MAX_MEM 6

struct machine_opts;
struct machine;

/* A source of events for the run loop (docs/architecture.md "The run loop"): devices' timers, the
 * core's timers, the quantum of a hart's turn, HTIF, counter overflow, --max-insns, a caller's run
 * of N instructions, a stop request. At every step the run loop asks each source how far the hart
 * may run before the source's next event, runs the executor to the nearest, and calls the `due`
 * of a source whose event has come. Adding a source is one machine_add_source call. */
typedef struct run_source {
    const char *name;
    /* Before pending interrupts are taken: brings the source up to the hart's clock (a device
     * raises its lines, a counter that wrapped latches LCOFIP) and returns the cycles until its
     * next event (UINT64_MAX: none; 0: look again after one instruction), or 0 with `due` set to
     * have `due` called at once. NULL: nothing to do there. */
    uint64_t (*sync)(struct machine *m, hart_t *h, void *ctx);
    /* Once interrupts are taken, before the hart runs: the instructions it may commit before the
     * event (UINT64_MAX: none); 0: the event is due, `due` is called and the step starts over
     * (or the hart's run ends, if `due` stopped it). Asked while the hart waits only with
     * RUN_SOURCE_WAKES. NULL: nothing to do there. */
    uint64_t (*next)(struct machine *m, hart_t *h, void *ctx);
    void (*due)(struct machine *m, hart_t *h, void *ctx);
    void *ctx;
    unsigned flags; /* RUN_SOURCE_* */
    /* Optional, for sources that are mostly idle: neither `sync` nor `next` is called while the
     * word at offset `gate_off` of the machine_t (RUN_SOURCE_GATE_HART: of the running hart_t),
     * `gate_size` bytes (1, 4 or 8), is 0; 0 bytes: no gate. Keeps the cost of a step down. */
    uint32_t gate_off;
    uint8_t gate_size;
} run_source_t;

enum {
    /* The event falls on an exact instruction (overflow, --max-insns): the run loop cuts a block
     * there (exec_run_prefix) instead of letting the executor finish the block it is in. */
    RUN_SOURCE_EXACT = 1,
    /* `next` is also asked while the hart waits (wfi, firmware halt): its event can end a wait. */
    RUN_SOURCE_WAKES = 2,
    /* The gate word is in the running hart_t, not the machine_t. */
    RUN_SOURCE_GATE_HART = 4,
    /* The gate word is an atomic_int (read with a relaxed atomic load). */
    RUN_SOURCE_GATE_ATOMIC = 8,
    /* `next` counts cycles, not instructions (the quantum: a round's end, stat -I's pause): when
     * it is no further than the run chunk and the deadlines `sync` returned, the executor's budget
     * counts the timing model's stall cycles too (hart_t.budget_cycles), so the run stops at the
     * first block boundary at or after that cycle. */
    RUN_SOURCE_CYCLES = 16,
};

#define MACHINE_MAX_SOURCES 32

/* A machine option, given as `-M name,key=value` (QEMU's form) and listed by `pmusim machines`. */
typedef struct machine_param {
    const char *key;
    const char *values; /* what the value may be, for help and messages: "on|off" */
    const char *help;
    bool (*set)(struct machine_opts *opts, const char *value); /* false: the value is not valid */
} machine_param_t;

typedef struct machine_desc {
    const char *name;
    const char *summary;
    const struct core_desc *core; /* the core of every hart (src/core/) */
    uint64_t reset_pc;
    uint64_t ram_base, ram_size; /* main memory: the fast path */
    unsigned ram_flags;
    mem_desc_t mem[MACHINE_MAX_MEM]; /* further memories (ICCM, DCCM, ...) */
    const device_desc_t *dev;        /* the devices, ending with { NULL } */
    uint64_t cycles_per_mtime_tick;
    bool time_csr;            /* time/timeh read the CLINT's mtime (VeeR has no time CSR) */
    bool accept_high_preload; /* VeeR testbench: ignore the ICCM/DCCM preload descriptors at 0xFFFFFFF0 */
    /* Every address no region claims is memory (the VeeR testbench), unless -M ...,memory=bounded. */
    bool testbench_memory;
    bool boot_protocol;            /* --bios/--kernel boot as on QEMU's virt (machine/boot.c) */
    bool pmu_dt;                   /* the PMU's selectors are SBI event indices: a riscv,pmu DT node */
    const machine_param_t *params; /* the options of `-M name,key=value`, ending with {0}; or NULL */
    /* Harts grouped in cores: mhartid = core << hartid_core_shift | hart in the core (0: mhartid is
     * the hart's index). */
    unsigned hartid_core_shift;
    /* The parts of the generic memory hierarchy (HIER_*) the machine's own model counts in the
     * harts' PMU (core_config_t.machine_parts); 0: none. */
    unsigned hier_machine_parts;
} machine_desc_t;

/* Where the guest's console output goes: write gets the bytes in order, flush (optional) is
 * called when the guest waits for input and at the end of a run. A front end sets it (the
 * command line: its standard output); write NULL: the output goes nowhere. */
typedef struct console_sink {
    void (*write)(void *ctx, const void *buf, size_t n);
    void (*flush)(void *ctx);
    void *ctx;
} console_sink_t;

/* User-selectable options (CLI). */
typedef struct machine_opts {
    uint64_t ram_size;   /* 0 = the description's default */
    uint64_t max_insns;  /* 0 = unlimited */
    int jit;             /* the translation tier: enum jit_mode (jit/jit.h), 0 = the default */
    bool user_mode;      /* machines where U-mode is optional (veer-el2) */
    bool bounded_memory; /* testbench_memory machines: only the listed memories exist */
    unsigned harts;      /* number of harts; 0 = 1 */
    uint64_t quantum;    /* cycles a hart runs before the next one's turn; 0 = the default */
    const char *cmdline; /* semihosting SYS_GET_CMDLINE */
    /* Coherence-manager machines (docs/mips-cm.md): harts = cores * harts_per_core when cores is
     * given; the L2 size and the GCR base (0 = the description's). */
    unsigned cores, harts_per_core;
    uint64_t l2_size, cm_base;
    bool all_harts_start; /* every hart starts at the entry, not only the first (boot=all) */
    core_config_t core;   /* configurable cores: the generics the options set */
    /* The front end's sinks: the machine's messages (machine_new's too; fn NULL: none) and the
     * guest's console output (machine_t.console, which the front end may also set later). */
    diag_t diag;
    console_sink_t console;
} machine_opts_t;

typedef struct machine {
    const machine_desc_t *desc;
    bus_t bus;
    /* Harts, run in turn for a quantum of cycles each (docs/architecture.md "Several harts"). */
    hart_t *harts;
    unsigned n_harts;
    void *tier_share; /* the harts' translations, shared (exec_tier_t.share_new), or NULL */
    uint64_t quantum;
    hart_t *running;                 /* the hart the executor runs: its clock is the devices' time */
    uint64_t time;                   /* the harts' common clock at the end of the last round */
    unsigned stop_hart;              /* the hart whose stop ended the run */
    uint8_t *code_map, *store_watch; /* granule maps of main RAM, shared by the harts */
    size_t map_bytes;

    /* Devices, as the description lists them, and what they may ask of the machine. */
    dev_host_t dev_host;
    struct machine_device {
        const device_class_t *cls;
        void *state;
        uint64_t base;
        irq_line_t irq; /* its interrupt output, wired as the description says */
        int irq_to;     /* the index of the controller it goes to, or -1 */
    } * dev;
    unsigned n_dev;
    struct clint *clint; /* the time source (mtime), if the machine has one */
    struct mips_cm *cm;  /* the coherence manager, if the machine has one (machine_cm.c) */
    unsigned cores, harts_per_core;
    uint64_t l2_size, cm_base; /* as the options gave them (0: the defaults) */
    bool all_harts_start;      /* boot=all: no hart waits for the CPC */

    /* Program */
    htif_t htif;  /* tohost/fromhost: 0 if the program has no HTIF symbols */
    bool htif_on; /* tohost lies wholly in one memory (main RAM or another): HTIF is on */
    /* HTIF: halves of tohost written since the last command was taken (platform_watched_store) */
    unsigned htif_pending;       /* HTIF_LOWER | HTIF_UPPER */
    uint64_t htif_pending_since; /* machine_insns() at the first of them */
    semihost_t semihost;         /* host calls through ebreak */

    /* machine_run returns (with STOP_NONE) once the harts' clock reaches this cycle, at the next
     * block or round boundary, to be called again (pmusim stat -I); 0: no such pause. */
    uint64_t run_until;
    /* machine_run returns (with STOP_NONE) once all harts together have committed this many
     * instructions, exactly (machine_run_for); 0: no such pause. */
    uint64_t run_insns;

    /* The run loop's event sources, in the order it asks them (machine_add_source). */
    run_source_t sources[MACHINE_MAX_SOURCES];
    unsigned n_sources;
    /* The indices in `sources`, in order, of those with a `sync`, of those with a `next`, and of
     * those with a `next` asked while the hart waits (RUN_SOURCE_WAKES): each step of the run
     * loop walks these alone. */
    uint8_t sync_ix[MACHINE_MAX_SOURCES], next_ix[MACHINE_MAX_SOURCES], wake_ix[MACHINE_MAX_SOURCES];
    uint8_t n_sync, n_next, n_wake;
    uint64_t hart_until; /* the cycle at which the running hart's turn ends (the quantum) */
    bool hart_until_set; /* hart_until is not UINT64_MAX */
    /* While the executor runs a chunk the run loop started: what machine_lone_turn needs to let
     * the hart go on into its next turn from within the executor (hart_platform_t.turn_end). */
    bool lone_armed;
    uint64_t lone_horizon, lone_io;
    bool lone_known; /* lone_until holds for wake_events lone_events (machine_sleepers_until) */
    uint64_t lone_until, lone_events;
    bool yield; /* a source ended the run without a stop (machine_run_for) */
    /* A stop asked for from outside the run (a signal handler, the gdb stub, a library caller):
     * a hart_stop_t, STOP_NONE when there is none. Seen at the next step of the run loop, at most
     * one run chunk later (machine_request_stop). */
    atomic_int stop_request;
    /* A look at the running machine from outside (the CLI's status line): whoever sets `poll`
     * (a signal handler too, or another thread: it is an atomic_int) gets poll_fn(poll_ctx, m)
     * called from the run loop at its next step (the "poll" source), within one run chunk; the run
     * itself is not changed by it. */
    atomic_int poll;
    void (*poll_fn)(void *ctx, struct machine *m);
    void *poll_ctx;

    /* Outcome */
    bool exited;
    int exit_code;
    diag_t diag;            /* where the machine's messages go (machine_opts_t.diag) */
    console_sink_t console; /* where the guest's console output goes */
    uint64_t console_bytes; /* the guest's console output so far (how long it has been silent) */
    int console_last;       /* its last byte, or -1 */
    int console_in;         /* console input: -1 not looked at yet, 0 reading stdin, 1 at its end */
    int console_fd;         /* the file descriptor read (0, or a test's) */
    /* Firmware served on the host (src/firmware): answers S-mode ecalls and sees exceptions taken
     * below M-mode; NULL when M-mode code is the firmware. With it, the CLINT's machine timer
     * line drives the supervisor timer interrupt (STIP), as SBI set_timer promises. */
    void *firmware;
    bool (*firmware_ecall)(void *fw, hart_t *h);
    /* An interrupt line of hart h changed: the firmware takes the machine-level lines it serves
     * (the built-in SBI turns the machine timer into the supervisor timer, as OpenSBI's timer
     * handler does) and returns true; false: the line reaches the hart as it is. */
    bool (*firmware_line)(void *fw, hart_t *h, unsigned irq, bool level);
    void (*firmware_exception)(void *fw, hart_t *h, uint64_t cause);
    void (*firmware_free)(void *fw);
} machine_t;

/* The built-in machine descriptions. */
const machine_desc_t *machine_find(const char *name);
const machine_desc_t *const *machine_list(void); /* NULL-terminated */
extern const char *const machine_default_name;

/* The machine of `xlen` whose name is nearest `current`, for messages; or NULL. */
const char *machine_for_xlen(const char *current, unsigned xlen);
/* Whether the options describe hardware that can exist: NULL, or why not (in buf). */
const char *machine_check_opts(const machine_desc_t *desc, const machine_opts_t *opts, char *buf,
                               size_t size);

/* The core configuration the options give, with what the machine fixes (opts may be NULL). */
core_config_t machine_core_config(const machine_desc_t *desc, const machine_opts_t *opts);
/* The PMU model of the machine with these options (its events can depend on the configuration):
 * a description's own, or one built in `store`, valid while the caller keeps it. */
const struct pmu_model *machine_pmu_model(const machine_desc_t *desc, const machine_opts_t *opts,
                                          core_pmu_store_t *store);

/* The option `key` of a machine, or NULL. */
const machine_param_t *machine_find_param(const machine_desc_t *desc, const char *key);

/* Creates a machine; on error prints one line naming the problem and returns NULL. */
machine_t *machine_new(const machine_desc_t *desc, const machine_opts_t *opts);
void machine_free(machine_t *m);

struct elf_image;
/* Loads a program (loader/elf_load.c) into the machine and takes its HTIF symbols; 0 or -1 with
 * one line on stderr. */
int machine_load_program(machine_t *m, const char *path, struct elf_image *img);

/* Loads a raw binary image at `addr` (entry point addr, no symbols, no HTIF); 0 or -1 with one
 * line on stderr. */
int machine_load_raw(machine_t *m, const char *path, uint64_t addr, struct elf_image *img);

/* Resets the hart to the description's reset state with pc = entry. */
void machine_reset(machine_t *m, uint64_t entry);

/* Writes the machine's device tree (a DTB, at most `size` bytes) into buf: 0, or a libfdt error
 * (machine_dt.c). */
int machine_build_dtb(const machine_t *m, void *buf, size_t size);

/* Instructions committed by all harts. */
uint64_t machine_insns(const machine_t *m);

/* Runs until the guest exits or a stop condition; returns why it stopped. */
hart_stop_t machine_run(machine_t *m);
/* Runs until all harts together have committed `n` more instructions (exactly, as --max-insns
 * counts them), the guest exits or a stop condition: STOP_NONE when the n instructions ran, else
 * why it stopped. */
hart_stop_t machine_run_for(machine_t *m, uint64_t n);

/* Adds an event source to the run loop, after those already there (copied); false when the
 * table is full. */
bool machine_add_source(machine_t *m, const run_source_t *src);

/* Asks every hart to stop (`why`: STOP_INTERRUPTED for Ctrl-C, SIGTERM, SIGHUP and a debugger's
 * interrupt) at the run loop's next step. Safe in a signal handler and from another thread. The
 * request holds until machine_clear_stop. */
void machine_request_stop(machine_t *m, hart_stop_t why);
void machine_clear_stop(machine_t *m);
/* Runs hart k alone for one instruction (a debugger's single step: a pending interrupt is taken
 * first, a wfi waits for its wake-up); STOP_NONE, or why the run stopped. */
hart_stop_t machine_step(machine_t *m, unsigned k);

/* Device-side services. */
void machine_console_write(machine_t *m, const void *buf, size_t n);
/* The next byte of the guest's console input (pmusim's standard input) if one is there now:
 * 0-255, or -1 (none yet, or the input has ended). Never waits (machine/console_in.c). */
int machine_console_getc(machine_t *m);
/* The harts all wait and only console input could end the wait before `ns` nanoseconds: waits
 * for a byte on pmusim's standard input, at most `ns` and MACHINE_CONSOLE_WAIT_NS, and sets
 * *waited to the nanoseconds that went by. False, at once, when the input cannot be waited on: a
 * file (always ready), or the input has ended (machine/console_in.c). */
#define MACHINE_CONSOLE_WAIT_NS 100000000ull /* a request from another thread is seen within it */
bool machine_console_wait(machine_t *m, uint64_t ns, uint64_t *waited);
/* The console's bytes so far are out (console_sink_t.flush). */
void machine_console_flush(machine_t *m);
void machine_exit(machine_t *m, int code);
void machine_set_irq(machine_t *m, unsigned hart, unsigned irq, bool level);

/* Coherence-manager machines (machine_cm.c): every access of a hart goes to the CM's memory
 * model; the DMA engine's copies through an IOCU. */
void machine_cm_mem_access(void *ctx, hart_t *h, uint64_t addr, unsigned size, unsigned kind,
                           const bus_region_t *r);
/* Gives hart h the memos of its core's L1s (fast paths that skip the model on hits). */
void machine_cm_attach(machine_t *m, hart_t *h);
/* After a reset with the program's entry point: the CM's reset bases are the entry, and every
 * hart but the first is held in reset until the CPC starts it (unless boot=all). */
void machine_cm_reset(machine_t *m, uint64_t entry);
/* The CPC starts (run) or stops hart `hart` (an index); a started hart begins at `pc`. */
void machine_cm_hart_run(void *ctx, unsigned hart, bool run, uint64_t pc);
bool machine_cm_dma(void *ctx, unsigned iocu, uint64_t src, uint64_t dst, uint64_t len, bool coherent);

#endif
