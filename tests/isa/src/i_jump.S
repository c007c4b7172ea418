/* RV32I/RV64I unconditional jumps: jal and jalr.
 * Link value (address of the jump + 4), rd = x0 (no link), forward/backward targets,
 * jalr target = (rs1 + imm) & ~1 (bit 0 cleared, also for odd rs1 or odd imm), negative
 * immediates, rd == rs1 (the old rs1 is used as target), nested call/ret. */
#include "isa_test.h"

RVTEST_CODE_BEGIN

  /* ---- jal: link = pc + 4 ---- */
  TEST_BEGIN(2)
        li ra, 0
jal2:   jal ra, 1f
        j fail
1:      la t1, jal2 + 4
        bne ra, t1, fail

  /* jal with another link register */
  TEST_BEGIN(3)
        li t0, 0
jal3:   jal t0, 1f
        j fail
1:      la t1, jal3 + 4
        bne t0, t1, fail

  /* jal x0: no link, registers unchanged */
  TEST_CASE(4, a4, 1234, li a4, 1234; jal x0, 1f; j fail; 1:)

  /* backward jal */
  TEST_BEGIN(5)
        j 2f
1:      j 3f
2:      jal a3, 1b
        j fail
3:      la t1, 2b + 4
        bne a3, t1, fail

  /* jal over a few KiB, forward and back */
  TEST_BEGIN(6)
        jal a3, jal_far_fwd
        j fail
jal_far_back:
        j jal_far_done
        .skip 6000
jal_far_fwd:
        la t1, test_6 + 8
        bne a3, t1, fail
        jal x0, jal_far_back
        j fail
jal_far_done:

  /* ---- jalr ---- */
  TEST_BEGIN(7)
        la a1, 1f
jalr7:  jalr ra, 0(a1)
        j fail
1:      la t1, jalr7 + 4
        bne ra, t1, fail

  /* bit 0 of the target is cleared: odd rs1 */
  TEST_BEGIN(8)
        la a1, 1f
        addi a1, a1, 1
jalr8:  jalr a3, 0(a1)
        j fail
1:      la t1, jalr8 + 4
        bne a3, t1, fail

  /* bit 0 of the target is cleared: odd immediate */
  TEST_BEGIN(9)
        la a1, 1f
        addi a1, a1, -7
jalr9:  jalr a3, 7(a1)
        j fail
1:      la t1, jalr9 + 4
        bne a3, t1, fail

  /* negative immediate, extreme offsets */
  TEST_BEGIN(10)
        la a1, 1f + 2048
        jalr a3, -2048(a1)
        j fail
1:
  TEST_BEGIN(11)
        la a1, 1f - 2046
        jalr a3, 2047(a1)                       /* rs1 + 2047 = 1f + 1: bit 0 dropped */
        j fail
1:

  /* rd == rs1: the target is computed from the old value */
  TEST_BEGIN(12)
        la a1, 1f
jalr12: jalr a1, 0(a1)
        j fail
1:      la t1, jalr12 + 4
        bne a1, t1, fail

  /* jalr x0 (jr): no link */
  TEST_CASE(13, a4, 99, li a4, 99; la a1, 1f; jalr x0, 0(a1); j fail; 1:)

  /* ---- call / ret, nested, through the stack ---- */
  TEST_CASE(14, a4, 0x321, li a4, 0; call jump_f1; addi a4, a4, 0x300)

  /* ---- computed jump table ---- */
  TEST_BEGIN(15)
        li a4, 0
        la a1, jtab
        li a2, 2
        slli a2, a2, 2
        add a1, a1, a2
        jalr ra, 0(a1)
        li t2, 3
        bne a4, t2, fail

  /* ---- link register value used as a branch target later (return address) ---- */
  TEST_BEGIN(16)
        jal a5, 1f
        j 2f                                     /* return lands here */
1:      jalr x0, 0(a5)
        j fail
2:

  j jump_end

jump_f1:
        addi sp, sp, -16
        SREG ra, 0(sp)
        addi a4, a4, 0x1
        call jump_f2
        LREG ra, 0(sp)
        addi sp, sp, 16
        ret
jump_f2:
        addi a4, a4, 0x20
        ret

        CODE_ALIGN(4)
jtab:   j 1f
        j 2f
        j 3f
        j fail
1:      li a4, 1
        ret
2:      li a4, 2
        ret
3:      li a4, 3
        ret

jump_end:
RVTEST_CODE_END
