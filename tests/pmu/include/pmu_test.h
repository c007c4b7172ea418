/* pmu_test.h - harness macros for the VeeR EL2 PMU tests (tests/pmu).
 *
 * Every test is a self-checking assembly program for machine veer-el2, linked with
 * src/harness.S. It programs the counters itself, runs a sequence of instructions whose
 * counts are derived by hand (in comments next to each check), and compares. A failing check
 * prints "FAIL check <n>: got 0x.. want 0x.." through the VeeR testbench mailbox and the run
 * goes on; at the end the mailbox receives 0xFF (all passed, exit 0) or 0x01 (exit 1).
 *
 * Check numbers: g000 + n for group g = 1..7 (docs/pmu-veer-el2.md, "Tests").
 *
 * Assembly conventions
 *   - ".option norvc": every instruction is a 32-bit encoding unless written as C <c.insn>.
 *   - ".option norelax": no linker relaxation changes the measured sequences.
 *   - lla is auipc + addi (2 instructions, class ALU); li of a 12-bit value is one addi.
 *
 * Registers reserved by the harness (tests must not use them for anything else)
 *   tp   always INHIBIT_ALL (0x7D), the operand of PMU_STOP (a 5-bit csrrwi immediate
 *        cannot hold it)
 *   s7   number of checks run
 *   s8   number of failed checks
 *   s9   "armed": non-zero while a trap is expected. A trap while s9 == 0 is reported as
 *        unexpected and ends the run (exit 1).
 *   s10  mcause of the last trap (written by the handler)
 *   s11  number of traps taken (incremented by the handler)
 *   t5   bytes the handler adds to mepc (4: skip a 32-bit instruction, 2: a 16-bit one,
 *        0: interrupts)
 *   t6   clobbered by the handler and by CHECK
 *   t5/t6 are the only temporaries the harness touches: CHECK preserves everything else.
 *   sp   harness stack (RAM); tests may use it as a normal stack.
 *   s0-s4 results of PMU_READ.
 *
 * The trap handler (harness.S) is exactly these 7 instructions, all 32-bit:
 *     beqz s9, unexpected   conditional branch, not taken       -> events 4, 6, 24
 *     csrr t6, mepc         csrrs rd, x0: CSR read              -> 4, 6, 16
 *     add  t6, t6, t5       ALU                                 -> 4, 6, 15
 *     csrw mepc, t6         csrrw x0: CSR write                 -> 4, 6, 18
 *     csrr s10, mcause      CSR read                            -> 4, 6, 16
 *     addi s11, s11, 1      ALU                                 -> 4, 6, 15
 *     mret                  mret                                -> 4, 6, 23
 * All 7 retire (minstret +7).
 */
#ifndef PMUSIM_PMU_TEST_H
#define PMUSIM_PMU_TEST_H

/* Per trap handled: instructions and the class events they add. */
#define H_ALL       7   /* events 4, 6 and minstret */
#define H_BRANCH    1   /* event 24 (not taken: not 26) */
#define H_CSR_READ  2   /* event 16 */
#define H_ALU       2   /* event 15 */
#define H_CSR_WRITE 1   /* event 18 */
#define H_MRET      1   /* event 23 */

/* Platform (veer-el2, reference §1) */
#define MAILBOX     0xD0580000
#define DCCM_BASE   0xF0040000
#define DCCM_SIZE   0x10000
#define ICCM_BASE   0xEE000000
#define PIC_BASE    0xF00C0000
#define CLINT_BASE  0x02000000
#define CLINT_MTIMECMP (CLINT_BASE + 0x4000)
#define CLINT_MTIME    (CLINT_BASE + 0xBFF8)

/* CSR numbers without assembler names */
#define CSR_MCOUNTINHIBIT 0x320
#define CSR_MCPC    0x7C2
#define CSR_MPMC    0x7C6
#define CSR_MITCNT0 0x7D2
#define CSR_MITB0   0x7D3
#define CSR_MITCTL0 0x7D4
#define CSR_MITCNT1 0x7D5
#define CSR_MITB1   0x7D6
#define CSR_MITCTL1 0x7D7

#define CAUSE_ILLEGAL      2
#define CAUSE_BREAKPOINT   3
#define CAUSE_MISALIGNED_LOAD 4
#define CAUSE_LOAD_ACCESS  5
#define CAUSE_MISALIGNED_STORE 6
#define CAUSE_STORE_ACCESS 7
#define CAUSE_ECALL_M      11
#define CAUSE_MTI          0x80000007

/* mcountinhibit value that stops every implemented counter (bits 0, 2-6) */
#define INHIBIT_ALL 0x7D

#ifdef __ASSEMBLER__

.option norvc
.option norelax

/* A compressed instruction: C c.addi a0, 1 */
.macro C insn:vararg
    .option push
    .option rvc
    \insn
    .option pop
.endm

/* Stops every counter. Counted under the old mcountinhibit: when the counters were running,
 * this instruction (csrrw, rd=x0: 32-bit, CSR write) adds 1 to events 4, 6, 18 and minstret. */
.macro PMU_STOP
    csrw CSR_MCOUNTINHIBIT, tp
.endm

/* Starts every counter. Counted under the old value (all inhibited): adds nothing. */
.macro PMU_GO
    csrwi CSR_MCOUNTINHIBIT, 0
.endm

/* Stops the counters, zeroes mhpmcounter3-6, minstret and mcycle (both halves), selects
 * events e3..e6. Counters stay stopped: PMU_GO starts them. Clobbers t0. */
.macro PMU_SETUP e3, e4, e5, e6
    PMU_STOP
    csrw mhpmcounter3, zero
    csrw mhpmcounter3h, zero
    csrw mhpmcounter4, zero
    csrw mhpmcounter4h, zero
    csrw mhpmcounter5, zero
    csrw mhpmcounter5h, zero
    csrw mhpmcounter6, zero
    csrw mhpmcounter6h, zero
    csrw minstret, zero
    csrw minstreth, zero
    csrw mcycle, zero
    csrw mcycleh, zero
    li t0, \e3
    csrw mhpmevent3, t0
    li t0, \e4
    csrw mhpmevent4, t0
    li t0, \e5
    csrw mhpmevent5, t0
    li t0, \e6
    csrw mhpmevent6, t0
.endm

/* s0..s3 = mhpmcounter3..6, s4 = minstret (low halves). Use after PMU_STOP. */
.macro PMU_READ
    csrr s0, mhpmcounter3
    csrr s1, mhpmcounter4
    csrr s2, mhpmcounter5
    csrr s3, mhpmcounter6
    csrr s4, minstret
.endm

#include "guest_check.h" /* CHECK num, reg, want */

/* Measures one instruction: counters 3-6 select e3..e6, run `insn` between PMU_GO and
 * PMU_STOP, check counters 3-6 against w3..w6 as checks num..num+3. The expected values
 * include PMU_STOP's own events (+1 for events 4, 6, 18). */
.macro MEASURE1 num, e3, e4, e5, e6, w3, w4, w5, w6, insn:vararg
    PMU_SETUP \e3, \e4, \e5, \e6
    PMU_GO
    \insn
    PMU_STOP
    PMU_READ
    CHECK (\num), s0, \w3
    CHECK (\num + 1), s1, \w4
    CHECK (\num + 2), s2, \w5
    CHECK (\num + 3), s3, \w6
.endm

#endif /* __ASSEMBLER__ */
#endif
