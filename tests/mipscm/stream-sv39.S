/* stream.S in S-mode under Sv39: the same stores and loads over 64 KiB, through the TLB, so the L1
 * memo is found after translation (on a TLB hit and after a walk). The page table is in the
 * uncached SRAM: its three stores are non-coherent writes, as is the load of one of its entries
 * through a mapping of the SRAM at 0xF0000000 that only exists under translation (a check that it
 * is on); the walks' reads are not data accesses. So the cached counts are exactly stream.S's.
 * Exits 0 through the finisher (1: translation is off). */
#define FINISHER 0x100000
#define SIZE (64 << 10)
#define PT 0x70000000                   /* sram-uncached */

    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    li t0, PT
    li t1, (0x80000 << 10) | 0xCF       /* 0x80000000: a 1 GiB page, V R W X A D */
    sd t1, 16(t0)
    li t1, 0xC7                         /* 0x0: a 1 GiB page, V R W A D: the finisher */
    sd t1, 0(t0)
    li t1, (0x40000 << 10) | 0xC7       /* 0xC0000000 -> 0x40000000: the SRAM at 0xF0000000 */
    sd t1, 24(t0)
    li t1, -1
    csrw pmpaddr0, t1
    li t1, 0x1F                         /* NAPOT, R W X: everything for S-mode */
    csrw pmpcfg0, t1
    li t1, (8 << 60) | (PT >> 12)       /* Sv39 */
    csrw satp, t1
    sfence.vma
    li t1, 1 << 11                      /* mstatus.MPP = S */
    csrw mstatus, t1
    la t1, smode
    csrw mepc, t1
    mret
smode:
    li t0, 0xF0000010                   /* the page table's entry 2, through the mapping only */
    ld t1, 0(t0)
    li t2, (0x80000 << 10) | 0xCF
    bne t1, t2, 4f
    la t0, buf
    li t1, SIZE
    add t1, t1, t0
1:  sd t0, 0(t0)
    addi t0, t0, 8
    bltu t0, t1, 1b
    la t0, buf
    li t2, 0
2:  ld t3, 0(t0)
    add t2, t2, t3
    addi t0, t0, 8
    bltu t0, t1, 2b
    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
3:  j 3b
4:  li t0, FINISHER                     /* translation is not on */
    li t1, 0x13333
    sw t1, 0(t0)
    j 3b

    .bss
    .balign 1048576
buf:
    .zero SIZE
