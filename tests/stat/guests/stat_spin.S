/* An endless loop of two instructions, an addi and a jal (which VeeR counts as a taken branch):
 * for --max-insns and Ctrl-C. (A lone `j .` with interrupts off would be recognised as a program
 * that can never go on, and stopped with status 123: stat_jself.S.) */
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    addi  t0, t0, 1
    jal   zero, _start
