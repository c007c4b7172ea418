/* A VeeR EL2 guest that measures itself: it programs mhpmcounter3-6, runs a counted loop, reads
 * its counters and prints them, one per line as 8 hex digits, in this order:
 *
 *   minstret       5N      zeroed by the csrw just before the loop (the write wins over that
 *                          instruction's own increment); 5 instructions per iteration; a CSR read
 *                          does not count itself
 *   mhpmcounter3   2N      event 11, loads: two per iteration
 *   mhpmcounter4   N       event 12, stores: one per iteration
 *   mhpmcounter5   N       event 24, branches: the bne
 *   mhpmcounter6   5N + 6  event 4, instructions committed since its own zeroing write: csrw
 *                          mcycle, csrw minstret, the loop, and the four reads before it
 *   mcycle         depends on pmusim's timing model: compared between runs only
 *
 * Used to check that `pmusim stat` does not change what a guest's own counters read. */
#ifndef STAT_N
#error "STAT_N (loop iterations, 1..2047) must be defined"
#endif
#define MAILBOX_HI 0xd0580

    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    addi  t0, zero, 11
    csrw  mhpmevent3, t0
    addi  t0, zero, 12
    csrw  mhpmevent4, t0
    addi  t0, zero, 24
    csrw  mhpmevent5, t0
    addi  t0, zero, 4
    csrw  mhpmevent6, t0
    lui   s0, %hi(data)
    addi  s0, s0, %lo(data)
    addi  s1, zero, STAT_N
    csrw  mhpmcounter3, zero
    csrw  mhpmcounter4, zero
    csrw  mhpmcounter5, zero
    csrw  mhpmcounter6, zero
    csrw  mcycle, zero
    csrw  minstret, zero
loop:
    lw    t1, 0(s0)
    lw    t2, 4(s0)
    sw    t1, 8(s0)
    addi  s1, s1, -1
    bne   s1, zero, loop
    csrr  s4, minstret
    csrr  s5, mhpmcounter3
    csrr  s6, mhpmcounter4
    csrr  s7, mhpmcounter5
    csrr  s8, mhpmcounter6
    csrr  s9, mcycle

    addi  a0, s4, 0
    jal   ra, put8
    addi  a0, s5, 0
    jal   ra, put8
    addi  a0, s6, 0
    jal   ra, put8
    addi  a0, s7, 0
    jal   ra, put8
    addi  a0, s8, 0
    jal   ra, put8
    addi  a0, s9, 0
    jal   ra, put8
    lui   t0, MAILBOX_HI
    addi  t1, zero, 0xff
    sb    t1, 0(t0)             /* 0xFF: exit status 0 */
    jal   zero, .

/* Prints a0 as 8 hex digits and a newline on the mailbox; uses t0-t3. */
put8:
    lui   t0, MAILBOX_HI
    addi  t1, zero, 8
1:  srli  t2, a0, 28
    slli  a0, a0, 4
    addi  t3, zero, 10
    blt   t2, t3, 2f
    addi  t2, t2, 'a' - '0' - 10
2:  addi  t2, t2, '0'
    sb    t2, 0(t0)
    addi  t1, t1, -1
    bne   t1, zero, 1b
    addi  t2, zero, '\n'
    sb    t2, 0(t0)
    jalr  zero, 0(ra)

    .data
    .balign 8
data:
    .word 3, 5, 0, 0
