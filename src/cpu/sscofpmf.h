/* Sscofpmf and Smcntrpmf: counter overflow (mhpmevent.OF, scountovf, the local counter-overflow
 * interrupt LCOFI) and privilege-mode filtering (the xINH bits, mcyclecfg, minstretcfg). */
#ifndef PMUSIM_CPU_SSCOFPMF_H
#define PMUSIM_CPU_SSCOFPMF_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

#define MHPMEVENT_OF (1ull << 63)
#define MHPMEVENT_MINH (1ull << 62)
#define MHPMEVENT_SINH (1ull << 61)
#define MHPMEVENT_UINH (1ull << 60)
#define MHPMEVENT_VSINH (1ull << 59)
#define MHPMEVENT_VUINH (1ull << 58)
#define COUNTERCFG_INH_BITS (0x1Full << 58) /* mcyclecfg/minstretcfg: MINH..VUINH */

static inline bool sscof_has(const hart_t *h)
{
    return (h->isa & ISA_EXT_SSCOFPMF) != 0;
}

/* The PMU levels (bit n = privilege level n) a counter with these inhibit bits counts at. */
unsigned sscof_modes(uint64_t inh_bits);

/* mhpmeventN changed: its mode filter follows the xINH bits, its overflow watch the OF bit. */
void sscof_event_written(hart_t *h, unsigned n);
/* Counters were written, started or stopped: the overflow watch starts again from their values
 * (and the run loop recomputes how far it may run). */
void sscof_rearm(hart_t *h);
/* Instructions that can commit before a watched counter wraps (UINT64_MAX: none counting). */
uint64_t sscof_insns_to_overflow(const hart_t *h);
/* After instructions ran: a watched counter that wrapped sets its OF bit and LCOFIP. */
void sscof_check(hart_t *h);

/* CSR handlers (cpu/csr.c's table) */
bool sscof_rd_scountovf(hart_t *h, unsigned csr, evset_t own, uint64_t *val);
bool sscof_rd_mhpmeventh(hart_t *h, unsigned csr, evset_t own, uint64_t *val);
void sscof_wr_mhpmeventh(hart_t *h, unsigned csr, uint64_t v, evset_t own);
bool sscof_rd_countercfg(hart_t *h, unsigned csr, evset_t own, uint64_t *val);
void sscof_wr_countercfg(hart_t *h, unsigned csr, uint64_t v, evset_t own);

#endif
