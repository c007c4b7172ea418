/* -M p8700,cores=2,harts-per-core=2: mhartid is core << 4 | hart, a0 = mhartid at entry. Every
 * hart files its a0 at slot core * 2 + hart; hart 0 checks the four once all have arrived. */
#define FINISHER 0x100000
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    csrr t0, mhartid
    bne t0, a0, fail
    srli t1, t0, 4
    slli t1, t1, 1
    andi t2, t0, 0xf
    add t1, t1, t2                  /* slot */
    la t2, slots
    slli t1, t1, 3
    add t2, t2, t1
    sd t0, 0(t2)
    la t2, arrived
    li t3, 1
    amoadd.w zero, t3, (t2)
    bnez t0, park
1:  lw t3, 0(t2)
    li t4, 4
    bne t3, t4, 1b
    la t2, slots
    ld t3, 0(t2)
    bnez t3, fail
    ld t3, 8(t2)
    li t4, 0x1
    bne t3, t4, fail
    ld t3, 16(t2)
    li t4, 0x10
    bne t3, t4, fail
    ld t3, 24(t2)
    li t4, 0x11
    bne t3, t4, fail
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
park:
    wfi
    j park
fail:
    li t0, FINISHER
    li t1, (1 << 16) | 0x3333
    sw t1, 0(t0)
    j park

    .data
    .balign 64
slots:
    .dword -1, -1, -1, -1
arrived:
    .word 0
