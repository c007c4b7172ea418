/* C extension: every compressed instruction (RV32: c.jal; RV64: c.addiw c.addw c.subw
 * c.ld c.sd c.ldsp c.sdsp), written with explicit c. mnemonics in ".option rvc" code so
 * the assembler must emit the 16-bit encodings.  Also: 32-bit instructions at addresses
 * that are 2 mod 4, jumps to 2-mod-4 targets, and a 32-bit instruction that straddles a
 * 4 KiB boundary.  c.ebreak is checked through the trap handler (mcause 3). */
#include "isa_test.h"

RVTEST_CODE_BEGIN
        addi sp, sp, -1024                  /* sp-relative tests use sp + 0..504 */
        .option rvc

  /* ---- c.li: rd = sext(imm6) ---- */
  TEST_CASE( 2, a0, 0,   li a0, 77; c.li a0, 0)
  TEST_CASE( 3, a0, 31,  c.li a0, 31)
  TEST_CASE( 4, a0, -32, c.li a0, -32)
  TEST_CASE( 5, t3, -1,  c.li t3, -1)                       /* any register */

  /* ---- c.lui: rd = sext(nzimm6 << 12) ---- */
  TEST_CASE( 6, a0, 0x1000,  li a0, -1; c.lui a0, 1)
  TEST_CASE( 7, a0, 0x1f000, c.lui a0, 0x1f)
  TEST_CASE( 8, a0, -0x20000, c.lui a0, 0xfffe0)
  TEST_CASE( 9, t5, -0x1000, c.lui t5, 0xfffff)

  /* ---- c.addi: rd += sext(nzimm6) ---- */
  TEST_CASE(10, a0, 6,    li a0, 5; c.addi a0, 1)
  TEST_CASE(11, a0, -27,  li a0, 5; c.addi a0, -32)
  TEST_CASE(12, a0, 36,   li a0, 5; c.addi a0, 31)
  TEST_CASE(13, a0, XMIN, li a0, XMAX; c.addi a0, 1)
  TEST_CASE(14, s11, 0,   li s11, 1; c.addi s11, -1)

  /* ---- c.nop ---- */
  TEST_CASE(15, a0, 123, li a0, 123; c.nop; c.nop; c.nop)

  /* ---- c.mv / c.add (any registers) ---- */
  TEST_CASE(16, t0, -5,   li t1, -5; li t0, 9; c.mv t0, t1)
  TEST_CASE(17, a0, XMIN, li a1, XMIN; c.mv a0, a1)
  TEST_CASE(18, t0, 4,    li t0, 9; li t1, -5; c.add t0, t1)
  TEST_CASE(19, s2, XMIN, li s2, XMAX; li s3, 1; c.add s2, s3)
  TEST_CASE(20, a0, 2,    li a0, 1; c.add a0, a0)

  /* ---- c.sub / c.xor / c.or / c.and (x8..x15) ---- */
  TEST_CASE(21, a0, -14,  li a0, -5; li a1, 9; c.sub a0, a1)
  TEST_CASE(22, s0, XMAX, li s0, XMIN; li s1, 1; c.sub s0, s1)
  TEST_CASE(23, a0, 0xf00ff00ff00ff00f, li a0, 0xff00ff00ff00ff00; li a5, 0x0f0f0f0f0f0f0f0f; c.xor a0, a5)
  TEST_CASE(24, a2, 0xff0fff0fff0fff0f, li a2, 0xff00ff00ff00ff00; li a3, 0x0f0f0f0f0f0f0f0f; c.or a2, a3)
  TEST_CASE(25, a4, 0x0f000f000f000f00, li a4, 0xff00ff00ff00ff00; li s1, 0x0f0f0f0f0f0f0f0f; c.and a4, s1)

  /* ---- c.andi: rd &= sext(imm6) ---- */
  TEST_CASE(26, a0, 0x1234, li a0, 0x1234; c.andi a0, -1)
  TEST_CASE(27, a0, 0x1220, li a0, 0x1234; c.andi a0, -32)     /* ~0x1f */
  TEST_CASE(28, a0, 0x14,   li a0, 0x1234; c.andi a0, 31)
  TEST_CASE(29, a5, 0,      li a5, -1; c.andi a5, 0)
  TEST_CASE(30, a0, XMIN,   li a0, XMIN + 1; c.andi a0, -2)

  /* ---- c.slli / c.srli / c.srai ---- */
  TEST_CASE(31, a0, 2,    li a0, 1; c.slli a0, 1)
  TEST_CASE(32, a0, 0x80000000, li a0, 1; c.slli a0, 31)
  TEST_CASE(33, t4, 0x40,  li t4, 1; c.slli t4, 6)                  /* any register */
  TEST_CASE(34, a0, X32_64(0x7fffffff, 0x7fffffffffffffff), li a0, -1; c.srli a0, 1)
  TEST_CASE(35, a0, 1, li a0, XMIN; c.srli a0, XLEN - 1)
  TEST_CASE(36, a0, X32_64(1, 0x1ffffffff), li a0, -1; c.srli a0, 31)
  TEST_CASE(37, a0, -1, li a0, -1; c.srai a0, 1)
  TEST_CASE(38, a0, -1, li a0, XMIN; c.srai a0, XLEN - 1)
  TEST_CASE(39, a0, 0x12, li a0, 0x1234; c.srai a0, 8)
  TEST_CASE(40, s1, X32_64(0xc0000000, 0xc000000000000000), li s1, XMIN; c.srai s1, 1)
#if XLEN == 64
  TEST_CASE(41, a0, 0x8000000000000000, li a0, 1; c.slli a0, 63)
  TEST_CASE(42, a0, 0x100000000, li a0, 1; c.slli a0, 32)
  TEST_CASE(43, a0, 1, li a0, -1; c.srli a0, 63)
  TEST_CASE(44, a0, 0xffffffff, li a0, -1; c.srli a0, 32)
  TEST_CASE(45, a0, -0x80000000, li a0, XMIN; c.srai a0, 32)
#endif

  /* ---- c.addi4spn: rd' = sp + nzuimm ---- */
  TEST_CASE(46, a0, 4,    c.addi4spn a0, sp, 4; sub a0, a0, sp)
  TEST_CASE(47, s1, 1020, c.addi4spn s1, sp, 1020; sub s1, s1, sp)
  TEST_CASE(48, a5, 512,  c.addi4spn a5, sp, 512; sub a5, a5, sp)

  /* ---- c.addi16sp: sp += nzimm (multiple of 16) ---- */
  TEST_CASE(49, a0, -512, mv s0, sp; c.addi16sp sp, -512; sub a0, sp, s0; mv sp, s0)
  TEST_CASE(50, a0, 496,  mv s0, sp; c.addi16sp sp, 496; sub a0, sp, s0; mv sp, s0)
  TEST_CASE(51, a0, 16,   mv s0, sp; c.addi16sp sp, 16; sub a0, sp, s0; mv sp, s0)

  /* ---- c.lw / c.sw (base x8..x15, offset 0..124 step 4) ---- */
  TEST_CASE(52, a0, SEXT32(0x80000001), la s0, cdata; c.lw a0, 0(s0))
  TEST_CASE(53, a1, 0x7ffffffe, la s0, cdata; c.lw a1, 4(s0))
  TEST_CASE(54, a2, SEXT32(0xcafef00d), la a5, cdata; c.lw a2, 124(a5))
  TEST_CASE(55, a3, SEXT32(0x89abcdef), la s1, cbuf; li a0, 0x89abcdef; c.sw a0, 0(s1); lw a3, 0(s1))
  TEST_CASE(56, a3, 0x01234567, la s1, cbuf; li a0, 0x01234567; c.sw a0, 124(s1); lw a3, 124(s1))
  TEST_CASE(57, a3, SEXT32(0x89abcdef), la s1, cbuf; c.lw a3, 0(s1))
  TEST_CASE(58, a3, 0, la s1, cbuf; lw a3, 4(s1))                    /* neighbour untouched */

  /* ---- c.lwsp / c.swsp (offset 0..252 step 4, any rd) ---- */
  TEST_CASE(59, t0, SEXT32(0xa5a5a5a5), li t1, 0xa5a5a5a5; sw t1, 0(sp); c.lwsp t0, 0(sp))
  TEST_CASE(60, t0, 0x5a5a5a5a, li t1, 0x5a5a5a5a; sw t1, 252(sp); c.lwsp t0, 252(sp))
  TEST_CASE(61, a0, 0x13579bdf, li t6, 0x13579bdf; c.swsp t6, 4(sp); lw a0, 4(sp))
  TEST_CASE(62, a0, SEXT32(0xfedcba98), li ra, 0xfedcba98; c.swsp ra, 248(sp); c.lwsp a0, 248(sp))

#if XLEN == 64
  /* ---- c.ld / c.sd (offset 0..248 step 8), c.ldsp / c.sdsp (0..504 step 8) ---- */
  TEST_CASE(63, a0, 0x8000000180000001, la s0, cdata; c.ld a0, 8(s0))
  TEST_CASE(64, a0, 0x7ffffffe80000001, la s0, cdata; c.ld a0, 0(s0))
  TEST_CASE(65, a0, 0x0123456789abcdef, la s1, cbuf; li a1, 0x0123456789abcdef; c.sd a1, 248(s1); ld a0, 248(s1))
  TEST_CASE(66, a2, 0x0123456789abcdef, la s1, cbuf; c.ld a2, 248(s1))
  TEST_CASE(67, t0, 0xfedcba9876543210, li t1, 0xfedcba9876543210; sd t1, 504(sp); c.ldsp t0, 504(sp))
  TEST_CASE(68, a0, 0x1111222233334444, li t2, 0x1111222233334444; c.sdsp t2, 0(sp); ld a0, 0(sp))
  TEST_CASE(69, a0, 0x1111222233334444, c.ldsp a0, 0(sp))

  /* ---- c.addiw: 32-bit add, sign-extended result (imm 0 = sext.w) ---- */
  TEST_CASE(70, a0, -0x80000000, li a0, 0x7fffffff; c.addiw a0, 1)
  TEST_CASE(71, a0, 0x12345678, li a0, 0xabcdef0012345678; c.addiw a0, 0)
  TEST_CASE(72, a0, -0x7ffffff1, li a0, 0x80000000; c.addiw a0, 15)
  TEST_CASE(73, t0, 0x7fffffe0, li t0, 0x180000000; c.addiw t0, -32)
  /* ---- c.addw / c.subw ---- */
  TEST_CASE(74, a0, -0x80000000, li a0, 0x7fffffff; li a1, 1; c.addw a0, a1)
  TEST_CASE(75, a0, 5, li a0, 0x100000002; li a1, 0xf00000003; c.addw a0, a1)
  TEST_CASE(76, s0, 0x7fffffff, li s0, 0x80000000; li s1, 1; c.subw s0, s1)
  TEST_CASE(77, s0, -1, li s0, 0x500000000; li s1, 1; c.subw s0, s1)
#else
  /* ---- c.jal (RV32 only): ra = pc + 2 ---- */
  TEST_BEGIN(63)
        li ra, 0
cjal63: c.jal 1f
        j fail
1:      la t1, cjal63 + 2
        bne ra, t1, fail
  TEST_BEGIN(64)
        c.j 2f
1:      c.j 3f
2:      c.jal 1b                                   /* backward */
        j fail
3:      la t1, 2b + 2
        bne ra, t1, fail
#endif

  /* ---- c.j: forward and backward ---- */
  TEST_CASE(78, a0, 3, li a0, 0; c.j 2f; 1: c.addi a0, 2; c.j 3f; 2: c.addi a0, 1; c.j 1b; c.addi a0, 8; 3:)

  /* ---- c.beqz / c.bnez (x8..x15), taken and not taken, both directions ---- */
  TEST_BEGIN(79); li a0, 0;  c.beqz a0, 1f; j fail; 1:
  TEST_BEGIN(80); li a0, 1;  c.beqz a0, fail
  TEST_BEGIN(81); li s1, -1; c.bnez s1, 1f; j fail; 1:
  TEST_BEGIN(82); li s1, 0;  c.bnez s1, fail
  TEST_BEGIN(83); li a5, XMIN; c.j 2f; 1: c.j 3f; 2: c.bnez a5, 1b; j fail; 3:
  TEST_BEGIN(84); li a5, 0;  c.j 2f; 1: c.j 3f; 2: c.beqz a5, 1b; j fail; 3:
#if XLEN == 64
  /* the full register is compared, not just 32 bits */
  TEST_BEGIN(85); li a0, 0x100000000; c.beqz a0, fail
#endif

  /* ---- c.jr / c.jalr (rs1 any register), link = pc + 2 ---- */
  TEST_CASE(86, a0, 7, li a0, 7; la t0, 1f; c.jr t0; li a0, 0; 1:)
  TEST_BEGIN(87)
        la a1, 1f
cjalr87: c.jalr a1
        j fail
1:      la t1, cjalr87 + 2
        bne ra, t1, fail
  /* c.jr / c.jalr to a target at an address that is 2 mod 4 */
  TEST_BEGIN(88)
        la a1, cjr_odd
        c.jalr a1
        li t1, 0x5a
        bne a0, t1, fail
  /* ret (c.jr ra) from a function whose entry is 2 mod 4 */
  TEST_CASE(89, a0, 0x5a, li a0, 0; call cjr_odd)

  /* ---- 32-bit instructions at addresses that are 2 mod 4 ---- */
  TEST_BEGIN(90)
        .balign 4
        c.nop
odd90:  jal ra, 1f                               /* 32-bit jal at 2 mod 4: link = +4 */
        j fail
1:      la t1, odd90 + 4
        bne ra, t1, fail
        andi t1, t1, 3
        li t2, 2
        bne t1, t2, fail
  TEST_CASE(91, a0, 0x5555, .balign 4; c.nop; lui a0, 5; addi a0, a0, 0x555)

  /* ---- a 32-bit instruction straddling a 4 KiB boundary ---- */
  TEST_BEGIN(92)
        li a0, 0
        j cross_pre
        .balign 4096
        .skip 4092                               /* not executed */
cross_pre:
        c.nop
cross_insn:
        addi a0, a0, 0x123                       /* bytes 0xffe..0x1001 of the page */
        c.nop
        li t2, 0x123
        bne a0, t2, fail
  TEST_CASE(93, a0, 0xffe, la a0, cross_insn; li t1, 0xfff; and a0, a0, t1)

  /* ---- c.ebreak: breakpoint exception, mepc = address of the c.ebreak ---- */
  TEST_BEGIN(94)
        TRAP_EXPECT(1f)
cebreak94:
        c.ebreak
        j fail
        .balign 4
1:
  TEST_TRAP_CAUSE(95, CAUSE_BREAKPOINT)
  TEST_TRAP_EPC(96, cebreak94)
  TEST_TRAP_COUNT(97, 1)
  TEST_TRAP_TVAL_ZERO_OR_ADDR(98, cebreak94)
  /* ---- c.ebreak at an address that is 2 mod 4 ---- */
  TEST_BEGIN(99)
        TRAP_EXPECT(1f)
        .balign 4
        c.nop
cebreak99:
        c.ebreak
        j fail
        .balign 4
1:
  TEST_TRAP_CAUSE(100, CAUSE_BREAKPOINT)
  TEST_TRAP_EPC(101, cebreak99)

  /* ---- a sequence mixing every register class ---- */
  TEST_CASE(102, a0, 42, c.li a0, 20; c.li a1, 22; c.mv a2, a0; c.add a2, a1; c.mv a0, a2)

  j c_end

        .balign 4
        c.nop
cjr_odd:                                          /* address 2 mod 4 */
        li a0, 0x5a
        c.jr ra

c_end:
        .option norvc
RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 64
cdata:  .word 0x80000001, 0x7ffffffe, 0x80000001, 0x80000001
        .fill 27, 4, 0
        .word 0xcafef00d                          /* cdata + 124 */
        .balign 64
cbuf:   .fill 256, 1, 0
RVTEST_DATA_END
