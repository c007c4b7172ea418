/* Code one hart rewrites while another runs it, on the QEMU-virt memory map with two harts
 * (`qemu-system-riscv64 -M virt -smp 2 -bios none`): every hart starts at the entry point in
 * M-mode with a0 = mhartid.
 *
 * Hart 1 calls two functions in a loop, each returning 1 until hart 0 rewrites it to return 2:
 * `patch1`, a plain function, and `patch2`, whose `li a0, 1` is a 4-byte instruction straddling a
 * page boundary (only its upper half, on the second page, is rewritten). Hart 0 waits until hart
 * 1 has called both 100 times, rewrites the two immediates with plain stores, and sets `patched`.
 * Hart 1 runs fence.i before each round (Zifencei: its fetches then see the stores it has seen);
 * once it saw `patched`, both must return 2 within 1,000 rounds (the first, on pmusim; QEMU's
 * threads take a few now and then). The other code on those pages stays
 * as it was and must still run: hart 1 also calls `neighbour`, in patch1's 64-byte granule and
 * page, which returns 7.
 * Exit 0 through the SiFive test finisher when every check holds, 1 otherwise (virt_exit.S). */
#define CLINT 0x2000000
#define MIP_MSIP 8

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrr t0, mhartid
    la sp, stacks
    addi t1, t0, 1
    slli t1, t1, 10
    add sp, sp, t1                  /* 1 KiB of stack per hart */
    bnez t0, secondary

    /* hart 0: wake hart 1 (its msip at CLINT + 4) */
    li t1, CLINT
    li t2, 1
    sw t2, 4(t1)
    la t1, rounds                   /* let hart 1 run (and translate) the old code a while */
1:  lw t2, 0(t1)
    li t3, 100
    blt t2, t3, 1b
    /* patch1: addi a0, zero, 2 in place of addi a0, zero, 1 (a whole 4-byte store) */
    la t1, patch1
    li t2, 0x00200513
    sw t2, 0(t1)
    /* patch2: the instruction's upper half only, on the page after its first half */
    la t1, patch2_insn
    li t2, 0x0020
    sh t2, 2(t1)
    fence w, w
    la t1, patched
    li t2, 1
    sw t2, 0(t1)
    la a0, done                     /* hart 1's verdict: 1 every call returned what it should */
    la a1, msg_ok
    la a2, msg_fail
    j exit_verdict

secondary:
    li t1, MIP_MSIP
    csrs mie, t1                    /* wfi wakes on msip; mstatus.MIE stays 0: no trap */
5:  wfi
    csrr t2, mip
    and t2, t2, t1
    beqz t2, 5b
    li t1, CLINT
    sw zero, 4(t1)
    li s0, 0                        /* rounds */
    li s4, 0                        /* rounds since `patched` was seen */
6:  la t1, patched
    lw s3, 0(t1)                    /* hart 0 had rewritten both before this round */
    fence r, r
    fence.i
    call neighbour
    li t1, 7
    bne a0, t1, 8f                  /* the neighbour lost: done = 2 */
    call patch1
    mv s1, a0
    call patch2
    mv s2, a0
    addi s0, s0, 1
    la t1, rounds
    sw s0, 0(t1)
    beqz s3, 6b
    li t1, 2                        /* after fence.i both must soon be the new code */
    bne s1, t1, 7f
    beq s2, t1, 9f
7:  addi s4, s4, 1
    li t1, 1000
    blt s4, t1, 6b
8:  li t2, 2
    j 10f
9:  li t2, 1
10: la t1, done
    sw t2, 0(t1)
11: wfi
    j 11b

    .section .text.patch, "ax"
    .balign 4096
    .option push
    .option norvc
patch1:
    addi a0, zero, 1                /* 0x00100513, rewritten to 0x00200513 */
    ret
neighbour:
    addi a0, zero, 7
    ret
    .option pop
    /* patch2 at the end of the next page: two c.nop, then a 4-byte instruction across the boundary */
    .balign 4096
    .skip 4096 - 6
patch2:
    c.nop
    c.nop
patch2_insn:
    .option push
    .option norvc
    addi a0, zero, 1                /* bytes 13 05 | 10 00: the upper half 0x0010 becomes 0x0020 */
    ret
    .option pop

    .section .rodata
msg_ok:
    .asciz "smc ok\n"
msg_fail:
    .asciz "smc FAILED\n"

    .data
    .balign 64
rounds:
    .word 0
    .balign 64
done:
    .word 0
    .balign 64
patched:
    .word 0
    .bss
    .balign 16
stacks:
    .space 1024 * 2
