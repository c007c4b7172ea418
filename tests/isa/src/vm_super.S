/* A superpage remapped and fenced at one address: a 2 MiB (Sv39) or 4 MiB (Sv32) user
 * superpage at VA maps physical P1, whose pieces hold data at VA and VA + 4096 and code at
 * VA + 8192 (a loop long enough to be translated that loads both words). The leaf PTE then
 * maps P2, with other data and code at the same offsets, and only `sfence.vma VA, x0` follows.
 * The fence orders the update of the leaf PTE that maps VA (privileged spec 4.2.1), the PTE every
 * address of the superpage translates through: the loads at VA + 4096 and the code at VA + 8192
 * must see P2 too, and P1 again after a fence that names VA and the ASID. pmusim caches a
 * superpage per 4 KiB page (its TLB, the fast TLB, the blocks): this fails if the fence dropped
 * only VA's own page. Last, the leaf without D: a load through
 * one 4 KiB page of it, then a store through another must set D in the leaf (pmusim remembers the
 * superpages it walked, here the leaf as the load found it, without D). */
#include "isa_test.h"
#include "vm_test.h"

#define USUPER (PTE_V | PTE_R | PTE_W | PTE_X | PTE_U | PTE_A | PTE_D)

#define VA 0x40000000
#define P1 0x80400000
#define P2 0x80800000
#define CODE_OFF 0x2000

/* Physical words: *(page) = a, *(page + 4096) = b */
#define SET_WORDS(page, a, b) li t0, page; li t1, a; sw t1, 0(t0); li t0, page + 4096; li t1, b; sw t1, 0(t0)

/* Copies the words from label `from` to `end` to physical address `to`. */
#define COPY_CODE(from, end, to)                                                      \
        la t0, from; la t1, end; li t2, to;                                           \
10004:  lw t3, 0(t0); sw t3, 0(t2); addi t0, t0, 4; addi t2, t2, 4;                  \
        bltu t0, t1, 10004b

/* The user code of physical page `id`: a3 = *VA, a5 = *(VA + 4096), 64 times; a6 = id. */
#define UCODE(id)                                                                     \
ucode ## id:                                                                          \
        li a1, VA;                                                                    \
        li a0, VA + 4096;                                                             \
        li a2, 64;                                                                    \
10005:  lw a3, 0(a1);                                                                 \
        lw a5, 0(a0);                                                                 \
        addi a2, a2, -1;                                                              \
        bnez a2, 10005b;                                                              \
        li a6, id;                                                                    \
        ecall;                                                                        \
        .balign 4;                                                                    \
ucode ## id ## _end:

RVTEST_CODE_BEGIN
        PMP_OPEN_ALL
        j setup

        VM_SET_PTE_FUNCTION

setup:
        SET_WORDS(P1, 11, 12)
        SET_WORDS(P2, 21, 22)
        COPY_CODE(ucode1, ucode1_end, P1 + CODE_OFF)
        COPY_CODE(ucode2, ucode2_end, P2 + CODE_OFF)
        fence.i
#if XLEN == 32
# define LEAF_PTE(page, flags) MAPI(root, VA >> 22, page, flags)
# define LEAF_AT root + (VA >> 22) * REGBYTES
#else
        MAP(root, VA >> 30, l1, PTE_V)
# define LEAF_PTE(page, flags) MAPI(l1, (VA >> 21) & 511, page, flags)
# define LEAF_AT l1 + ((VA >> 21) & 511) * REGBYTES
#endif
#define LEAF(page) LEAF_PTE(page, USUPER)
        LEAF(P1)

  TEST_BEGIN(2)
        SATP(root, 1)
        sfence.vma
        JUMP_IN(PRV_U, VA + CODE_OFF)
  TEST_TRAP_CAUSE(3, CAUSE_USER_ECALL)
  TEST_CASE(4, a3, 11, )
  TEST_CASE(5, a5, 12, )
  TEST_CASE(6, a6, 1, )
  /* ---- the leaf remapped; the fence names VA only ---- */
  TEST_BEGIN(7)
        LEAF(P2)
        li t2, VA
        sfence.vma t2, x0
        JUMP_IN(PRV_U, VA + CODE_OFF)
  TEST_TRAP_CAUSE(8, CAUSE_USER_ECALL)
  TEST_CASE(9, a3, 21, )
  TEST_CASE(10, a5, 22, )
  TEST_CASE(11, a6, 2, )
  /* ---- back to P1; the fence names VA and ASID 1 (the superpage is not global) ---- */
  TEST_BEGIN(15)
        LEAF(P1)
        li t2, VA
        li t3, 1
        sfence.vma t2, t3
        JUMP_IN(PRV_U, VA + CODE_OFF)
  TEST_TRAP_CAUSE(16, CAUSE_USER_ECALL)
  TEST_CASE(17, a3, 11, )
  TEST_CASE(18, a5, 12, )
  TEST_CASE(19, a6, 1, )
  /* ---- the leaf without D: loads and stores as U-mode (MPRV, MPP = U) ---- */
  TEST_BEGIN(12)
        LEAF_PTE(P1, USUPER & ~PTE_D)
        sfence.vma
        li t0, MSTATUS_MPP
        csrc mstatus, t0
        li t0, MSTATUS_MPRV
        csrs mstatus, t0
        li t1, VA
        lw a3, 0(t1)
        li t1, VA + 0x3000
        sw a3, 0(t1)
        li t0, MSTATUS_MPRV
        csrc mstatus, t0
  TEST_CASE(13, a3, 11, )
  TEST_CASE(14, t2, PTE_D, la t0, LEAF_AT; LREG t2, 0(t0); andi t2, t2, PTE_D)

        csrw satp, zero
RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 4096
root:   .fill 4096, 1, 0
l1:     .fill 4096, 1, 0
        .balign 4
        UCODE(1)
        UCODE(2)
RVTEST_DATA_END
