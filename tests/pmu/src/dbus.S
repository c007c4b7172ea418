/* Group 4: D-bus loads and stores (events 55, 56) against core-local memory.
 * RTL (lsu/el2_lsu_addrcheck.sv): addr_external = the start address is in neither the DCCM
 * region nor the PIC region, where a region is the top address nibble. DCCM (0xF0040000) and
 * PIC (0xF00C0000) are both in region 0xF, so every access in region 0xF is internal; main
 * RAM (0x80000000), the CLINT (0x02000000) and also the ICCM address range (0xEE000000,
 * region 0xE) are external for the LSU. Events 11-14 count all of them alike. */
#include "pmu_test.h"

    TEST_NAME "dbus"

    .text
    .globl test_main
test_main:
    addi sp, sp, -16
    lla s5, buf             /* RAM */
    mv a3, s5
    li s6, DCCM_BASE + 0x100
    mv a4, s6
    li a6, PIC_BASE
    li a7, ICCM_BASE
    li t3, CLINT_MTIME
    li a1, 0x5a

    /*        num   events            want         instruction */
    /* main RAM: external */
    MEASURE1 4001, 11, 55, 12, 56,  1, 1, 0, 0,  lw a2, 0(s5)
    MEASURE1 4005, 11, 55, 12, 56,  1, 1, 0, 0,  lbu a2, 1(s5)
    MEASURE1 4009, 11, 55, 12, 56,  1, 1, 0, 0,  C c.lw a2, 4(a3)
    MEASURE1 4013, 11, 55, 12, 56,  1, 1, 0, 0,  C c.lwsp a2, 0(sp)
    MEASURE1 4017, 11, 55, 12, 56,  0, 0, 1, 1,  sw a1, 0(s5)
    MEASURE1 4021, 11, 55, 12, 56,  0, 0, 1, 1,  sb a1, 1(s5)
    MEASURE1 4025, 11, 55, 12, 56,  0, 0, 1, 1,  C c.sw a1, 4(a3)
    MEASURE1 4029, 11, 55, 12, 56,  0, 0, 1, 1,  C c.swsp a1, 4(sp)
    /* misaligned in RAM: one instruction, one count in each event */
    MEASURE1 4033, 13, 55, 11, 4,   1, 1, 1, 2,  lw a2, 2(s5)
    MEASURE1 4037, 14, 56, 12, 4,   1, 1, 1, 2,  sh a1, 1(s5)
    /* DCCM: internal */
    MEASURE1 4041, 11, 55, 12, 56,  1, 0, 0, 0,  lw a2, 0(s6)
    MEASURE1 4045, 11, 55, 12, 56,  1, 0, 0, 0,  lh a2, 2(s6)
    MEASURE1 4049, 11, 55, 12, 56,  1, 0, 0, 0,  lb a2, 3(s6)
    MEASURE1 4053, 11, 55, 12, 56,  1, 0, 0, 0,  C c.lw a2, 4(a4)
    MEASURE1 4057, 11, 55, 12, 56,  0, 0, 1, 0,  sw a1, 0(s6)
    MEASURE1 4061, 11, 55, 12, 56,  0, 0, 1, 0,  sh a1, 2(s6)
    MEASURE1 4065, 11, 55, 12, 56,  0, 0, 1, 0,  sb a1, 3(s6)
    MEASURE1 4069, 11, 55, 12, 56,  0, 0, 1, 0,  C c.sw a1, 4(a4)
    /* misaligned inside the DCCM: done in hardware, counted as misaligned, not external */
    MEASURE1 4073, 13, 55, 11, 4,   1, 0, 1, 2,  lw a2, 2(s6)
    MEASURE1 4077, 14, 56, 12, 4,   1, 0, 1, 2,  sw a1, 1(s6)
    /* PIC (meipl1, word accesses only): internal */
    MEASURE1 4081, 11, 55, 12, 56,  1, 0, 0, 0,  lw a2, 4(a6)
    MEASURE1 4085, 11, 55, 12, 56,  0, 0, 1, 0,  sw zero, 4(a6)
    /* CLINT mtime: an external device */
    MEASURE1 4089, 11, 55, 12, 56,  1, 1, 0, 0,  lw a2, 0(t3)

    /* ---- 4101-4104: a mix, 6 loads (3 external), 4 stores (2 external) */
    PMU_SETUP 11, 55, 12, 56
    PMU_GO
    lw a2, 0(s5)            /* RAM */
    lw a2, 0(s6)            /* DCCM */
    lh a2, 6(s5)            /* RAM */
    lw a2, 4(a6)            /* PIC */
    C c.lw a2, 8(a4)        /* DCCM */
    lbu a2, 7(s5)           /* RAM */
    sw a1, 8(s5)            /* RAM */
    sh a1, 8(s6)            /* DCCM */
    sb a1, 9(s5)            /* RAM */
    C c.sw a1, 12(a4)       /* DCCM */
    PMU_STOP
    PMU_READ
    CHECK 4101, s0, 6
    CHECK 4102, s1, 3
    CHECK 4103, s2, 4
    CHECK 4104, s3, 2

    /* ---- 4105-4106: a read of a running counter sees the load just before it */
    PMU_SETUP 55, 56, 0, 0
    PMU_GO
    lw a2, 0(s5)
    csrr s0, mhpmcounter3
    sw a1, 0(s5)
    csrr s1, mhpmcounter4
    PMU_STOP
    CHECK 4105, s0, 1
    CHECK 4106, s1, 1

    /* ---- 4201-4208: the ICCM address range (0xEE000000) is region 0xE, neither the DCCM nor
     * the PIC region, so the RTL counts LSU accesses there as D-bus loads/stores. */
    MEASURE1 4201, 11, 55, 12, 56,  1, 1, 0, 0,  lw a2, 0(a7)
    MEASURE1 4205, 11, 55, 12, 56,  0, 0, 1, 1,  sw zero, 0(a7)

    addi sp, sp, 16
    TEST_END

    .data
    .align 6
buf: .space 64
