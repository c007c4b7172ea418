/* Address spaces side by side: two page-table trees, A (ASID 1) and B (ASID 2), map the same
 * virtual page to different code (Sv32 on RV32, Sv39 on RV64). Checks, running that page in
 * S-mode:
 *   - a satp write without sfence.vma switches to the other ASID's code, and back
 *   - sfence.vma x0, asid after a change of A's PTE: A runs the new code, B still its own
 *   - sfence.vma va, x0 after a change of B's PTE: B runs the new code
 * pmusim keeps the blocks and TLB entries of every address space (docs/architecture.md,
 * "Translation contexts"): these fail if a satp switch or a fence reached the wrong ones. */
#include "isa_test.h"
#include "vm_test.h"

#define CODE  (PTE_V | PTE_R | PTE_X | PTE_A)

#define VA 0x40000000

/* Runs the code at VA in S-mode; it sets a5 and ends with an ecall. */
#define RUN_VA                                                                        \
        li a5, 0;                                                                     \
        JUMP_IN(PRV_S, VA)

RVTEST_CODE_BEGIN
        PMP_OPEN_ALL
        j setup

        VM_SET_PTE_FUNCTION

setup:
        VM_RAM_AND_L0(root_a, l1_a, l0_a)
        VM_RAM_AND_L0(root_b, l1_b, l0_b)
        MAP(l0_a, 0, code_a1, CODE)
        MAP(l0_b, 0, code_b1, CODE)

  TEST_BEGIN(2)
        SATP(root_a, 1)
        sfence.vma
        RUN_VA
  TEST_TRAP_CAUSE(3, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(4, a5, 0x11, )
  /* ---- another ASID: no fence needed ---- */
  TEST_BEGIN(5)
        SATP(root_b, 2)
        RUN_VA
  TEST_TRAP_CAUSE(6, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(7, a5, 0x22, )
  TEST_BEGIN(8)
        SATP(root_a, 1)
        RUN_VA
  TEST_TRAP_CAUSE(9, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(10, a5, 0x11, )
  /* ---- A's page remapped, fenced by ASID: A sees the new code, B its own ---- */
  TEST_BEGIN(11)
        MAP(l0_a, 0, code_a2, CODE)
        li t2, 1
        sfence.vma x0, t2
        RUN_VA
  TEST_TRAP_CAUSE(12, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(13, a5, 0x33, )
  TEST_BEGIN(14)
        SATP(root_b, 2)
        RUN_VA
  TEST_TRAP_CAUSE(15, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(16, a5, 0x22, )
  /* ---- B's page remapped, fenced by address ---- */
  TEST_BEGIN(17)
        MAP(l0_b, 0, code_b2, CODE)
        li t2, VA
        sfence.vma t2, x0
        RUN_VA
  TEST_TRAP_CAUSE(18, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(19, a5, 0x44, )
  TEST_BEGIN(20)
        SATP(root_a, 1)
        RUN_VA
  TEST_TRAP_CAUSE(21, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(22, a5, 0x33, )

        csrw satp, zero
RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 4096
root_a: .fill 4096, 1, 0
l1_a:   .fill 4096, 1, 0
l0_a:   .fill 4096, 1, 0
root_b: .fill 4096, 1, 0
l1_b:   .fill 4096, 1, 0
l0_b:   .fill 4096, 1, 0
code_a1: li a5, 0x11
        ecall
        .balign 4096
code_b1: li a5, 0x22
        ecall
        .balign 4096
code_a2: li a5, 0x33
        ecall
        .balign 4096
code_b2: li a5, 0x44
        ecall
        .balign 4096
RVTEST_DATA_END
