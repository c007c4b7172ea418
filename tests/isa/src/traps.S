/* Exceptions and privilege modes (machine-mode harness, mtvec in direct mode).
 *   - ecall from M (11), S (9), U (8) after mret into S/U via mstatus.MPP
 *   - trap entry: mepc, mcause, MPP = previous mode, MPIE = old MIE, MIE = 0
 *   - ebreak and c.ebreak (3), mtval = 0 or pc
 *   - illegal instructions (2), mtval = 0 or the instruction bits (16-bit: 0 or the half)
 *   - access faults on the unmapped region below 0x1000: fetch (1), load (5), store (7),
 *     AMO (7; QEMU 7.2 says 5, both accepted), mtval = faulting address
 *   - mret: MIE <- MPIE, MPIE <- 1, MPP <- U
 *   - medeleg: ecall from U delegated to S (stvec, scause, sepc, stval, sstatus.SPP/SPIE),
 *     sret back to U
 *   - sstatus is a restricted view of mstatus
 *   - privileged CSRs / xRET from lower modes are illegal; counters from U need mcounteren
 * S and U mode get access to memory through PMP entry 0 (skipped if there is no PMP). */
#include "isa_test.h"

RVTEST_CODE_BEGIN

        PMP_OPEN_ALL

  /* ================= ecall from M ================= */
  TEST_BEGIN(2)
        TRAP_EXPECT(1f)
ecall_m:
        ecall
        j fail
1:
  TEST_TRAP_CAUSE(3, CAUSE_MACHINE_ECALL)
  TEST_TRAP_EPC(4, ecall_m)
  TEST_TRAP_TVAL(5, 0)
  TEST_TRAP_MPP(6, PRV_M)
  TEST_TRAP_COUNT(7, 1)
  /* trap entry with MIE = 1: MPIE = 1, MIE = 0 (mie = 0, so no interrupt can be taken) */
  TEST_BEGIN(8)
        csrsi mstatus, MSTATUS_MIE
        TRAP_EXPECT(1f)
        ecall
        j fail
1:
  TEST_CASE(9, a4, MSTATUS_MPIE, TRAP_LOAD(a4, TI_STATUS); andi a4, a4, MSTATUS_MPIE | MSTATUS_MIE)
  /* the handler's mret (MPIE cleared by the harness) left MIE = 0 */
  TEST_CSR_FIELD(10, mstatus, MSTATUS_MIE, 0)

  /* ================= ebreak ================= */
  TEST_BEGIN(11)
        TRAP_EXPECT(1f)
ebreak_m:
        ebreak
        j fail
1:
  TEST_TRAP_CAUSE(12, CAUSE_BREAKPOINT)
  TEST_TRAP_EPC(13, ebreak_m)
  TEST_TRAP_TVAL_ZERO_OR_ADDR(14, ebreak_m)
  TEST_BEGIN(15)
        TRAP_EXPECT(1f)
        .option push
        .option rvc
cebreak_m:
        c.ebreak
        .option pop
        j fail
        CODE_ALIGN(4)
1:
  TEST_TRAP_CAUSE(16, CAUSE_BREAKPOINT)
  TEST_TRAP_EPC(17, cebreak_m)
  TEST_TRAP_TVAL_ZERO_OR_ADDR(18, cebreak_m)

  /* ================= illegal instructions ================= */
  /* reserved major opcode 0x6b */
  TEST_BEGIN(19)
        TRAP_EXPECT(1f)
ill_19: .word 0x1234506b
        j fail
1:
  TEST_TRAP_CAUSE(20, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(21, ill_19)
  TEST_TRAP_TVAL_EITHER(22, 0, 0x1234506b)
  /* unimp (csrrw x0, cycle, x0: write to a read-only CSR) */
  TEST_BEGIN(23)
        TRAP_EXPECT(1f)
ill_23: unimp
        j fail
1:
  TEST_TRAP_CAUSE(24, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(25, ill_23)
  TEST_TRAP_TVAL_EITHER(26, 0, 0xc0001073)
  /* all-zero 16-bit instruction (defined illegal) */
  TEST_BEGIN(27)
        TRAP_EXPECT(1f)
ill_27: .half 0x0000
        .half 0x0001                              /* c.nop (not reached) */
        j fail
1:
  TEST_TRAP_CAUSE(28, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(29, ill_27)
  TEST_TRAP_TVAL(30, 0)
#if XLEN == 32
  /* RV64-only instruction on RV32: addiw a0, zero, 1 */
  TEST_BEGIN(31)
        TRAP_EXPECT(1f)
ill_31: .word 0x0010051b
        j fail
1:
  TEST_TRAP_CAUSE(32, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(33, ill_31)
#endif
  /* reserved compressed encoding: c.addi4spn with nzuimm = 0 (0x0004: rd' = s1) */
  TEST_BEGIN(34)
        TRAP_EXPECT(1f)
ill_34: .half 0x0004
        .half 0x0001
        j fail
1:
  TEST_TRAP_CAUSE(35, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(36, ill_34)
  TEST_TRAP_TVAL_EITHER(37, 0, 0x0004)

  /* ================= access faults (nothing mapped at UNMAPPED_ADDR / 0) ================= */
  TEST_BEGIN(38)
        TRAP_EXPECT(1f)
        li a1, UNMAPPED_ADDR
        li a4, 0x77
lfault: lw a4, 0(a1)
        j fail
1:      li t2, 0x77                               /* rd not written */
        bne a4, t2, fail
  TEST_TRAP_CAUSE(39, CAUSE_LOAD_ACCESS)
  TEST_TRAP_EPC(40, lfault)
  TEST_TRAP_TVAL(41, UNMAPPED_ADDR)
  TEST_BEGIN(42)
        TRAP_EXPECT(1f)
        li a1, UNMAPPED_ADDR
sfault: sw a1, 4(a1)
        j fail
1:
  TEST_TRAP_CAUSE(43, CAUSE_STORE_ACCESS)
  TEST_TRAP_EPC(44, sfault)
  TEST_TRAP_TVAL(45, UNMAPPED_ADDR + 4)
  TEST_BEGIN(46)
        TRAP_EXPECT(1f)
lfault0: lbu a4, 0(zero)                          /* address 0 */
        j fail
1:
  TEST_TRAP_CAUSE(47, CAUSE_LOAD_ACCESS)
  TEST_TRAP_EPC(48, lfault0)
  TEST_TRAP_TVAL(49, 0)
  TEST_BEGIN(50)
        TRAP_EXPECT(1f)
        li a1, UNMAPPED_ADDR
        li a2, 1
afault: amoadd.w a4, a2, (a1)
        j fail
1:
  /* the spec says store/AMO access fault (7); QEMU 7.2 reports a load access fault (5)
   * for AMOs, so both are accepted here (pmusim should report 7) */
  TEST_CASE_EITHER(51, a4, CAUSE_STORE_ACCESS, CAUSE_LOAD_ACCESS, TRAP_LOAD(a4, TI_CAUSE))
  TEST_TRAP_EPC(52, afault)
  TEST_TRAP_TVAL(53, UNMAPPED_ADDR)
  /* instruction fetch from the unmapped region: mepc = mtval = target, ra = link */
  TEST_BEGIN(54)
        TRAP_EXPECT(1f)
        li a1, UNMAPPED_ADDR
ifault: jalr ra, 0(a1)
        j fail
1:      la t2, ifault + 4
        bne ra, t2, fail
  TEST_TRAP_CAUSE(55, CAUSE_FETCH_ACCESS)
  TEST_CASE(56, a4, UNMAPPED_ADDR, TRAP_LOAD(a4, TI_EPC))
  TEST_TRAP_TVAL(57, UNMAPPED_ADDR)

  /* ================= mret ================= */
  /* MPIE = 1, MIE = 0 -> after mret MIE = 1, MPIE = 1, MPP = U (M -> M return) */
  TEST_BEGIN(58)
        li t0, MSTATUS_MPP
        csrs mstatus, t0                          /* MPP = M: stay in M */
        li t0, MSTATUS_MPIE
        csrs mstatus, t0
        csrci mstatus, MSTATUS_MIE
        la t0, 1f
        csrw mepc, t0
        mret
        j fail
1:      csrr a4, mstatus
        csrci mstatus, MSTATUS_MIE
        andi t1, a4, MSTATUS_MIE | MSTATUS_MPIE
        li t2, MSTATUS_MIE | MSTATUS_MPIE
        bne t1, t2, fail
  TEST_CASE(59, a4, PRV_U, srli a4, a4, 11; andi a4, a4, 3)       /* MPP = least privileged */
  /* MPIE = 0, MIE = 1 -> after mret MIE = 0, MPIE = 1 */
  TEST_BEGIN(60)
        li t0, MSTATUS_MPP
        csrs mstatus, t0
        li t0, MSTATUS_MPIE
        csrc mstatus, t0
        csrsi mstatus, MSTATUS_MIE
        la t0, 1f
        csrw mepc, t0
        mret
        j fail
1:      csrr a4, mstatus
        andi t1, a4, MSTATUS_MIE | MSTATUS_MPIE
        li t2, MSTATUS_MPIE
        bne t1, t2, fail

  /* ================= ecall from S and U ================= */
  TEST_BEGIN(61)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_S, ecall_s)
ecall_s:
        ecall
        j fail
1:
  TEST_TRAP_CAUSE(62, CAUSE_SUPERVISOR_ECALL)
  TEST_TRAP_EPC(63, ecall_s)
  TEST_TRAP_MPP(64, PRV_S)
  TEST_TRAP_TVAL(65, 0)
  TEST_BEGIN(66)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, ecall_u)
ecall_u:
        ecall
        j fail
1:
  TEST_TRAP_CAUSE(67, CAUSE_USER_ECALL)
  TEST_TRAP_EPC(68, ecall_u)
  TEST_TRAP_MPP(69, PRV_U)
  /* S -> sret -> U: sret honours SPP = U and the U-mode ecall reports cause 8 */
  TEST_BEGIN(70)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_S, 2f)
2:      la t0, sret_u
        csrw sepc, t0
        li t0, MSTATUS_SPP
        csrc sstatus, t0
        sret
        j fail
sret_u: ecall
        j fail
1:
  TEST_TRAP_CAUSE(71, CAUSE_USER_ECALL)
  TEST_TRAP_EPC(72, sret_u)
  /* work done in U and S mode is visible afterwards (registers and memory) */
  TEST_BEGIN(73)
        TRAP_EXPECT(1f)
        li a4, 0
        MRET_TO(PRV_U, 2f)
2:      addi a4, a4, 5
        la t0, trap_scratch
        sw a4, 0(t0)
        ecall
        j fail
1:      li t2, 5
        bne a4, t2, fail
        la t0, trap_scratch
        lw a4, 0(t0)
        bne a4, t2, fail

  /* ================= delegation: U ecall -> S handler -> sret -> U ================= */
  TEST_BEGIN(74)
        la t0, s_handler
        csrw stvec, t0
        li t0, 1 << CAUSE_USER_ECALL
        csrs medeleg, t0
        csrsi sstatus, MSTATUS_SIE                /* SIE = 1: SPIE must capture it */
        li a0, -1
        li a1, -1
        li a2, -1
        li a3, -1
        li a5, 0
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, 2f)
2:      li a5, 0x11
deleg_ecall:
        ecall                                     /* -> s_handler, back at the next insn */
        addi a5, a5, 0x100                        /* runs in U after sret */
deleg_ebreak:
        ebreak                                    /* not delegated -> M */
        j fail
1:      csrci sstatus, MSTATUS_SIE
        li t0, 1 << CAUSE_USER_ECALL
        csrc medeleg, t0
        li t2, 0x1111                             /* 0x11 + 0x1000 (handler) + 0x100 */
        bne a5, t2, fail
  TEST_CASE(75, a0, CAUSE_USER_ECALL)                         /* scause */
  TEST_CASE_ADDR(76, a1, deleg_ecall)                         /* sepc */
  TEST_CASE(77, a2, 0)                                        /* stval */
  TEST_CASE(78, a3, MSTATUS_SPIE, andi a3, a3, MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE)
  TEST_TRAP_CAUSE(79, CAUSE_BREAKPOINT)                       /* the ebreak went to M */
  TEST_TRAP_EPC(80, deleg_ebreak)
  TEST_TRAP_MPP(81, PRV_U)                                    /* sret returned to U */
  TEST_TRAP_COUNT(82, 1)                                      /* M saw only the ebreak */

  /* ================= sstatus is a view of mstatus ================= */
  TEST_CASE(83, a4, MSTATUS_SIE, csrsi mstatus, MSTATUS_SIE; csrr a4, sstatus; andi a4, a4, MSTATUS_SIE)
  TEST_CASE(84, a4, 0, csrci sstatus, MSTATUS_SIE; csrr a4, mstatus; andi a4, a4, MSTATUS_SIE)
  TEST_CASE(85, a4, MSTATUS_SPP | MSTATUS_SPIE, li t0, MSTATUS_SPP | MSTATUS_SPIE; csrs sstatus, t0;
            csrr a4, mstatus; andi a4, a4, MSTATUS_SPP | MSTATUS_SPIE)
  TEST_CASE(86, a4, 0, li t0, MSTATUS_SPP | MSTATUS_SPIE; csrc mstatus, t0;
            csrr a4, sstatus; andi a4, a4, MSTATUS_SPP | MSTATUS_SPIE)
  /* machine fields are invisible in sstatus and cannot be written through it */
  TEST_CASE(87, a4, 0, li t0, MSTATUS_MPP | MSTATUS_MPIE; csrs mstatus, t0;
            csrr a4, sstatus; li t1, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE; and a4, a4, t1)
  TEST_CASE(88, a4, MSTATUS_MPP | MSTATUS_MPIE, csrw sstatus, zero; csrr a4, mstatus;
            li t1, MSTATUS_MPP | MSTATUS_MPIE; and a4, a4, t1)
  TEST_CASE(89, a4, 0, li t0, MSTATUS_MPP | MSTATUS_MPIE; csrc mstatus, t0;
            li t0, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE; csrs sstatus, t0;
            csrr a4, mstatus; li t1, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE; and a4, a4, t1)

  /* ================= privilege violations ================= */
  /* U-mode reads a machine CSR */
  TEST_BEGIN(90)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, u_csr)
u_csr:  csrr a4, mscratch
        j fail
1:
  TEST_TRAP_CAUSE(91, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(92, u_csr)
  TEST_TRAP_MPP(93, PRV_U)
  TEST_TRAP_TVAL_EITHER(94, 0, 0x34002773)                    /* csrrs a4, mscratch, x0 */
  /* U-mode reads a supervisor CSR */
  TEST_BEGIN(95)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, u_scsr)
u_scsr: csrr a4, sscratch
        j fail
1:
  TEST_TRAP_CAUSE(96, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(97, u_scsr)
  /* S-mode writes a machine CSR; S-mode may use its own CSRs */
  TEST_BEGIN(98)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_S, 2f)
2:      li t0, 0x99
        csrw sscratch, t0
s_csr:  csrw mscratch, t0
        j fail
1:      csrr a4, sscratch
        li t2, 0x99
        bne a4, t2, fail
  TEST_TRAP_CAUSE(99, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(100, s_csr)
  TEST_TRAP_MPP(101, PRV_S)
  /* mret in S-mode and U-mode, sret in U-mode */
  TEST_BEGIN(102)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_S, s_mret)
s_mret: mret
        j fail
1:
  TEST_TRAP_CAUSE(103, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(104, s_mret)
  TEST_BEGIN(105)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, u_mret)
u_mret: mret
        j fail
1:
  TEST_TRAP_CAUSE(106, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(107, u_mret)
  TEST_BEGIN(108)
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, u_sret)
u_sret: sret
        j fail
1:
  TEST_TRAP_CAUSE(109, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(110, u_sret)
  /* cycle counter from U with mcounteren = 0 is illegal, with mcounteren.CY = 1 it is not */
  TEST_BEGIN(111)
        csrw mcounteren, zero
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, u_cycle)
u_cycle: rdcycle a4
        j fail
1:
  TEST_TRAP_CAUSE(112, CAUSE_ILLEGAL_INSTRUCTION)
  TEST_TRAP_EPC(113, u_cycle)
  TEST_BEGIN(114)
        csrwi mcounteren, 1
        csrwi scounteren, 1
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, 2f)
2:      rdcycle a4
u_cycle_ok:
        ecall
        j fail
1:      csrw mcounteren, zero
        csrw scounteren, zero
  TEST_TRAP_CAUSE(115, CAUSE_USER_ECALL)
  TEST_TRAP_EPC(116, u_cycle_ok)

  j traps_end

        /* S-mode handler for the delegation test: record scause, sepc, stval, sstatus in
         * a0..a3, mark a5, return past the ecall */
        CODE_ALIGN(4)
s_handler:
        csrr a0, scause
        csrr a1, sepc
        csrr a2, stval
        csrr a3, sstatus
        li t0, 0x1000
        add a5, a5, t0
        csrr t0, sepc
        addi t0, t0, 4
        csrw sepc, t0
        sret

traps_end:
RVTEST_CODE_END

RVTEST_DATA_BEGIN
trap_scratch: .word 0
RVTEST_DATA_END
