/* RV32I/RV64I upper-immediate instructions: lui, auipc.
 * On RV64 the 32-bit result of lui/auipc's immediate is sign-extended (lui 0x80000 gives
 * 0xffffffff80000000). */
#include "isa_test.h"

RVTEST_CODE_BEGIN

  /* ---- lui ---- */
  TEST_CASE( 2, a4, 0, lui a4, 0)
  TEST_CASE( 3, a4, 0x1000, lui a4, 1)
  TEST_CASE( 4, a4, 0x7ffff000, lui a4, 0x7ffff)
  TEST_CASE( 5, a4, SEXT32(0x80000000), lui a4, 0x80000)
  TEST_CASE( 6, a4, SEXT32(0xfffff000), lui a4, 0xfffff)
  TEST_CASE( 7, a4, SEXT32(0x12345000), lui a4, 0x12345)
  TEST_CASE( 8, a4, SEXT32(0xabcde000), lui a4, 0xabcde)
  /* the low 12 bits are cleared */
  TEST_CASE( 9, a4, 0x00001000, li a4, -1; lui a4, 1)
  /* sign extension on RV64, visible through an arithmetic right shift */
  TEST_CASE(10, a4, -1, lui a4, 0x80000; srai a4, a4, 31)
  TEST_CASE(11, a4, 0, lui a4, 0x7ffff; srai a4, a4, 31)
  TEST_CASE(12, a4, X32_64(1, 0x1ffffffff), lui a4, 0x80000; srli a4, a4, 31)
  /* lui + addi builds any 32-bit constant (addi immediate is sign-extended) */
  TEST_CASE(13, a4, 0x12345678, lui a4, 0x12345; addi a4, a4, 0x678)
  TEST_CASE(14, a4, 0x12344800, lui a4, 0x12345; addi a4, a4, -0x800)
  TEST_CASE(15, a4, X32_64(0x7fffffff, 0xffffffff7fffffff), lui a4, 0x80000; addi a4, a4, -1)
  /* rd = x0 */
  TEST_CASE(16, x0, 0, lui x0, 0x12345)

  /* ---- auipc: rd = pc + sext(imm << 12), checked as a difference to the label ---- */
  TEST_CASE(17, a4, 0, 10: auipc a4, 0; la t1, 10b; sub a4, a4, t1)
  TEST_CASE(18, a4, 0x1000, 10: auipc a4, 1; la t1, 10b; sub a4, a4, t1)
  TEST_CASE(19, a4, -0x1000, 10: auipc a4, 0xfffff; la t1, 10b; sub a4, a4, t1)
  TEST_CASE(20, a4, 0x7ffff000, 10: auipc a4, 0x7ffff; la t1, 10b; sub a4, a4, t1)
  TEST_CASE(21, a4, SEXT32(0x80000000), 10: auipc a4, 0x80000; la t1, 10b; sub a4, a4, t1)
  TEST_CASE(22, a4, SEXT32(0x12345000), 10: auipc a4, 0x12345; la t1, 10b; sub a4, a4, t1)
  /* consecutive auipc instructions see their own pc */
  TEST_CASE(23, a4, 4, auipc a3, 0; auipc a4, 0; sub a4, a4, a3)
  TEST_CASE(24, a4, 8, auipc a3, 0; nop; auipc a4, 0; sub a4, a4, a3)
  /* auipc + %pcrel_lo: pc-relative address of data (what la expands to) */
  TEST_CASE(25, a4, 0x5a5aa5a5, 10: auipc a3, %pcrel_hi(upper_data); lw a4, %pcrel_lo(10b)(a3))
  TEST_CASE(26, a4, 0, 10: auipc a3, %pcrel_hi(upper_data); addi a3, a3, %pcrel_lo(10b);
            lla t1, upper_data; sub a4, a3, t1)
  /* absolute value: the tests are linked at 0x80000000 + a few KiB */
  TEST_CASE(27, a4, 0x800, 10: auipc a4, 0; srli a4, a4, 20)
  /* rd = x0 */
  TEST_CASE(28, x0, 0, auipc x0, 1)

RVTEST_CODE_END

RVTEST_DATA_BEGIN
upper_data: .word 0x5a5aa5a5
RVTEST_DATA_END
