/* virt32/virt64: M-mode sets up and drops to S-mode, S-mode drops to U-mode, U-mode loops N times
 * and makes an ecall, the M-mode handler exits with status 0 through the SiFive test finisher.
 * All instructions are 32-bit; per privilege level (every instruction commits; all but the ecall
 * retire):
 *   M  li csrw li csrw la(2) csrw la(2) csrw li slli csrc li slli csrs mret       17
 *      handler: lui lui addi sw                                                   4
 *   S  la(2) csrw li csrc li sret                                                 7
 *   U  li, N x (addi addi bne), ecall                                             3N + 2
 * instructions:u = 3N + 1, instructions:k = 7, instructions:h = 21; cycles (one per committed
 * instruction on virt) :u = 3N + 2, :k = 7, :h = 21; branch-instructions:u = N. */
#ifndef STAT_N
#error "STAT_N (loop iterations, 1..2047) must be defined"
#endif
    .option norvc
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    li    t0, -1
    csrw  pmpaddr0, t0          /* PMP: everything readable, writable, executable below M */
    li    t0, 0x1f
    csrw  pmpcfg0, t0
    la    t0, m_trap
    csrw  mtvec, t0
    la    t0, s_entry
    csrw  mepc, t0
    li    t0, 3
    slli  t0, t0, 11
    csrc  mstatus, t0           /* MPP = U ... */
    li    t0, 1
    slli  t0, t0, 11
    csrs  mstatus, t0           /* ... then S */
    mret
s_entry:
    la    t0, u_entry
    csrw  sepc, t0
    li    t0, 0x100
    csrc  sstatus, t0           /* SPP = U */
    li    s1, STAT_N
    sret
u_entry:
    li    s2, 0
loop:
    addi  s2, s2, 1
    addi  s1, s1, -1
    bne   s1, zero, loop
    ecall
    .balign 4
m_trap:
    lui   t0, 0x100             /* test finisher at 0x100000 */
    lui   t1, 0x5
    addi  t1, t1, 0x555         /* 0x5555: exit status 0 */
    sw    t1, 0(t0)
    jal   zero, m_trap          /* not reached */
