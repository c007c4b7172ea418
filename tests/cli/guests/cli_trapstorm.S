/* A trap handler that runs two instructions and traps again, never returning, with no branch or
 * other block-ending instruction in the loop: an AMO to unmapped memory whose address is
 * alternately aligned (store access fault, cause 7) and not (misaligned, cause 6). The cause
 * changes each time, so pmusim does not recognise the loop; --max-insns and Ctrl-C must still
 * stop it. */
    .option norvc
    .option arch, +a
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, handler
    csrw mtvec, t0
    li sp, 0x40000000           /* nothing there */
    .balign 16
    .globl handler
handler:
    xori s0, s0, 1
    add t2, sp, s0
    amoswap.w zero, zero, (t2)
