/* An endless loop of one instruction (a jal, which VeeR counts as a taken branch): for
 * --max-insns and Ctrl-C. */
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    jal   zero, _start
