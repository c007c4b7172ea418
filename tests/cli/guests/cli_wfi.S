/* wfi with every interrupt disabled in mie: nothing can ever wake the hart (status 123). */
    .section .text.init, "ax"
    .globl _start
_start:
    csrw mie, zero
    csrci mstatus, 8
1:  wfi
    j 1b
