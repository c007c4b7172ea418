/* Group 5a: exceptions (event 37).
 *   37 = every synchronous exception taken: ecall, ebreak, illegal instructions, instruction
 *        and load/store access faults (the faulting instruction does not commit: not in 4,
 *        11, 12, 55, 56). The LSU address rules are those of lsu/el2_lsu_addrcheck.sv.
 * Interrupts (event 38) are in timers.S.
 * Each single-exception measurement: counters 3..6 checked as num..num+3, mcause as num+4, the
 * number of traps as num+5. The handler adds H_ALL = 7 instructions to events 4 and 6 (and its
 * classes, see pmu_test.h), PMU_STOP one more to 4, 6 and 18. */
#include "pmu_test.h"

    TEST_NAME "traps"

/* One instruction that traps: events e3..e6, expected w3..w6, expected mcause. */
.macro TRAP1 num, skip, e3, e4, e5, e6, w3, w4, w5, w6, cause, insn:vararg
    li s11, 0
    EXPECT_TRAPS \skip
    MEASURE1 \num, \e3, \e4, \e5, \e6, \w3, \w4, \w5, \w6, \insn
    NO_TRAPS
    CHECK (\num + 4), s10, \cause
    CHECK (\num + 5), s11, 1
.endm

    .text
    .globl test_main
test_main:
    li a6, DCCM_BASE + DCCM_SIZE    /* one past the DCCM */
    li a7, PIC_BASE
    li a1, 0x5a
    li a4, 0xF0000000               /* region 0xF, neither DCCM nor PIC: unmapped */
    li a5, 0xFFFF0000               /* the same, near the top */

    /*    num  skip  events           want          mcause              instruction */
    TRAP1 5001, 4,  37, 4, 20, 11,   1, 9, 1, 0,   CAUSE_ECALL_M,      ecall
    TRAP1 5011, 4,  37, 4, 19, 5,    1, 9, 1, 0,   CAUSE_BREAKPOINT,   ebreak
    TRAP1 5021, 2,  37, 4, 19, 5,    1, 9, 1, 1,   CAUSE_BREAKPOINT,   C c.ebreak
    TRAP1 5031, 4,  37, 4, 5, 6,     1, 8, 0, 8,   CAUSE_ILLEGAL,      .word 0x0000000b
    TRAP1 5041, 2,  37, 4, 5, 6,     1, 8, 0, 8,   CAUSE_ILLEGAL,      .hword 0
    TRAP1 5051, 4,  37, 4, 16, 6,    1, 8, 2, 8,   CAUSE_ILLEGAL,      csrr a2, cycle
    TRAP1 5061, 4,  37, 4, 16, 6,    1, 8, 2, 8,   CAUSE_ILLEGAL,      csrr a2, instret
    TRAP1 5071, 4,  37, 4, 18, 6,    1, 8, 2, 8,   CAUSE_ILLEGAL,      csrw mcounteren, a1
    /* load / store access faults: region 0xF outside the DCCM and PIC is unmapped (everywhere
     * else the testbench has memory) */
    TRAP1 5081, 4,  37, 4, 11, 55,   1, 8, 0, 0,   CAUSE_LOAD_ACCESS,  lw a2, 0(a5)
    TRAP1 5091, 4,  37, 4, 12, 56,   1, 8, 0, 0,   CAUSE_STORE_ACCESS, sw a1, 0(a5)
    TRAP1 5101, 4,  37, 4, 11, 55,   1, 8, 0, 0,   CAUSE_LOAD_ACCESS,  lw a2, 0(a4)
    /* a misaligned access crossing the end of the DCCM: RTL el2_lsu_addrcheck: the end address
     * is in the DCCM region but not in the DCCM -> unmapped access fault (not a misaligned
     * exception, which the RTL raises only for region crossings and side-effect memory) */
    TRAP1 5111, 4,  37, 4, 11, 13,   1, 8, 0, 0,   CAUSE_LOAD_ACCESS,  lw a2, -2(a6)
    TRAP1 5121, 4,  37, 4, 12, 14,   1, 8, 0, 0,   CAUSE_STORE_ACCESS, sw a1, -2(a6)
    /* PIC: only aligned word accesses (el2_lsu_addrcheck picm_access_fault_d) */
    TRAP1 5131, 4,  37, 4, 11, 55,   1, 8, 0, 0,   CAUSE_LOAD_ACCESS,  lb a2, 4(a7)
    TRAP1 5141, 4,  37, 4, 12, 56,   1, 8, 0, 0,   CAUSE_STORE_ACCESS, sh a1, 4(a7)

    /* user-level counter CSRs do not exist in the default build (no U-mode) */
    TRAP1 5151, 4,  37, 4, 16, 6,    1, 8, 2, 8,   CAUSE_ILLEGAL,      csrr a2, hpmcounter3
    TRAP1 5161, 4,  37, 4, 16, 6,    1, 8, 2, 8,   CAUSE_ILLEGAL,      csrr a2, hpmcounter4h

    /* ---- 5171-5176: a jump to unmapped memory: the jalr commits (branch, taken,
     * unpredictable: rs1 = a4 is not a return), the fetch at 0xF0000000 raises an instruction
     * access fault. The handler returns to mepc + t5 = 0xF0000000 + (1f - 0xF0000000). */
    li s11, 0
    PMU_SETUP 37, 4, 24, 27
    li s9, 1
    lla t5, 1f
    sub t5, t5, a4
    PMU_GO
    jalr zero, 0(a4)
1:  PMU_STOP
    NO_TRAPS
    PMU_READ
    CHECK 5171, s0, 1
    CHECK 5172, s1, 9       /* jalr + 7 + PMU_STOP */
    CHECK 5173, s2, 2       /* jalr + the handler's beqz */
    CHECK 5174, s3, 1
    CHECK 5175, s10, 1      /* instruction access fault */
    CHECK 5176, s11, 1

    /* ---- 5201-5206: exceptions inside a block: the instructions before the faulting one
     * commit, the faulting one does not. 3 ALU + lw fault + handler + PMU_STOP. */
    li s11, 0
    PMU_SETUP 4, 15, 11, 37
    EXPECT_TRAPS 4
    PMU_GO
    addi a2, zero, 1
    addi a2, a2, 1
    addi a2, a2, 1
    lw a3, 0(a5)            /* unmapped (a5 = 0xFFFF0000) */
    PMU_STOP
    NO_TRAPS
    PMU_READ
    CHECK 5201, s0, 11      /* 3 + 7 + 1 */
    CHECK 5202, s1, 5       /* 3 + 2 (handler) */
    CHECK 5203, s2, 0
    CHECK 5204, s3, 1
    CHECK 5205, s4, 11      /* minstret */
    CHECK 5206, a2, 3

    TEST_END
