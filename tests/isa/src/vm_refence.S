/* Code found again after a fence of every page (sfence.vma x0, x0 and x0, asid): code on one page
 * calls code on the next (jal) until both are linked, then the callee's page is remapped, made
 * non-executable, made a user page, or mapped back, each time followed by a fence of every page,
 * and the call is made again (Sv32 on RV32, Sv39 on RV64). pmusim keeps the blocks a fence of
 * every page would drop and checks each against the page tables when it is next run
 * (docs/architecture.md, "Translation contexts"): the caller's page, unchanged, is found again,
 * and this fails if the old callee, its link or its translation survived a change. The same with
 * global pages (the caller and both callees mapped G). Last, an instruction whose second half is
 * on the next page: that page remapped to one holding another second half, then a fence of
 * every page; the instruction must be read again. */
#include "isa_test.h"
#include "vm_test.h"

#define PTE_G 0x20
#define CAUSE_FETCH_PAGE_FAULT 12
#define CODE  (PTE_V | PTE_R | PTE_X | PTE_A)
#define CODE_G (CODE | PTE_G)
#define VA 0x40000000
#define VA_G (VA + 0x2000) /* the global caller; its callee at VA_G + 0x1000 */
#define VA_S (VA + 0x4000) /* the instruction across two pages, at VA_S + 0xffe */

#define RUN(va)                                                                       \
        li a5, 0;                                                                     \
        JUMP_IN(PRV_S, va)

RVTEST_CODE_BEGIN
        PMP_OPEN_ALL
        j setup

        VM_SET_PTE_FUNCTION

setup:
        VM_RAM_AND_L0(root, l1, l0)
        MAP(l0, 0, caller, CODE)
        MAP(l0, 1, callee_1, CODE)
        MAP(l0, 2, caller, CODE_G)
        MAP(l0, 3, callee_1, CODE_G)
        MAP(l0, 4, strad_a, CODE)
        MAP(l0, 5, strad_b1, CODE)
        SATP(root, 1)
        sfence.vma

  /* four calls of callee 1 (0x11 each), twice: the second time through the links */
  TEST_BEGIN(2)
        RUN(VA)
  TEST_TRAP_CAUSE(3, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(4, a5, 0x44, )
  TEST_BEGIN(5)
        RUN(VA)
  TEST_TRAP_CAUSE(6, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(7, a5, 0x44, )
  /* ---- the callee's page remapped to callee 2 (0x22), a fence of every page ---- */
  TEST_BEGIN(8)
        MAP(l0, 1, callee_2, CODE)
        sfence.vma
        RUN(VA)
  TEST_TRAP_CAUSE(9, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(10, a5, 0x88, )
  /* ---- back to callee 1, a fence of every page of ASID 1 ---- */
  TEST_BEGIN(11)
        MAP(l0, 1, callee_1, CODE)
        li t2, 1
        sfence.vma x0, t2
        RUN(VA)
  TEST_TRAP_CAUSE(12, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(13, a5, 0x44, )
  /* ---- the callee's page not executable: the call faults at the callee ---- */
  TEST_BEGIN(14)
        MAP(l0, 1, callee_1, PTE_V | PTE_R | PTE_A)
        sfence.vma
        RUN(VA)
  TEST_TRAP_CAUSE(15, CAUSE_FETCH_PAGE_FAULT)
  TEST_CASE(16, t3, VA + 0x1000, csrr t3, mtval)
  /* ---- executable again, a user page: S-mode may not run it ---- */
  TEST_BEGIN(17)
        MAP(l0, 1, callee_1, CODE | PTE_U)
        sfence.vma
        RUN(VA)
  TEST_TRAP_CAUSE(18, CAUSE_FETCH_PAGE_FAULT)
  TEST_CASE(19, t3, VA + 0x1000, csrr t3, mtval)
  /* ---- as at first ---- */
  TEST_BEGIN(20)
        MAP(l0, 1, callee_1, CODE)
        sfence.vma
        RUN(VA)
  TEST_TRAP_CAUSE(21, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(22, a5, 0x44, )

  /* ---- global pages: twice, then the callee remapped and a fence of every page; a fence of
   * ASID 1 keeps global translations, so the remapping back needs a fence of every page too ---- */
  TEST_BEGIN(23)
        RUN(VA_G)
  TEST_TRAP_CAUSE(24, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(25, a5, 0x44, )
  TEST_BEGIN(26)
        RUN(VA_G)
  TEST_TRAP_CAUSE(27, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(28, a5, 0x44, )
  TEST_BEGIN(29)
        MAP(l0, 3, callee_2, CODE_G)
        sfence.vma
        RUN(VA_G)
  TEST_TRAP_CAUSE(30, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(31, a5, 0x88, )
  TEST_BEGIN(32)
        MAP(l0, 3, callee_1, CODE_G)
        sfence.vma
        RUN(VA_G)
  TEST_TRAP_CAUSE(33, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(34, a5, 0x44, )

  /* ---- li a5, 0x11 across two pages, twice; its second half's page remapped to one where it
   * reads li a5, 0x22, a fence of every page ---- */
  TEST_BEGIN(35)
        RUN(VA_S + 0xffe)
  TEST_TRAP_CAUSE(36, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(37, a5, 0x11, )
  TEST_BEGIN(38)
        RUN(VA_S + 0xffe)
  TEST_TRAP_CAUSE(39, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(40, a5, 0x11, )
  TEST_BEGIN(41)
        MAP(l0, 5, strad_b2, CODE)
        sfence.vma
        RUN(VA_S + 0xffe)
  TEST_TRAP_CAUSE(42, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(43, a5, 0x22, )

        csrw satp, zero
RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 4096
root:   .fill 4096, 1, 0
l1:     .fill 4096, 1, 0
l0:     .fill 4096, 1, 0
/* caller at VA and VA_G */
        VM_CALLER_AND_CALLEES
/* addi a5, x0, imm: 0x0793 | imm << 20; its first half the last of strad_a */
strad_a:
        .fill 4094, 1, 0
        .half 0x0793
strad_b1:
        .half 0x0110    /* imm 0x11 */
        .word 0x00000073 /* ecall */
        .balign 4096
strad_b2:
        .half 0x0220    /* imm 0x22 */
        .word 0x00000073
        .balign 4096
RVTEST_DATA_END
