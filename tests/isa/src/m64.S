/* M extension, RV64-only word forms: mulw divw divuw remw remuw.  Operands are the low
 * 32 bits of the sources, results are sign-extended to 64 bits; division by zero and
 * signed overflow (0x80000000 / -1) follow the same rules as the full-width forms. */
#include "isa_test.h"

#if XLEN != 64
# error "m64.S is RV64-only"
#endif

RVTEST_CODE_BEGIN

  /* ---- mulw: low 32 bits of the product, sign-extended ---- */
  TEST_RR_OP(2, mulw, 0, 0, 0)
  TEST_RR_OP(3, mulw, 0x15, 3, 7)
  TEST_RR_OP(4, mulw, 0x1, -1, -1)
  TEST_RR_OP(5, mulw, 0xfffffffffffffffe, 0x7fffffff, 2)
  TEST_RR_OP(6, mulw, 0xffffffff80000000, 0x80000000, -1)
  TEST_RR_OP(7, mulw, 0xf, 0x100000003, 0x200000005)
  TEST_RR_OP(8, mulw, 0xfffffffffffe0001, 0xffff, 0xffff)
  TEST_RR_OP(9, mulw, 0xffffffff80000000, 0x10000, 0x8000)
  TEST_RR_OP(10, mulw, 0x5618cf00, 0x123456789abcdef0, 0xfedcba9876543210)
  TEST_RR_OP(11, mulw, 0xffffffff80000000, -1, 0x80000000)
  TEST_RR_SRC1_EQ_DEST(12, mulw, 0xfffffffffffffff1, -3, 0x100000005)
  TEST_RR_ZERODEST(13, mulw, 5, 7)

  /* ---- divw: operands are the low 32 bits, result sign-extended ---- */
  TEST_RR_OP(14, divw, 0x3, 20, 6)
  TEST_RR_OP(15, divw, 0xfffffffffffffffd, -20, 6)
  TEST_RR_OP(16, divw, 0xfffffffffffffffd, 20, -6)
  TEST_RR_OP(17, divw, 0x3, -20, -6)
  TEST_RR_OP(18, divw, 0xffffffff80000000, 0x80000000, -1)
  TEST_RR_OP(19, divw, 0xffffffff80000000, 0xffffffff80000000, -1)
  TEST_RR_OP(20, divw, 0xffffffff80000000, 0x80000000, 1)
  TEST_RR_OP(21, divw, 0xffffffff80000001, 0x7fffffff, -1)
  TEST_RR_OP(22, divw, 0xfffffffffffffffe, 0x1fffffffa, 3)
  TEST_RR_OP(23, divw, 0x1, 0xffffffff, 0xffffffff)
  TEST_RR_OP(24, divw, 0x3, 0x100000007, 0x100000002)
  TEST_RR_OP(25, divw, 0xffffffffffffffff, 0, 0)
  TEST_RR_OP(26, divw, 0xffffffffffffffff, 5, 0)
  TEST_RR_OP(27, divw, 0xffffffffffffffff, 0x80000000, 0)
  TEST_RR_OP(28, divw, 0xffffffffffffffff, 0xf00000000, 0)
  TEST_RR_OP(29, divw, 0xffffffffffffffff, 0x123456789, 0x100000000)
  TEST_RR_SRC2_EQ_DEST(30, divw, 0xfffffffffffffffb, -21, 4)
  TEST_RR_ZERODEST(31, divw, 5, 7)

  /* ---- divuw: operands are the low 32 bits, result sign-extended ---- */
  TEST_RR_OP(32, divuw, 0x3, 20, 6)
  TEST_RR_OP(33, divuw, 0x2aaaaaa7, -20, 6)
  TEST_RR_OP(34, divuw, 0, 20, -6)
  TEST_RR_OP(35, divuw, 0, -20, -6)
  TEST_RR_OP(36, divuw, 0, 0x80000000, -1)
  TEST_RR_OP(37, divuw, 0, 0xffffffff80000000, -1)
  TEST_RR_OP(38, divuw, 0xffffffff80000000, 0x80000000, 1)
  TEST_RR_OP(39, divuw, 0, 0x7fffffff, -1)
  TEST_RR_OP(40, divuw, 0x55555553, 0x1fffffffa, 3)
  TEST_RR_OP(41, divuw, 0x1, 0xffffffff, 0xffffffff)
  TEST_RR_OP(42, divuw, 0x3, 0x100000007, 0x100000002)
  TEST_RR_OP(43, divuw, 0xffffffffffffffff, 0, 0)
  TEST_RR_OP(44, divuw, 0xffffffffffffffff, 5, 0)
  TEST_RR_OP(45, divuw, 0xffffffffffffffff, 0x80000000, 0)
  TEST_RR_OP(46, divuw, 0xffffffffffffffff, 0xf00000000, 0)
  TEST_RR_OP(47, divuw, 0xffffffffffffffff, 0x123456789, 0x100000000)
  TEST_RR_SRC2_EQ_DEST(48, divuw, 0x3ffffffa, -21, 4)
  TEST_RR_ZERODEST(49, divuw, 5, 7)

  /* ---- remw: operands are the low 32 bits, result sign-extended ---- */
  TEST_RR_OP(50, remw, 0x2, 20, 6)
  TEST_RR_OP(51, remw, 0xfffffffffffffffe, -20, 6)
  TEST_RR_OP(52, remw, 0x2, 20, -6)
  TEST_RR_OP(53, remw, 0xfffffffffffffffe, -20, -6)
  TEST_RR_OP(54, remw, 0, 0x80000000, -1)
  TEST_RR_OP(55, remw, 0, 0xffffffff80000000, -1)
  TEST_RR_OP(56, remw, 0, 0x80000000, 1)
  TEST_RR_OP(57, remw, 0, 0x7fffffff, -1)
  TEST_RR_OP(58, remw, 0, 0x1fffffffa, 3)
  TEST_RR_OP(59, remw, 0, 0xffffffff, 0xffffffff)
  TEST_RR_OP(60, remw, 0x1, 0x100000007, 0x100000002)
  TEST_RR_OP(61, remw, 0, 0, 0)
  TEST_RR_OP(62, remw, 0x5, 5, 0)
  TEST_RR_OP(63, remw, 0xffffffff80000000, 0x80000000, 0)
  TEST_RR_OP(64, remw, 0, 0xf00000000, 0)
  TEST_RR_OP(65, remw, 0x23456789, 0x123456789, 0x100000000)
  TEST_RR_SRC2_EQ_DEST(66, remw, 0xffffffffffffffff, -21, 4)
  TEST_RR_ZERODEST(67, remw, 5, 7)

  /* ---- remuw: operands are the low 32 bits, result sign-extended ---- */
  TEST_RR_OP(68, remuw, 0x2, 20, 6)
  TEST_RR_OP(69, remuw, 0x2, -20, 6)
  TEST_RR_OP(70, remuw, 0x14, 20, -6)
  TEST_RR_OP(71, remuw, 0xffffffffffffffec, -20, -6)
  TEST_RR_OP(72, remuw, 0xffffffff80000000, 0x80000000, -1)
  TEST_RR_OP(73, remuw, 0xffffffff80000000, 0xffffffff80000000, -1)
  TEST_RR_OP(74, remuw, 0, 0x80000000, 1)
  TEST_RR_OP(75, remuw, 0x7fffffff, 0x7fffffff, -1)
  TEST_RR_OP(76, remuw, 0x1, 0x1fffffffa, 3)
  TEST_RR_OP(77, remuw, 0, 0xffffffff, 0xffffffff)
  TEST_RR_OP(78, remuw, 0x1, 0x100000007, 0x100000002)
  TEST_RR_OP(79, remuw, 0, 0, 0)
  TEST_RR_OP(80, remuw, 0x5, 5, 0)
  TEST_RR_OP(81, remuw, 0xffffffff80000000, 0x80000000, 0)
  TEST_RR_OP(82, remuw, 0, 0xf00000000, 0)
  TEST_RR_OP(83, remuw, 0x23456789, 0x123456789, 0x100000000)
  TEST_RR_SRC2_EQ_DEST(84, remuw, 0x3, -21, 4)
  TEST_RR_ZERODEST(85, remuw, 5, 7)

RVTEST_CODE_END
