/* RV32I/RV64I integer register-register and register-immediate ALU instructions
 * (shifts are in i_shift.S):
 *   add sub and or xor slt sltu addi andi ori xori slti sltiu
 * 64-bit bit patterns are truncated to their low 32 bits by `li` on RV32, so bitwise
 * results written as 64-bit constants hold for both XLENs. */
#include "isa_test.h"

RVTEST_CODE_BEGIN

  /* ---- add ---- */
  TEST_RR_OP( 2, add, 0x00000000, 0x00000000, 0x00000000)
  TEST_RR_OP( 3, add, 0x00000002, 0x00000001, 0x00000001)
  TEST_RR_OP( 4, add, 0x0000000a, 0x00000003, 0x00000007)
  TEST_RR_OP( 5, add, -2, -1, -1)
  TEST_RR_OP( 6, add, 0, -1, 1)
  TEST_RR_OP( 7, add, XMIN, XMAX, 1)                 /* signed overflow wraps */
  TEST_RR_OP( 8, add, 0, XMIN, XMIN)
  TEST_RR_OP( 9, add, -2, XMAX, XMAX)
  TEST_RR_OP(10, add, -1, XMIN, XMAX)
  TEST_RR_OP(11, add, 0x80000000, 0x7fffffff, 1)     /* RV32: XMIN, RV64: +2^31 */
  TEST_RR_OP(12, add, X32_64(0, 0x100000000), 0xffffffff, 1)
  TEST_RR_OP(13, add, 0x12345678 + 0x11111111, 0x12345678, 0x11111111)
  TEST_RR_SRC1_EQ_DEST(14, add, 24, 13, 11)
  TEST_RR_SRC2_EQ_DEST(15, add, 25, 14, 11)
  TEST_RR_SRC12_EQ_DEST(16, add, 26, 13)
  TEST_RR_ZEROSRC1(17, add, 15, 15)
  TEST_RR_ZEROSRC2(18, add, 32, 32)
  TEST_RR_ZERODEST(19, add, 16, 30)

  /* ---- sub ---- */
  TEST_RR_OP(20, sub, 0, 0, 0)
  TEST_RR_OP(21, sub, 0, 1, 1)
  TEST_RR_OP(22, sub, -4, 3, 7)
  TEST_RR_OP(23, sub, 4, 7, 3)
  TEST_RR_OP(24, sub, XMAX, XMIN, 1)                 /* wraps */
  TEST_RR_OP(25, sub, XMIN, 0, XMIN)
  TEST_RR_OP(26, sub, XMIN, XMAX, -1)
  TEST_RR_OP(27, sub, -1, 0, 1)
  TEST_RR_OP(28, sub, 0, -1, -1)
  TEST_RR_OP(29, sub, 1, XMIN, XMAX)
  TEST_RR_OP(30, sub, X32_64(0, 0xffffffff00000000), 0x00000001, 0x0000000100000001)
  TEST_RR_SRC1_EQ_DEST(31, sub, 2, 13, 11)
  TEST_RR_SRC2_EQ_DEST(32, sub, 3, 14, 11)
  TEST_RR_SRC12_EQ_DEST(33, sub, 0, 13)
  TEST_RR_ZEROSRC1(34, sub, -15, 15)
  TEST_RR_ZEROSRC2(35, sub, 32, 32)
  TEST_RR_ZERODEST(36, sub, 16, 30)

  /* ---- and / or / xor ---- */
  TEST_RR_OP(37, and, 0x0f000f000f000f00, 0xff00ff00ff00ff00, 0x0f0f0f0f0f0f0f0f)
  TEST_RR_OP(38, and, 0x00f000f000f000f0, 0x0ff00ff00ff00ff0, 0xf0f0f0f0f0f0f0f0)
  TEST_RR_OP(39, and, 0, -1, 0)
  TEST_RR_OP(40, and, XMIN, -1, XMIN)
  TEST_RR_SRC12_EQ_DEST(41, and, 0xff00ff00ff00ff00, 0xff00ff00ff00ff00)
  TEST_RR_ZEROSRC1(42, and, 0, -1)
  TEST_RR_ZERODEST(43, and, -1, -1)
  TEST_RR_OP(44, or, 0xff0fff0fff0fff0f, 0xff00ff00ff00ff00, 0x0f0f0f0f0f0f0f0f)
  TEST_RR_OP(45, or, 0xfff0fff0fff0fff0, 0x0ff00ff00ff00ff0, 0xf0f0f0f0f0f0f0f0)
  TEST_RR_OP(46, or, -1, XMIN, XMAX)
  TEST_RR_OP(47, or, 0, 0, 0)
  TEST_RR_SRC1_EQ_DEST(48, or, 0xff0fff0fff0fff0f, 0xff00ff00ff00ff00, 0x0f0f0f0f0f0f0f0f)
  TEST_RR_ZEROSRC2(49, or, 0x12345678, 0x12345678)
  TEST_RR_ZERODEST(50, or, -1, 1)
  TEST_RR_OP(51, xor, 0xf00ff00ff00ff00f, 0xff00ff00ff00ff00, 0x0f0f0f0f0f0f0f0f)
  TEST_RR_OP(52, xor, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xf0f0f0f0f0f0f0f0)
  TEST_RR_OP(53, xor, -1, XMIN, XMAX)
  TEST_RR_OP(54, xor, XMAX, XMIN, -1)
  TEST_RR_SRC2_EQ_DEST(55, xor, 0xf00ff00ff00ff00f, 0xff00ff00ff00ff00, 0x0f0f0f0f0f0f0f0f)
  TEST_RR_SRC12_EQ_DEST(56, xor, 0, 0x5555aaaa5555aaaa)
  TEST_RR_ZEROSRC1(57, xor, -2, -2)
  TEST_RR_ZERODEST(58, xor, 1, 2)

  /* ---- slt (signed) ---- */
  TEST_RR_OP(59, slt, 0, 0, 0)
  TEST_RR_OP(60, slt, 0, 1, 1)
  TEST_RR_OP(61, slt, 1, 3, 7)
  TEST_RR_OP(62, slt, 0, 7, 3)
  TEST_RR_OP(63, slt, 1, -1, 0)
  TEST_RR_OP(64, slt, 0, 0, -1)
  TEST_RR_OP(65, slt, 1, XMIN, XMAX)
  TEST_RR_OP(66, slt, 0, XMAX, XMIN)
  TEST_RR_OP(67, slt, 1, XMIN, 0)
  TEST_RR_OP(68, slt, 0, XMAX, XMAX)
  TEST_RR_OP(69, slt, 1, -2, -1)
  TEST_RR_OP(70, slt, X32_64(1, 0), 0x80000000, 0)   /* RV32: negative, RV64: positive */
  TEST_RR_SRC1_EQ_DEST(71, slt, 1, -5, 6)
  TEST_RR_SRC12_EQ_DEST(72, slt, 0, -5)
  TEST_RR_ZEROSRC1(73, slt, 1, 1)
  TEST_RR_ZEROSRC2(74, slt, 1, -1)
  TEST_RR_ZERODEST(75, slt, -1, 1)

  /* ---- sltu (unsigned) ---- */
  TEST_RR_OP(76, sltu, 0, 0, 0)
  TEST_RR_OP(77, sltu, 1, 3, 7)
  TEST_RR_OP(78, sltu, 0, 7, 3)
  TEST_RR_OP(79, sltu, 0, -1, 0)
  TEST_RR_OP(80, sltu, 1, 0, -1)
  TEST_RR_OP(81, sltu, 0, XMIN, XMAX)
  TEST_RR_OP(82, sltu, 1, XMAX, XMIN)
  TEST_RR_OP(83, sltu, 1, -2, -1)
  TEST_RR_OP(84, sltu, 0, -1, -1)
  TEST_RR_SRC2_EQ_DEST(85, sltu, 1, 1, -1)
  TEST_RR_ZEROSRC1(86, sltu, 1, 5)                    /* snez */
  TEST_RR_ZEROSRC1(87, sltu, 0, 0)
  TEST_RR_ZEROSRC2(88, sltu, 0, 5)
  TEST_RR_ZERODEST(89, sltu, 1, 2)

  /* ---- addi ---- */
  TEST_IMM_OP(90, addi, 0, 0, 0)
  TEST_IMM_OP(91, addi, 2, 1, 1)
  TEST_IMM_OP(92, addi, 10, 3, 7)
  TEST_IMM_OP(93, addi, -2048, 0, -2048)
  TEST_IMM_OP(94, addi, 2047, 0, 2047)
  TEST_IMM_OP(95, addi, XMIN, XMAX, 1)                /* wraps */
  TEST_IMM_OP(96, addi, XMAX, XMIN, -1)
  TEST_IMM_OP(97, addi, XMIN + 2047, XMIN, 2047)
  TEST_IMM_OP(98, addi, XMAX - 2048, XMAX, -2048)
  TEST_IMM_OP(99, addi, 0x80000000, 0x7fffffff, 1)    /* RV32: XMIN, RV64: +2^31 */
  TEST_IMM_OP(100, addi, -1, 0, -1)
  TEST_IMM_OP(101, addi, X32_64(0, 0x100000000), 0xffffffff, 1)
  TEST_IMM_SRC1_EQ_DEST(102, addi, 24, 13, 11)
  TEST_IMM_ZEROSRC1(103, addi, 32, 32)
  TEST_IMM_ZERODEST(104, addi, 33, 50)

  /* ---- andi / ori / xori (12-bit immediate sign-extended) ---- */
  TEST_IMM_OP(105, andi, 0x700, 0xff00ff00ff00ff00, 0x7f0)
  TEST_IMM_OP(106, andi, 0x00f0, 0x0ff00ff00ff00ff0, 0x0f0)
  TEST_IMM_OP(107, andi, 0xff00ff00ff00ff00, 0xff00ff00ff00ff00, -1)
  TEST_IMM_OP(108, andi, 0xff00ff00ff00f800, 0xff00ff00ff00ff00, -2048)
  TEST_IMM_OP(109, andi, 0, XMIN, 0x7ff)
  TEST_IMM_SRC1_EQ_DEST(110, andi, 0x0000, 0xff00ff00ff00ff00, 0x0f0)
  TEST_IMM_ZEROSRC1(111, andi, 0, 0x0f0)
  TEST_IMM_ZERODEST(112, andi, -1, -1)
  TEST_IMM_OP(113, ori, 0xff00ff00ff00fff0, 0xff00ff00ff00ff00, 0x0f0)
  TEST_IMM_OP(114, ori, 0x0ff00ff00ff00fff, 0x0ff00ff00ff00ff0, 0x00f)
  TEST_IMM_OP(115, ori, -1, 0, -1)
  TEST_IMM_OP(116, ori, -2048, 0, -2048)
  TEST_IMM_OP(117, ori, XMIN + 0x7ff, XMIN, 0x7ff)
  TEST_IMM_SRC1_EQ_DEST(118, ori, 0xff00fff0, 0xff00ff00, 0x0f0)
  TEST_IMM_ZEROSRC1(119, ori, 0x7ff, 0x7ff)
  TEST_IMM_ZERODEST(120, ori, 1, 2)
  TEST_IMM_OP(121, xori, 0xff00ff00ff00f80f, 0xff00ff00ff00ff00, 0x70f)
  TEST_IMM_OP(122, xori, ~0x0ff00ff00ff00ff0, 0x0ff00ff00ff00ff0, -1)   /* not */
  TEST_IMM_OP(123, xori, 0x00ff00ff00ff07ff, 0x00ff00ff00ff00ff, 0x700)
  TEST_IMM_OP(124, xori, XMAX, XMIN, -1)
  TEST_IMM_OP(125, xori, ~0x7ff, 0, -2048)
  TEST_IMM_SRC1_EQ_DEST(126, xori, 0xff00ff00ff00ff0f, 0xff00ff00ff00ff00, 0x00f)
  TEST_IMM_ZEROSRC1(127, xori, -1, -1)
  TEST_IMM_ZERODEST(128, xori, 1, 2)

  /* ---- slti / sltiu ---- */
  TEST_IMM_OP(129, slti, 0, 0, 0)
  TEST_IMM_OP(130, slti, 1, 3, 7)
  TEST_IMM_OP(131, slti, 0, 7, 3)
  TEST_IMM_OP(132, slti, 1, -1, 0)
  TEST_IMM_OP(133, slti, 0, 0, -1)
  TEST_IMM_OP(134, slti, 1, XMIN, -2048)
  TEST_IMM_OP(135, slti, 0, XMAX, 2047)
  TEST_IMM_OP(136, slti, 0, -2048, -2048)
  TEST_IMM_OP(137, slti, 1, -2049, -2048)
  TEST_IMM_OP(138, slti, 1, 2046, 2047)
  TEST_IMM_SRC1_EQ_DEST(139, slti, 1, 11, 13)
  TEST_IMM_ZEROSRC1(140, slti, 0, -1)
  TEST_IMM_ZERODEST(141, slti, 0, 1)
  TEST_IMM_OP(142, sltiu, 0, 0, 0)
  TEST_IMM_OP(143, sltiu, 1, 0, 1)                     /* seqz */
  TEST_IMM_OP(144, sltiu, 0, 5, 1)
  TEST_IMM_OP(145, sltiu, 1, 3, 7)
  TEST_IMM_OP(146, sltiu, 1, XMAX, -1)                 /* -1 is the largest unsigned */
  TEST_IMM_OP(147, sltiu, 0, -1, -1)
  TEST_IMM_OP(148, sltiu, 1, -2, -1)
  TEST_IMM_OP(149, sltiu, 0, XMIN, 2047)
  TEST_IMM_OP(150, sltiu, 1, 2047, -2048)              /* imm = 0xff..f800 unsigned */
  TEST_IMM_OP(151, sltiu, 0, -2048, -2048)
  TEST_IMM_SRC1_EQ_DEST(152, sltiu, 0, 13, 11)
  TEST_IMM_ZEROSRC1(153, sltiu, 1, -1)
  TEST_IMM_ZERODEST(154, sltiu, 0, 1)

  /* ---- nop, mv, not, neg (pseudo-instructions built from the above) ---- */
  TEST_CASE(155, a4, 42, li a4, 42; nop)
  TEST_CASE(156, a4, -7, li a1, -7; mv a4, a1)
  TEST_CASE(157, a4, ~0x1234, li a1, 0x1234; not a4, a1)
  TEST_CASE(158, a4, XMIN, li a1, XMIN; neg a4, a1)
  TEST_CASE(159, a4, 1, li a1, 0; seqz a4, a1)
  TEST_CASE(160, a4, 1, li a1, -9; sltz a4, a1)
  TEST_CASE(161, a4, 1, li a1, 9; sgtz a4, a1)

  /* ---- writes to x0 are discarded, x0 reads as zero ---- */
  TEST_CASE(162, a4, 0, li a1, 77; addi x0, a1, 1; add a4, x0, x0)

RVTEST_CODE_END
