/* An illegal instruction with no trap handler: mtvec = 0, where there is no memory, so the trap
 * handler's fetch faults again and again. pmusim must stop with status 123, not hang. */
    .section .text.init, "ax"
    .globl _start
_start:
    csrw mtvec, zero
    .word 0                     /* all zeros: illegal */
