/* Entry of the S-mode PMU payload: a0 = hartid, a1 = DTB (the boot protocol of QEMU's virt). */
#include "s_main_exit.h"
    .section .text.init
    .globl _start
_start:
    S_MAIN_AND_EXIT

/* S-mode trap handler. Exceptions: the test's illegal instructions, skipped (4 bytes each) and
 * counted in illegal_traps. Interrupts: the counter-overflow interrupt (LCOFI), recorded in
 * ovf_irqs, ovf_sepc, ovf_t0 (t0 of the interrupted code) and ovf_scountovf, then cleared. */
    .align 2
trap_entry:
    addi sp, sp, -16
    sd t0, 0(sp)
    sd t1, 8(sp)
    csrr t0, scause
    bltz t0, 1f
    csrr t0, sepc
    addi t0, t0, 4
    csrw sepc, t0
    la t0, illegal_traps
    lw t1, 0(t0)
    addi t1, t1, 1
    sw t1, 0(t0)
    j 2f
1:  la t0, ovf_irqs
    lw t1, 0(t0)
    addi t1, t1, 1
    sw t1, 0(t0)
    csrr t1, sepc
    la t0, ovf_sepc
    sd t1, 0(t0)
    ld t1, 0(sp)
    la t0, ovf_t0
    sd t1, 0(t0)
    csrr t1, scountovf
    la t0, ovf_scountovf
    sd t1, 0(t0)
    li t0, 1 << 13
    csrc sip, t0        /* LCOFIP */
2:  ld t0, 0(sp)
    ld t1, 8(sp)
    addi sp, sp, 16
    sret

/* measured(a2 flags...): the exact sequence whose counts the payload checks.
 * In: a0 = counter index, a3 = initial value, s-registers preserved by the callee convention.
 * start(a0, 1, SET_INIT_VALUE, a3), 1000 loop iterations, stop(a0, 1, 0).
 * Returns a0 = start's error, a1 = stop's error. */
    .globl measured
measured:
    addi sp, sp, -16
    sd s0, 0(sp)
    sd s1, 8(sp)
    mv s0, a0
    li a1, 1
    li a2, 1
    li a6, 3
    li a7, 0x504D55
    ecall                /* counter_start: counting begins after it */
    mv s1, a0            /* 1 */
    li t0, 1000          /* 1 */
2:  addi t0, t0, -1      /* 1000 */
    .globl measured_bnez
measured_bnez:
    bnez t0, 2b          /* 1000, all branches */
    mv a0, s0            /* 1 */
    li a1, 1             /* 1 */
    li a2, 0             /* 1 */
    li a6, 4             /* 1: 2006 instructions between the ecalls */
    ecall                /* counter_stop */
    mv a1, a0
    mv a0, s1
    ld s0, 0(sp)
    ld s1, 8(sp)
    addi sp, sp, 16
    ret
