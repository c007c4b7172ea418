/* Linked with the toolchain's default link script and -Ttext=0x80000000, as users' own flows
 * link: the first PT_LOAD starts a page below 0x80000000 and carries the ELF headers. Exits 0
 * through HTIF when its .data word was loaded, 3 when it was not. */
    .option norelax             /* gp is not set up: no gp-relative addressing */
    .text
    .globl _start
_start:
    la t0, word
    lw t1, 0(t0)
    li t2, 0x5eed1234
    li a0, (0 << 1) | 1         /* exit 0 */
    beq t1, t2, 1f
    li a0, (3 << 1) | 1         /* exit 3 */
1:  la t0, tohost
#if __riscv_xlen == 64
    sd a0, 0(t0)
#else
    sw a0, 0(t0)                /* low word, then high word: the host acts on the whole value */
    sw zero, 4(t0)
#endif
2:  j 2b

    .data
    .align 3
    .globl tohost, fromhost
    .type tohost, @object
    .size tohost, 8             /* QEMU's spike machine needs the size */
tohost:
    .dword 0
    .type fromhost, @object
    .size fromhost, 8
fromhost:
    .dword 0
word:
    .word 0x5eed1234
