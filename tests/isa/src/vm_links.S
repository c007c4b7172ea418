/* Links between blocks across an sfence.vma: code on one page calls code on the next page
 * directly (jal), often enough that both are linked (and, translated, the jump patched straight
 * into the callee). The callee's page is then remapped to other code and fenced by address: the
 * caller's page stays decoded, but its link to the old callee must go (Sv32 on RV32, Sv39 on
 * RV64). pmusim cuts only the links to the blocks a fence drops (docs/architecture.md,
 * "Translation contexts"): this fails if one survived. Then the same call made indirectly
 * (jalr) in two address spaces, A (ASID 1) and B (ASID 2), whose callee pages differ: back in A
 * after B, A's callee is no longer the first block at its pc in the block cache, and a
 * translated jalr must still find it, not B's. */
#include "isa_test.h"
#include "vm_test.h"

#define CODE  (PTE_V | PTE_R | PTE_X | PTE_A)
#define VA 0x40000000
#define VA_CALLEE (VA + 0x1000)

/* Runs the code at VA in S-mode; it sets a5 and ends with an ecall. */
#define RUN_VA                                                                        \
        li a5, 0;                                                                     \
        JUMP_IN(PRV_S, VA)

/* The same, entering at the indirect caller (VA + 0x2000). */
#define RUN_VA_IND                                                                    \
        li a5, 0;                                                                     \
        JUMP_IN(PRV_S, VA + 0x2000)

RVTEST_CODE_BEGIN
        PMP_OPEN_ALL
        j setup

        VM_SET_PTE_FUNCTION

setup:
        VM_RAM_AND_L0(root, l1, l0)
        MAP(l0, 0, caller, CODE)
        MAP(l0, 1, callee_1, CODE)
        MAP(l0, 2, caller_ind, CODE)
        VM_RAM_AND_L0(root_b, l1_b, l0_b)
        MAP(l0_b, 1, callee_2, CODE)
        MAP(l0_b, 2, caller_ind, CODE)
        SATP(root, 1)
        sfence.vma

  /* four calls of callee 1 (0x11 each) */
  TEST_BEGIN(2)
        RUN_VA
  TEST_TRAP_CAUSE(3, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(4, a5, 0x44, )
  /* again: now through the links made the first time */
  TEST_BEGIN(5)
        RUN_VA
  TEST_TRAP_CAUSE(6, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(7, a5, 0x44, )
  /* ---- the callee's page remapped to callee 2 (0x22), fenced by its address ---- */
  TEST_BEGIN(8)
        MAP(l0, 1, callee_2, CODE)
        li t2, VA_CALLEE
        sfence.vma t2, x0
        RUN_VA
  TEST_TRAP_CAUSE(9, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(10, a5, 0x88, )
  /* ---- and back to callee 1, fenced by ASID this time ---- */
  TEST_BEGIN(11)
        MAP(l0, 1, callee_1, CODE)
        li t2, 1
        sfence.vma x0, t2
        RUN_VA
  TEST_TRAP_CAUSE(12, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(13, a5, 0x44, )
  /* ---- indirect calls: A, B, and A again ---- */
  TEST_BEGIN(14)
        RUN_VA_IND
  TEST_TRAP_CAUSE(15, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(16, a5, 0x44, )
  TEST_BEGIN(17)
        SATP(root_b, 2)
        RUN_VA_IND
  TEST_TRAP_CAUSE(18, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(19, a5, 0x88, )
  TEST_BEGIN(20)
        SATP(root, 1)
        RUN_VA_IND
  TEST_TRAP_CAUSE(21, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(22, a5, 0x44, )

        csrw satp, zero
RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 4096
root:   .fill 4096, 1, 0
l1:     .fill 4096, 1, 0
l0:     .fill 4096, 1, 0
root_b: .fill 4096, 1, 0
l1_b:   .fill 4096, 1, 0
l0_b:   .fill 4096, 1, 0
/* caller at VA, calling VA_CALLEE */
        VM_CALLER_AND_CALLEES
/* at VA + 0x2000: the same calls through jalr */
caller_ind:
        li s1, 4
        li s2, 0
1:      li t0, VA_CALLEE
        jalr ra, 0(t0)
        add s2, s2, a5
        addi s1, s1, -1
        bnez s1, 1b
        mv a5, s2
        ecall
        .balign 4096
RVTEST_DATA_END
