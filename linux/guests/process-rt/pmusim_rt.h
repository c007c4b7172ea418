/*
 * What the example programs (examples/, e.g. coremark.c) use of the guest SDK's runtime, for a
 * Linux process: the program source is the same as the bare-metal one, so a process can be timed
 * against the same work bare-metal (bench/linux-process.sh). linux/kit.sh includes it before the
 * source (-include): its guard is the SDK header's, which then adds nothing.
 */
#ifndef PMUSIM_RT_H
#define PMUSIM_RT_H

#include <stdint.h>
#include <stdio.h>

#define rt_printf printf

/* minstret is not the process's to read (its count includes the kernel's instructions, and
 * scounteren may refuse it): 0, so the program's "instret:" line reads 0. `pmusim stat -e
 * instructions:u` counts the process from outside. */
static inline uint64_t rt_read_minstret(void)
{
    return 0;
}

#endif
