/* L1 accesses the blocks presume (docs/mips-cm.md "Fast paths": each load and store presumes one
 * L1D access, each line of a block's fetch one L1I access; the model counts those it sees and the
 * presumed ones are taken back), read by the guest at the end of the block that made them.
 *
 * Each iteration zeroes L1-dcache-loads (mhpmcounter3) and L1-dcache-stores (mhpmcounter4), then
 * runs one block: two aligned loads from a buffer line (misses on the first iteration: the model
 * sees them; memo hits after), a load from the uncached SRAM (no L1 access), a load that crosses
 * into the next line (two accesses), an aligned store, a store to the uncached-accelerated SRAM
 * (none), a store that crosses a line (two); the csrr that ends the block reads 1 + 1 + 0 + 2 = 4
 * loads (every older instruction counted), the next one 1 + 0 + 2 = 3 stores.
 *
 * Then L1-icache-loads (mhpmcounter5), zeroed by the csrw that ends its block: a loop of INNER
 * runs of a block whose first instruction starts 2 bytes before a line's end and crosses it (2
 * lines each run; after its first run the L1I memo holds its lines), then the csrr that reads the
 * counter, a block in one line whose lookup is made when it retires, before the csrr runs:
 * 2 * INNER + 1. Then the same with a loop over a block in one line (an addi and a jump) and a
 * block of one instruction across two lines (the loop's branch), and the csrr in a block of its
 * own: 3 * INNER + 1.
 *
 * ITER iterations (the blocks become hot and are translated); exits 0 when every read was right,
 * else 1. */
#define FINISHER 0x100000
#define UNCACHED 0x70000000
#define UNCACHED_ACC 0x70100000
#define ITER 300
#define INNER 10

    .option norelax
    .option norvc
    .section .text.init, "ax"
    .globl _start
_start:
    csrw mcountinhibit, zero
    li t0, 0x10000                  /* L1-dcache-loads */
    csrw mhpmevent3, t0
    li t0, 0x10002                  /* L1-dcache-stores */
    csrw mhpmevent4, t0
    li t0, 0x10008                  /* L1-icache-loads */
    csrw mhpmevent5, t0
    la s0, buf
    li s1, UNCACHED
    li s4, UNCACHED_ACC
    li s2, ITER
    li s3, 0                        /* wrong reads */
loop:
    csrw mhpmcounter3, zero
    csrw mhpmcounter4, zero
    ld a0, 0(s0)
    ld a1, 8(s0)
    ld a2, 0(s1)
    ld a3, 60(s0)                   /* bytes 60-67: lines 0 and 1 */
    sd a0, 16(s0)
    sd a1, 0(s4)
    sd a2, 124(s0)                  /* bytes 124-131: lines 1 and 2 */
    csrr t1, mhpmcounter3
    csrr t2, mhpmcounter4
    addi t1, t1, -4
    addi t2, t2, -3
    or t1, t1, t2
    snez t1, t1
    add s3, s3, t1

    .balign 64
    .2byte 0x0001                   /* c.nop: bytes 0-1 of the line */
    .rept 13
    nop                             /* bytes 2-55 */
    .endr
    li s5, INNER                    /* bytes 54-57 */
    csrw mhpmcounter5, zero         /* bytes 58-61 */
inner:
    addi s5, s5, -1                 /* bytes 62-65: crosses into the next line */
    bnez s5, inner
    csrr t4, mhpmcounter5           /* a block of its own, in one line */
    addi t4, t4, -(2 * INNER + 1)
    snez t4, t4
    add s3, s3, t4

    li s5, INNER
    .balign 64
    csrw mhpmcounter5, zero         /* bytes 0-3 */
back:
    addi s5, s5, -1                 /* bytes 4-7 */
    j cross                         /* bytes 8-11 */
    .2byte 0x0001                   /* bytes 12-13, not run */
    .rept 12
    nop                             /* bytes 14-61, not run */
    .endr
cross:
    bnez s5, back                   /* bytes 62-65: a block of one instruction across two lines */
    csrr t4, mhpmcounter5
    addi t4, t4, -(3 * INNER + 1)
    snez t4, t4
    add s3, s3, t4

    addi s2, s2, -1
    bnez s2, loop
    li t0, FINISHER
    li t1, 0x5555
    beqz s3, 1f
    li t1, (1 << 16) | 0x3333       /* exit 1 */
1:  sw t1, 0(t0)
2:  j 2b

    .bss
    .balign 4096
buf:
    .zero 4096
