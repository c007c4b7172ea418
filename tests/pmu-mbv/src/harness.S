/* harness.S - start-up, trap handler and reporting shared by the MicroBlaze V HPM tests
 * (tests/pmu-mbv); output on the AXI UART Lite, exit through tohost.
 * See include/mbv_test.h for the conventions. The test provides test_main and test_name. */
#include "mbv_test.h"

    .section .text.init, "ax"
    .globl _start
_start:
    /* Reset state, captured before anything writes a CSR (checked by the "reset" test). */
    lla a0, reset_state
    csrr t0, CSR_MCOUNTINHIBIT
    sw t0, 0(a0)
    csrr t0, 0x323
    sw t0, 4(a0)
    csrr t0, 0x324
    sw t0, 8(a0)
    csrr t0, 0x325
    sw t0, 12(a0)
    csrr t0, 0x326
    sw t0, 16(a0)
    csrr t0, 0x327
    sw t0, 20(a0)
    csrr t0, 0x328
    sw t0, 24(a0)
    csrr t0, 0xB03
    sw t0, 28(a0)
    csrr t0, 0xB08
    sw t0, 32(a0)
    csrr t0, 0xB09
    sw t0, 36(a0)

    lla sp, stack_top
    li tp, -1
    lla t0, trap_entry
    csrw mtvec, t0
    li s7, 0
    li s8, 0
    li s9, 0
    li s10, 0
    li s11, 0
    li t5, 0
    PMU_STOP                /* the tests start with every counter stopped */
    j test_main

#include "harness_common.S"
    li t1, 3             /* tohost = (code << 1) | 1: 1 passes, 3 fails */
    beqz s8, 1f
    li t1, 3
    j 2f
1:  li t1, 1
2:  lla t0, tohost
    sw zero, 4(t0)
    sw t1, 0(t0)
3:  j 3b

/* putc(a0): one byte to the UART Lite's TX FIFO. Clobbers t0, a6. */
putc:
    li t0, UARTLITE
1:  lw a6, 8(t0)         /* STAT bit 3: TX FIFO full */
    andi a6, a6, 8
    bnez a6, 1b
    sw a0, 4(t0)
    ret

#include "harness_print.S"

    .data
    .align 4
    .globl reset_state
/* mcountinhibit, mhpmevent3-8, mhpmcounter3, 8, 9 as found at reset */
reset_state: .space 48

    .section .tohost, "aw"
    .align 6
    .globl tohost
tohost: .dword 0
    .align 6
    .globl fromhost
fromhost: .dword 0

    .bss
    .align 4
stack: .space 4096
    .globl stack_top
stack_top:
