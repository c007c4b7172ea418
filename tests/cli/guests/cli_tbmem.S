/* The VeeR testbench's memory on veer-el2: runs from address 0 with its data at 0xC0000000, and
 * rewrites one of its own instructions there (a store over decoded code takes effect at once).
 * Exits through the mailbox: 0xFF (status 0) when every check holds, 0x01 (status 1) if not. */
#define MAILBOX 0xD0580000
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, value                /* data at 0xC0000000 */
    lw t1, 0(t0)
    li t2, 0x12345678
    bne t1, t2, fail
    addi t1, t1, 1
    sw t1, 0(t0)                /* a data store beside code in the same memory */
    lw t3, 0(t0)
    addi t2, t2, 1
    bne t3, t2, fail

    li a0, 0
    call patched                /* first run: a0 = 1 */
    li t1, 1
    bne a0, t1, fail
    la t0, patched              /* patch "li a0, 1" into "li a0, 2" (addi a0, zero, 2) */
    li t1, 0x00200513
    sw t1, 0(t0)
    fence.i
    call patched
    li t1, 2
    bne a0, t1, fail

    li t0, MAILBOX
    li t1, 0xFF
    sb t1, 0(t0)
1:  j 1b
fail:
    li t0, MAILBOX
    li t1, 0x01
    sb t1, 0(t0)
2:  j 2b

    .balign 4
patched:
    .word 0x00100513            /* addi a0, zero, 1 (a 32-bit encoding, patched above) */
    ret

    .data
value:
    .word 0x12345678
    .section .data.io, "aw"
    .globl tohost
tohost:
    .word 0
