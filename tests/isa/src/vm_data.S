/* Loads and stores in U-mode through two address spaces: trees A (ASID 1) and B (ASID 2) map
 * the same user code page at VA and the same user data page at VA + 4096 to different physical
 * pages (Sv32 on RV32, Sv39 on RV64). The user code loops 64 times (long enough for its block to
 * be translated): a5 += the word at VA + 4096, then stores a5 to VA + 4100. Checks:
 *   - each address space's loads read its own page and its stores reach its own page (read back
 *     untranslated), across satp writes without sfence.vma
 *   - sfence.vma x0, asid after A's data PTE changed: A reads and writes the new page
 *   - sfence.vma va, x0 after B's data PTE changed: B reads and writes the new page
 * pmusim's fast TLB keys U-mode entries without SUM (docs/architecture.md, "Virtual memory"):
 * these fail if a satp switch or a fence left an entry of the old mapping behind. */
#include "isa_test.h"
#include "vm_test.h"

#define UCODE (PTE_V | PTE_R | PTE_X | PTE_U | PTE_A)
#define UDATA (PTE_V | PTE_R | PTE_W | PTE_U | PTE_A | PTE_D)

#define VA 0x40000000

/* Runs the user code at VA in U-mode; it ends with an ecall. */
#define RUN_VA                                                                        \
        li a5, 0;                                                                     \
        JUMP_IN(PRV_U, VA)

/* a4 = the word the user code stored last in physical page `page` */
#define STORED(page) la t0, page; lw a4, 4(t0)

RVTEST_CODE_BEGIN
        PMP_OPEN_ALL
        j setup

        VM_SET_PTE_FUNCTION

setup:
#if XLEN == 32
        MAP(root_a, 0x100, l0_a, PTE_V)
        MAP(root_b, 0x100, l0_b, PTE_V)
#else
        MAP(root_a, 1, l1_a, PTE_V)
        MAP(l1_a, 0, l0_a, PTE_V)
        MAP(root_b, 1, l1_b, PTE_V)
        MAP(l1_b, 0, l0_b, PTE_V)
#endif
        MAP(l0_a, 0, u_code, UCODE)
        MAP(l0_b, 0, u_code, UCODE)
        MAP(l0_a, 1, data_1, UDATA)
        MAP(l0_b, 1, data_2, UDATA)

  TEST_BEGIN(2)
        SATP(root_a, 1)
        sfence.vma
        RUN_VA
  TEST_TRAP_CAUSE(3, CAUSE_USER_ECALL)
  TEST_CASE(4, a5, 64 * 1, )
  TEST_CASE(5, a4, 64 * 1, STORED(data_1))
  /* ---- another ASID, no fence: its own page ---- */
  TEST_BEGIN(6)
        SATP(root_b, 2)
        RUN_VA
  TEST_TRAP_CAUSE(7, CAUSE_USER_ECALL)
  TEST_CASE(8, a5, 64 * 2, )
  TEST_CASE(9, a4, 64 * 2, STORED(data_2))
  TEST_BEGIN(10)
        SATP(root_a, 1)
        RUN_VA
  TEST_TRAP_CAUSE(11, CAUSE_USER_ECALL)
  TEST_CASE(12, a5, 64 * 1, )
  /* ---- A's data page remapped, fenced by ASID ---- */
  TEST_BEGIN(13)
        MAP(l0_a, 1, data_3, UDATA)
        li t2, 1
        sfence.vma x0, t2
        RUN_VA
  TEST_TRAP_CAUSE(14, CAUSE_USER_ECALL)
  TEST_CASE(15, a5, 64 * 3, )
  TEST_CASE(16, a4, 64 * 3, STORED(data_3))
  TEST_CASE(17, a4, 64 * 1, STORED(data_1))
  TEST_BEGIN(18)
        SATP(root_b, 2)
        RUN_VA
  TEST_TRAP_CAUSE(19, CAUSE_USER_ECALL)
  TEST_CASE(20, a5, 64 * 2, )
  /* ---- B's data page remapped, fenced by address ---- */
  TEST_BEGIN(21)
        MAP(l0_b, 1, data_4, UDATA)
        li t2, VA + 4096
        sfence.vma t2, x0
        RUN_VA
  TEST_TRAP_CAUSE(22, CAUSE_USER_ECALL)
  TEST_CASE(23, a5, 64 * 4, )
  TEST_CASE(24, a4, 64 * 4, STORED(data_4))
  TEST_CASE(25, a4, 64 * 2, STORED(data_2))

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
u_code: li a1, VA + 4096
        li a2, 64
1:      lw a3, 0(a1)
        add a5, a5, a3
        sw a5, 4(a1)
        addi a2, a2, -1
        bnez a2, 1b
        ecall
        .balign 4096
data_1: .word 1, 0
        .balign 4096
data_2: .word 2, 0
        .balign 4096
data_3: .word 3, 0
        .balign 4096
data_4: .word 4, 0
        .balign 4096
RVTEST_DATA_END
