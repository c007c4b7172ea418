/* virt32, M-mode: mhpmcounter3 counts instructions from 2^64 - 30 (LCOFI not enabled: the overflow
 * only sets OF), then a straight run of 48 addi. With --max-insns ending the run 10 instructions
 * into the addi run, the overflow is 30 instructions away and the limit 10: the run stops after
 * exactly the limit (stat.max-insns-near-overflow). 16 instructions up to and including the
 * csrw that starts the count, all 32-bit. */
    .option norvc
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la    t0, trap              /* 2 */
    csrw  mtvec, t0             /* 3 */
    li    t0, 8
    csrw  mcountinhibit, t0     /* 5: counter 3 stopped while it is set up */
    li    t0, 2
    csrw  mhpmevent3, t0        /* 7: instructions */
    csrw  mhpmevent3h, zero     /* 8: OF clear, no inhibit bits */
    li    t0, -1
    csrw  mhpmcounter3h, t0     /* 10 */
    li    t0, -30
    csrw  mhpmcounter3, t0      /* 12: 2^64 - 30 */
    nop
    nop
    nop
    csrw  mcountinhibit, zero   /* 16: counting starts after this instruction */
    .rept 48
    addi  a0, a0, 1
    .endr
    j     _start
    .balign 4
trap:
    j     trap
