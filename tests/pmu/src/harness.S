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

/* puts(a0): NUL-terminated string. Clobbers a0, t0, t1, t2. */
puts:
    mv t1, a0
    mv t2, ra
1:  lbu a0, 0(t1)
    beqz a0, 2f
    jal ra, putc
    addi t1, t1, 1
    j 1b
2:  mv ra, t2
    ret

/* print_hex(a0): "0x" and 8 hex digits. Clobbers a0, t0-t4. */
print_hex:
    mv t3, a0
    mv t4, ra
    li a0, '0'
    jal ra, putc
    li a0, 'x'
    jal ra, putc
    li t1, 28
1:  srl a0, t3, t1
    andi a0, a0, 15
    li t2, 10
    blt a0, t2, 2f
    addi a0, a0, 'a' - '0' - 10
2:  addi a0, a0, '0'
    jal ra, putc
    addi t1, t1, -4
    bgez t1, 1b
    mv ra, t4
    ret

/* print_dec(a0): unsigned decimal. Clobbers a0, t0-t4. */
print_dec:
    mv t4, ra
    addi sp, sp, -16
    mv t1, sp            /* digits are pushed below sp+16, most significant last */
    addi t1, t1, 16
    li t2, 10
1:  remu t3, a0, t2
    divu a0, a0, t2
    addi t3, t3, '0'
    addi t1, t1, -1
    sb t3, 0(t1)
    bnez a0, 1b
    addi t3, sp, 16
2:  lbu a0, 0(t1)
    jal ra, putc
    addi t1, t1, 1
    bltu t1, t3, 2b
    addi sp, sp, 16
    mv ra, t4
    ret

    .section .rodata
msg_unexpected: .asciz "FAIL unexpected trap: mcause="
msg_mepc:       .asciz " mepc="
msg_mtval:      .asciz " mtval="
msg_fail:       .asciz "FAIL check "
msg_got:        .asciz ": got "
msg_want:       .asciz " want "
msg_pmu:        .asciz "pmu "
msg_colon:      .asciz ": "
msg_checks:     .asciz " checks, "
msg_failed:     .asciz " failed\n"

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
