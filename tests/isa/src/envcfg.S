/* menvcfg and, on RV32, menvcfgh (privileged spec, "Machine Environment Configuration
 * Register"): menvcfg exists when U-mode does (virt machines); on RV32 its upper 32 bits are
 * menvcfgh, which does not exist on RV64. Upper fields are STCE (63), PBMTE (62), ADUE (61),
 * CDE (60), all of extensions a hart may lack; bits 58:34 are reserved (WPRI: read-only zero
 * where not furnished).
 *   - menvcfg reads, FIOM (bit 0) is writable
 *   - RV32: menvcfgh reads; after writing all ones, its reserved bits 26:2 read 0
 *   - RV64: menvcfgh (0x31a) is an illegal instruction */
#include "isa_test.h"

#define CSR_MENVCFG  0x30a
#define CSR_MENVCFGH 0x31a

RVTEST_CODE_BEGIN

  TEST_CASE(2, a4, 1, csrwi CSR_MENVCFG, 1; csrr a4, CSR_MENVCFG; andi a4, a4, 1)
  TEST_CASE(3, a4, 0, csrwi CSR_MENVCFG, 0; csrr a4, CSR_MENVCFG; andi a4, a4, 1)
#if XLEN == 32
  TEST_BEGIN(4)
        TRAP_EXPECT(1f)
        csrr a4, CSR_MENVCFGH                     /* exists: no trap */
        TRAP_EXPECT_CANCEL
        j 2f
1:      j fail
2:
  TEST_CASE(5, a4, 0, li t0, -1; csrw CSR_MENVCFGH, t0; csrr a4, CSR_MENVCFGH; li t1, 0x07fffffc; and a4, a4, t1)
  TEST_CASE(6, a4, 0, csrw CSR_MENVCFGH, zero; csrr a4, CSR_MENVCFGH; li t1, 0x07fffffc; and a4, a4, t1)
#else
  TEST_BEGIN(4)
        TRAP_EXPECT(1f)
        csrr a4, CSR_MENVCFGH
        j fail
1:
  TEST_TRAP_CAUSE(5, CAUSE_ILLEGAL_INSTRUCTION)
#endif

RVTEST_CODE_END
