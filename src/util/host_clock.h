/* The host's monotonic clock: host time that goes by (waits, MIPS, a sweep's wall time), never a
 * guest's time. */
#ifndef PMUSIM_UTIL_HOST_CLOCK_H
#define PMUSIM_UTIL_HOST_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t host_clock_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static inline double host_clock_seconds(void)
{
    return (double)host_clock_ns() * 1e-9;
}

#endif
