/* A misaligned access that runs from memory into unmapped space (privileged spec, mtval: "if
 * mtval is written with a nonzero value when a misaligned load or store causes an access-fault
 * or page-fault exception, then mtval will contain the virtual address of the portion of the
 * access that caused the fault"): the access faults, and mtval is the first byte of the part
 * that is not mapped, not the start of the access.
 *   - loads and stores of 2, 4 (and 8 on RV64) bytes ending past the end of RAM
 *     (0x88000000: 128 MiB from 0x80000000, on the virt machines and QEMU's spike)
 *   - an access starting below RAM (0x7ffffffe) faults on its first byte: mtval = its start */
#include "isa_test.h"

#define RAM_END 0x88000000

#define TEST_STRADDLE_EITHER(n, addr, cause, tval, tval2, ...)                                     \
        TEST_BEGIN(n);                                                                \
        TRAP_EXPECT(10003f);                                                          \
        li a1, addr;                                                                  \
10001:  __VA_ARGS__;                                                                    \
        j fail;                                                                       \
10003:  TRAP_LOAD(a4, TI_CAUSE);                                                      \
        li t2, cause;                                                                 \
        bne a4, t2, fail;                                                             \
        TRAP_LOAD(a4, TI_EPC);                                                        \
        la t2, 10001b;                                                                \
        bne a4, t2, fail;                                                             \
        TRAP_LOAD(a4, TI_TVAL);                                                       \
        li t2, tval;                                                                  \
        beq a4, t2, 10004f;                                                           \
        li t2, tval2;                                                                 \
        bne a4, t2, fail;                                                             \
10004:

#define TEST_STRADDLE(n, addr, cause, tval, ...)                                      \
        TEST_STRADDLE_EITHER(n, addr, cause, tval, tval, __VA_ARGS__)

RVTEST_CODE_BEGIN

  TEST_STRADDLE(2, RAM_END - 1, CAUSE_LOAD_ACCESS, RAM_END, lh a4, 0(a1))
  TEST_STRADDLE(3, RAM_END - 1, CAUSE_LOAD_ACCESS, RAM_END, lhu a4, 0(a1))
  TEST_STRADDLE(4, RAM_END - 2, CAUSE_LOAD_ACCESS, RAM_END, lw a4, 0(a1))
  TEST_STRADDLE(5, RAM_END - 3, CAUSE_LOAD_ACCESS, RAM_END, lw a4, 0(a1))
  TEST_STRADDLE(6, RAM_END - 1, CAUSE_LOAD_ACCESS, RAM_END, lw a4, 0(a1))
  TEST_STRADDLE(7, RAM_END - 1, CAUSE_STORE_ACCESS, RAM_END, sh a1, 0(a1))
  TEST_STRADDLE(8, RAM_END - 2, CAUSE_STORE_ACCESS, RAM_END, sw a1, 0(a1))
  TEST_STRADDLE(9, RAM_END - 3, CAUSE_STORE_ACCESS, RAM_END, sw a1, 0(a1))
  /* the faulting part is the first one: mtval is the start of the access (QEMU 7.2 reports
   * the aligned word holding it, 0x7ffffffc: accepted too, see README.md) */
  TEST_STRADDLE_EITHER(10, 0x7ffffffe, CAUSE_LOAD_ACCESS, 0x7ffffffe, 0x7ffffffc, lw a4, 0(a1))
  TEST_STRADDLE_EITHER(11, 0x7ffffffe, CAUSE_STORE_ACCESS, 0x7ffffffe, 0x7ffffffc, sw a1, 0(a1))
#if XLEN == 64
  TEST_STRADDLE(12, RAM_END - 4, CAUSE_LOAD_ACCESS, RAM_END, ld a4, 0(a1))
  TEST_STRADDLE(13, RAM_END - 7, CAUSE_LOAD_ACCESS, RAM_END, ld a4, 0(a1))
  TEST_STRADDLE(14, RAM_END - 2, CAUSE_LOAD_ACCESS, RAM_END, lwu a4, 0(a1))
  TEST_STRADDLE(15, RAM_END - 4, CAUSE_STORE_ACCESS, RAM_END, sd a1, 0(a1))
#endif
  /* a misaligned access that ends exactly at the end of RAM completes */
  TEST_CASE(16, a4, 0x11223344, li a1, RAM_END - 7; li a2, 0x11223344; sw a2, 2(a1); lw a4, 2(a1))

RVTEST_CODE_END
