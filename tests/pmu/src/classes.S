/* Group 2: instruction-class events (reference §3, decode table of el2_dec_decode_ctl):
 *   9 mul (mul, mulh, mulhsu, mulhu only)     10 div/divu/rem/remu
 *   11 / 12 loads / stores                      13 / 14 misaligned loads / stores
 *   15 ALU: add/sub/logic/shift/slt*, lui, auipc, wfi and their compressed forms; not branches,
 *      jumps, CSR, fences, mul/div, loads/stores, Zb*
 *   54 Zba/Zbb/Zbc/Zbs (incl. clmul*, zext.h, rev8)
 *   16 CSR read: csrrs/csrrc rs1=x0, csrrsi/csrrci uimm=0 (any rd)
 *   17 CSR read/write: csrrw(i) rd!=x0; csrrs/csrrc(i) with rs1/uimm != 0 (any rd)
 *   18 CSR write: csrrw(i) with rd=x0
 *   19-23 ebreak, ecall, fence, fence.i, mret
 * Misaligned = halfword at an odd address, word not 4-aligned; bytes never. */
#include "pmu_test.h"

    TEST_NAME "classes"

/* The mix: 127 instructions in the main flow plus two traps (ecall, ebreak; handler 7 each).
 * Needs: s5 = buf (64-aligned), a3 = s5, a5 = s5 + 2, a0 = 7, a1 = 3, t1 = 0, t5 = 4, s9 armed,
 * sp 16-aligned with 16 free bytes above it. Per group: count, length, classes. */
.macro MIX
    /* M: 9 x 32-bit; 4 MUL, 5 DIV (division by zero included) */
    mul a2, a0, a1
    mulh a2, a0, a1
    mulhsu a2, a0, a1
    mulhu a2, a0, a1
    div a2, a0, a1
    divu a2, a0, a1
    rem a2, a0, a1
    remu a2, a0, a1
    div a2, a0, zero
    /* Zba, Zbb, Zbc, Zbs: 32 x 32-bit, BITMANIP */
    sh1add a2, a0, a1
    sh2add a2, a0, a1
    sh3add a2, a0, a1
    andn a2, a0, a1
    orn a2, a0, a1
    xnor a2, a0, a1
    clz a2, a0
    ctz a2, a0
    cpop a2, a0
    max a2, a0, a1
    maxu a2, a0, a1
    min a2, a0, a1
    minu a2, a0, a1
    sext.b a2, a0
    sext.h a2, a0
    zext.h a2, a0
    rol a2, a0, a1
    ror a2, a0, a1
    rori a2, a0, 3
    orc.b a2, a0
    rev8 a2, a0
    clmul a2, a0, a1
    clmulh a2, a0, a1
    clmulr a2, a0, a1
    bclr a2, a0, a1
    bclri a2, a0, 1
    bext a2, a0, a1
    bexti a2, a0, 1
    binv a2, a0, a1
    binvi a2, a0, 1
    bset a2, a0, a1
    bseti a2, a0, 1
    /* ALU, 23 x 32-bit */
    add a2, a0, a1
    sub a2, a0, a1
    sll a2, a0, a1
    slt a2, a0, a1
    sltu a2, a0, a1
    xor a2, a0, a1
    srl a2, a0, a1
    sra a2, a0, a1
    or a2, a0, a1
    and a2, a0, a1
    addi a2, a0, 1
    slti a2, a0, 1
    sltiu a2, a0, 1
    xori a2, a0, 1
    ori a2, a0, 1
    andi a2, a0, 1
    slli a2, a0, 1
    srli a2, a0, 1
    srai a2, a0, 1
    lui a2, 0x12345
    auipc a2, 0
    wfi                     /* a NOP on VeeR; class ALU */
    nop
    /* ALU, 17 x 16-bit */
    C c.nop
    C c.addi a2, 1
    C c.li a2, 5
    C c.mv a2, a0
    C c.add a2, a0
    C c.sub a2, a1
    C c.xor a2, a1
    C c.or a2, a1
    C c.and a2, a1
    C c.andi a2, 3
    C c.slli a2, 1
    C c.srli a2, 1
    C c.srai a2, 1
    C c.lui a2, 1
    C c.addi16sp sp, 16
    C c.addi16sp sp, -16
    C c.addi4spn a2, sp, 8
    /* loads: 12 (9 x 32-bit, 3 x 16-bit), 6 misaligned; all to external RAM */
    lb a2, 1(s5)            /* byte: never misaligned */
    lbu a2, 3(s5)
    lh a2, 2(s5)
    lh a2, 1(s5)            /* misaligned */
    lhu a2, 3(s5)           /* misaligned */
    lw a2, 4(s5)
    lw a2, 2(s5)            /* misaligned */
    lw a2, 1(s5)            /* misaligned */
    lw a2, 7(s5)            /* misaligned */
    C c.lw a2, 0(a3)
    C c.lw a2, 4(a5)        /* s5 + 6: misaligned */
    C c.lwsp a2, 0(sp)
    /* stores: 9 (6 x 32-bit, 3 x 16-bit), 4 misaligned */
    sb a1, 9(s5)
    sh a1, 10(s5)
    sh a1, 11(s5)           /* misaligned */
    sw a1, 12(s5)
    sw a1, 14(s5)           /* misaligned */
    sw a1, 13(s5)           /* misaligned */
    C c.sw a1, 16(a3)
    C c.sw a1, 16(a5)       /* s5 + 18: misaligned */
    C c.swsp a1, 4(sp)
    /* CSR: 13 x 32-bit on mscratch; 4 read, 7 read/write, 2 write */
    csrr a2, mscratch               /* read */
    csrrc a2, mscratch, zero        /* read */
    csrrsi a2, mscratch, 0          /* read */
    csrrci a2, mscratch, 0          /* read */
    csrrs zero, mscratch, a0        /* read/write (rd = x0 but rs1 != x0) */
    csrrc zero, mscratch, a0        /* read/write */
    csrrs a2, mscratch, t1          /* read/write (t1 holds 0, but rs1 != x0) */
    csrrsi zero, mscratch, 1        /* read/write */
    csrrci a2, mscratch, 1          /* read/write */
    csrrw a2, mscratch, a0          /* read/write */
    csrrwi a2, mscratch, 5          /* read/write */
    csrrw zero, mscratch, a0        /* write */
    csrrwi zero, mscratch, 3        /* write */
    /* fences: 3 x 32-bit */
    fence
    fence rw, rw
    fence.i
    /* system: 6 x 32-bit main flow + 2 traps */
    ecall                   /* commit, not minstret; trap */
    ebreak                  /* commit, not minstret; trap */
    lla t0, 1f              /* 2 x ALU */
    csrw mepc, t0           /* CSR write */
    mret
1:
    /* control transfers: 3 x 32-bit, not ALU */
    j 2f                    /* jal: branch, taken */
2:  beq zero, zero, 3f      /* taken */
3:  bne zero, zero, 4f      /* not taken */
4:
.endm

/* Totals over MIX + 2 handlers (14) + PMU_STOP (1):
 *   4: 127 + 14 + 1 = 142      5: 17 + 3 + 3 = 23      6: 142 - 23 = 119   minstret: 140
 *   9: 4   10: 5   11: 12   12: 9   13: 6   14: 4
 *   15: 23 + 17 + 2 (lla) + 2 x 2 (handlers) = 46       54: 32
 *   16: 4 + 2 x 2 = 8   17: 7   18: 2 + 1 (csrw mepc) + 2 x 1 + 1 (PMU_STOP) = 6
 *   19: 1   20: 1   21: 2   22: 1   23: 1 + 2 = 3
 *   24: 3 + 2 (handler beqz) = 5   26: 2   27: 0   37: 2   55: 12   56: 9 */
.macro RUN_MIX e3, e4, e5, e6
    PMU_SETUP \e3, \e4, \e5, \e6
    lla s5, buf
    mv a3, s5
    addi a5, s5, 2
    li a0, 7
    li a1, 3
    li t1, 0
    li s11, 0
    EXPECT_TRAPS 4
    PMU_GO
    MIX
    PMU_STOP
    NO_TRAPS
    PMU_READ
.endm

    .text
    .globl test_main
test_main:
    addi sp, sp, -16

    RUN_MIX 9, 10, 11, 12
    CHECK 2001, s0, 4
    CHECK 2002, s1, 5
    CHECK 2003, s2, 12
    CHECK 2004, s3, 9
    CHECK 2005, s4, 140     /* minstret */
    CHECK 2006, s11, 2      /* traps */

    RUN_MIX 13, 14, 15, 54
    CHECK 2007, s0, 6
    CHECK 2008, s1, 4
    CHECK 2009, s2, 46
    CHECK 2010, s3, 32

    RUN_MIX 16, 17, 18, 19
    CHECK 2011, s0, 8
    CHECK 2012, s1, 7
    CHECK 2013, s2, 6
    CHECK 2014, s3, 1

    RUN_MIX 20, 21, 22, 23
    CHECK 2015, s0, 1
    CHECK 2016, s1, 2
    CHECK 2017, s2, 1
    CHECK 2018, s3, 3

    RUN_MIX 4, 5, 6, 37
    CHECK 2019, s0, 142
    CHECK 2020, s1, 23
    CHECK 2021, s2, 119
    CHECK 2022, s3, 2

    RUN_MIX 24, 26, 27, 55
    CHECK 2023, s0, 5
    CHECK 2024, s1, 2
    CHECK 2025, s2, 0
    CHECK 2026, s3, 12

    RUN_MIX 56, 0, 29, 33   /* 29, 33: reserved, WARL to 0: count nothing */
    CHECK 2027, s0, 9
    CHECK 2028, s1, 0
    CHECK 2029, s2, 0
    CHECK 2030, s3, 0

    /* ---- single instructions: checks n..n+3 = counters 3..6; PMU_STOP adds 1 to 4, 6, 18 */
    lla s5, buf
    li a0, 7
    li a1, 3
    li t1, 0
    /*        num   events           want         instruction */
    MEASURE1 2101, 16, 17, 18, 4,  0, 1, 1, 2,  csrrs zero, mscratch, a0
    MEASURE1 2105, 16, 17, 18, 4,  0, 0, 2, 2,  csrrw zero, mscratch, a0
    MEASURE1 2109, 16, 17, 18, 4,  1, 0, 1, 2,  csrrsi a2, mscratch, 0
    MEASURE1 2113, 16, 17, 18, 4,  0, 1, 1, 2,  csrrwi a2, mscratch, 0
    MEASURE1 2117, 16, 17, 18, 4,  1, 0, 1, 2,  csrrci zero, mscratch, 0
    MEASURE1 2121, 16, 17, 18, 4,  0, 1, 1, 2,  csrrs a2, mscratch, t1
    MEASURE1 2125, 16, 17, 18, 4,  1, 0, 1, 2,  csrrc a2, mscratch, zero
    MEASURE1 2129, 16, 17, 18, 4,  0, 0, 2, 2,  csrrwi zero, mscratch, 0
    MEASURE1 2133, 15, 9, 54, 4,   1, 0, 0, 2,  wfi
    MEASURE1 2137, 15, 5, 6, 4,    1, 1, 1, 2,  C c.nop
    MEASURE1 2141, 15, 5, 6, 4,    1, 1, 1, 2,  C c.mv a2, a0
    MEASURE1 2145, 15, 5, 6, 4,    1, 1, 1, 2,  C c.li a2, 1
    MEASURE1 2149, 15, 9, 54, 4,   0, 0, 1, 2,  clmul a2, a0, a1
    MEASURE1 2153, 15, 9, 54, 4,   0, 0, 1, 2,  zext.h a2, a0
    MEASURE1 2157, 15, 9, 54, 4,   0, 0, 1, 2,  rev8 a2, a0
    MEASURE1 2161, 15, 9, 54, 4,   0, 0, 1, 2,  andn a2, a0, a1
    MEASURE1 2165, 15, 9, 54, 4,   0, 1, 0, 2,  mulhu a2, a0, a1
    MEASURE1 2169, 15, 10, 9, 4,   0, 1, 0, 2,  remu a2, a0, a1
    MEASURE1 2173, 15, 21, 22, 4,  0, 1, 0, 2,  fence
    MEASURE1 2177, 15, 21, 22, 4,  0, 0, 1, 2,  fence.i
    MEASURE1 2181, 15, 54, 6, 4,   1, 0, 2, 2,  lui a2, 1
    MEASURE1 2185, 15, 54, 6, 4,   1, 0, 2, 2,  auipc a2, 1
    MEASURE1 2189, 11, 13, 15, 55, 1, 0, 0, 1,  lb a2, 1(s5)
    MEASURE1 2193, 11, 13, 15, 55, 1, 1, 0, 1,  lh a2, 1(s5)
    MEASURE1 2197, 11, 13, 15, 55, 1, 1, 0, 1,  lw a2, 2(s5)
    MEASURE1 2201, 11, 13, 15, 55, 1, 0, 0, 1,  lhu a2, 2(s5)
    MEASURE1 2205, 12, 14, 15, 56, 1, 0, 0, 1,  sb a1, 3(s5)
    MEASURE1 2209, 12, 14, 15, 56, 1, 1, 0, 1,  sh a1, 3(s5)
    MEASURE1 2213, 12, 14, 15, 56, 1, 1, 0, 1,  sw a1, 6(s5)
    MEASURE1 2217, 12, 14, 15, 56, 1, 0, 0, 1,  sw a1, 8(s5)
    MEASURE1 2221, 15, 24, 26, 4,  0, 1, 1, 2,  j 1f; 1:

    addi sp, sp, 16
    TEST_END

    .data
    .align 6
buf: .space 64
