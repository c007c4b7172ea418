/* Spinning harts skipped exactly. A hart that waits for another in a loop around a wfi that
 * returns at once (an interrupt pending and enabled but not taken: OpenSBI's secondary harts in
 * sbi_hsm_hart_wait) runs the same turn of the loop again and again until another hart writes
 * the word it polls. Within the hart's own run (no other hart runs, no device acts before the
 * run loop's next deadline) every turn after one that leaves the registers and the memory it
 * stored as they were is the same turn: the run loop checks one turn instruction by instruction
 * and then adds what the turns up to the deadline would have done (instructions, cycles, every
 * counter's count) at once. docs/architecture.md, "Spinning harts". */
#ifndef PMUSIM_CPU_SPIN_H
#define PMUSIM_CPU_SPIN_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

/* Whether a turn of a hart's loop may be skipped at all: a core without a timing or memory model,
 * no profile or debugger, untranslated fetches and accesses. */
bool hart_spin_possible(const hart_t *h);

/* The hart's wfi returned at once and it goes on at `resume`, n instructions (those of its block,
 * which the wfi ends) not yet counted in hart_insns (translated code calls it, the registers in
 * hart_t.x): seen there twice with the same registers, the executor returns (hart_kick) and
 * hart_t.spin.probe asks the run loop for hart_spin_skip. */
void hart_spin_seen(hart_t *h, uint64_t resume, uint64_t n);

/* With spin.probe set and the hart where its loop goes on: runs one turn with `exec`, one
 * instruction at a time, and when it left the registers and every byte it stored as they were,
 * adds `k` more such turns at once, the most that end before `limit` more instructions. True when
 * it ran anything (the run loop then looks at the world again). */
bool hart_spin_skip(hart_t *h, void (*exec)(hart_t *), uint64_t limit);

#endif
