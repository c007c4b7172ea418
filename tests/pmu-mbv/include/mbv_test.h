/* mbv_test.h - harness macros for the MicroBlaze V HPM tests (tests/pmu-mbv).
 *
 * Every test is a self-checking RV32 assembly program for machine mbv32 (with the -M options
 * its CMakeLists entry gives), linked with src/harness.S. It programs the counters itself, runs
 * instructions whose counts are derived by hand (in comments next to each check) and compares.
 * A failing check prints "FAIL check <n>: got 0x.. want 0x.." on the UART Lite and the run goes
 * on; at the end the program exits through tohost with 0 (all passed) or 1.
 *
 * Conventions (as tests/pmu): ".option norvc" and ".option norelax"; C <insn> for a compressed
 * instruction. Reserved registers: tp = 0xFFFFFFFF (PMU_STOP's operand), s7 checks run, s8
 * failed, s9 armed for traps, s10 last mcause, s11 traps taken, t5 bytes the handler adds to mepc,
 * t6 scratch of the handler and CHECK, sp stack.
 *
 * The counters stop and start as a whole: PMU_STOP (csrw mcountinhibit, tp) is counted under
 * the old value, so when the counters run it adds its own events: one retired instruction of
 * class 0 bit 8 (system), one I-cache request when fetched from cached memory. PMU_GO (csrwi
 * mcountinhibit, 0) is counted under the old value (all stopped) and adds nothing. Both are CSR
 * instructions and end their blocks.
 */
#ifndef PMUSIM_MBV_TEST_H
#define PMUSIM_MBV_TEST_H

/* Platform (mbv32) */
#define UARTLITE 0x40600000
#define AXI_TIMER 0x41C00000
#define AXI_INTC 0x41200000
#define LMB_BASE 0x00000000

#define CSR_MCOUNTINHIBIT 0x320
#define CAUSE_ILLEGAL 2
#define CAUSE_ECALL_M 11
#define CAUSE_MEI 0x8000000B

/* mhpmevent values: class c, event bits */
#define EV(c, bits) (((c) << 1) | (bits))
#define B(n) (1 << (n))

#ifdef __ASSEMBLER__

.option norvc
.option norelax

.macro C insn:vararg
    .option push
    .option rvc
    \insn
    .option pop
.endm

.macro PMU_STOP
    csrw CSR_MCOUNTINHIBIT, tp
.endm
.macro PMU_GO
    csrwi CSR_MCOUNTINHIBIT, 0
.endm

/* mhpmevent<n> = value (clobbers t0) */
.macro SELECT n, value
    li t0, \value
    csrw (0x320 + \n), t0
.endm
/* mhpmcounter<n> = 0, both halves */
.macro ZERO n
    csrw (0xB00 + \n), zero
    csrw (0xB80 + \n), zero
.endm
.macro READ reg, n
    csrr \reg, (0xB00 + \n)
.endm
.macro READ_EVENT reg, n
    csrr \reg, (0x320 + \n)
.endm

#include "guest_check.h" /* CHECK num, reg, want */

/* Counter n must read `want` (clobbers t1). */
.macro CHECK_CTR num, n, want
    READ t1, \n
    CHECK \num, t1, \want
.endm

#endif /* __ASSEMBLER__ */
#endif
