/* Device models. Each device is a state struct plus bus callbacks; machine/machine.c instantiates
 * them from the machine description. Devices talk to the hart only through machine_* calls. */
#ifndef PMUSIM_DEV_DEVICES_H
#define PMUSIM_DEV_DEVICES_H

#include <stdbool.h>
#include <stdint.h>

#include "mem/bus.h"

struct machine;
struct hart;

/* ns16550-compatible UART (transmit side; reads of RBR return 0, LSR reports THR empty). */
typedef struct uart16550 uart16550_t;
uart16550_t *uart16550_new(struct machine *m); /* NULL when out of memory */
void uart16550_reset(uart16550_t *u);
void uart16550_free(uart16550_t *u);
extern const device_ops_t uart16550_ops;
#define UART16550_SIZE 0x100

/* SiFive CLINT: msip (+0), mtimecmp (+0x4000), mtime (+0xBFF8). mtime is derived from the hart's
 * cycle clock: mtime = cycle / cycles_per_tick. */
typedef struct clint clint_t;
clint_t *clint_new(struct machine *m, uint64_t cycles_per_tick); /* NULL when out of memory */
void clint_reset(clint_t *c); /* mtimecmp = UINT64_MAX, mtime follows the cycle clock, msip 0 */
void clint_free(clint_t *c);
extern const device_ops_t clint_ops;
#define CLINT_SIZE 0x10000
/* Re-evaluates MTIP/MSIP into the hart's mip; returns the number of cycles until the timer
 * interrupt could next become pending (UINT64_MAX if never). Never 0: while MTIP is pending it
 * returns UINT64_MAX, since only a write to mtimecmp/mtime can change it and such writes call
 * clint_update themselves (and hart_kick, so the run loop recomputes its deadline). */
uint64_t clint_update(clint_t *c);
uint64_t clint_mtime(const clint_t *c);

/* sifive_test and veer_mailbox have no state: their `opaque` is the machine_t itself. */

/* SiFive test finisher: 32-bit store 0x5555 = exit 0, (code << 16) | 0x3333 = exit code, 0x7777 = reset (treated as exit 0). */
extern const device_ops_t sifive_test_ops;
#define SIFIVE_TEST_SIZE 0x1000

/* VeeR EL2 testbench mailbox: byte store 0xFF = pass (exit 0), 0x01 = fail (exit 1), other bytes are console output. */
extern const device_ops_t veer_mailbox_ops;
#define VEER_MAILBOX_SIZE 0x4

/* HTIF (riscv-tests / Spike convention). Called when the guest stores to `tohost`. Handles exit
 * ((code << 1) | 1), console putchar (device 1, cmd 1) and the syscall proxy for write/exit. */
void htif_tohost_write(struct machine *m, uint64_t value);

/* The hart clock frequency assumed by semihosting SYS_CLOCK, SYS_TIME, SYS_ELAPSED, SYS_TICKFREQ
 * (machine descriptions carry no clock frequency). */
#define SEMIHOST_CPU_HZ 100000000u

/* RISC-V semihosting. Called on the ebreak at `pc` (the executor does not keep h->pc up to date
 * inside a block); returns true when it is the semihosting sequence (slli x0,x0,0x1f; ebreak;
 * srai x0,x0,7) and the call was performed (a0 holds the result). */
bool semihost_try(struct machine *m, struct hart *h, uint64_t pc);

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
