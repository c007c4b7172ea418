/* An endless loop of two instructions, an addi and a jal (which VeeR counts as a taken branch):
 * for --max-insns and Ctrl-C. */
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    addi  t0, t0, 1
    jal   zero, _start
