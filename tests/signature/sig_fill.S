/* Signature test guest: fills the SIG_BYTES bytes from begin_signature with the little-endian words
 * i * 0x01010101 (byte k holds k / 4; a last partial word is cut at end_signature), then exits 0
 * through HTIF, or with -DSPIN loops until --max-insns stops it. The region starts as 0xee bytes
 * and 16 more 0xee bytes follow it, so a signature dump that reads past end_signature shows.
 * -DNO_SIGNATURE leaves the two symbols out. */
#ifndef SIG_BYTES
#define SIG_BYTES 64
#endif

    .section .text.init, "ax"
    .globl _start
_start:
#ifndef NO_SIGNATURE
    la t0, begin_signature
    li t1, 0                    /* k */
    li t2, SIG_BYTES
1:  bgeu t1, t2, 2f
    srli t3, t1, 2
    add t4, t0, t1
    sb t3, 0(t4)
    addi t1, t1, 1
    j 1b
2:
#endif
#ifdef SPIN
3:  nop                         /* two instructions: a lone `j .` would be stopped (status 123) */
    j 3b
#endif
    la t0, tohost
    li t1, 1                    /* exit 0 */
#if __riscv_xlen == 64
    sd t1, 0(t0)
#else
    sw zero, 4(t0)
    sw t1, 0(t0)
#endif
4:  j 4b

    .section .tohost, "aw", @progbits
    .align 6
    .globl tohost, fromhost
tohost:
    .dword 0
fromhost:
    .dword 0

    .data
    .align 4
#ifndef NO_SIGNATURE
    .globl begin_signature, end_signature
begin_signature:
    .fill SIG_BYTES, 1, 0xee
end_signature:
#endif
    .fill 16, 1, 0xee
