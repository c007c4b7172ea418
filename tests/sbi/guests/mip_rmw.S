/* mip's SEIP is the OR of a software bit and the PLIC's line (privileged spec 3.1.9): a csrc of
 * another mip bit while the line is high must leave the software bit clear, so that SEIP falls
 * with the line. M-mode on virt64: the UART's THRE interrupt raises PLIC source 10 for hart 0's
 * S context (SEIP); csrc mip, STIP; then the UART's interrupt is turned off and the source claimed
 * and completed: SEIP must read 0. Exit through the SiFive test finisher: 0 passed, else the
 * failing check. */
#define UART 0x10000000
#define PLIC 0x0c000000
#define FINISHER 0x100000
#define SEIP (1 << 9)
#define STIP (1 << 5)
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, PLIC
    li t1, 1
    sw t1, 4 * 10(t0)           /* priority of source 10 */
    li t2, PLIC + 0x2000 + 0x80 /* enables of context 1 (hart 0, S) */
    li t1, 1 << 10
    sw t1, 0(t2)
    li t2, PLIC + 0x201000      /* threshold of context 1 */
    sw zero, 0(t2)
    li t0, UART
    li t1, 0x02
    sb t1, 1(t0)                /* IER.ETBEI: THR empty, the line rises */
    li a0, 1
    csrr t1, mip
    andi t1, t1, SEIP
    beqz t1, fail               /* 1: SEIP follows the line */
    li t1, STIP
    csrc mip, t1                /* read-modify-write of mip with the line high */
    li t0, UART
    sb zero, 1(t0)              /* the UART's interrupt off: its line falls */
    li t2, PLIC + 0x201004
    lw t1, 0(t2)                /* claim: source 10 */
    li a0, 2
    li t3, 10
    bne t1, t3, fail            /* 2: the claim returns source 10 */
    sw t1, 0(t2)                /* complete */
    li a0, 3
    csrr t1, mip
    andi t1, t1, SEIP
    bnez t1, fail               /* 3: SEIP fell with the line */
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
1:  j 1b
fail:
    li t0, FINISHER
    slli a0, a0, 16
    li t1, 0x3333
    or a0, a0, t1
    sw a0, 0(t0)
2:  j 2b
