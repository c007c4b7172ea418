/* What the drivers of micro4.S to micro8.S share: each micro-case is called as fn(buf, 7) on a
 * 16-word buffer in external memory, set to i * 0x01010101 before each measured run. A driver
 * declares its cases, then calls micro(name, fn) for each and vt_done(). (Included by one
 * driver each: the definitions are the driver's own, and its ELF is the one the RTL ran.) */
#ifndef VT_MICRO_EXT_H
#define VT_MICRO_EXT_H

#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

static uint32_t ext_buf[16] __attribute__((aligned(64)));

typedef void (*micro_fn)(uint32_t *buf, uint32_t a1);

#define DECL(n) void n(uint32_t *, uint32_t);

static micro_fn cur;

static void run_cur(void)
{
    cur(ext_buf, 7);
}

static void setup_buf(void)
{
    for (unsigned i = 0; i < 16; i++)
        ext_buf[i] = i * 0x01010101u;
}

static void micro(const char *name, micro_fn fn)
{
    cur = fn;
    vt_measure(name, setup_buf, run_cur);
}

#endif
