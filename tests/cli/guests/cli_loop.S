/* An endless loop of two instructions (a lone `j .` with interrupts off would be stopped as a
 * program that can never go on): for --max-insns and Ctrl-C, and (truncated, wrong XLEN) as a
 * bad input file. */
    .section .text.init, "ax"
    .globl _start
_start:
    nop
    j _start
