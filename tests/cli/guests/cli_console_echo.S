/* Console input through the ns16550 UART (virt machines): every byte read is printed back as
 * [hh] (its hex code), until 'q'. Exit status 0 if the bytes before 'q' were exactly 'a', 'b',
 * CR (what a serial terminal sends for "ab" then Enter), 1 otherwise. tests/cli/console_tty.py
 * types them on a pseudo-terminal. */
#define UART 0x10000000
#define FINISHER 0x100000
    .section .text.init, "ax"
    .globl _start
_start:
    li s0, UART
    la s1, expected
    li s2, 0                    /* mismatches */
next:
    lbu t0, 5(s0)               /* LSR: data ready? */
    andi t0, t0, 0x01
    beqz t0, next
    lbu s3, 0(s0)               /* RBR */
    li t0, 'q'
    beq s3, t0, done
    lbu t0, 0(s1)               /* the byte expected here (0 past the end: any byte is wrong) */
    beqz t0, 1f
    addi s1, s1, 1
1:  beq t0, s3, 2f
    addi s2, s2, 1
2:  li a0, '['
    call putc
    srli a0, s3, 4
    call puthex
    andi a0, s3, 15
    call puthex
    li a0, ']'
    call putc
    j next
done:
    lbu t0, 0(s1)               /* every expected byte came */
    or s2, s2, t0
    snez s2, s2
    li t0, FINISHER
    slli t1, s2, 16
    li t2, 0x3333
    beqz s2, 3f
    or t2, t2, t1               /* FAIL: (code << 16) | 0x3333 */
3:  li t1, 0x5555               /* PASS */
    beqz s2, 4f
    mv t1, t2
4:  sw t1, 0(t0)
5:  j 5b

puthex:                         /* a0: 0-15 */
    addi a0, a0, '0'
    li t0, '9' + 1
    blt a0, t0, putc
    addi a0, a0, 'a' - '9' - 1
putc:
    lbu t0, 5(s0)               /* LSR: THR empty? */
    andi t0, t0, 0x20
    beqz t0, putc
    sb a0, 0(s0)
    ret

    .section .rodata
expected:
    .byte 'a', 'b', 0x0d, 0
