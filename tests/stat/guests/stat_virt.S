/* virt32/virt64: a counted loop that prints nothing and exits with status 5 through the SiFive
 * test finisher. Instructions (all retire, none is compressed):
 *   setup  addi addi                   2
 *   loop   add addi bne                3 * N   (N conditional branches)
 *   exit   lui lui addi sw             4       the run ends after the sw commits
 * instructions = 3N + 6, branch-instructions = N. */
#ifndef STAT_N
#error "STAT_N (loop iterations, 1..2047) must be defined"
#endif
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    addi  s1, zero, STAT_N
    addi  s2, zero, 0
loop:
    add   s2, s2, s1
    addi  s1, s1, -1
    bne   s1, zero, loop
    lui   t0, 0x100             /* test finisher at 0x100000 */
    lui   t1, 0x53
    addi  t1, t1, 0x333         /* (5 << 16) | 0x3333: exit status 5 */
    sw    t1, 0(t0)
    jal   zero, .               /* not reached */
