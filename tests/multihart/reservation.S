/* A plain store by one hart breaks another hart's reservation, round after round, on the
 * QEMU-virt memory map with two harts (`qemu-system-riscv64 -M virt -smp 2 -bios none`): every
 * hart starts at the entry point in M-mode with a0 = mhartid.
 *
 * ROUNDS times: hart 1 reserves `word` (lr.w) and publishes the round in `reserved`; hart 0 waits
 * for it, stores the round's own value to `word` with a plain sw (a new value each round, so that
 * an implementation that compares values sees the store too) and publishes the round in
 * `stored`; hart 1 waits for that, and its sc.w must fail. Each round's lr.w comes after the
 * previous round's store found no reservation left in the granule, so the reservation must be
 * seen again every round. Exit 0 through the SiFive test finisher when every SC failed, 1
 * otherwise (virt_exit.S). */
#define ROUNDS 200

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrr t0, mhartid                /* no stack: nothing here (nor exit_pass) needs one */
    bnez t0, secondary

    li s0, 1                        /* hart 0: the round */
1:  la t1, reserved
2:  lw t2, 0(t1)
    bne t2, s0, 2b                  /* hart 1 holds this round's reservation */
    la t1, word
    addi t2, s0, 1000
    sw t2, 0(t1)                    /* breaks it */
    la t1, stored
    sw s0, 0(t1)
    addi s0, s0, 1
    li t2, ROUNDS
    ble s0, t2, 1b
    la a0, done                     /* hart 1's verdict: 1 every SC failed, 2 one succeeded */
    la a1, msg_ok
    la a2, msg_fail
    j exit_verdict

secondary:
    li t1, 1
    bne t0, t1, park                /* a third hart, if any, stays out of the way */
    li s0, 1
    li s1, 1
4:  la t1, word
    lr.w t2, (t1)
    la t3, reserved
    sw s0, 0(t3)                    /* another granule: the reservation stays */
    la t3, stored
5:  lw t4, 0(t3)
    bne t4, s0, 5b
    sc.w t5, t2, (t1)
    bnez t5, 6f
    li s1, 2                        /* the SC succeeded after hart 0's store */
6:  addi s0, s0, 1
    li t4, ROUNDS
    ble s0, t4, 4b
    la t1, done
    sw s1, 0(t1)
park:
    wfi
    j park

    .section .rodata
msg_ok:
    .asciz "reservation ok\n"
msg_fail:
    .asciz "reservation FAILED\n"

    .data
    .balign 64
word:
    .word 0
    .balign 64
reserved:
    .word 0
    .balign 64
stored:
    .word 0
    .balign 64
done:
    .word 0
