/* Small arithmetic on uint64_t counts and cycle numbers, where UINT64_MAX means "never". */
#ifndef PMUSIM_UTIL_U64_H
#define PMUSIM_UTIL_U64_H

#include <stdint.h>

static inline uint64_t u64_min(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static inline uint64_t u64_max(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* a + b, or UINT64_MAX when that does not fit */
static inline uint64_t u64_add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

#endif
