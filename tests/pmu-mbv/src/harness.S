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
