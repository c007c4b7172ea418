/* The virt64 memory-hierarchy model (docs/machine-virt.md) on access patterns whose counts follow
 * from the geometry alone. Run with -M virt64,l1i=32K,l1d=4K,l2=64K,itlb=8,dtlb=8,bp=4096:
 *   L1D 4 KiB, 8 ways of 64-byte lines: 8 sets, 64 lines, LRU, write-back, write-allocate
 *   L1I 32 KiB (512 lines); L2 64 KiB, 16 ways: 64 sets, 1024 lines
 *   TLBs: 8 entries, fully associative, LRU, 4 KiB pages; predictor: 4096 2-bit counters
 * The counters are programmed with SBI event indices in M-mode and read back around each pattern.
 * Every pattern runs twice and only the second run is checked: the code between the two reads
 * is then in the L1I and the L2 already, so the counts are those of the data alone. The checks
 * print "FAIL check N: got G want W" and exit with N through the finisher; 0 when all pass. */
#define FINISHER 0x100000
#define UART 0x10000000
#define LINE 64
#define BUF 0x80100000     /* 8 KiB: twice the L1D */
#define SMALL 0x80120000   /* 2 KiB: half the L1D */
#define SBUF 0x80130000    /* 8 KiB of stores */
#define FRESH1 0x80140000  /* 8 KiB never touched before */
#define FRESH2 0x80150000  /* 8 KiB never touched before */
#define PT 0x80300000      /* Sv39 root page table */
#define DPAGES 0x80400000  /* 16 pages of data for the D-TLB */
#define PASSES 4
#define BR_ITER 100

    .option norvc
    .option norelax
    .section .text.init, "ax"
    .globl _start
_start:
    la t0, fail_trap
    csrw mtvec, t0
    csrw mcountinhibit, zero
    li t0, -1
    csrw mcounteren, t0
    /* counter N: SBI event index (type 1: cache_id << 3 | op << 1 | result) */
    li t0, 0x10000             /* L1D read access */
    csrw mhpmevent3, t0
    li t0, 0x10001             /* L1D read miss */
    csrw mhpmevent4, t0
    li t0, 0x10002             /* L1D write access */
    csrw mhpmevent5, t0
    li t0, 0x10003             /* L1D write miss */
    csrw mhpmevent6, t0
    li t0, 0x10008             /* L1I read access */
    csrw mhpmevent7, t0
    li t0, 0x10009             /* L1I read miss */
    csrw mhpmevent8, t0
    li t0, 0x10010             /* LL read access */
    csrw mhpmevent9, t0
    li t0, 0x10011             /* LL read miss */
    csrw mhpmevent10, t0
    li t0, 0x10012             /* LL write access */
    csrw mhpmevent11, t0
    li t0, 0x10013             /* LL write miss */
    csrw mhpmevent12, t0
    li t0, 0x10018             /* DTLB read access */
    csrw mhpmevent13, t0
    li t0, 0x10019             /* DTLB read miss */
    csrw mhpmevent14, t0
    li t0, 0x10020             /* ITLB read access */
    csrw mhpmevent15, t0
    li t0, 0x10021             /* ITLB read miss */
    csrw mhpmevent16, t0
    li t0, 0x10028             /* BPU read access */
    csrw mhpmevent17, t0
    li t0, 6                   /* BRANCH_MISSES */
    csrw mhpmevent18, t0
    li t0, 3                   /* CACHE_REFERENCES */
    csrw mhpmevent19, t0
    li t0, 4                   /* CACHE_MISSES */
    csrw mhpmevent20, t0

/* 1. Loads, one per line, over BUF (128 lines, 16 per set) PASSES times. Each set cycles through
 * 16 lines with 8 ways: LRU keeps none of them, so every load misses; the lines stay in the L2
 * (2 per set). Second run: 128 * PASSES loads, as many misses and L2 reads (the fills), no L2
 * miss. */
    li s11, 2
1:  li a3, BUF
    li a4, BUF + 8192
    li a5, PASSES
    .balign 64
    csrr s1, mhpmcounter3
    csrr s2, mhpmcounter4
    csrr s3, mhpmcounter9
    csrr s4, mhpmcounter10
    jal ra, stride_read
    csrr s5, mhpmcounter3
    csrr s6, mhpmcounter4
    csrr s7, mhpmcounter9
    csrr s8, mhpmcounter10
    addi s11, s11, -1
    bnez s11, 1b
    li a2, 1
    sub a0, s5, s1
    li a1, 128 * PASSES
    jal ra, check
    li a2, 2
    sub a0, s6, s2
    li a1, 128 * PASSES
    jal ra, check
    li a2, 3
    sub a0, s7, s3
    li a1, 128 * PASSES
    jal ra, check
    li a2, 4
    sub a0, s8, s4
    li a1, 0
    jal ra, check

/* 2. Loads over SMALL (32 lines, 4 per set) PASSES times: the first run misses each line once
 * (never touched before), the second finds them all. */
    li s11, 2
1:  mv s10, s9
    li a3, SMALL
    li a4, SMALL + 2048
    li a5, PASSES
    .balign 64
    csrr s1, mhpmcounter3
    csrr s2, mhpmcounter4
    jal ra, stride_read
    csrr s5, mhpmcounter3
    csrr s6, mhpmcounter4
    sub s9, s6, s2
    addi s11, s11, -1
    bnez s11, 1b
    li a2, 5
    sub a0, s5, s1
    li a1, 32 * PASSES
    jal ra, check
    li a2, 6
    mv a0, s10                 /* first run's misses */
    li a1, 32
    jal ra, check
    li a2, 7
    mv a0, s9                  /* second run's */
    li a1, 0
    jal ra, check

/* 3. One store per line over SBUF (128 lines). The first run leaves lines 64-127 dirty in the
 * L1D (all of it). The second misses on every line (16 per set through 8 ways) and each fill
 * evicts a dirty line: 128 stores, 128 misses, 128 write-backs (L2 writes, hits: every SBUF line
 * was filled into the L2 by the first run) and 128 fills (L2 reads, hits). CACHE_REFERENCES
 * counts both, CACHE_MISSES neither. */
    li s11, 2
1:  li a3, SBUF
    li a4, SBUF + 8192
    .balign 64
    csrr s1, mhpmcounter5
    csrr s2, mhpmcounter6
    csrr s3, mhpmcounter11
    csrr s4, mhpmcounter12
    csrr t3, mhpmcounter9
    csrr t4, mhpmcounter19
    csrr t5, mhpmcounter20
    jal ra, stride_write
    csrr s5, mhpmcounter5
    csrr s6, mhpmcounter6
    csrr s7, mhpmcounter11
    csrr s8, mhpmcounter12
    csrr a6, mhpmcounter9
    csrr a7, mhpmcounter19
    csrr s10, mhpmcounter20
    addi s11, s11, -1
    bnez s11, 1b
    li a2, 8
    sub a0, s5, s1
    li a1, 128
    jal ra, check
    li a2, 9
    sub a0, s6, s2
    li a1, 128
    jal ra, check
    li a2, 10
    sub a0, s7, s3
    li a1, 128
    jal ra, check
    li a2, 11
    sub a0, s8, s4
    li a1, 0
    jal ra, check
    li a2, 12
    sub a0, a6, t3
    li a1, 128
    jal ra, check
    li a2, 13
    sub a0, a7, t4
    li a1, 256
    jal ra, check
    li a2, 14
    sub a0, s10, t5
    li a1, 0
    jal ra, check

/* 4. One load per line over 8 KiB the L2 has never seen (FRESH1, then FRESH2): the second run
 * misses in the L1D and the L2 on each of the 128 lines. */
    li s11, 2
    li s10, FRESH1
1:  mv a3, s10
    li t0, 8192
    add a4, a3, t0
    li a5, 1
    .balign 64
    csrr s1, mhpmcounter9
    csrr s2, mhpmcounter10
    csrr s3, mhpmcounter20
    jal ra, stride_read
    csrr s5, mhpmcounter9
    csrr s6, mhpmcounter10
    csrr s7, mhpmcounter20
    li s10, FRESH2
    addi s11, s11, -1
    bnez s11, 1b
    li a2, 15
    sub a0, s5, s1
    li a1, 128
    jal ra, check
    li a2, 16
    sub a0, s6, s2
    li a1, 128
    jal ra, check
    li a2, 17
    sub a0, s7, s3
    li a1, 128
    jal ra, check

/* 5. A call to 2 KiB of code never run before (chunk1, then chunk2: 511 nops and a ret, 2 KiB
 * aligned): 8 blocks of 64 instructions, 4 lines each. Between the reads of the access counter
 * run the block of the second read, the call, the chunk and the block of the third read: 1 + 1 +
 * 32 + 1 line accesses, all in one warm line but the chunk's 32 cold ones, which miss in the L1I
 * and the L2. */
    li s11, 2
    la s10, chunk1
1:  .balign 64
    csrr s1, mhpmcounter7
    csrr s2, mhpmcounter8
    jalr ra, 0(s10)
    csrr s5, mhpmcounter7
    csrr s6, mhpmcounter8
    la s10, chunk2
    addi s11, s11, -1
    bnez s11, 1b
    li a2, 18
    sub a0, s5, s1
    li a1, 35
    jal ra, check
    li a2, 19
    sub a0, s6, s2
    li a1, 32
    jal ra, check

/* 6. A branch taken every other time (BR_ITER times) and the loop's branch. The predictor's
 * counters start weakly not-taken (1): the alternating branch moves its counter 1 -> 2 -> 1 and
 * is mispredicted every time; the loop branch, left at 2 by the first run's exit, is right until
 * its exit. Second run: 2 * BR_ITER predictions, BR_ITER + 1 mispredictions. */
    li s11, 2
1:  li t0, BR_ITER
    li t1, 0
    .balign 64
    csrr s1, mhpmcounter17
    csrr s2, mhpmcounter18
2:  andi t2, t1, 1
    beqz t2, 3f
    nop
3:  addi t1, t1, 1
    bne t1, t0, 2b
    csrr s5, mhpmcounter17
    csrr s6, mhpmcounter18
    addi s11, s11, -1
    bnez s11, 1b
    li a2, 20
    sub a0, s5, s1
    li a1, 2 * BR_ITER
    jal ra, check
    li a2, 21
    sub a0, s6, s2
    li a1, BR_ITER + 1
    jal ra, check

/* 7. S-mode under Sv39: two 1 GiB identity pages (0: the devices, 0x80000000: RAM), cached per
 * 4 KiB page by the TLBs. */
    li t0, PT
    li t1, 0xC7                         /* 0x0: V R W A D */
    sd t1, 0(t0)
    li t1, (0x80000 << 10) | 0xCF       /* 0x80000000: V R W X A D */
    sd t1, 16(t0)
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

/* 7a. Loads from 16 pages in turn, PASSES times: with 8 entries LRU keeps none of them, every
 * load misses in the D-TLB. */
smode:
    li s11, 2
1:  li a3, DPAGES
    li a4, DPAGES + 16 * 4096
    li a5, PASSES
    .balign 64
    csrr s1, hpmcounter13
    csrr s2, hpmcounter14
    jal ra, page_read
    csrr s5, hpmcounter13
    csrr s6, hpmcounter14
    addi s11, s11, -1
    bnez s11, 1b
    li a2, 22
    sub a0, s5, s1
    li a1, 16 * PASSES
    jal ra, check
    li a2, 23
    sub a0, s6, s2
    li a1, 16 * PASSES
    jal ra, check

/* 7b. A call through 16 pages of straight code (itlb_code): each page's first block misses, and
 * so does the return to this page, which 16 other pages evicted: 17 misses. */
    li s11, 2
1:  la s10, itlb_code
    .balign 64
    csrr s1, hpmcounter16
    jalr ra, 0(s10)
    csrr s5, hpmcounter16
    addi s11, s11, -1
    bnez s11, 1b
    li a2, 24
    sub a0, s5, s1
    li a1, 17
    jal ra, check

    li t0, FINISHER
    li t1, 0x5555
    sw t1, 0(t0)
9:  j 9b

/* a3 = start, a4 = end, a5 = passes: one load per line */
stride_read:
1:  mv t0, a3
2:  ld t1, 0(t0)
    addi t0, t0, LINE
    bltu t0, a4, 2b
    addi a5, a5, -1
    bnez a5, 1b
    ret

/* a3 = start, a4 = end: one store per line */
stride_write:
    mv t0, a3
1:  sd t0, 0(t0)
    addi t0, t0, LINE
    bltu t0, a4, 1b
    ret

/* a3 = start, a4 = end, a5 = passes: one load per page */
page_read:
1:  mv t0, a3
2:  ld t1, 0(t0)
    li t2, 4096
    add t0, t0, t2
    bltu t0, a4, 2b
    addi a5, a5, -1
    bnez a5, 1b
    ret

/* check a2: a0 (got) must equal a1 (want); otherwise print and exit with a2 */
check:
    bne a0, a1, fail
    ret
fail:
    mv s0, a0
    mv s1, a1
    la a0, msg_fail
    jal ra, puts
    mv a0, a2
    jal ra, putdec
    la a0, msg_got
    jal ra, puts
    mv a0, s0
    jal ra, putdec
    la a0, msg_want
    jal ra, puts
    mv a0, s1
    jal ra, putdec
    li a0, '\n'
    jal ra, putc
    li t0, FINISHER
    slli t1, a2, 16
    li t2, 0x3333
    or t1, t1, t2
    sw t1, 0(t0)
1:  j 1b

fail_trap:                             /* an unexpected trap: check 99 */
    li a2, 99
    csrr a0, mcause
    csrr a1, mepc
    j fail

putc:                                  /* a0 */
    li t0, UART
    sb a0, 0(t0)
    ret
puts:                                  /* a0: NUL-terminated */
    mv t3, ra
    mv t4, a0
1:  lbu a0, 0(t4)
    beqz a0, 2f
    jal ra, putc
    addi t4, t4, 1
    j 1b
2:  mv ra, t3
    ret
putdec:                                /* a0, unsigned */
    mv t3, ra
    li t5, 10
    mv t4, sp                          /* digits backwards below the stack pointer */
    la sp, digits_end
    mv t6, sp
1:  remu t1, a0, t5
    addi t1, t1, '0'
    addi t6, t6, -1
    sb t1, 0(t6)
    divu a0, a0, t5
    bnez a0, 1b
2:  lbu a0, 0(t6)
    beqz a0, 3f
    jal ra, putc
    addi t6, t6, 1
    j 2b
3:  mv sp, t4
    mv ra, t3
    ret

    .section .rodata
msg_fail: .asciz "FAIL check "
msg_got: .asciz ": got "
msg_want: .asciz " want "

    .data
digits: .zero 24
digits_end: .byte 0

    .text
    .balign 2048
chunk1:
    .rept 511
    nop
    .endr
    ret
    .balign 2048
chunk2:
    .rept 511
    nop
    .endr
    ret

    .balign 4096
itlb_code:
    .rept 16 * 1024 - 1
    nop
    .endr
    ret
