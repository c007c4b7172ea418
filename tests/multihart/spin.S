/* Harts waiting in a loop around a wfi that returns at once, as OpenSBI's secondary harts wait in
 * sbi_hsm_hart_wait, on the QEMU-virt memory map with four harts (`qemu-system-riscv64 -M virt
 * -smp 4 -bios none`): each of harts 1-3 sets its own MSIP and enables it in mie with mstatus.MIE
 * clear, then polls `go` through a call (a stack frame stored and loaded again every turn) after
 * each wfi. Hart 3 also counts its turns in memory: its turn stores a new value each time. Hart 0
 * adds up 1..N, stores the sum to `go`, and waits for the three: each stores the sum it read to
 * its slot of `seen` and counts itself in `arrived`. Exit 0 through the SiFive test finisher when
 * every hart saw the sum, 1 otherwise (virt_exit.S). The counts of each
 * hart must not depend on the tier (spin_same.sh: the interpreter runs every turn, translated code
 * skips the turns that repeat, cpu/spin.h). */
#define N 50000
#define CLINT 0x2000000
#if __riscv_xlen == 64
#define REG_S sd
#define REG_L ld
#else
#define REG_S sw
#define REG_L lw
#endif

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrr t0, mhartid
    la sp, stacks_end
    slli t1, t0, 10                 /* 1 KiB of stack a hart */
    sub sp, sp, t1
    bnez t0, waiter

    li s0, 0                        /* hart 0: 1 + 2 + ... + N */
    li s1, N
1:  add s0, s0, s1
    addi s1, s1, -1
    bnez s1, 1b
    la t1, go
    sw s0, 0(t1)
    la t1, arrived
    li t3, 3
2:  lw t2, 0(t1)
    bne t2, t3, 2b
    la t1, seen
    li t3, 3
3:  addi t1, t1, 4                  /* seen[1..3] */
    lw t2, 0(t1)
    bne t2, s0, fail
    addi t3, t3, -1
    bnez t3, 3b
    la a0, msg_ok
    j exit_pass
fail:
    la a0, msg_fail
    j exit_fail

waiter:
    li t1, 3
    bgt t0, t1, park                /* a fifth hart, if any, stays out of the way */
    mv s2, t0
    li t1, CLINT                    /* its own MSIP: pending, enabled, not taken */
    slli t2, s2, 2
    add t1, t1, t2
    li t2, 1
    sw t2, 0(t1)
    li t1, 8
    csrs mie, t1
    csrci mstatus, 8
4:  wfi
    call poll
    bnez a0, 5f
    li t1, 3
    bne s2, t1, 4b
    la t1, turns                    /* hart 3: a turn unlike the last */
    lw t2, 0(t1)
    addi t2, t2, 1
    sw t2, 0(t1)
    j 4b
5:  li t1, CLINT                    /* MSIP cleared: its wfi below waits */
    slli t2, s2, 2
    add t1, t1, t2
    sw zero, 0(t1)
    la t1, seen
    slli t2, s2, 2
    add t1, t1, t2
    sw a0, 0(t1)
    la t1, arrived
    li t2, 1
    amoadd.w zero, t2, (t1)
park:
    wfi
    j park

/* a0 = go, through a frame as a compiled atomic_read keeps one */
poll:
    addi sp, sp, -16
    REG_S s0, 8(sp)
    addi s0, sp, 16
    la t1, go
    lw a0, 0(t1)
    fence r, rw
    REG_L s0, 8(sp)
    addi sp, sp, 16
    ret

    .section .rodata
msg_ok:
    .asciz "spin ok\n"
msg_fail:
    .asciz "spin FAILED\n"

    .data
    .balign 64
go:
    .word 0
    .balign 64
arrived:
    .word 0
    .balign 64
seen:
    .word 0, 0, 0, 0
    .balign 64
turns:
    .word 0
    .bss
    .balign 16
stacks:
    .space 4096
stacks_end:
