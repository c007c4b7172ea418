/* A coherent DMA write into a line of code takes it from the L1I. ROUNDS times, the core calls
 * `xcode` (a `ret` alone in its line, beside a data word: the line is in its L1I) and then IOCU 0
 * copies a word of memory the core never touches into that data word, coherently: the line's only
 * copy is in the L1I, which gets an intervention (state S, cause IOCU: 0x89) and drops it, so the
 * next call fetches it again. ROUNDS interventions, no other; 2 * ROUNDS IOCU requests (a partial
 * read and a partial write each). Exits 0, or 1 if a copy failed. */
#define ROUNDS 10
#define DMA 0x16000000
#define FINISHER 0x100000

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    li s0, DMA
    li s1, ROUNDS
    la s2, word
    la s3, xword
1:  jal ra, xcode                   /* the line is in the L1I */
    sd s2, 0x00(s0)                 /* SRC */
    sd s3, 0x08(s0)                 /* DST */
    li t0, 8
    sd t0, 0x10(s0)                 /* LEN */
    li t0, 3
    sd t0, 0x18(s0)                 /* CTRL: START, COHERENT, IOCU 0 */
    li t1, 4
2:  ld t0, 0x20(s0)                 /* STATUS: BUSY (4) until it is DONE (1) */
    beq t0, t1, 2b
    li a0, 1
    bne t0, a0, fail
    sd t0, 0x20(s0)                 /* clear it */
    addi s1, s1, -1
    bnez s1, 1b
    li a0, 0
fail:
    li t0, FINISHER
    li t1, 0x5555
    beqz a0, 4f
    slli t1, a0, 16
    li t2, 0x3333
    or t1, t1, t2
4:  sw t1, 0(t0)
3:  j 3b

    .balign 64
xcode:                              /* the line under test: code and a data word */
    ret
    .balign 8
xword:
    .dword 0
    .balign 64

    .data
    .balign 64
word:
    .dword 0x0123456789abcdef
