/* RV32I/RV64I conditional branches: beq bne blt bge bltu bgeu, each taken and not taken,
 * forward and backward, with signed/unsigned edge values (0, +-1, XMIN, XMAX, and
 * 0x80000000 which is negative on RV32 but positive on RV64); pseudo-instructions with
 * x0 (beqz, bnez, bltz, bgez, blez, bgtz), same-register operands and far targets. */
#include "isa_test.h"

RVTEST_CODE_BEGIN

  /* ---- beq ---- */
  TEST_BR2_TAKEN(2, beq, 0, 0)
  TEST_BR2_TAKEN(3, beq, 1, 1)
  TEST_BR2_TAKEN(4, beq, -1, -1)
  TEST_BR2_NOT_TAKEN(5, beq, 0, 1)
  TEST_BR2_NOT_TAKEN(6, beq, 1, 0)
  TEST_BR2_NOT_TAKEN(7, beq, -1, 0)
  TEST_BR2_NOT_TAKEN(8, beq, 0, -1)
  TEST_BR2_NOT_TAKEN(9, beq, XMIN, XMAX)
  TEST_BR2_NOT_TAKEN(10, beq, XMAX, XMIN)
  TEST_BR2_NOT_TAKEN(11, beq, XMIN, 0)
  TEST_BR2_NOT_TAKEN(12, beq, 0, XMIN)
  TEST_BR2_NOT_TAKEN(13, beq, -1, 1)
  TEST_BR2_TAKEN(14, beq, XMIN, XMIN)
  TEST_BR2_NOT_TAKEN(15, beq, 0x80000000, 0)
  TEST_BR2_NOT_TAKEN(16, beq, -2, -1)
  TEST_BR2_NOT_TAKEN(17, beq, 0x7fffffff, 0x80000000)

  /* ---- bne ---- */
  TEST_BR2_NOT_TAKEN(18, bne, 0, 0)
  TEST_BR2_NOT_TAKEN(19, bne, 1, 1)
  TEST_BR2_NOT_TAKEN(20, bne, -1, -1)
  TEST_BR2_TAKEN(21, bne, 0, 1)
  TEST_BR2_TAKEN(22, bne, 1, 0)
  TEST_BR2_TAKEN(23, bne, -1, 0)
  TEST_BR2_TAKEN(24, bne, 0, -1)
  TEST_BR2_TAKEN(25, bne, XMIN, XMAX)
  TEST_BR2_TAKEN(26, bne, XMAX, XMIN)
  TEST_BR2_TAKEN(27, bne, XMIN, 0)
  TEST_BR2_TAKEN(28, bne, 0, XMIN)
  TEST_BR2_TAKEN(29, bne, -1, 1)
  TEST_BR2_NOT_TAKEN(30, bne, XMIN, XMIN)
  TEST_BR2_TAKEN(31, bne, 0x80000000, 0)
  TEST_BR2_TAKEN(32, bne, -2, -1)
  TEST_BR2_TAKEN(33, bne, 0x7fffffff, 0x80000000)

  /* ---- blt ---- */
  TEST_BR2_NOT_TAKEN(34, blt, 0, 0)
  TEST_BR2_NOT_TAKEN(35, blt, 1, 1)
  TEST_BR2_NOT_TAKEN(36, blt, -1, -1)
  TEST_BR2_TAKEN(37, blt, 0, 1)
  TEST_BR2_NOT_TAKEN(38, blt, 1, 0)
  TEST_BR2_TAKEN(39, blt, -1, 0)
  TEST_BR2_NOT_TAKEN(40, blt, 0, -1)
  TEST_BR2_TAKEN(41, blt, XMIN, XMAX)
  TEST_BR2_NOT_TAKEN(42, blt, XMAX, XMIN)
  TEST_BR2_TAKEN(43, blt, XMIN, 0)
  TEST_BR2_NOT_TAKEN(44, blt, 0, XMIN)
  TEST_BR2_TAKEN(45, blt, -1, 1)
  TEST_BR2_NOT_TAKEN(46, blt, XMIN, XMIN)
#if XLEN == 32
  TEST_BR2_TAKEN(47, blt, 0x80000000, 0)
#else
  TEST_BR2_NOT_TAKEN(47, blt, 0x80000000, 0)
#endif
  TEST_BR2_TAKEN(48, blt, -2, -1)
#if XLEN == 32
  TEST_BR2_NOT_TAKEN(49, blt, 0x7fffffff, 0x80000000)
#else
  TEST_BR2_TAKEN(49, blt, 0x7fffffff, 0x80000000)
#endif

  /* ---- bge ---- */
  TEST_BR2_TAKEN(50, bge, 0, 0)
  TEST_BR2_TAKEN(51, bge, 1, 1)
  TEST_BR2_TAKEN(52, bge, -1, -1)
  TEST_BR2_NOT_TAKEN(53, bge, 0, 1)
  TEST_BR2_TAKEN(54, bge, 1, 0)
  TEST_BR2_NOT_TAKEN(55, bge, -1, 0)
  TEST_BR2_TAKEN(56, bge, 0, -1)
  TEST_BR2_NOT_TAKEN(57, bge, XMIN, XMAX)
  TEST_BR2_TAKEN(58, bge, XMAX, XMIN)
  TEST_BR2_NOT_TAKEN(59, bge, XMIN, 0)
  TEST_BR2_TAKEN(60, bge, 0, XMIN)
  TEST_BR2_NOT_TAKEN(61, bge, -1, 1)
  TEST_BR2_TAKEN(62, bge, XMIN, XMIN)
#if XLEN == 32
  TEST_BR2_NOT_TAKEN(63, bge, 0x80000000, 0)
#else
  TEST_BR2_TAKEN(63, bge, 0x80000000, 0)
#endif
  TEST_BR2_NOT_TAKEN(64, bge, -2, -1)
#if XLEN == 32
  TEST_BR2_TAKEN(65, bge, 0x7fffffff, 0x80000000)
#else
  TEST_BR2_NOT_TAKEN(65, bge, 0x7fffffff, 0x80000000)
#endif

  /* ---- bltu ---- */
  TEST_BR2_NOT_TAKEN(66, bltu, 0, 0)
  TEST_BR2_NOT_TAKEN(67, bltu, 1, 1)
  TEST_BR2_NOT_TAKEN(68, bltu, -1, -1)
  TEST_BR2_TAKEN(69, bltu, 0, 1)
  TEST_BR2_NOT_TAKEN(70, bltu, 1, 0)
  TEST_BR2_NOT_TAKEN(71, bltu, -1, 0)
  TEST_BR2_TAKEN(72, bltu, 0, -1)
  TEST_BR2_NOT_TAKEN(73, bltu, XMIN, XMAX)
  TEST_BR2_TAKEN(74, bltu, XMAX, XMIN)
  TEST_BR2_NOT_TAKEN(75, bltu, XMIN, 0)
  TEST_BR2_TAKEN(76, bltu, 0, XMIN)
  TEST_BR2_NOT_TAKEN(77, bltu, -1, 1)
  TEST_BR2_NOT_TAKEN(78, bltu, XMIN, XMIN)
  TEST_BR2_NOT_TAKEN(79, bltu, 0x80000000, 0)
  TEST_BR2_TAKEN(80, bltu, -2, -1)
  TEST_BR2_TAKEN(81, bltu, 0x7fffffff, 0x80000000)

  /* ---- bgeu ---- */
  TEST_BR2_TAKEN(82, bgeu, 0, 0)
  TEST_BR2_TAKEN(83, bgeu, 1, 1)
  TEST_BR2_TAKEN(84, bgeu, -1, -1)
  TEST_BR2_NOT_TAKEN(85, bgeu, 0, 1)
  TEST_BR2_TAKEN(86, bgeu, 1, 0)
  TEST_BR2_TAKEN(87, bgeu, -1, 0)
  TEST_BR2_NOT_TAKEN(88, bgeu, 0, -1)
  TEST_BR2_TAKEN(89, bgeu, XMIN, XMAX)
  TEST_BR2_NOT_TAKEN(90, bgeu, XMAX, XMIN)
  TEST_BR2_TAKEN(91, bgeu, XMIN, 0)
  TEST_BR2_NOT_TAKEN(92, bgeu, 0, XMIN)
  TEST_BR2_TAKEN(93, bgeu, -1, 1)
  TEST_BR2_TAKEN(94, bgeu, XMIN, XMIN)
  TEST_BR2_TAKEN(95, bgeu, 0x80000000, 0)
  TEST_BR2_NOT_TAKEN(96, bgeu, -2, -1)
  TEST_BR2_NOT_TAKEN(97, bgeu, 0x7fffffff, 0x80000000)

  /* ---- x0 operands (pseudo-instructions) ---- */
  TEST_BEGIN(98);  li a1, 0;  beqz a1, 1f; j fail; 1:
  TEST_BEGIN(99);  li a1, 1;  beqz a1, fail
  TEST_BEGIN(100); li a1, -1; bnez a1, 1f; j fail; 1:
  TEST_BEGIN(101); li a1, 0;  bnez a1, fail
  TEST_BEGIN(102); li a1, XMIN; bltz a1, 1f; j fail; 1:
  TEST_BEGIN(103); li a1, 0;  bltz a1, fail
  TEST_BEGIN(104); li a1, 0;  bgez a1, 1f; j fail; 1:
  TEST_BEGIN(105); li a1, -1; bgez a1, fail
  TEST_BEGIN(106); li a1, 0;  blez a1, 1f; j fail; 1:
  TEST_BEGIN(107); li a1, 1;  blez a1, fail
  TEST_BEGIN(108); li a1, XMAX; bgtz a1, 1f; j fail; 1:
  TEST_BEGIN(109); li a1, 0;  bgtz a1, fail
  TEST_BEGIN(110); bltu x0, x0, fail                  /* 0 <u 0 is false */
  TEST_BEGIN(111); li a1, 1; bltu x0, a1, 1f; j fail; 1:
  TEST_BEGIN(112); li a1, -1; bgeu x0, a1, fail

  /* ---- same register as both operands ---- */
  TEST_BEGIN(113); li a1, -5; beq a1, a1, 1f; j fail; 1:
  TEST_BEGIN(114); li a1, -5; bne a1, a1, fail
  TEST_BEGIN(115); li a1, -5; blt a1, a1, fail
  TEST_BEGIN(116); li a1, -5; bge a1, a1, 1f; j fail; 1:
  TEST_BEGIN(117); li a1, -5; bltu a1, a1, fail
  TEST_BEGIN(118); li a1, -5; bgeu a1, a1, 1f; j fail; 1:

  /* ---- instructions after a not-taken branch execute; a taken branch skips them ---- */
  TEST_CASE(119, a4, 3, li a4, 0; li a1, 1; beq a1, x0, 1f; addi a4, a4, 1; addi a4, a4, 2; 1:)
  TEST_CASE(120, a4, 2, li a4, 0; li a1, 1; bne a1, x0, 1f; addi a4, a4, 1; 1: addi a4, a4, 2)

  /* ---- loop: backward branch taken several times ---- */
  TEST_CASE(121, a4, 55, li a4, 0; li a1, 10; 1: add a4, a4, a1; addi a1, a1, -1; bnez a1, 1b)

  /* ---- far targets: offsets near +-4 KiB (the branch encodings' limit) ---- */
  TEST_BEGIN(122)
        li a1, 7
        li a2, 7
        beq a1, a2, br_far_fwd               /* +4092 */
        j fail
br_far_back:
        j br_far_done
        .skip 4080                           /* never executed */
br_far_fwd:
        bgeu a1, a2, br_far_back             /* -4084 */
        j fail
br_far_done:
  TEST_CASE(123, a4, 4092, la a4, br_far_fwd; la t1, test_122; addi t1, t1, 12; sub a4, a4, t1)

RVTEST_CODE_END
