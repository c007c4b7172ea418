/* The translation tier: decoded blocks that become hot are turned into x86-64 host code.
 *
 * The translator knows decoded blocks (block_t, dinsn_t) and nothing of cores or PMU models. A
 * translated block is entered from the executor's block dispatch (its first instruction's handler
 * is the executor's JIT_ENTER), runs its instructions, retires through the same function as the
 * interpreter (exec_retire_block) and jumps straight on to the next translated block while the
 * budget lasts. Whatever it does not handle inline (devices, misaligned or watched accesses,
 * divisions, a block ending in a system instruction) goes back to the executor with a status that
 * names the instruction, and the interpreter carries on from there with its own code.
 * docs/performance.md describes it. */
#ifndef PMUSIM_JIT_JIT_H
#define PMUSIM_JIT_JIT_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"
#include "cpu/tier.h"

/* --jit / PMUSIM_JIT: off, on (translate blocks once they are hot), eager (at their first
 * execution, so that short test programs run translated code). */
enum jit_mode { JIT_MODE_DEFAULT = 0, JIT_MODE_OFF, JIT_MODE_ON, JIT_MODE_EAGER };

/* Executions of a block before it is translated (--jit=on). A translation costs about as much as
 * 100-150 interpreted executions of a block (11,500 host instructions in a Linux boot, against
 * about 70 saved per execution), so a block is interpreted for a part of that first: a boot's init
 * code runs a few dozen times and goes (docs/performance.md, "The hot threshold"). */
#define JIT_HOT_THRESHOLD 64

/* The executions before translation for a mode (0: the translator is off); mode DEFAULT is on
 * where the host supports it (the front end reads PMUSIM_JIT and passes its mode in). */
uint32_t jit_threshold_for(enum jit_mode mode);
/* Parses "on", "off" or "eager". */
bool jit_parse_mode(const char *s, enum jit_mode *mode);

/* A block was decoded: counted toward translation if the hart translates at all. */
void jit_block_built(hart_t *h, block_t *b);
/* Translates b; false when it cannot (the block stays interpreted). */
bool jit_translate(hart_t *h, block_t *b);
/* The block cache was flushed: all translated code goes with it. */
void jit_flush(hart_t *h);
void jit_free(hart_t *h);

/* The translator as the executor's tier (cpu/tier.h): the machine sets hart_t.tier to it. */
extern const exec_tier_t jit_tier;

#endif
