/* The rounding mode and the accrued flags, for the F/D guests of tests/diff. */
#ifndef PMUSIM_TESTS_FP_CSR_H
#define PMUSIM_TESTS_FP_CSR_H

static inline void set_frm(unsigned rm)
{
    __asm__ volatile("csrw frm, %0" ::"r"(rm));
}

/* fflags, cleared as they are read */
static inline unsigned get_flags(void)
{
    unsigned f;
    __asm__ volatile("csrrw %0, fflags, zero" : "=r"(f));
    return f;
}

#endif
