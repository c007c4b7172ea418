/* Physical memory protection (privileged spec 3.7) with 16 entries and a 4-byte grain:
 *   - S and U fail when no entry matches (fetch access fault, mtval the pc); M does not
 *   - NAPOT, TOR and NA4 regions; R/W/X checked for U-mode and S-mode loads, stores, AMOs and
 *     fetches (access faults 5, 7, 1, mtval the address)
 *   - priority: the lowest-numbered matching entry decides, also against entry 15 that allows all
 *   - M-mode ignores unlocked entries' bits, but not a partial match: an 8-byte access that an
 *     unlocked NA4 entry matches half of fails (RV64), in U-mode too where the entry grants all
 *     that the next one does; mstatus.MPRV with MPP = U checks M-mode loads as U-mode's
 *   - a locked entry applies to M-mode too and ignores writes to its pmpcfg byte and pmpaddr; a
 *     locked TOR entry also protects the pmpaddr below it (its base) */
#include "isa_test.h"

#define P_R     0x01
#define P_W     0x02
#define P_X     0x04
#define P_TOR   0x08
#define P_NA4   0x10
#define P_NAPOT 0x18
#define P_L     0x80
#define ALL_RWX (P_NAPOT | P_R | P_W | P_X)

/* Runs `insn` in privilege prv, then ecall back to M-mode; the trap that ends it is recorded. */
#define RUN_IN(prv, ...)                                                             \
        TRAP_EXPECT(10003f);                                                          \
        MRET_TO(prv, 10002f);                                                         \
10002:  __VA_ARGS__;                                                                       \
        ecall;                                                                        \
        j fail;                                                                       \
10003:

/* entry 15: NAPOT over everything, RWX (the background every test's entries override) */
#if XLEN == 64
# define SET_BACKGROUND li t0, -1; csrw pmpaddr15, t0; li t0, ALL_RWX << 56; csrw pmpcfg2, t0
# define CLEAR_ALL csrw pmpcfg0, zero; csrw pmpcfg2, zero
#else
# define SET_BACKGROUND li t0, -1; csrw pmpaddr15, t0; li t0, ALL_RWX << 24; csrw pmpcfg3, t0
# define CLEAR_ALL csrw pmpcfg0, zero; csrw pmpcfg1, zero; csrw pmpcfg2, zero; csrw pmpcfg3, zero
#endif
/* pmpaddr of the NAPOT region [addr, addr + size) */
#define SET_NAPOT(csr, label, size) la t0, label; srli t0, t0, 2; ori t0, t0, ((size) >> 3) - 1; csrw csr, t0
#define SET_ADDR(csr, label, off) la t0, label + (off); srli t0, t0, 2; csrw csr, t0

#define CAUSE_IS(n, c) TEST_TRAP_CAUSE(n, c)
#define TVAL_IS(n, label, off) TEST_CASE_ADDR(n, a4, label + (off), TRAP_LOAD(a4, TI_TVAL))

RVTEST_CODE_BEGIN

  /* ---- WARL: pmpaddr15 holds its value ---- */
  TEST_CASE(2, a4, 0x12345, li t0, 0x12345; csrw pmpaddr15, t0; csrr a4, pmpaddr15)

  /* ---- no entry enabled: U-mode cannot even fetch; M-mode loads and stores ---- */
        CLEAR_ALL
  TEST_BEGIN(3)
        la a1, page_a
        RUN_IN(PRV_U, lw a4, 0(a1))
  /* QEMU 7.2 refuses the mret itself while no entry is enabled (illegal instruction) */
  TEST_CASE_EITHER(4, a4, CAUSE_FETCH_ACCESS, CAUSE_ILLEGAL_INSTRUCTION, TRAP_LOAD(a4, TI_CAUSE))
  TEST_BEGIN(5)
        li t0, CAUSE_ILLEGAL_INSTRUCTION
        beq a4, t0, 1f
        TRAP_LOAD(a4, TI_TVAL)
        la t2, 10002b
        bne a4, t2, fail
1:
  TEST_CASE(6, a4, 7, la a1, page_a; li t0, 7; sw t0, 0(a1); lw a4, 0(a1))

  /* ---- background entry: U-mode loads and stores ---- */
        SET_BACKGROUND
  TEST_BEGIN(7)
        la a1, page_a
        li a5, 0
        RUN_IN(PRV_U, lw a5, 0(a1))
  CAUSE_IS(8, CAUSE_USER_ECALL)
  TEST_CASE(9, a5, 7, )

  /* ---- entry 0 NAPOT over page_a, R only: beats entry 15 ---- */
        SET_NAPOT(pmpaddr0, page_a, 4096)
        li t0, P_NAPOT | P_R
        csrw pmpcfg0, t0
  TEST_BEGIN(10)
        la a1, page_a
        RUN_IN(PRV_U, lw a4, 8(a1))
  CAUSE_IS(11, CAUSE_USER_ECALL)
  TEST_BEGIN(12)
        RUN_IN(PRV_U, sw a4, 8(a1))
  CAUSE_IS(13, CAUSE_STORE_ACCESS)
  TVAL_IS(14, page_a, 8)
  TEST_BEGIN(15)
        RUN_IN(PRV_S, sw a4, 0x7f8(a1))
  CAUSE_IS(16, CAUSE_STORE_ACCESS)
  TVAL_IS(17, page_a, 0x7f8)
  TEST_BEGIN(18)
        addi a2, a1, 16
        RUN_IN(PRV_S, amoadd.w a4, a4, (a2))
  TEST_CASE_EITHER(19, a4, CAUSE_STORE_ACCESS, CAUSE_LOAD_ACCESS, TRAP_LOAD(a4, TI_CAUSE))
  TVAL_IS(20, page_a, 16)
  /* M-mode: the entry is not locked */
  TEST_CASE(21, a4, 9, la a1, page_a; li t0, 9; sw t0, 8(a1); lw a4, 8(a1))

  /* ---- no permission at all: loads fail too ---- */
        li t0, P_NAPOT
        csrw pmpcfg0, t0
  TEST_BEGIN(22)
        la a1, page_a
        RUN_IN(PRV_U, lw a4, 4(a1))
  CAUSE_IS(23, CAUSE_LOAD_ACCESS)
  TVAL_IS(24, page_a, 4)

  /* ---- MPRV: M-mode loads with MPP = U are checked as U-mode loads ---- */
  TEST_BEGIN(25)
        la a1, page_a
        TRAP_EXPECT(1f)
        li t0, MSTATUS_MPP
        csrc mstatus, t0
        li t0, MSTATUS_MPRV
        csrs mstatus, t0
        lw a4, 12(a1)
        j fail
1:      li t0, MSTATUS_MPRV
        csrc mstatus, t0
  CAUSE_IS(26, CAUSE_LOAD_ACCESS)
  TVAL_IS(27, page_a, 12)

  /* ---- TOR: entry 1 covers [page_a + 0x200, page_a + 0x300), R only ---- */
        SET_ADDR(pmpaddr0, page_a, 0x200)
        SET_ADDR(pmpaddr1, page_a, 0x300)
        li t0, (P_TOR | P_R) << 8
        csrw pmpcfg0, t0
        la a1, page_a
  TEST_BEGIN(28)
        RUN_IN(PRV_U, sw a4, 0x1fc(a1))
  CAUSE_IS(29, CAUSE_USER_ECALL)
  TEST_BEGIN(30)
        RUN_IN(PRV_U, sw a4, 0x200(a1))
  CAUSE_IS(31, CAUSE_STORE_ACCESS)
  TVAL_IS(32, page_a, 0x200)
  TEST_BEGIN(33)
        RUN_IN(PRV_U, sw a4, 0x2fc(a1))
  CAUSE_IS(34, CAUSE_STORE_ACCESS)
  TEST_BEGIN(35)
        RUN_IN(PRV_U, sw a4, 0x300(a1))
  CAUSE_IS(36, CAUSE_USER_ECALL)
  TEST_BEGIN(37)
        RUN_IN(PRV_U, lw a4, 0x280(a1))
  CAUSE_IS(38, CAUSE_USER_ECALL)

  /* ---- NA4: entry 0 covers the word at page_a + 0x40, no permission ---- */
        SET_ADDR(pmpaddr0, page_a, 0x40)
        li t0, P_NA4
        csrw pmpcfg0, t0
        la a1, page_a
  TEST_BEGIN(39)
        RUN_IN(PRV_U, lw a4, 0x40(a1))
  CAUSE_IS(40, CAUSE_LOAD_ACCESS)
  TVAL_IS(41, page_a, 0x40)
  TEST_BEGIN(42)
        RUN_IN(PRV_U, lw a4, 0x44(a1))
  CAUSE_IS(43, CAUSE_USER_ECALL)
  TEST_BEGIN(44)
        RUN_IN(PRV_U, lw a4, 0x3c(a1))
  CAUSE_IS(45, CAUSE_USER_ECALL)

  /* ---- fetch: X cleared on the page of u_code ---- */
        SET_NAPOT(pmpaddr0, u_code, 4096)
        li t0, P_NAPOT | P_R
        csrw pmpcfg0, t0
  TEST_BEGIN(46)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, u_code)
1:
  CAUSE_IS(47, CAUSE_FETCH_ACCESS)
  TVAL_IS(48, u_code, 0)
  TEST_TRAP_EPC(49, u_code)
        li t0, P_NAPOT | P_R | P_X
        csrw pmpcfg0, t0
  TEST_BEGIN(50)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, u_code)
1:
  CAUSE_IS(51, CAUSE_USER_ECALL)

  /* ---- M-mode with no entry locked: an entry that matches only part of an access fails it
   *      (3.7.1), whatever its bits. Entry 0: NA4 over [page_c + 4, page_c + 8), no permission ---- */
        SET_ADDR(pmpaddr0, page_c, 4)
        li t0, P_NA4
        csrw pmpcfg0, t0
  TEST_CASE(60, a4, 0, la a1, page_c; lw a4, 4(a1)) /* all of it: M-mode ignores the bits */
#if XLEN == 64
  TEST_BEGIN(61)
        la a1, page_c
        TRAP_EXPECT(1f)
        ld a4, 0(a1) /* bytes 0-7: entry 0 matches 4-7 alone */
        j fail
1:
  CAUSE_IS(62, CAUSE_LOAD_ACCESS)
  TVAL_IS(63, page_c, 0)
  TEST_BEGIN(64)
        la a1, page_c
        TRAP_EXPECT(1f)
        sd a1, 0(a1)
        j fail
1:
  CAUSE_IS(65, CAUSE_STORE_ACCESS)
  TVAL_IS(66, page_c, 0)
  TEST_CASE(67, a4, 0, la a1, page_c; ld a4, 8(a1)) /* only entry 15 matches */
  /* the same in U-mode, entry 0 granting all that entry 15 grants: still a partial match */
        li t0, P_NA4 | P_R | P_W | P_X
        csrw pmpcfg0, t0
  TEST_BEGIN(68)
        la a1, page_c
        RUN_IN(PRV_U, ld a4, 0(a1))
  CAUSE_IS(69, CAUSE_LOAD_ACCESS)
  TVAL_IS(70, page_c, 0)
#endif

  /* ---- locks: entry 0 locked NAPOT over page_b, R only; entry 2 locked TOR over
   *      [page_c, page_c + 0x100), RWX ---- */
        SET_NAPOT(pmpaddr0, page_b, 4096)
        SET_ADDR(pmpaddr1, page_c, 0)
        SET_ADDR(pmpaddr2, page_c, 0x100)
        li t0, ((P_L | P_TOR | P_R | P_W | P_X) << 16) | (P_L | P_NAPOT | P_R)
        csrw pmpcfg0, t0
  TEST_BEGIN(52)
        la a1, page_b
        TRAP_EXPECT(1f)
        sw a1, 0(a1)
        j fail
1:
  CAUSE_IS(53, CAUSE_STORE_ACCESS)
  TVAL_IS(54, page_b, 0)
  TEST_CASE(55, a4, 0, la a1, page_b; lw a4, 4(a1))
  /* writes to the locked bytes and addresses are ignored; the unlocked bytes 1 and 3 change */
  TEST_CASE(56, a4, 0x0f000f00 | ((P_L | P_TOR | P_R | P_W | P_X) << 16) | (P_L | P_NAPOT | P_R),
            li t0, 0x0f0f0f0f; csrw pmpcfg0, t0; csrr a4, pmpcfg0; li t0, 0xffffffff; and a4, a4, t0)
  TEST_BEGIN(57)
        csrr a2, pmpaddr0
        csrw pmpaddr0, zero
        csrr a4, pmpaddr0
        bne a2, a4, fail
  TEST_BEGIN(58)
        csrr a2, pmpaddr1 /* the base of the locked TOR entry 2 */
        csrw pmpaddr1, zero
        csrr a4, pmpaddr1
        bne a2, a4, fail
  TEST_CASE(59, a4, 5, la a1, page_c; li t0, 5; sw t0, 0(a1); lw a4, 0(a1))

RVTEST_CODE_END

        .section .text
        .balign 4096
u_code: ecall
        j fail
        .balign 4096

RVTEST_DATA_BEGIN
        .balign 4096
page_a: .fill 4096, 1, 0
page_b: .fill 4096, 1, 0
page_c: .fill 4096, 1, 0
RVTEST_DATA_END
