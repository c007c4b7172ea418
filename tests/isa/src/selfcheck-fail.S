/* Negative self-check: checks 2..4 are right, check 5 expects a wrong value.
 * The program must fail with test number 5 (QEMU exit status 5). */
#include "isa_test.h"

RVTEST_CODE_BEGIN
  TEST_RR_OP(2, add, 3, 1, 2)
  TEST_IMM_OP(3, addi, -1, 0, -1)
  TEST_BR2_TAKEN(4, beq, 7, 7)
  TEST_RR_OP(5, add, 4, 1, 2)            /* wrong on purpose: 1 + 2 != 4 */
  TEST_RR_OP(6, add, 5, 2, 3)
RVTEST_CODE_END
