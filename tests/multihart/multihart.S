/* Four harts on the QEMU-virt memory map, as `qemu-system-riscv64 -M virt -smp 4 -bios none`
 * starts them: every hart at the entry point in M-mode with a0 = mhartid.
 *
 * Hart 0 wakes harts 1-3 with a software interrupt through the CLINT (msip per hart); then every
 * hart adds 1 to a shared counter ITER times with amoadd.w and ITER times with an lr.w/sc.w loop.
 * Hart 0 waits for the others, checks both counters (4 * ITER each: no update lost, so LR/SC and
 * AMOs are atomic across harts), prints through the ns16550 and exits through the SiFive test
 * finisher (virt_exit.S): 0 when every check holds, 1 otherwise. */
#define NHARTS 4
#define ITER 2000
#define CLINT 0x2000000
#define MIP_MSIP 8

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrr t0, mhartid
    bne t0, a0, bad_entry           /* a0 = mhartid at entry */
    la sp, stacks
    addi t1, t0, 1
    slli t1, t1, 10
    add sp, sp, t1                  /* 1 KiB of stack per hart */
    bnez t0, secondary

    /* hart 0: wake the others (msip of hart k at CLINT + 4k) */
    li t1, CLINT
    li t2, 1
    li t3, 1
1:  slli t4, t3, 2
    add t4, t4, t1
    sw t2, 0(t4)
    addi t3, t3, 1
    li t4, NHARTS
    blt t3, t4, 1b
    call work

    /* wait until harts 1-3 are done */
    la t1, done
2:  lw t2, 0(t1)
    li t3, NHARTS - 1
    bne t2, t3, 2b

    la t1, counter_amo
    lw t2, 0(t1)
    li t3, NHARTS * ITER
    bne t2, t3, fail
    la t1, counter_lrsc
    lw t2, 0(t1)
    bne t2, t3, fail
    la t1, bad
    lw t2, 0(t1)
    bnez t2, fail
    la a0, msg_ok
    j exit_pass
fail:
    la a0, msg_fail
    j exit_fail

bad_entry:
    la t1, bad
    li t2, 1
    amoor.w zero, t2, (t1)
    mv a0, t0                       /* carry on as if a0 had been right */
    j _start

secondary:
    li t1, MIP_MSIP
    csrs mie, t1                    /* wfi wakes on msip; mstatus.MIE stays 0: no trap */
5:  wfi
    csrr t2, mip
    and t2, t2, t1
    beqz t2, 5b
    li t1, CLINT                    /* clear our own msip */
    slli t2, t0, 2
    add t1, t1, t2
    sw zero, 0(t1)
    call work
    la t1, done
    li t2, 1
    amoadd.w zero, t2, (t1)
6:  wfi
    j 6b

/* ITER amoadd.w and ITER lr.w/sc.w increments of the shared counters */
work:
    la t1, counter_amo
    li t2, ITER
    li t3, 1
7:  amoadd.w zero, t3, (t1)
    addi t2, t2, -1
    bnez t2, 7b
    la t1, counter_lrsc
    li t2, ITER
8:  lr.w t4, (t1)
    addi t4, t4, 1
    j 12f                           /* a block boundary between lr and sc: another hart may run */
12: sc.w t5, t4, (t1)
    bnez t5, 8b
    addi t2, t2, -1
    bnez t2, 8b
    ret

    .section .rodata
msg_ok:
    .asciz "multihart ok\n"
msg_fail:
    .asciz "multihart FAILED\n"

    .data
    .balign 64
counter_amo:
    .word 0
    .balign 64
counter_lrsc:
    .word 0
    .balign 64
done:
    .word 0
bad:
    .word 0
    .bss
    .balign 16
stacks:
    .space 1024 * NHARTS
