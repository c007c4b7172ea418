/* harness_common.S - the part of the PMU suites' harnesses that is the same on every machine
 * (tests/pmu, tests/pmu-mbv): the trap handler, check_failed and the report line of test_done.
 * Included by each suite's harness.S after its header (PMU_STOP, the register conventions), which
 * provides puts, putc, print_hex, print_dec and the messages, and follows this with test_done's
 * verdict (t0, t1 free; s8 = checks failed). */

/* The trap handler: exactly 7 instructions when armed (the suite's header lists their events). */
    .align 2
    .globl trap_entry
trap_entry:
    beqz s9, unexpected_trap
    csrr t6, mepc
    add t6, t6, t5
    csrw mepc, t6
    csrr s10, mcause
    addi s11, s11, 1
    mret

unexpected_trap:
    PMU_STOP
    lla a0, msg_unexpected
    jal ra, puts
    csrr a0, mcause
    jal ra, print_hex
    lla a0, msg_mepc
    jal ra, puts
    csrr a0, mepc
    jal ra, print_hex
    lla a0, msg_mtval
    jal ra, puts
    csrr a0, mtval
    jal ra, print_hex
    li a0, '\n'
    jal ra, putc
    addi s8, s8, 1
    j test_done

/* check_failed(a0 = check number, a1 = got, a2 = want): prints, counts in s8. Preserves every
 * register but a0-a2 and ra (the CHECK macro saves those). */
    .globl check_failed
check_failed:
    addi sp, sp, -48
    sw ra, 0(sp)
    sw t0, 4(sp)
    sw t1, 8(sp)
    sw t2, 12(sp)
    sw t3, 16(sp)
    sw t4, 20(sp)
    sw a3, 24(sp)
    sw a4, 28(sp)
    sw a5, 32(sp)
    sw a6, 36(sp)
    sw a7, 40(sp)
    sw t5, 44(sp)
    mv a4, a1
    mv a5, a2
    mv a3, a0
    lla a0, msg_fail
    jal ra, puts
    mv a0, a3
    jal ra, print_dec
    lla a0, msg_got
    jal ra, puts
    mv a0, a4
    jal ra, print_hex
    lla a0, msg_want
    jal ra, puts
    mv a0, a5
    jal ra, print_hex
    li a0, '\n'
    jal ra, putc
    addi s8, s8, 1
    lw ra, 0(sp)
    lw t0, 4(sp)
    lw t1, 8(sp)
    lw t2, 12(sp)
    lw t3, 16(sp)
    lw t4, 20(sp)
    lw a3, 24(sp)
    lw a4, 28(sp)
    lw a5, 32(sp)
    lw a6, 36(sp)
    lw a7, 40(sp)
    lw t5, 44(sp)
    addi sp, sp, 48
    ret

/* The end of every test: "pmu <name>: <n> checks, <m> failed", then the mailbox verdict. */
    .globl test_done
test_done:
    PMU_STOP
    li s9, 0
    lla a0, msg_pmu
    jal ra, puts
    lla a0, test_name
    jal ra, puts
    lla a0, msg_colon
    jal ra, puts
    mv a0, s7
    jal ra, print_dec
    lla a0, msg_checks
    jal ra, puts
    mv a0, s8
    jal ra, print_dec
    lla a0, msg_failed
    jal ra, puts
