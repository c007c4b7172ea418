/* harness.S - start-up, trap handler and reporting shared by the PMU tests (tests/pmu).
 * See include/pmu_test.h for the conventions. The test provides test_main and test_name. */
#include "pmu_test.h"

    .section .text.init, "ax"
    .globl _start
_start:
    /* Reset state, captured before anything writes a CSR (checked by group 7). */
    csrr t0, mstatus
    csrr t1, CSR_MCOUNTINHIBIT
    csrr t2, mhpmevent3
    csrr t3, mhpmevent4
    csrr t4, mhpmevent5
    csrr t5, mhpmevent6
    lla a0, reset_state
    sw t0, 0(a0)
    sw t1, 4(a0)
    sw t2, 8(a0)
    sw t3, 12(a0)
    sw t4, 16(a0)
    sw t5, 20(a0)
    csrr t0, mtvec
    sw t0, 24(a0)

    lla sp, stack_top
    li tp, INHIBIT_ALL
    lla t0, trap_entry
    csrw mtvec, t0
    li s7, 0
    li s8, 0
    li s9, 0
    li s10, 0
    li s11, 0
    li t5, 0
    j test_main

#include "harness_common.S"
    li t0, MAILBOX
    li t1, 0xFF
    beqz s8, 1f
    li t1, 0x01
1:  sb t1, 0(t0)
2:  j 2b

/* putc(a0): one byte to the mailbox. Clobbers t0. */
putc:
    li t0, MAILBOX
    sb a0, 0(t0)
    ret

#include "harness_print.S"

    .data
    .align 4
    .globl reset_state
/* mstatus, mcountinhibit, mhpmevent3-6, mtvec as found at reset */
reset_state: .space 32

    .bss
    .align 4
stack: .space 4096
    .globl stack_top
stack_top:
