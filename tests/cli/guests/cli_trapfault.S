/* A trap handler that faults before it returns: it saves a register on a stack that is not in
 * memory (sp = 0x40000000), so each entry lowers sp by 16 and takes a store access fault at the
 * same pc. pmusim stops this (status 123) once the same trap has come back TRAP_REPEAT_LIMIT = 64
 * times in a row without an mret. */
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, handler
    csrw mtvec, t0
    li sp, 0x40000000
    ecall                       /* the first trap: from here on no trap returns */
    .balign 16
    .globl handler
handler:
    addi sp, sp, -16
    sw ra, 0(sp)                /* faults, with mtval = sp */
    j handler
