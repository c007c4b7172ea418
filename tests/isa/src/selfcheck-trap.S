/* Negative self-check: an unexpected trap (ecall without TRAP_EXPECT) must make the test
 * fail with the number of the check in progress (3). */
#include "isa_test.h"

RVTEST_CODE_BEGIN
  TEST_RR_OP(2, sub, 1, 3, 2)
  TEST_BEGIN(3)
  ecall
  TEST_RR_OP(4, add, 3, 1, 2)
RVTEST_CODE_END
