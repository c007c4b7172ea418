/* A VeeR EL2 kernel whose event counts are known by construction (tests/stat/CMakeLists.txt
 * derives every expected count from STAT_N and the instruction list below).
 *
 * All instructions are written out (no pseudo-instructions that could expand to more than one
 * instruction) and assembled uncompressed, except the two explicit c.* instructions. Per
 * instruction: its classes as the VeeR PMU counts them (VeeR reference §3).
 *
 *   part       instructions                                   count
 *   setup      lui addi addi addi lui addi csrw               7      6 ALU, 1 CSR write
 *   loop       lw lw mul add sw addi bne                      7 * N  2N loads, N muls, 2N ALU,
 *                                                                    N stores, N branches (N-1 taken)
 *   calls      jal ; divu jalr(return) ; lui addi jalr(t1)    6      3 branches (all taken),
 *                                                                    1 unpredictable (jalr via t1),
 *                                                                    1 div, 2 ALU
 *   far        lw(misaligned) lui sw(DCCM) lw(DCCM) ecall     5      2 loads (1 misaligned, 1 core-
 *                                                                    local), 1 store (core-local),
 *                                                                    1 ALU, 1 ecall = 1 exception
 *   handler    csrr addi csrw mret                            4      1 CSR read, 1 ALU, 1 CSR write,
 *                                                                    1 mret
 *   tail       c.addi c.mv                                    2      2 ALU, both 16-bit
 *   exit       lui addi sb(mailbox)                           3      2 ALU, 1 store (external); the
 *                                                                    run ends after the sb commits
 */
#ifndef STAT_N
#error "STAT_N (loop iterations, 1..2047) must be defined"
#endif
#define MAILBOX_HI 0xd0580      /* VeeR testbench mailbox 0xD0580000 */
#define DCCM_HI 0xf0040         /* DCCM 0xF0040000: core-local memory */

    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    lui   s0, %hi(data)
    addi  s0, s0, %lo(data)
    addi  s1, zero, STAT_N
    addi  s2, zero, 0
    lui   t0, %hi(handler)
    addi  t0, t0, %lo(handler)
    csrw  mtvec, t0

loop:
    lw    t1, 0(s0)             /* 3 */
    lw    t2, 4(s0)             /* 5 */
    mul   t3, t1, t2
    add   s2, s2, t3
    sw    s2, 8(s0)             /* external memory: RAM is not core-local on VeeR */
    addi  s1, s1, -1
    bne   s1, zero, loop

    jal   ra, leaf              /* near: predictable */
    lui   t1, %hi(far)
    addi  t1, t1, %lo(far)
    jalr  zero, 0(t1)           /* rs1 is neither ra nor t0: not a return, unpredictable */
    jal   zero, .               /* not reached */

far:
    lw    t5, 1(s0)             /* misaligned: done by the hardware on VeeR */
    lui   s3, DCCM_HI
    sw    s2, 0(s3)
    lw    t6, 0(s3)
    ecall                       /* commits (event 4) but does not retire (minstret) */
    .option rvc
    c.addi s2, 1
    c.mv  a0, s2
    .option norvc
    lui   t0, MAILBOX_HI
    addi  t1, zero, 0xff
    sb    t1, 0(t0)             /* 0xFF: test passed, exit status 0 */
    jal   zero, .               /* not reached */

leaf:
    divu  t4, s2, t1            /* t1 = 5 */
    jalr  zero, 0(ra)           /* return */

    .balign 4
handler:
    csrr  t0, mepc
    addi  t0, t0, 4             /* past the ecall */
    csrw  mepc, t0
    mret

    .data
    .balign 8
data:
    .word 3, 5, 0, 0
