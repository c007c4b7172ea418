/* Machine-mode hardware performance counters 3..31. */
#include "pmusim_rt.h"

#define RT_HPM_LIST(X)                                                                             \
    X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18)      \
    X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)

uint64_t rt_read_hpmcounter(unsigned n)
{
    switch (n) {
#define X(i)                                                                                       \
    case i:                                                                                        \
        return RT_READ_CSR64(mhpmcounter##i, mhpmcounter##i##h);
        RT_HPM_LIST(X)
#undef X
    default:
        return 0;
    }
}

#if __riscv_xlen == 32
#define RT_WRITE64(lo, hi, v)                                                                      \
    do {                                                                                           \
        rt_write_csr(lo, (uint32_t)(v));                                                           \
        rt_write_csr(hi, (uint32_t)((v) >> 32));                                                   \
    } while (0)
#else
#define RT_WRITE64(lo, hi, v) rt_write_csr(lo, (v))
#endif

void rt_write_hpmcounter(unsigned n, uint64_t value)
{
    switch (n) {
#define X(i)                                                                                       \
    case i:                                                                                        \
        RT_WRITE64(mhpmcounter##i, mhpmcounter##i##h, value);                                      \
        break;
        RT_HPM_LIST(X)
#undef X
    default:
        break;
    }
}

unsigned long rt_read_mhpmevent(unsigned n)
{
    switch (n) {
#define X(i)                                                                                       \
    case i:                                                                                        \
        return rt_read_csr(mhpmevent##i);
        RT_HPM_LIST(X)
#undef X
    default:
        return 0;
    }
}

void rt_write_mhpmevent(unsigned n, unsigned long event)
{
    switch (n) {
#define X(i)                                                                                       \
    case i:                                                                                        \
        rt_write_csr(mhpmevent##i, event);                                                         \
        break;
        RT_HPM_LIST(X)
#undef X
    default:
        break;
    }
}
