/* Sscofpmf and Smcntrpmf on virt32, in M-mode, through the RV32 high-half CSRs: mhpmcounter3
 * counts instructions from 2^64 - 5, so the 5th instruction after counting starts wraps it and
 * LCOFI is taken before the 6th (mepc = insn6, a0 = 5); OF is then set in mhpmevent3h and
 * scountovf; MINH in mhpmevent3h stops the count in M-mode; MINH in mcyclecfgh/minstretcfgh
 * stops mcycle/minstret. Exit: 0 through the SiFive test device, or the number of the failed
 * check. */
    .section .text.init
    .globl _start
_start:
    la t0, handler
    csrw mtvec, t0
    li s0, 0
    li s1, 0
    li t0, 8
    csrw mcountinhibit, t0      /* counter 3 stopped while it is set up */
    li t0, 2
    csrw mhpmevent3, t0         /* instructions */
    csrw mhpmevent3h, zero      /* OF clear, no inhibit bits */
    li t0, -1
    csrw mhpmcounter3h, t0
    li t0, -5
    csrw mhpmcounter3, t0       /* 2^64 - 5 */
    li t0, 1 << 13
    csrs mie, t0                /* LCOFIE */
    csrsi mstatus, 8            /* MIE */
    csrw mcountinhibit, zero    /* counting starts after this instruction */
    li a0, 1                    /* 1 */
    addi a0, a0, 1              /* 2 */
    addi a0, a0, 1              /* 3 */
    addi a0, a0, 1              /* 4 */
    addi a0, a0, 1              /* 5: wraps the counter */
insn6:
    addi a0, a0, 1              /* 6: the interrupt is taken before it */
    addi a0, a0, 1
    csrci mstatus, 8

    li a1, 1                    /* check 1: one interrupt, before insn6, a0 = 5 */
    la t0, insn6
    bne s0, t0, fail
    li t0, 5
    bne s1, t0, fail
    li a1, 2                    /* check 2: OF in mhpmevent3h (bit 31 = bit 63) */
    csrr t0, mhpmevent3h
    srli t0, t0, 31
    beqz t0, fail
    li a1, 3                    /* check 3: scountovf bit 3 */
    csrr t0, scountovf
    andi t0, t0, 8
    beqz t0, fail
    li a1, 4                    /* check 4: MINH: no count in M-mode */
    li t0, 1 << 30
    csrw mhpmevent3h, t0        /* MINH, OF cleared */
    csrw mhpmcounter3, zero
    csrw mhpmcounter3h, zero
    addi a0, a0, 1
    addi a0, a0, 1
    csrr t0, mhpmcounter3
    bnez t0, fail
    li a1, 5                    /* check 5: mcyclecfgh.MINH stops mcycle in M-mode */
    li t0, 1 << 30
    csrw 0x721, t0             /* mcyclecfgh */
    csrr t1, mcycle
    addi a0, a0, 1
    csrr t2, mcycle
    bne t1, t2, fail
    li a1, 6                    /* check 6: minstretcfgh.MINH stops minstret */
    csrw 0x722, t0             /* minstretcfgh */
    csrr t1, minstret
    addi a0, a0, 1
    csrr t2, minstret
    bne t1, t2, fail
    li a1, 7                    /* check 7: and without it minstret counts again */
    csrw 0x722, zero           /* minstretcfgh */
    csrr t1, minstret
    addi a0, a0, 1
    csrr t2, minstret
    sub t2, t2, t1
    li t0, 2                    /* the addi and the csrr (read as of before it: 1 + 1) */
    bne t2, t0, fail
    li t0, 0x100000
    li t1, 0x5555
    sw t1, 0(t0)
1:  j 1b
fail:
    li t0, 0x100000
    slli a1, a1, 16
    li t1, 0x3333
    or a1, a1, t1
    sw a1, 0(t0)
2:  j 2b

    .align 2
handler:
    csrr s0, mepc
    mv s1, a0
    li t3, 1 << 13
    csrc mip, t3                /* LCOFIP */
    mret
