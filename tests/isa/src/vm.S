/* Virtual memory: Sv32 on RV32, Sv39 on RV64 (sv48.S includes this file with SV48 defined).
 * The test builds its page tables at run time:
 *   - RAM at 0x80000000 identity-mapped by one superpage (RWX, A and D set, not U): the code runs
 *     there in S-mode
 *   - a level-0 table at VA 0x40000000 with pages of different permissions, and a superpage whose
 *     physical page number is misaligned
 * and checks, from S-mode and U-mode (PMP entry 0 opens everything):
 *   - translation, and the A bit then the D bit set by hardware in the PTE (no fault)
 *   - store to a read-only page (15), load from an invalid PTE (13), stval the virtual address
 *   - MXR (load from an execute-only page), SUM (S-mode load from a U page)
 *   - S-mode fetch from a U page (12), U-mode fetch from it, S-mode fetch from a page without X
 *   - U-mode load from an S page (13); a misaligned superpage (13)
 *   - MPRV with MPP = S: M-mode loads translated
 *   - a PTE changed then sfence.vma: the new mapping is used
 *   - a store through one mapping to code run through another takes effect
 *   - RV64: a non-canonical address (13); satp keeps its value when written with a reserved mode
 *   - mstatus.TVM (satp, sfence.vma illegal in S-mode), TSR (sret illegal), sfence.vma in U-mode
 *   - PMP checks the walk's PTE reads as S-mode reads: denied, the load is an access fault (5)
 *   - a non-leaf PTE with U, A or D set is a page fault (13) */
#include "isa_test.h"
#include "vm_test.h"

#define CAUSE_FETCH_PAGE_FAULT 12
#define CAUSE_LOAD_PAGE_FAULT  13
#define CAUSE_STORE_PAGE_FAULT 15

#define MSTATUS_SUM 0x00040000
#define MSTATUS_MXR 0x00080000
#define MSTATUS_TVM 0x00100000
#define MSTATUS_TSR 0x00400000

#if XLEN == 32
# define VA_MIS    0x40400000   /* root[0x101]: a megapage */
#elif defined(SV48)
# define VA_MIS    0x40200000   /* l1[1]: a megapage */
# define VA_NONCANON 0x0001000000000000
#else
# define VA_MIS    0x40200000
# define VA_NONCANON 0x0000008000000000
#endif
#define VA_T 0x40000000
#define PG(n) (VA_T + (n) * 4096)

/* Runs the instructions in privilege prv at the address of a label; the trap that ends it is
 * recorded (ecall back to M-mode, or a fault). */
#define RUN_IN(prv, ...)                                                              \
        TRAP_EXPECT(10003f);                                                          \
        MRET_TO(prv, 10002f);                                                         \
10002:  __VA_ARGS__;                                                                  \
        ecall;                                                                        \
        j fail;                                                                       \
10003:

#define CAUSE_IS(n, c) TEST_TRAP_CAUSE(n, c)
#define TVAL_IS(n, v)  TEST_TRAP_TVAL(n, v)

RVTEST_CODE_BEGIN
        PMP_OPEN_ALL
        j setup

        VM_SET_PTE_FUNCTION

setup:
#if XLEN == 32
        MAPI(root, 0x200, 0x80000000, RWXAD)
        MAP(root, 0x100, l0, PTE_V)
        MAP(root, 0x101, page_a, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
#else
# ifdef SV48
        MAP(root, 0, l2, PTE_V)
#  define TOP l2
# else
#  define TOP root
# endif
        MAPI(TOP, 2, 0x80000000, RWXAD)
        MAP(TOP, 1, l1, PTE_V)
        MAP(l1, 0, l0, PTE_V)
        MAP(l1, 1, page_a, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
#endif
        MAP(l0, 0, page_a, PTE_V | PTE_R | PTE_W)
        MAP(l0, 1, page_ro, PTE_V | PTE_R | PTE_A | PTE_D)
        MAP(l0, 3, page_x, PTE_V | PTE_X | PTE_A)
        MAP(l0, 4, page_u, PTE_V | PTE_R | PTE_W | PTE_U | PTE_A | PTE_D)
        MAP(l0, 5, u_code, PTE_V | PTE_R | PTE_X | PTE_U | PTE_A)
        MAP(l0, 6, page_ro, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
        MAP(l0, 7, page_a, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
        MAP(l0, 8, s_code, PTE_V | PTE_R | PTE_X | PTE_A)
        MAP(l0, 9, s_code, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
        la t0, root
        srli t0, t0, 12
        li t1, SATP_MODE
        or t0, t0, t1
        csrw satp, t0
        sfence.vma

  TEST_BEGIN(2)
        la t0, root
        srli t0, t0, 12
        li t1, SATP_MODE
        or t0, t0, t1
        csrr a4, satp
        bne a4, t0, fail

  /* ---- translation; A then D set in the PTE ---- */
  TEST_BEGIN(3)
        li a1, PG(0)
        li a5, 0
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(4, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(5, a5, 0x11111111, )
  TEST_CASE(6, a4, PTE_A, la a1, l0; LREG a4, 0(a1); andi a4, a4, PTE_A | PTE_D)
  TEST_BEGIN(7)
        li a1, PG(0)
        li a2, 0x66
        RUN_IN(PRV_S, sw a2, 4(a1))
  CAUSE_IS(8, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(9, a4, PTE_A | PTE_D, la a1, l0; LREG a4, 0(a1); andi a4, a4, PTE_A | PTE_D)
  TEST_CASE(10, a4, 0x66, la a1, page_a; lw a4, 4(a1))

  /* ---- faults ---- */
  TEST_BEGIN(11)
        li a1, PG(1)
        RUN_IN(PRV_S, sw a1, 8(a1))
  CAUSE_IS(12, CAUSE_STORE_PAGE_FAULT)
  TVAL_IS(13, PG(1) + 8)
  TEST_BEGIN(14)
        li a1, PG(2)
        RUN_IN(PRV_S, lw a5, 0x10(a1))
  CAUSE_IS(15, CAUSE_LOAD_PAGE_FAULT)
  TVAL_IS(16, PG(2) + 0x10)
  TEST_BEGIN(17)
        li a1, PG(1)
        RUN_IN(PRV_S, amoadd.w a5, a1, (a1))
  CAUSE_IS(18, CAUSE_STORE_PAGE_FAULT)
  TVAL_IS(19, PG(1))

  /* ---- MXR ---- */
  TEST_BEGIN(20)
        li a1, PG(3)
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(21, CAUSE_LOAD_PAGE_FAULT)
  TEST_BEGIN(22)
        li t0, MSTATUS_MXR
        csrs mstatus, t0
        li a1, PG(3)
        li a5, 0
        RUN_IN(PRV_S, lw a5, 0(a1))
        li t0, MSTATUS_MXR
        csrc mstatus, t0
  CAUSE_IS(23, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(24, a5, 0x44444444, )

  /* ---- SUM ---- */
  TEST_BEGIN(25)
        li a1, PG(4)
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(26, CAUSE_LOAD_PAGE_FAULT)
  TVAL_IS(27, PG(4))
  TEST_BEGIN(28)
        li t0, MSTATUS_SUM
        csrs mstatus, t0
        li a1, PG(4)
        li a5, 0
        RUN_IN(PRV_S, lw a5, 0(a1))
        li t0, MSTATUS_SUM
        csrc mstatus, t0
  CAUSE_IS(29, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(30, a5, 0x55555555, )

  /* ---- fetch: U page from S and U, a page without X ---- */
  TEST_BEGIN(31)
        JUMP_IN(PRV_S, PG(5))
  CAUSE_IS(32, CAUSE_FETCH_PAGE_FAULT)
  TVAL_IS(33, PG(5))
  TEST_CASE(34, a4, PG(5), TRAP_LOAD(a4, TI_EPC))
  TEST_BEGIN(35)
        JUMP_IN(PRV_U, PG(5))
  CAUSE_IS(36, CAUSE_USER_ECALL)
  TEST_BEGIN(37)
        JUMP_IN(PRV_S, PG(6) + 0x20)
  CAUSE_IS(38, CAUSE_FETCH_PAGE_FAULT)
  TVAL_IS(39, PG(6) + 0x20)

  /* ---- U-mode load from an S page; misaligned superpage ---- */
  TEST_BEGIN(40)
        li a1, PG(0)
        JUMP_IN(PRV_U, PG(5) + 8) /* u_code + 8: lw a5, 0(a1) from a1 = PG(0) */
  CAUSE_IS(41, CAUSE_LOAD_PAGE_FAULT)
  TVAL_IS(42, PG(0))
  TEST_BEGIN(43)
        li a1, VA_MIS
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(44, CAUSE_LOAD_PAGE_FAULT)
  TVAL_IS(45, VA_MIS)

  /* ---- MPRV with MPP = S ---- */
  TEST_BEGIN(46)
        TRAP_EXPECT(1f)
        li t0, MSTATUS_MPP
        csrc mstatus, t0
        li t0, MSTATUS_MPP_S | MSTATUS_MPRV
        csrs mstatus, t0
        li a1, PG(0)
        lw a5, 0(a1)
        li a1, PG(2)
        lw a4, 0(a1)
        j fail
1:      li t0, MSTATUS_MPRV
        csrc mstatus, t0
  CAUSE_IS(47, CAUSE_LOAD_PAGE_FAULT)
  TVAL_IS(48, PG(2))
  TEST_CASE(49, a5, 0x11111111, )

  /* ---- a PTE changed, then sfence.vma ---- */
  TEST_BEGIN(50)
        li a1, PG(7)
        li a5, 0
        RUN_IN(PRV_S, lw a5, 0(a1))
        li t0, 0x11111111
        bne a5, t0, fail
        MAP(l0, 7, page_b, PTE_V | PTE_R | PTE_W | PTE_A | PTE_D)
        sfence.vma
  TEST_BEGIN(51)
        li a1, PG(7)
        li a5, 0
        RUN_IN(PRV_S, lw a5, 0(a1))
  TEST_CASE(52, a5, 0x22222222, )

  /* ---- code written through another mapping ---- */
  TEST_BEGIN(53)
        li a5, 0
        JUMP_IN(PRV_S, PG(8))
        li t0, 1
        bne a5, t0, fail
  TEST_BEGIN(54)
        li a1, PG(9)
        li a2, 0x00200793 /* li a5, 2 */
        RUN_IN(PRV_S, sw a2, 0(a1))
  CAUSE_IS(55, CAUSE_SUPERVISOR_ECALL)
  TEST_BEGIN(56)
        li a5, 0
        JUMP_IN(PRV_S, PG(8))
        li t0, 2
        bne a5, t0, fail

#if XLEN == 64
  /* ---- a non-canonical address; satp WARL ---- */
  TEST_BEGIN(57)
        li a1, VA_NONCANON
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(58, CAUSE_LOAD_PAGE_FAULT)
  TVAL_IS(59, VA_NONCANON)
  TEST_BEGIN(60)
        csrr a2, satp
        li t0, (1 << 60) | 0x123
        csrw satp, t0
        csrr a4, satp
        bne a2, a4, fail
#endif

  /* ---- TVM, TSR, sfence.vma in U-mode ---- */
  TEST_BEGIN(61)
        li t0, MSTATUS_TVM
        csrs mstatus, t0
        RUN_IN(PRV_S, csrr a5, satp)
  CAUSE_IS(62, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_BEGIN(63)
        RUN_IN(PRV_S, sfence.vma)
        li t0, MSTATUS_TVM
        csrc mstatus, t0
  CAUSE_IS(64, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_BEGIN(65)
        li t0, MSTATUS_TSR
        csrs mstatus, t0
        RUN_IN(PRV_S, sret)
        li t0, MSTATUS_TSR
        csrc mstatus, t0
  CAUSE_IS(66, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_BEGIN(67)
        JUMP_IN(PRV_U, PG(5) + 16) /* u_code + 16: sfence.vma */
  CAUSE_IS(68, CAUSE_ILLEGAL_INSTRUCTION)

  /* ---- PMP on the page-table walk: the walk reads l0 as S-mode; entry 0 denies it ---- */
  TEST_BEGIN(69)
        la t0, l0
        srli t0, t0, 2
        ori t0, t0, (4096 >> 3) - 1
        csrw pmpaddr0, t0
        li t0, -1
        csrw pmpaddr1, t0
        li t0, (0x1f << 8) | 0x18 /* entry 0 NAPOT no access, entry 1 NAPOT RWX */
        csrw pmpcfg0, t0
        sfence.vma
        li a1, PG(0)
        RUN_IN(PRV_S, lw a5, 0(a1))
        li t0, 0x1f
        csrw pmpcfg0, t0
        li t0, -1
        csrw pmpaddr0, t0
  CAUSE_IS(70, CAUSE_LOAD_ACCESS)
  TVAL_IS(71, PG(0))

  /* ---- a non-leaf PTE with U, A or D set: reserved there, a page fault (privileged spec
   * 4.3.2 step 4; the pointer to l0 gets each bit in turn) ---- */
#if XLEN == 32
# define L0_PTR_TABLE root
# define L0_PTR_INDEX 0x100
#else
# define L0_PTR_TABLE l1
# define L0_PTR_INDEX 0
#endif
  TEST_BEGIN(72)
        MAP(L0_PTR_TABLE, L0_PTR_INDEX, l0, PTE_V | PTE_U)
        sfence.vma
        li a1, PG(0)
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(73, CAUSE_LOAD_PAGE_FAULT)
  TVAL_IS(74, PG(0))
  TEST_BEGIN(75)
        MAP(L0_PTR_TABLE, L0_PTR_INDEX, l0, PTE_V | PTE_A)
        sfence.vma
        li a1, PG(0)
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(76, CAUSE_LOAD_PAGE_FAULT)
  TEST_BEGIN(77)
        MAP(L0_PTR_TABLE, L0_PTR_INDEX, l0, PTE_V | PTE_D)
        sfence.vma
        li a1, PG(0)
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(78, CAUSE_LOAD_PAGE_FAULT)
  TEST_BEGIN(79) /* and the plain pointer again: the load goes through */
        MAP(L0_PTR_TABLE, L0_PTR_INDEX, l0, PTE_V)
        sfence.vma
        li a1, PG(0)
        li a5, 0
        RUN_IN(PRV_S, lw a5, 0(a1))
  CAUSE_IS(80, CAUSE_SUPERVISOR_ECALL)
  TEST_CASE(81, a5, 0x11111111, )

        csrw satp, zero
RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 4096
root:   .fill 4096, 1, 0
l2:     .fill 4096, 1, 0
l1:     .fill 4096, 1, 0
l0:     .fill 4096, 1, 0
page_a: .word 0x11111111
        .balign 4096
page_b: .word 0x22222222
        .balign 4096
page_ro: .word 0x33333333
        .balign 4096
page_x: .word 0x44444444
        .balign 4096
page_u: .word 0x55555555
        .balign 4096
u_code: ecall                   /* + 0 */
        j u_code                /* + 4 */
        lw a5, 0(a1)            /* + 8 */
        ecall                   /* + 12 */
        sfence.vma              /* + 16 */
        ecall
        .balign 4096
s_code: li a5, 1
        ecall
        .balign 4096
RVTEST_DATA_END
