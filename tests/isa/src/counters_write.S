/* Counter CSR writes (virt machines). Unprivileged spec, Zicsr "CSR Instructions": a counter
 * such as instret is also changed by the instruction that accesses it; a CSR instruction that
 * reads it reads the value before the instruction, and one that writes it writes instead of
 * incrementing, so the value written is what the next instruction reads (riscv-tests
 * rv64mi-p-instret_overflow). On RV32 a write to either half is such a write: the whole 64-bit
 * counter takes the written half and keeps the other half as it was before the instruction.
 *   - minstret, minstreth
 *   - mcycle, mcycleh (whether a read includes the reading instruction's own cycle is left
 *     open: checks accept both where it matters)
 *   - mhpmcounter3(h) counting instructions (SBI event 2, mhpmevent3 = 2) */
#include "isa_test.h"

RVTEST_CODE_BEGIN

  /* ---- minstret: the written value is read by the next instruction ---- */
  TEST_CASE(2, a4, 0, csrwi minstret, 0; csrr a4, minstret)
  TEST_CASE(3, a4, -1, li t0, -1; csrw minstret, t0; csrr a4, minstret)
  /* all ones, then the nop wraps the counter (RV32: the low half) to 0 */
  TEST_CASE(4, a4, 0, li t0, -1; csrw minstret, t0; nop; csrr a4, minstret)
#if XLEN == 32
  /* riscv-tests instret_overflow: minstret = minstreth = all ones (the write to minstreth
   * replaces its own increment), the nop wraps the counter to 0 */
  TEST_BEGIN(5)
        li t0, -1
        csrw minstret, t0
        csrw minstreth, t0
        nop
        csrr a4, minstret                         /* 0 */
        csrr a5, minstreth                        /* 0: minstret is 1 */
        bnez a4, fail
        bnez a5, fail
  /* writing the low half while it is all ones: no carry into the high half */
  TEST_BEGIN(6)
        li t0, -1
        li t1, 5
        csrw minstreth, zero
        csrw minstret, t0                         /* 0x00000000_ffffffff */
        csrw minstret, t1                         /* 0x00000000_00000005, not 0x00000001_... */
        csrr a4, minstreth                        /* 0 (minstret 6 after it) */
        csrr a5, minstret                         /* 6 */
        bnez a4, fail
        li t2, 6
        bne a5, t2, fail
  /* writing the high half while the low half is all ones: the low half keeps its value */
  TEST_BEGIN(7)
        li t0, -1
        li t1, 7
        csrw minstret, t0                         /* low 0xffffffff */
        csrw minstreth, t1                        /* 0x00000007_ffffffff */
        csrr a4, minstret                         /* 0xffffffff (then 0x00000008_00000000) */
        csrr a5, minstreth                        /* 8 */
        li t2, -1
        bne a4, t2, fail
        li t2, 8
        bne a5, t2, fail
#endif

  /* ---- mcycle ---- */
  /* the written value plus at most the reading instruction's own cycle */
  TEST_CASE_EITHER(8, a4, 0, 1, csrw mcycle, zero; csrr a4, mcycle)
#if XLEN == 32
  /* mcycle = mcycleh = all ones; the nop wraps it: the high half reads 0 */
  TEST_BEGIN(9)
        li t0, -1
        csrw mcycle, t0
        csrw mcycleh, t0
        nop
        csrr a5, mcycleh
        bnez a5, fail
  /* writing the low half while it is all ones: no carry */
  TEST_BEGIN(10)
        li t0, -1
        li t1, 5
        csrw mcycleh, zero
        csrw mcycle, t0
        csrw mcycle, t1
        csrr a5, mcycleh
        bnez a5, fail
#endif

  /* ---- mhpmcounter3 counting instructions (SBI general event 2) ---- */
  TEST_BEGIN(11)
        li t0, 2
        csrw mhpmevent3, t0
        csrw mcountinhibit, zero
        csrwi mhpmcounter3, 0
        csrr a4, mhpmcounter3                     /* 0 */
        bnez a4, fail
#if XLEN == 32
  TEST_BEGIN(12)
        li t0, -1
        csrw mhpmcounter3, t0
        csrw mhpmcounter3h, t0
        nop
        csrr a4, mhpmcounter3                     /* 0 */
        csrr a5, mhpmcounter3h                    /* 0 */
        bnez a4, fail
        bnez a5, fail
  TEST_BEGIN(13)
        li t0, -1
        li t1, 5
        csrw mhpmcounter3h, zero
        csrw mhpmcounter3, t0
        csrw mhpmcounter3, t1
        csrr a5, mhpmcounter3h                    /* 0 */
        bnez a5, fail
#endif
        csrw mhpmevent3, zero

RVTEST_CODE_END
