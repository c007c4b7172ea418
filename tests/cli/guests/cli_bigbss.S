/* A program whose .bss is almost 2 GiB (the link script puts it below main RAM, in the VeeR
 * testbench's memory): loading it zeroes that range without committing host memory for it. The
 * guest checks that the first and last words of .bss read 0, writes them and reads them back.
 * Exits through the mailbox: 0xFF (status 0) when every check holds, 0x01 (status 1) if not. */
#define MAILBOX 0xD0580000
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, bss_first
    la t1, bss_last
    lw t2, 0(t0)
    bnez t2, fail
    lw t2, 0(t1)
    bnez t2, fail
    li t2, 0x5a5a5a5a
    sw t2, 0(t0)
    sw t2, 0(t1)
    lw t3, 0(t0)
    bne t3, t2, fail
    lw t3, 0(t1)
    bne t3, t2, fail
    li t0, MAILBOX
    li t1, 0xFF
    sb t1, 0(t0)
1:  j 1b
fail:
    li t0, MAILBOX
    li t1, 0x01
    sb t1, 0(t0)
2:  j 2b

    .section .bss, "aw", @nobits
    .globl bss_first, bss_last
bss_first:
    .zero 4
    .zero 0x7fffeff8
bss_last:
    .zero 4
