/* The end of the multi-hart test programs on the QEMU-virt memory map: print a line on the
 * ns16550 and stop the machine through the SiFive test finisher.
 *
 *   exit_pass(a0 = message): prints it, exits 0
 *   exit_fail(a0 = message): prints it, exits 1
 *   exit_verdict(a0 = a word another hart sets, a1 = pass message, a2 = fail message): waits
 *     until the word is not 0, then exit_pass(a1) if it is 1, else exit_fail(a2) */
#define UART 0x10000000
#define FINISHER 0x100000

    .option norelax
    .text
    .globl exit_pass, exit_fail, exit_verdict
exit_verdict:
6:  lw t0, 0(a0)
    beqz t0, 6b
    li t1, 1
    mv a0, a1
    beq t0, t1, exit_pass
    mv a0, a2
    j exit_fail
exit_pass:
    call puts
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
1:  j 1b
exit_fail:
    call puts
    li t0, FINISHER
    li t1, (1 << 16) | 0x3333
    sw t1, 0(t0)
2:  j 2b

/* puts(a0): wait for THR empty (LSR bit 5), write a byte */
puts:
    li t1, UART
3:  lbu t2, 0(a0)
    beqz t2, 5f
4:  lbu t3, 5(t1)
    andi t3, t3, 0x20
    beqz t3, 4b
    sb t2, 0(t1)
    addi a0, a0, 1
    j 3b
5:  ret
