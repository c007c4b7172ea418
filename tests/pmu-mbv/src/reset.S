/* Reset values (default configuration: counters 3-9): mcountinhibit, mhpmevent3-8 and the
 * counters read 0; counters past the configuration (10-31) read 0 and ignore writes. */
#include "mbv_test.h"

    TEST_NAME "reset"

    .text
    .globl test_main
test_main:
    lla s1, reset_state
    .irp k, 0,1,2,3,4,5,6,7,8,9
    lw t1, (4 * \k)(s1)
    CHECK (900 + \k), t1, 0
    .endr
    SELECT 10, EV(0, B(5))
    csrw 0xB0A, 5
    READ_EVENT t1, 10
    CHECK 911, t1, 0
    READ t1, 10
    CHECK 912, t1, 0
    READ_EVENT t1, 31
    CHECK 913, t1, 0
    TEST_END
