/* An endless loop: for --max-insns and Ctrl-C, and (truncated, wrong XLEN) as a bad input file. */
    .section .text.init, "ax"
    .globl _start
_start:
    j _start
