/* scounteren (0x106) exists when S-mode is configured (smode=on, built with SMODE=1): U-mode
 * reads hpmcounter3 only when both mcounteren and scounteren allow it. Without S-mode
 * (SMODE=0) scounteren is an illegal CSR. */
#include "mbv_test.h"

    TEST_NAME "smode"

    .text
    .globl test_main
test_main:
#if SMODE
    li t0, 8
    csrw mcounteren, t0         /* HPM3 */
    csrw scounteren, zero
    lla t0, u_trap
    csrw mtvec, t0
    lla s6, m_back1
    lla t0, u_part1
    csrw mepc, t0
    li t0, 0x1800
    csrc mstatus, t0            /* MPP = U */
    mret
u_part1:
    csrr a0, hpmcounter3        /* scounteren.HPM3 = 0: illegal */
    ecall
m_back1:
    CHECK 1301, s10, CAUSE_ILLEGAL
    li t0, 8
    csrw scounteren, t0
    csrr t1, scounteren
    CHECK 1302, t1, 8
    lla s6, m_back2
    lla t0, u_part2
    csrw mepc, t0
    li t0, 0x1800
    csrc mstatus, t0
    mret
u_part2:
    csrr a0, hpmcounter3        /* allowed now */
    ecall
m_back2:
    CHECK 1303, s10, 8          /* the ecall from U-mode, no illegal instruction before it */
    lla t0, trap_entry
    csrw mtvec, t0
#else
    EXPECT_TRAPS 4
    csrr t1, scounteren
    NO_TRAPS
    CHECK 1311, s11, 1
    CHECK 1312, s10, CAUSE_ILLEGAL
#endif
    TEST_END

/* Back to M-mode at s6 with the cause in s10 (the first trap of each part). */
    .align 2
u_trap:
    csrr s10, mcause
    jr s6
