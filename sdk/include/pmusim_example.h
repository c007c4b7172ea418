/*
 * Conventions of the pmusim example programs (examples/), usable by any guest.
 *
 * Output of a program using ex_begin/ex_check/ex_report/ex_finish:
 *     <name>: ...result lines...
 *     <name>: check failed: <what>          (only for failed self-checks)
 *     <name>: checksum=0x%08x
 *     <name>: PASS                          (or "<name>: FAIL (<n> checks)")
 *     ...optional lines whose text depends on the host (hello: counter values)
 *     instret: N
 * N is the minstret delta from ex_begin (start of main) up to just before the PASS/FAIL
 * line, so it does not include host-dependent output. main returns 0 only on PASS.
 */
#ifndef PMUSIM_EXAMPLE_H
#define PMUSIM_EXAMPLE_H

#include <stdint.h>

#include "pmusim_rt.h"

typedef struct ex_state {
    const char *name;
    uint64_t instret0;
    uint64_t instret1;
    int failures;
} ex_state_t;

static inline void ex_begin(ex_state_t *ex, const char *name)
{
    ex->name = name;
    ex->failures = 0;
    ex->instret1 = 0;
    ex->instret0 = rt_read_minstret();
}

/* Records a failed self-check (printed immediately). */
static inline void ex_check(ex_state_t *ex, int ok, const char *what)
{
    if (!ok) {
        ex->failures++;
        rt_printf("%s: check failed: %s\n", ex->name, what);
    }
}

/* Stops the instret measurement and prints checksum and PASS/FAIL. */
static inline void ex_report(ex_state_t *ex, uint32_t checksum)
{
    rt_printf("%s: checksum=0x%08x\n", ex->name, (unsigned)checksum);
    ex->instret1 = rt_read_minstret();
    if (ex->failures)
        rt_printf("%s: FAIL (%d checks)\n", ex->name, ex->failures);
    else
        rt_printf("%s: PASS\n", ex->name);
}

/* Prints the instret line (last line) and returns main's exit code. */
static inline int ex_finish(ex_state_t *ex)
{
    if (!ex->instret1)
        ex->instret1 = rt_read_minstret();
    rt_printf("instret: %llu\n", (unsigned long long)(ex->instret1 - ex->instret0));
    return ex->failures ? 1 : 0;
}

/* xorshift32 PRNG: deterministic input data. */
static inline uint32_t ex_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    *state = x;
    return x;
}

#endif
