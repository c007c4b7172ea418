/* A extension, RV64-only doubleword forms: lr.d / sc.d and amoswap.d amoadd.d amoxor.d
 * amoand.d amoor.d amomin.d amomax.d amominu.d amomaxu.d; a word AMO inside a
 * doubleword leaves the other half alone. */
#include "isa_test.h"

#if XLEN != 64
# error "a64.S is RV64-only"
#endif

#define AMOD(n, inst, mem0, src, exp_rd, exp_mem) \
        TEST_AMO(n, inst, sd, ld, 8, amo_buf, mem0, src, exp_rd, exp_mem)

RVTEST_CODE_BEGIN

  /* ---- lr.d / sc.d ---- */
  TEST_CASE(2, a4, 1, la a1, lr_buf; li a2, 0x1111; sc.d a4, a2, (a1); snez a4, a4)
  TEST_CASE(3, a4, 0, la a1, lr_buf; ld a4, 0(a1))
  TEST_CASE(4, a4, 0x8000000000000001, la a1, lr_buf; li t0, 0x8000000000000001; sd t0, 0(a1);
            lr.d a4, (a1))
  TEST_CASE(5, a4, 0, la a1, lr_buf; li a2, 0x123456789abcdef0; lr.d t0, (a1);
            sc.d a4, a2, (a1))
  TEST_CASE(6, a4, 0x123456789abcdef0, la a1, lr_buf; ld a4, 0(a1))
  TEST_CASE(7, a4, 1, la a1, lr_buf; li a2, 0x4444; sc.d a4, a2, (a1); snez a4, a4)
  TEST_CASE(8, a4, 0x123456789abcdef0, la a1, lr_buf; ld a4, 0(a1))
  TEST_CASE(9, a4, 1, la a1, lr_buf; addi a3, a1, 128; li a2, 0x7777; lr.d t0, (a1);
            sc.d a4, a2, (a3); snez a4, a4)
  TEST_CASE(10, a4, 1, la a1, lr_buf; li a2, 0x7777; sc.d a4, a2, (a1); snez a4, a4)
  TEST_CASE(11, a4, 0x123456789abcdef0, la a1, lr_buf; ld a4, 0(a1))
  TEST_CASE(12, a4, 0x55, la a1, lr_buf; li a2, 0x55; lr.d.aqrl t0, (a1);
            sc.d.aqrl a4, a2, (a1); bnez a4, fail; ld a4, 0(a1))
  /* lr.w reservation, sc.w on the same word of a doubleword */
  TEST_CASE(13, a4, 0x0000000100000055, la a1, lr_buf; li a2, 1; addi a3, a1, 4;
            lr.w t0, (a3); sc.w a4, a2, (a3); bnez a4, fail; ld a4, 0(a1))

  /* ---- amoswap.d / amoadd.d ---- */
  AMOD(14, amoswap.d, 0x0123456789abcdef, 0xfedcba9876543210, 0x0123456789abcdef, 0xfedcba9876543210)
  AMOD(15, amoswap.d, 0x8000000000000000, 0, 0x8000000000000000, 0)
  AMOD(16, amoadd.d, 0x00000000ffffffff, 1, 0x00000000ffffffff, 0x0000000100000000)
  AMOD(17, amoadd.d, 0x7fffffffffffffff, 1, 0x7fffffffffffffff, 0x8000000000000000)
  AMOD(18, amoadd.d, -1, 1, -1, 0)
  /* ---- amoxor.d / amoand.d / amoor.d ---- */
  AMOD(19, amoxor.d, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xf0f0f0f0f0f0f0f0)
  AMOD(20, amoand.d, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0x0f000f000f000f00)
  AMOD(21, amoor.d, 0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xfff0fff0fff0fff0)
  /* ---- amomin.d / amomax.d (signed 64-bit) ---- */
  AMOD(22, amomin.d, 0x8000000000000000, 1, 0x8000000000000000, 0x8000000000000000)
  AMOD(23, amomin.d, 1, 0xffffffff00000002, 1, 0xffffffff00000002)
  AMOD(24, amomin.d, 0x0000000080000000, 0x7fffffff, 0x80000000, 0x7fffffff)
  AMOD(25, amomax.d, 0x8000000000000000, 1, 0x8000000000000000, 1)
  AMOD(26, amomax.d, 3, 0x00000001fffffffe, 3, 0x00000001fffffffe)
  AMOD(27, amomax.d, -1, -5, -1, -1)
  /* ---- amominu.d / amomaxu.d (unsigned 64-bit) ---- */
  AMOD(28, amominu.d, 0x8000000000000000, 1, 0x8000000000000000, 1)
  AMOD(29, amominu.d, 5, 0xffffffff00000007, 5, 5)
  AMOD(30, amominu.d, 0x0000000100000000, 0xffffffff, 0x0000000100000000, 0xffffffff)
  AMOD(31, amomaxu.d, 0x8000000000000000, 1, 0x8000000000000000, 0x8000000000000000)
  AMOD(32, amomaxu.d, 0, -1, 0, -1)
  AMOD(33, amomaxu.d, 0x00000000ffffffff, 0x0000000100000000, 0xffffffff, 0x0000000100000000)
  /* ---- ordering bits ---- */
  AMOD(34, amoadd.d.aq, 10, 20, 10, 30)
  AMOD(35, amoadd.d.rl, 10, 21, 10, 31)
  AMOD(36, amoadd.d.aqrl, 10, 22, 10, 32)
  /* ---- word AMOs on RV64 touch only their 32 bits ---- */
  TEST_CASE(37, a4, 0x1122334400000000, la a1, amo_buf; li t0, 0x11223344ffffffff; sd t0, 0(a1);
            li a2, 1; amoadd.w t0, a2, (a1); li t1, -1; bne t0, t1, fail; ld a4, 0(a1))
  TEST_CASE(38, a4, 0x8000000011223344, la a1, amo_buf; li t0, 0x7fffffff11223344; sd t0, 0(a1);
            li a2, 1; addi a3, a1, 4; amoadd.w t0, a2, (a3); ld a4, 0(a1))
  /* ---- rd = x0, rd == rs2 ---- */
  TEST_CASE(39, a4, 0x100000007, la a1, amo_buf; li t0, 7; sd t0, 0(a1); li a2, 0x100000000;
            amoadd.d x0, a2, (a1); ld a4, 0(a1))
  TEST_CASE(40, a2, 0x100000007, la a1, amo_buf; li a2, 9; amoswap.d a2, a2, (a1);
            ld t0, 0(a1); li t1, 9; bne t0, t1, fail)

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 64
lr_buf:  .fill 256, 1, 0
amo_buf: .fill 64, 1, 0
RVTEST_DATA_END
