/* Device models. Each device is a state struct plus bus callbacks; machine/machine.c instantiates
 * them from the machine description. A device knows nothing of machines or harts: it reaches the
 * platform only through the dev_host_t it is created with. */
#ifndef PMUSIM_DEV_DEVICES_H
#define PMUSIM_DEV_DEVICES_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/bus.h"

struct hart;

/* An interrupt output of a device, wired by the machine to input `n` of an interrupt controller
 * (a device whose class has irq_input). A device may have several; an unwired one does nothing. */
typedef struct irq_line {
    void (*set)(void *controller, unsigned n, bool level);
    void *controller;
    unsigned n;
} irq_line_t;

static inline void irq_line_set(const irq_line_t *line, bool level)
{
    if (line && line->set)
        line->set(line->controller, line->n, level);
}

/* What a device may ask of the platform it is part of. */
typedef struct dev_host {
    void *ctx;
    const bus_t *bus; /* guest memory: HTIF and semihosting buffers */
    void (*console_write)(void *ctx, const void *buf, size_t n);
    /* The guest ended the run with this status: the machine stops (no process exit). */
    void (*guest_exit)(void *ctx, int code);
    /* Raises or lowers interrupt line `irq` (an mip bit number) of hart `hart`: what the devices
     * wired to the harts (timers, interrupt controllers) drive. */
    void (*set_irq)(void *ctx, unsigned hart, unsigned irq, bool level);
    /* The platform's time base, in cycles of its clock. */
    uint64_t (*cycles)(void *ctx);
    /* A device's next event moved: the run loop must look at its deadlines again. */
    void (*deadline_changed)(void *ctx);
    /* Copies `len` bytes from src to dst through IOCU `iocu`, coherent or not, at once (machines
     * with a coherence manager; NULL elsewhere): false when a range is not memory. A DMA engine
     * calls it for each piece of a copy as time passes. */
    bool (*dma)(void *ctx, unsigned iocu, uint64_t src, uint64_t dst, uint64_t len, bool coherent);
    /* The next byte of console input if one is there now (0-255), or -1. */
    int (*console_read)(void *ctx);
    /* Drives input signal `sig` of hart `hart`'s core (NMI pin, fault injection: the numbers are
     * the core's, see core_ext_t.signal). */
    void (*core_signal)(void *ctx, unsigned hart, unsigned sig, uint64_t value);
    /* A power controller starts hart `hart` (an index) at `pc` from its reset state, or stops it
     * (held as in reset) (machines with a coherence manager; NULL elsewhere). */
    void (*hart_run)(void *ctx, unsigned hart, bool run, uint64_t pc);
    /* Whether the console input has ended (no byte will ever come); NULL: it never ends. */
    bool (*console_ended)(void *ctx);
} dev_host_t;

/* The platform facts a device may be built from. */
typedef struct device_params {
    unsigned n_harts;         /* harts whose interrupt lines the device drives */
    const uint64_t *hart_ids; /* their mhartids, in order (NULL: 0 .. n_harts-1) */
    uint64_t cycles_per_tick; /* timers: time-base cycles per tick */
    unsigned cores;           /* coherence manager: cores (0 = 1) */
    uint64_t l2_size;         /* coherence manager: L2 bytes (0 = its default) */
    uint64_t base;            /* where the device is mapped */
    bool has_s_mode;          /* the harts have S-mode (an interrupt controller's contexts) */
    /* The device's interrupt output, wired by the machine once every device exists (the line
     * lives as long as the device); unwired where the description gives it no controller. */
    const irq_line_t *irq;
} device_params_t;

/* Where a device's device-tree node goes: the parent node (2 address and 2 size cells), the
 * device's base, the phandles of the harts' interrupt controllers (riscv,cpu-intc), and how its
 * interrupt output is wired. */
typedef struct device_fdt_ctx {
    void *fdt;
    int parent;
    uint64_t base;
    const device_params_t *params;
    const uint32_t *hart_intc; /* n_harts phandles */
    uint32_t phandle;          /* an interrupt controller's own phandle (0: not a controller) */
    uint32_t irq_parent;       /* the phandle of the controller the device's output goes to, or 0 */
    unsigned irq, irq_cells;   /* the input there, and the controller's #interrupt-cells */
} device_fdt_ctx_t;

/* A device class: what a machine description names, and how it becomes a device on the bus. */
typedef struct device_class {
    const char *name; /* as machine descriptions name it */
    uint64_t size;    /* bytes of address space */
    unsigned region;  /* bus region flags (REGION_SIDE_EFFECT, ...) */
    void *(*create)(const dev_host_t *host, const device_params_t *params); /* NULL: out of memory */
    void (*reset)(void *dev);
    void (*destroy)(void *dev);
    /* Brings the device up to the current cycle and returns the cycles until it next acts by
     * itself: raises an interrupt, moves the next piece of a DMA copy (UINT64_MAX: never). The run
     * loop calls it before each stretch of execution and runs no further than that, so the device
     * acts at its cycle (at the first block boundary there). May be NULL. */
    uint64_t (*next_event)(void *dev);
    /* next_event's deadline is only a look for console input (a UART's receive interrupt waiting
     * for a byte), no event of the device's own: a machine whose harts all wait may wait on the
     * console instead of looking again and again (machine_console_wait). */
    bool reads_console;
    const device_ops_t *ops;
    /* Adds the device's node to a device tree (libfdt); 0 or a libfdt error. NULL: the device has
     * no device-tree binding (a testbench device). */
    int (*fdt_node)(const device_fdt_ctx_t *ctx);
    /* An interrupt controller between devices and the harts: input line `n` changed. */
    void (*irq_input)(void *dev, unsigned n, bool level);
    /* A controller whose inputs the device tree describes: its #interrupt-cells (the input, then
     * zeros); 0: the devices' nodes do not name their interrupts. */
    unsigned irq_cells;
} device_class_t;

/* Helpers for fdt_node: a node "name@base" under ctx->parent with `compatible` (a list of
 * NUL-separated strings, `compat_len` bytes) and reg = <base size>; its offset, or an error. */
int device_fdt_begin(const device_fdt_ctx_t *ctx, const char *name, const char *compat, int compat_len,
                     uint64_t size);

extern const device_class_t uart16550_class, clint_class, sifive_test_class, veer_mailbox_class;
extern const device_class_t mips_cm_class, iocu_dma_class;
extern const device_class_t xlnx_uartlite_class, xlnx_axi_timer_class, xlnx_axi_intc_class;
extern const device_class_t plic_class;
/* The class called `name`, or NULL. */
const device_class_t *device_class_find(const char *name);

/* ns16550-compatible UART: console output, and input from the platform one byte at a time; its
 * interrupt (receive data, transmitter empty) on `irq`. */
typedef struct uart16550 uart16550_t;
uart16550_t *uart16550_new(const dev_host_t *host, const irq_line_t *irq); /* NULL: out of memory */
void uart16550_reset(uart16550_t *u);
extern const device_ops_t uart16550_ops;
#define UART16550_SIZE 0x100

/* SiFive CLINT for n_harts harts: msip (+4 per hart), mtimecmp (+0x4000, 8 per hart), mtime
 * (+0xBFF8). mtime is derived from the platform's time base: mtime = cycles / cycles_per_tick.
 * The registers of hart k are at its mhartid's place, hart_ids[k] (k when hart_ids is NULL), as
 * OpenSBI's ACLINT driver and QEMU's ACLINT address them; places of no hart read 0. */
typedef struct clint clint_t;
#define CLINT_MAX_HARTS 4095
clint_t *clint_new(const dev_host_t *host, unsigned n_harts, const uint64_t *hart_ids,
                   uint64_t cycles_per_tick); /* NULL: no memory, or an id beyond CLINT_MAX_HARTS */
void clint_free(clint_t *c);
void clint_set_mtimecmp(clint_t *c, unsigned hart, uint64_t when); /* hart k's mtimecmp */
void clint_reset(clint_t *c); /* mtimecmp = UINT64_MAX, mtime follows the cycle clock, msip 0 */
/* Hart k's lines were cleared behind the CLINT's back (a reset of its CSRs): its MTIP is driven
 * again at the next clint_update. */
void clint_lines_lost(clint_t *c, unsigned hart);
extern const device_ops_t clint_ops;
#define CLINT_SIZE 0x10000
/* Re-evaluates every hart's MTIP at the running hart's clock (set_irq only for a level that
 * changed); returns the number of cycles until a timer interrupt could next become pending
 * (UINT64_MAX if never). Never 0: while MTIP is pending it
 * returns UINT64_MAX, since only a write to mtimecmp/mtime can change it and such writes call
 * clint_update themselves (and hart_kick, so the run loop recomputes its deadline). */
uint64_t clint_update(clint_t *c);
uint64_t clint_mtime(const clint_t *c);

/* sifive_test has no state: its `opaque` is the dev_host_t itself. */

/* SiFive test finisher: 32-bit store 0x5555 = exit 0, (code << 16) | 0x3333 = exit code, 0x7777 = reset (treated as exit 0). */
extern const device_ops_t sifive_test_ops;
#define SIFIVE_TEST_SIZE 0x1000

/* VeeR EL2 testbench mailbox: byte store 0xFF = pass (exit 0), 0x01 = fail (exit 1), other bytes are console output. */
typedef struct veer_mailbox veer_mailbox_t;
veer_mailbox_t *veer_mailbox_new(const dev_host_t *host); /* NULL when out of memory */
void veer_mailbox_reset(veer_mailbox_t *mb);
extern const device_ops_t veer_mailbox_ops;
#define VEER_MAILBOX_SIZE 0x4

/* HTIF (riscv-tests / Spike convention): the words at the program's `tohost` and `fromhost`
 * symbols (fromhost may be 0). */
typedef struct htif {
    const dev_host_t *host;
    uint64_t tohost, fromhost;
} htif_t;
/* Called when the guest stores to `tohost`. Handles exit: (code << 1) | 1, console putchar
 * (device 1, cmd 1) and the syscall proxy for write/exit. */
void htif_tohost_write(const htif_t *htif, uint64_t value);

/* The hart clock frequency assumed by semihosting SYS_CLOCK, SYS_TIME, SYS_ELAPSED, SYS_TICKFREQ
 * (machine descriptions carry no clock frequency). */
#define SEMIHOST_CPU_HZ 100000000u

/* RISC-V semihosting. Called on the ebreak at `pc` (the executor does not keep h->pc up to date
 * inside a block); returns true when it is the semihosting sequence (slli x0,x0,0x1f; ebreak;
 * srai x0,x0,7) and the call was performed (a0 holds the result). */
typedef struct semihost {
    const dev_host_t *host;
    const char *cmdline; /* SYS_GET_CMDLINE: "PROGRAM ARG..." */
    int error;           /* SYS_ERRNO: the errno of the last failed call */
    /* SYS_OPEN(":semihosting-features"): the read position in the feature file, -1 while closed */
    int features_pos;
} semihost_t;
bool semihost_try(semihost_t *s, struct hart *h, uint64_t pc);

/* Little-endian access to guest memory bytes (HTIF magic_mem, semihosting parameter blocks). */
static inline uint64_t dev_get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = n; i-- > 0;)
        v = (v << 8) | p[i];
    return v;
}

static inline void dev_put_le(uint8_t *p, unsigned n, uint64_t v)
{
    for (unsigned i = 0; i < n; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

#endif
