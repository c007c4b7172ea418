/* harness_print.S - console formatting of the PMU suites' harnesses (tests/pmu, tests/pmu-mbv) over
 * the suite's own putc(a0) (clobbering at most t0 and a6), and the report's messages. Included by
 * each suite's harness.S in its text section. */

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

