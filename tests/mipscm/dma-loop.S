/* Copies of 63 MiB started over and over: each one takes 8 M cycles of the machine's time, so a
 * run stopped by --max-insns after a few thousand instructions has moved only the first pieces of
 * the first copy (bounded host work; the test counts the IOCU requests). The guest polls STATUS
 * until DONE, clears it and starts again; it never ends by itself. */
#define DMA 0x16000000
#define LEN (63 << 20)

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    li s0, DMA
    li t0, 0x80100000
    sd t0, 0x00(s0)                 /* SRC: RAM from 1 MiB */
    li t0, 0x84000000
    sd t0, 0x08(s0)                 /* DST: RAM from 64 MiB */
    li t0, LEN
    sd t0, 0x10(s0)                 /* LEN */
1:  li t0, 1
    sd t0, 0x18(s0)                 /* CTRL: START */
    li t1, 4
2:  ld t0, 0x20(s0)                 /* STATUS: BUSY (4) until DONE */
    beq t0, t1, 2b
    sd t0, 0x20(s0)                 /* clear it */
    j 1b
