/* Group 7: identity and reset state of the VeeR EL2 default build (reference §1, §4):
 * misa 0x40001104 (RV32 I, M, C), mvendorid 0x45, marchid 0x10, mimpid 0x4, mstatus reset
 * 0x1800 with only MIE/MPIE writable (MPP hardwired to M), counters and selectors at reset. */
#include "pmu_test.h"

    TEST_NAME "identity"

    .text
    .globl test_main
test_main:
    csrr a0, misa
    CHECK 7001, a0, 0x40001104
    csrr a0, mvendorid
    CHECK 7002, a0, 0x45
    csrr a0, marchid
    CHECK 7003, a0, 0x10
    csrr a0, mimpid
    CHECK 7004, a0, 0x4
    csrr a0, mhartid
    CHECK 7005, a0, 0

    /* reset values, read by harness.S before anything was written */
    lla a1, reset_state
    lw a0, 0(a1)
    CHECK 7006, a0, 0x1800      /* mstatus */
    lw a0, 4(a1)
    CHECK 7007, a0, 0           /* mcountinhibit: everything counts */
    lw a0, 8(a1)
    CHECK 7008, a0, 0           /* mhpmevent3 */
    lw a0, 12(a1)
    CHECK 7009, a0, 0
    lw a0, 16(a1)
    CHECK 7010, a0, 0
    lw a0, 20(a1)
    CHECK 7011, a0, 0           /* mhpmevent6 */

    /* misa is not writable */
    csrw misa, zero
    csrr a0, misa
    CHECK 7012, a0, 0x40001104

    /* mstatus: only MIE (3) and MPIE (7) are writable, MPP stays 11 */
    li a1, -1
    csrw mstatus, a1
    csrr a0, mstatus
    CHECK 7013, a0, 0x1888
    csrw mstatus, zero
    csrr a0, mstatus
    CHECK 7014, a0, 0x1800

    TEST_END
