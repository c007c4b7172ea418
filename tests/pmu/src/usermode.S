/* Group 9: VeeR EL2 built with user mode (pmusim run --user-mode). Reference §4 and
 * el2_dec_tlu_ctl.sv: the user counter views cycle, instret, hpmcounter3-6 (+h) exist; mcounteren
 * implements bits 0, 2-6 only (CY, IR, HPM3-6: all-ones reads 0x7D) and gates U-mode reads;
 * misa reports U. Counters count in U-mode like in M-mode. wfi in U-mode follows mstatus.TW. */
#include "pmu_test.h"

    TEST_NAME "usermode"

/* Trap handler for this test: 9 instructions, returns to M-mode at mepc + 4.
 *   csrr, addi, csrr, addi, csrw, lui + addi (li 0x1800), csrs, mret */
    .text
    .align 2
umode_entry:
    csrr s10, mcause
    addi s11, s11, 1
    csrr t6, mepc
    addi t6, t6, 4
    csrw mepc, t6
    li t6, 0x1800
    csrs mstatus, t6
    mret

    .globl test_main
test_main:
    /* The default build has 16 PMP entries: U-mode may only touch what an entry allows. One
     * NAPOT entry over the whole address space gives it everything (before any measurement). */
    li t0, -1
    csrw pmpaddr0, t0
    li t0, 0x1F                         /* NAPOT, R, W, X */
    csrw pmpcfg0, t0
    csrr a0, misa
    CHECK 9001, a0, 0x40101104          /* RV32 I M C U */
    li a1, -1
    csrw mcounteren, a1
    csrr a0, mcounteren
    CHECK 9002, a0, 0x7D
    csrw mcounteren, zero

    /* the user views read the same counters (from M-mode, whatever mcounteren says) */
    PMU_SETUP 4, 0, 0, 0
    PMU_GO
    nop
    csrr a2, hpmcounter3    /* 1 */
    csrr a3, mhpmcounter3   /* 2 */
    csrr a4, instret        /* nop + 2 reads = 3 */
    csrr a5, minstret       /* 4 */
    PMU_STOP
    CHECK 9003, a2, 1
    CHECK 9004, a3, 2
    CHECK 9005, a4, 3
    CHECK 9006, a5, 4

    /* ---- 9011-9015: in U-mode, hpmcounter3 is readable with mcounteren.HPM3 (bit 3) set,
     * hpmcounter4 is not (bit 4 clear): illegal instruction, back to M-mode by umode_entry. */
    lla t0, umode_entry
    csrw mtvec, t0
    li t0, 0x08
    csrw mcounteren, t0
    li s11, 0
    li s10, 0
    PMU_SETUP 4, 0, 0, 0
    PMU_GO
    li t0, 0x1800
    csrc mstatus, t0        /* MPP = U */
    lla t1, 1f
    csrw mepc, t1
    mret                    /* to U-mode: li (lui + addi), csrc, lla (2), csrw, mret = 7 */
1:  csrr a2, hpmcounter3    /* 7 */
    csrr a3, hpmcounter4    /* illegal in U: not committed; handler 9 */
    csrr a4, mhpmcounter3   /* M-mode again (no trap): 7 + 1 + 9 = 17 */
    PMU_STOP
    CHECK 9011, a2, 7
    CHECK 9012, s11, 1
    CHECK 9013, s10, CAUSE_ILLEGAL
    CHECK 9014, a4, 17

    /* ---- 9021-9024: wfi in U-mode. There is no S-mode, so mstatus.TW decides (privileged spec
     * 3.1.6.5): with TW = 0 wfi executes in U-mode (a no-op on VeeR), with TW = 1 it is an
     * illegal instruction. umode_entry brings the hart back to M-mode after the trap. */
    li s11, 0
    li s10, 0
    li t0, 0x200000
    csrc mstatus, t0        /* TW = 0 */
    li t0, 0x1800
    csrc mstatus, t0        /* MPP = U */
    lla t1, 1f
    csrw mepc, t1
    mret
1:  wfi                     /* executes */
    ecall                   /* the only trap: environment call from U-mode (8) */
    CHECK 9021, s11, 1
    CHECK 9022, s10, 8
    li s11, 0
    li s10, 0
    li t0, 0x200000
    csrs mstatus, t0        /* TW = 1 */
    li t0, 0x1800
    csrc mstatus, t0
    lla t1, 2f
    csrw mepc, t1
    mret
2:  wfi                     /* illegal instruction; back in M-mode after it */
    CHECK 9023, s11, 1
    CHECK 9024, s10, CAUSE_ILLEGAL
    li t0, 0x200000
    csrc mstatus, t0

    lla t0, trap_entry
    csrw mtvec, t0
    csrw mcounteren, zero
    TEST_END
