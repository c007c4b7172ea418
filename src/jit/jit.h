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

#if defined(__x86_64__) && !defined(PMUSIM_NO_JIT)
#define PMUSIM_HAVE_JIT 1
#else
#define PMUSIM_HAVE_JIT 0
#endif

/* --jit / PMUSIM_JIT: off, on (translate blocks once they are hot), eager (at their first
 * execution, so that short test programs run translated code). */
enum jit_mode { JIT_MODE_DEFAULT = 0, JIT_MODE_OFF, JIT_MODE_ON, JIT_MODE_EAGER };

/* Executions of a block before it is translated (--jit=on). */
#define JIT_HOT_THRESHOLD 16

/* What translated code returns to the executor: a kind and an instruction index k of the block
 * h->jit_block. */
enum jit_status {
    JIT_CONT = 1u << 24,  /* instructions [0, k) done: the interpreter runs instruction k on */
    JIT_TRAP = 2u << 24,  /* instruction k raised h->trap_cause (the ones before it are done) */
    JIT_STOP = 3u << 24,  /* instruction k completed and ends the block (exit device, code written) */
    JIT_CHAIN = 4u << 24, /* the block retired: go on at h->pc through successor k (0 or 1; 2:
                           * indirect, the target checked) */
};
#define JIT_KIND(s) ((s)&0xff000000u)
#define JIT_INDEX(s) ((s)&0x00ffffffu)

typedef uint32_t (*jit_entry_t)(hart_t *h);

/* The executions before translation for a mode (0: the translator is off); mode DEFAULT follows
 * the environment variable PMUSIM_JIT (off, on, eager), else on where the host supports it. */
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

#endif
