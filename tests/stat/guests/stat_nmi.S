/* veer-el2,user-mode=on: M-mode points the NMI vector at nmi_entry and drops to U-mode; U-mode
 * loops N times, then raises the NMI pin through the testbench mailbox; the NMI is taken at the
 * next block boundary (the `j`), into M-mode, whose handler loops K times and exits with status 0.
 * All instructions are 32-bit and all commit and retire; per privilege level:
 *   M  li csrw li csrw, lui, la(2) addi sw, la(2) csrw, lui addi csrc, mret     16
 *      handler: li, K x (addi bne), li sw                                      2K + 3
 *   U  li, N x (addi bne), li sw j                                             2N + 4
 * instructions:u = 2N + 4, instructions:m = 2K + 19, instructions = 2N + 2K + 23: the U-mode
 * count stops, and the M-mode count starts, at the first instruction of the NMI handler. */
#ifndef STAT_N
#error "STAT_N (loop iterations, 1..2047) must be defined"
#endif
#define STAT_K 300
#define MAILBOX 0xD0580000
    .option norvc
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    li    t1, -1
    csrw  pmpaddr0, t1          /* PMP: U-mode reaches everything */
    li    t1, 0x1f
    csrw  pmpcfg0, t1
    lui   t0, MAILBOX >> 12
    la    t1, nmi_entry
    addi  t1, t1, 0x81          /* mailbox 0x81: the NMI vector is data[31:8] << 8 */
    sw    t1, 0(t0)
    la    t1, u_entry
    csrw  mepc, t1
    lui   t1, 0x2
    addi  t1, t1, -0x800        /* 0x1800: mstatus.MPP */
    csrc  mstatus, t1           /* MPP = U */
    mret
u_entry:
    li    s1, STAT_N
1:  addi  s1, s1, -1
    bne   s1, zero, 1b
    li    t2, 0x183             /* mailbox 0x83, bit 8: one NMI */
    sw    t2, 0(t0)
    j     2f                    /* the block ends: the NMI is taken before the next one */
2:  j     2b                    /* not reached */

    .balign 0x10000             /* data[15:8] of the 0x81 command (an external line) is 0 */
nmi_entry:
    li    s1, STAT_K
3:  addi  s1, s1, -1
    bne   s1, zero, 3b
    li    t2, 0xFF              /* test passed: status 0 */
    sw    t2, 0(t0)
4:  j     4b                    /* not reached */
