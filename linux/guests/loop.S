/*
 * loop N: a countdown loop whose user-mode instruction and branch counts are known exactly.
 *
 * Freestanding (no C library, no startup code): the kernel enters _start with argc at 0(sp)
 * and argv[] from 8(sp); the program parses argv[1] as a decimal N (digits only), runs the
 * two-instruction loop N times and exits with status 0 through the exit_group system call.
 * Nothing else runs in user mode, so for N >= 1 written with D digits (no leading '+',
 * no sign, no other characters):
 *
 *   instructions retired in U-mode = 2*N + 6*D + 11   (+1 if the final ecall is counted)
 *   conditional branches           =   N +   D +  3   (blt, beqz, D x bnez, beqz, N x bnez)
 *   taken conditional branches     =   N +   D -  2
 *   jumps, calls, returns          =   0
 *   loads                          =   D +  3         (argc, argv[1], the D digits and the NUL)
 *
 * How the counts come about (instructions on each path, in order):
 *   _start:  ld, li, li, blt (not taken), ld, li                                 6
 *   first:   lbu, beqz (not taken: a digit)                                      2
 *   digit:   addi, mul, add, addi, lbu, bnez   x D (taken D-1 times)           6*D
 *   run:     beqz (not taken: N >= 1)                                            1
 *   loop:    addi, bnez   x N (taken N-1 times)                                2*N
 *   exit:    li, li, ecall                                                 2 (+1)
 * Without an argument (or with N = 0) the loop does not run.
 *
 * The RISC-V privileged specification says an ecall that raises its exception does not
 * retire, so a counter that follows it (minstret) does not count the final ecall; a simulator
 * may. Differences between two runs are exact either way; with the same number of digits:
 *   instructions(N2) - instructions(N1) = 2*(N2 - N1),  branches(N2) - branches(N1) = N2 - N1
 * (with D1 and D2 digits add 6*(D2 - D1) and D2 - D1).
 */
    .text
    .globl _start
    .type _start, @function
_start:
    ld      a1, 0(sp)          /* argc */
    li      a0, 0              /* N */
    li      t2, 2
    blt     a1, t2, run        /* no argument: N = 0 */
    ld      t0, 16(sp)         /* argv[1] */
    li      t5, 10
    lbu     t1, 0(t0)
    beqz    t1, run            /* empty string: N = 0 */
digit:
    addi    t1, t1, -'0'
    mul     a0, a0, t5
    add     a0, a0, t1
    addi    t0, t0, 1
    lbu     t1, 0(t0)
    bnez    t1, digit
run:
    beqz    a0, exit
loop:
    addi    a0, a0, -1
    bnez    a0, loop
exit:
    li      a0, 0
    li      a7, 94             /* exit_group */
    ecall
    .size _start, . - _start

    .section .note.GNU-stack, "", @progbits
