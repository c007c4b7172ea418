/* A program that ends in a jump to itself with interrupts off (as picolibc's default crt0 does
 * after main returns): 3 instructions, then `j .` for ever. pmusim stops it with status 123. */
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    addi  t0, zero, 1
    addi  t1, zero, 2
    add   t2, t0, t1
end:
    jal   zero, end
