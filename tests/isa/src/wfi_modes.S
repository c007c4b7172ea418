/* wfi below M-mode on a hart with S-mode (privileged spec 3.1.6.5, "Virtualization Support in
 * mstatus Register", TW): with TW = 1, wfi in S-mode or U-mode raises an illegal-instruction
 * exception; with TW = 0 it executes in S-mode; in U-mode it raises one whatever TW says, since
 * S-mode is implemented and pmusim's wfi has no bounded time limit (QEMU does the same).
 *   - U-mode, TW = 0 and TW = 1: illegal instruction (mtval 0 or the bits), from U
 *   - S-mode, TW = 1: illegal instruction
 *   - S-mode, TW = 0: executes; an interrupt pending and enabled in mie (SSIP, delegated, with
 *     sstatus.SIE = 0 so it is not taken) makes it return at once
 *   - S-mode, TW = 1 with that interrupt pending: illegal instruction all the same (translated
 *     code makes a wfi with a pending interrupt a nop itself, after testing TW) */
#include "isa_test.h"

#define MSTATUS_TW 0x00200000
#define WFI_BITS   0x10500073

/* SSIP delegated, enabled in mie and pending (sstatus.SIE = 0: not taken), and all of it undone */
#define SSIP_PENDING    li t0, MIP_SSIP; csrs mideleg, t0; csrs mie, t0; csrs mip, t0
#define SSIP_CLEARED    li t0, MIP_SSIP; csrc mip, t0; csrc mie, t0; csrc mideleg, t0

RVTEST_CODE_BEGIN
        PMP_OPEN_ALL

  /* ---- U-mode, TW = 0 ---- */
  TEST_BEGIN(2)
        li t0, MSTATUS_TW
        csrc mstatus, t0
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, 2f)
2:      wfi
        j fail
1:
  TEST_TRAP_CAUSE(3, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(4, 2b)
  TEST_TRAP_MPP(5, PRV_U)
  TEST_TRAP_TVAL_EITHER(6, 0, WFI_BITS)

  /* ---- U-mode, TW = 1 ---- */
  TEST_BEGIN(7)
        li t0, MSTATUS_TW
        csrs mstatus, t0
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, 2f)
2:      wfi
        j fail
1:
  TEST_TRAP_CAUSE(8, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(9, 2b)

  /* ---- S-mode, TW = 1 ---- */
  TEST_BEGIN(10)
        li t0, MSTATUS_TW
        csrs mstatus, t0
        TRAP_EXPECT(1f)
        MRET_TO(PRV_S, 2f)
2:      wfi
        j fail
1:
  TEST_TRAP_CAUSE(11, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(12, 2b)
  TEST_TRAP_MPP(13, PRV_S)

  /* ---- S-mode, TW = 0: wfi executes and returns (SSIP pending and enabled) ---- */
  TEST_BEGIN(14)
        li t0, MSTATUS_TW
        csrc mstatus, t0
        SSIP_PENDING
        TRAP_EXPECT(1f)
        MRET_TO(PRV_S, 2f)
2:      wfi
3:      ecall                                     /* back to M-mode */
        j fail
1:
        SSIP_CLEARED
  TEST_TRAP_CAUSE(15, CAUSE_SUPERVISOR_ECALL)
  TEST_TRAP_EPC(16, 3b)

  /* ---- S-mode, TW = 1, SSIP pending and enabled: still illegal (TW before the wake-up) ---- */
  TEST_BEGIN(17)
        li t0, MSTATUS_TW
        csrs mstatus, t0
        SSIP_PENDING
        TRAP_EXPECT(1f)
        MRET_TO(PRV_S, 2f)
2:      wfi
        ecall
        j fail
1:
        SSIP_CLEARED
        li t0, MSTATUS_TW
        csrc mstatus, t0
  TEST_TRAP_CAUSE(18, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(19, 2b)
  TEST_TRAP_MPP(20, PRV_S)

RVTEST_CODE_END
