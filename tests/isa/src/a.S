/* A extension, word forms: lr.w / sc.w and amoswap.w amoadd.w amoxor.w amoand.w amoor.w
 * amomin.w amomax.w amominu.w amomaxu.w (the .d forms are in a64.S).
 *   - sc.w without a reservation fails (rd != 0) and does not write memory
 *   - lr.w + sc.w succeeds (rd == 0) and writes; a second sc.w then fails (any sc.w
 *     invalidates the reservation, also a failed one)
 *   - an AMO to the reserved word between lr.w and sc.w makes the sc.w fail (pmusim: any AMO
 *     ends the hart's reservation; QEMU: the word changed)
 *   - AMOs return the old value (sign-extended on RV64), store op(old, rs2) as 32 bits,
 *     ignore the upper 32 bits of rs2 on RV64 and leave neighbouring memory alone.
 * On RV64 the interesting rs2 values carry garbage in their upper 32 bits; RV32 `li`
 * keeps the low 32 bits of the same constants. */
#include "isa_test.h"

#define AMOW(n, inst, mem0, src, exp_rd, exp_mem) \
        TEST_AMO(n, inst, sw, lw, 4, amo_buf, mem0, src, exp_rd, exp_mem)

RVTEST_CODE_BEGIN

  /* ---- sc.w without a reservation (nothing was reserved since reset) ---- */
  TEST_CASE(2, a4, 1, la a1, lr_buf; li a2, 0x1111; li t0, 0x2222; sw t0, 0(a1);
            sc.w a4, a2, (a1); snez a4, a4)
  TEST_CASE(3, a4, 0x2222, la a1, lr_buf; lw a4, 0(a1))

  /* ---- lr.w loads (sign-extended on RV64) ---- */
  TEST_CASE(4, a4, SEXT32(0x80000001), la a1, lr_buf; li t0, 0x80000001; sw t0, 0(a1);
            lr.w a4, (a1))
  /* ---- sc.w after lr.w succeeds ---- */
  TEST_CASE(5, a4, 0, la a1, lr_buf; li a2, 0x3333; lr.w t0, (a1); sc.w a4, a2, (a1))
  TEST_CASE(6, a4, 0x3333, la a1, lr_buf; lw a4, 0(a1))
  /* ---- a second sc.w fails: the reservation was consumed ---- */
  TEST_CASE(7, a4, 1, la a1, lr_buf; li a2, 0x4444; sc.w a4, a2, (a1); snez a4, a4)
  TEST_CASE(8, a4, 0x3333, la a1, lr_buf; lw a4, 0(a1))
  /* ---- lr.w / sc.w / sc.w in one sequence ---- */
  TEST_CASE(9, a4, 1, la a1, lr_buf; li a2, 0x5555; li a3, 0x6666; lr.w t0, (a1);
            sc.w a4, a2, (a1); bnez a4, fail; sc.w a4, a3, (a1); snez a4, a4)
  TEST_CASE(10, a4, 0x5555, la a1, lr_buf; lw a4, 0(a1))
  /* ---- sc.w to another address than the reservation fails, and a failed sc.w also
   *      invalidates the reservation ---- */
  TEST_CASE(11, a4, 1, la a1, lr_buf; addi a3, a1, 128; li a2, 0x7777; lr.w t0, (a1);
            sc.w a4, a2, (a3); snez a4, a4)
  TEST_CASE(12, a4, 0, la a1, lr_buf; lw a4, 128(a1))
  TEST_CASE(13, a4, 1, la a1, lr_buf; li a2, 0x7777; sc.w a4, a2, (a1); snez a4, a4)
  TEST_CASE(14, a4, 0x5555, la a1, lr_buf; lw a4, 0(a1))
  /* ---- sc.w stores 32 bits only ---- */
  TEST_CASE(15, a4, 0x5a5a5a5a, la a1, lr_buf; li t0, 0x5a5a5a5a; sw t0, 4(a1);
            li a2, -1; lr.w t0, (a1); sc.w t0, a2, (a1); bnez t0, fail; lw a4, 4(a1))
  TEST_CASE(16, a4, -1, la a1, lr_buf; lw a4, 0(a1))
  /* ---- ordering bits ---- */
  TEST_CASE(17, a4, 0x1234, la a1, lr_buf; li a2, 0x1234; lr.w.aq t0, (a1);
            sc.w.rl a4, a2, (a1); bnez a4, fail; lw a4, 0(a1))
  TEST_CASE(18, a4, 0x4321, la a1, lr_buf; li a2, 0x4321; lr.w.aqrl t0, (a1);
            sc.w.aqrl a4, a2, (a1); bnez a4, fail; lw a4, 0(a1))
  /* ---- lr/sc retry loop: atomic add of 1 five times ---- */
  TEST_BEGIN(19)
        la a1, lr_buf
        sw zero, 0(a1)
        li a3, 5
1:      lr.w t0, (a1)
        addi t0, t0, 1
        sc.w t1, t0, (a1)
        bnez t1, 1b
        addi a3, a3, -1
        bnez a3, 1b
        lw a4, 0(a1)
        li t2, 5
        bne a4, t2, fail

  /* ---- amoswap.w ---- */
  AMOW(20, amoswap.w, 0x12345678, 0xaabbccdd, 0x12345678, SEXT32(0xaabbccdd))
  AMOW(21, amoswap.w, 0x80000000, 0, SEXT32(0x80000000), 0)
  AMOW(22, amoswap.w, 0xffffffff, 0x123456780000007f, -1, 0x7f)
  /* ---- amoadd.w ---- */
  AMOW(23, amoadd.w, 1, 2, 1, 3)
  AMOW(24, amoadd.w, 0x7fffffff, 1, 0x7fffffff, SEXT32(0x80000000))
  AMOW(25, amoadd.w, 0xffffffff, 0x0000000100000001, -1, 0)
  AMOW(26, amoadd.w, 0x80000000, 0xffffffff80000000, SEXT32(0x80000000), 0)
  /* ---- amoxor.w / amoand.w / amoor.w ---- */
  AMOW(27, amoxor.w, 0xff00ff00, 0x0ff00ff0, SEXT32(0xff00ff00), SEXT32(0xf0f0f0f0))
  AMOW(28, amoxor.w, 0x12345678, 0xffffffff00000000, 0x12345678, 0x12345678)
  AMOW(29, amoand.w, 0xff00ff00, 0x0ff00ff0, SEXT32(0xff00ff00), 0x0f000f00)
  AMOW(30, amoand.w, 0x87654321, 0x00000000ffffffff, SEXT32(0x87654321), SEXT32(0x87654321))
  AMOW(31, amoor.w, 0xff00ff00, 0x0ff00ff0, SEXT32(0xff00ff00), SEXT32(0xfff0fff0))
  AMOW(32, amoor.w, 0x00000001, 0xffffffff00000000, 1, 1)
  /* ---- amomin.w / amomax.w: signed 32-bit comparison ---- */
  AMOW(33, amomin.w, 0x80000000, 1, SEXT32(0x80000000), SEXT32(0x80000000))
  AMOW(34, amomin.w, 5, -3, 5, -3)
  AMOW(35, amomin.w, 1, 0xffffffff00000002, 1, 1)        /* RV64: rs2 is 2, not negative */
  AMOW(36, amomin.w, 0x7fffffff, 0x80000000, 0x7fffffff, SEXT32(0x80000000))
  AMOW(37, amomax.w, 0x80000000, 1, SEXT32(0x80000000), 1)
  AMOW(38, amomax.w, -1, -5, -1, -1)
  AMOW(39, amomax.w, 3, 0x00000001fffffffe, 3, 3)        /* RV64: rs2 is -2 */
  AMOW(40, amomax.w, 0x7fffffff, 0x80000000, 0x7fffffff, 0x7fffffff)
  /* ---- amominu.w / amomaxu.w: unsigned 32-bit comparison ---- */
  AMOW(41, amominu.w, 0x80000000, 1, SEXT32(0x80000000), 1)
  AMOW(42, amominu.w, 0xffffffff, 0xfffffffe, -1, SEXT32(0xfffffffe))
  AMOW(43, amominu.w, 5, 0xffffffff00000007, 5, 5)        /* RV64: rs2 is 7 */
  AMOW(44, amominu.w, 0x80000000, 0x000000017fffffff, SEXT32(0x80000000), 0x7fffffff)
  AMOW(45, amomaxu.w, 0x80000000, 1, SEXT32(0x80000000), SEXT32(0x80000000))
  AMOW(46, amomaxu.w, 0, -1, 0, -1)
  AMOW(47, amomaxu.w, 0x7fffffff, 0x80000000, 0x7fffffff, SEXT32(0x80000000))
  AMOW(48, amomaxu.w, 0xfffffff0, 0x0000000100000003, SEXT32(0xfffffff0), SEXT32(0xfffffff0))
  /* ---- ordering bits ---- */
  AMOW(49, amoadd.w.aq, 10, 20, 10, 30)
  AMOW(50, amoadd.w.rl, 10, 21, 10, 31)
  AMOW(51, amoadd.w.aqrl, 10, 22, 10, 32)
  AMOW(52, amoswap.w.aqrl, 10, 23, 10, 23)
  /* ---- rd = x0: memory still updated ---- */
  TEST_CASE(53, a4, 15, la a1, amo_buf; li t0, 7; sw t0, 0(a1); li a2, 8;
            amoadd.w x0, a2, (a1); lw a4, 0(a1))
  /* ---- rd == rs2 ---- */
  TEST_CASE(54, a2, 7, la a1, amo_buf; li t0, 7; sw t0, 0(a1); li a2, 9;
            amoswap.w a2, a2, (a1); lw t0, 0(a1); li t1, 9; bne t0, t1, fail)
  /* ---- rs2 = x0: amoor.w as an atomic load ---- */
  TEST_CASE(55, a4, SEXT32(0x9abcdef0), la a1, amo_buf; li t0, 0x9abcdef0; sw t0, 0(a1);
            amoor.w a4, x0, (a1))
  /* ---- AMO to the second word of a doubleword (non-zero word offset) ---- */
  TEST_CASE(56, a4, 0x11, la a1, amo_buf; li t0, 0x10; sw t0, 4(a1); li a2, 1;
            addi a3, a1, 4; amoadd.w t0, a2, (a3); lw a4, 4(a1))
  /* ---- an AMO between lr.w and sc.w: the sc.w fails and writes nothing (the AMO starts a
   *      block of its own, so that it is translated on its own too) ---- */
  TEST_CASE(57, a4, 1, la a1, lr_buf; sw x0, 0(a1); li a2, 5; li a3, 0x8888; lr.w t0, (a1);
            j 1f; 1: amoadd.w t0, a2, (a1); sc.w a4, a3, (a1); snez a4, a4)
  TEST_CASE(58, a4, 5, la a1, lr_buf; lw a4, 0(a1))

RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 64
lr_buf:  .fill 256, 1, 0
amo_buf: .fill 64, 1, 0
RVTEST_DATA_END
