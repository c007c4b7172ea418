/* A store over the block that is running, without fence.i: pmusim (docs/architecture.md) and
 * QEMU see a store over code at once, so the block ends after the store and the patched
 * instruction, later in the same block, is the one that runs. In a loop that runs 40 times, so
 * that the block is translated (docs/performance.md) and the store lands in translated code:
 * each round writes addi a0, zero, N over the instruction after the store and checks a0 == N,
 * with a 32-bit store and, in a second loop, a 16-bit one over a c.li. */
#include "isa_test.h"

RVTEST_CODE_BEGIN

  TEST_BEGIN(2)
        la a1, 2f
        li a3, 40
1:      slli a2, a3, 20
        ori a2, a2, 0x513                         /* addi a0, zero, a3 */
        sw a2, 0(a1)
2:      addi a0, zero, 0
        bne a0, a3, fail
        addi a3, a3, -1
        bnez a3, 1b

  TEST_BEGIN(3)
        la a1, 2f
        li a3, 31
        li a4, 0x4501                             /* c.li a0, 0 */
1:      slli a2, a3, 2
        or a2, a2, a4                             /* c.li a0, a3 (a3 < 32) */
        sh a2, 0(a1)
.option push
.option rvc
2:      c.li a0, 0
.option pop
        bne a0, a3, fail
        addi a3, a3, -1
        bnez a3, 1b

RVTEST_CODE_END
