/* Machine-mode interrupts through the CLINT (msip at 0x2000000, mtimecmp at 0x2004000,
 * mtime at 0x200bff8).
 *   - mip.MSIP follows the CLINT msip register; mip.MSIP/MTIP cannot be written via mip
 *   - vectored mtvec (mode 1): software interrupt lands at base + 4*3, timer interrupt at
 *     base + 4*7, supervisor software interrupt (mip.SSIP) at base + 4*1, exceptions at base
 *   - an interrupt is taken right after the instruction that enables it (mepc = next pc),
 *     mcause = interrupt bit | code; not taken while mstatus.MIE = 0 in M-mode, always
 *     taken in U-mode
 *   - direct mtvec: interrupts also go to base
 *   - priority: machine software before machine timer when both are pending
 *   - mtime counts up; wfi returns once an enabled interrupt is pending (also with
 *     mstatus.MIE = 0), and with MIE = 1 the interrupt is then taken
 * Waits are bounded loops (WAIT_LOOPS iterations); the timer is programmed TIMER_DELTA
 * ticks ahead. */
#include "isa_test.h"

#define WAIT_LOOPS  2000000
#define TIMER_DELTA 500

/* interrupt record written by the vectored handlers */
#define II_CAUSE   (0 * REGBYTES)
#define II_EPC     (1 * REGBYTES)
#define II_VEC     (2 * REGBYTES)   /* vector slot of the handler that ran */
#define II_COUNT   (3 * REGBYTES)
#define II_STATUS  (4 * REGBYTES)
#define II_LOG     (5 * REGBYTES)   /* slots of the first four interrupts, in order */
#define II_SIZE    (9 * REGBYTES)

#if XLEN == 64
/* mtimecmp = mtime + delta */
# define TIMER_ARM(delta)                                                   \
        li t0, CLINT_MTIME; ld t1, 0(t0); li t2, delta; add t1, t1, t2;     \
        li t0, CLINT_MTIMECMP; sd t1, 0(t0)
# define TIMER_NOW                                                          \
        li t0, CLINT_MTIMECMP; sd zero, 0(t0)
# define TIMER_OFF                                                          \
        li t0, CLINT_MTIMECMP; li t1, -1; sd t1, 0(t0)
/* rd = mtime */
# define MTIME_READ(rd) li t0, CLINT_MTIME; ld rd, 0(t0)
#else
/* read the 64-bit mtime as hi/lo without tearing, add delta, write mtimecmp without
 * ever making it smaller than intended (low word = -1 first) */
# define TIMER_ARM(delta)                                                   \
        li t0, CLINT_MTIME;                                                 \
10010:  lw t3, 4(t0); lw t1, 0(t0); lw t4, 4(t0); bne t3, t4, 10010b;       \
        li t2, delta; add t2, t1, t2; sltu t4, t2, t1; add t3, t3, t4;      \
        li t0, CLINT_MTIMECMP; li t4, -1;                                   \
        sw t4, 0(t0); sw t3, 4(t0); sw t2, 0(t0)
# define TIMER_NOW                                                          \
        li t0, CLINT_MTIMECMP; sw zero, 0(t0); sw zero, 4(t0)
# define TIMER_OFF                                                          \
        li t0, CLINT_MTIMECMP; li t1, -1; sw t1, 0(t0); sw t1, 4(t0)
/* rd = low word of mtime (enough for short intervals) */
# define MTIME_READ(rd) li t0, CLINT_MTIME; lw rd, 0(t0)
#endif

#define MSIP_SET   li t0, CLINT_MSIP; li t1, 1; sw t1, 0(t0)
#define MSIP_CLEAR li t0, CLINT_MSIP; sw zero, 0(t0)

/* reset the interrupt record */
#define IRQ_RESET                                                           \
        la t0, irq_info; li t1, TI_POISON;                                  \
        SREG t1, II_CAUSE(t0); SREG t1, II_EPC(t0); SREG t1, II_VEC(t0);    \
        SREG zero, II_COUNT(t0); SREG t1, II_STATUS(t0);                    \
        SREG zero, II_LOG(t0); SREG zero, II_LOG + REGBYTES(t0)

/* wait (bounded) until irq_info.count >= cnt */
#define IRQ_WAIT(cnt)                                                       \
        li t3, WAIT_LOOPS; la t4, irq_info; li t5, cnt;                     \
10020:  LREG t1, II_COUNT(t4); bgeu t1, t5, 10021f;                         \
        addi t3, t3, -1; bnez t3, 10020b; j fail;                           \
10021:

#define IRQ_LOAD(reg, field) la t1, irq_info; LREG reg, field(t1)
#define TEST_IRQ(n, field, value) TEST_CASE(n, a4, value, IRQ_LOAD(a4, field))

RVTEST_CODE_BEGIN

        PMP_OPEN_ALL
        TIMER_OFF
        MSIP_CLEAR
        csrw mie, zero
        csrw mideleg, zero

  /* ---- mip.MSIP follows the CLINT msip register ---- */
  TEST_CASE(2, a4, 0, csrr a4, mip; andi a4, a4, MIP_MSIP)
  TEST_CASE(3, a4, MIP_MSIP, MSIP_SET; csrr a4, mip; andi a4, a4, MIP_MSIP)
  TEST_CASE(4, a4, 1, li t0, CLINT_MSIP; lw a4, 0(t0))
  TEST_CASE(5, a4, 0, MSIP_CLEAR; csrr a4, mip; andi a4, a4, MIP_MSIP)
  /* ---- mip.MTIP follows mtime >= mtimecmp ---- */
  TEST_CASE(6, a4, MIP_MTIP, TIMER_NOW; csrr a4, mip; andi a4, a4, MIP_MTIP)
  TEST_CASE(7, a4, 0, TIMER_OFF; csrr a4, mip; andi a4, a4, MIP_MTIP)
  /* ---- MSIP and MTIP are read-only in mip ---- */
  TEST_CASE(8, a4, 0, li t0, MIP_MSIP | MIP_MTIP; csrs mip, t0; csrr a4, mip;
            andi a4, a4, MIP_MSIP | MIP_MTIP)
  /* ---- mtime counts up ---- */
  TEST_BEGIN(9)
        MTIME_READ(a1)
        li t3, WAIT_LOOPS
1:      MTIME_READ(a2)
        bne a2, a1, 2f
        addi t3, t3, -1
        bnez t3, 1b
        j fail
2:      sub a2, a2, a1
        blez a2, fail

  /* ---- vectored mode ---- */
  TEST_CASE(10, a4, 0, la a1, vec_table; ori a1, a1, 1; csrw mtvec, a1; csrr a4, mtvec;
            sub a4, a4, a1)

  /* ---- software interrupt: pending but masked by mstatus.MIE = 0 ---- */
  TEST_BEGIN(11)
        IRQ_RESET
        li t0, MIP_MSIP
        csrs mie, t0
        MSIP_SET
        li t3, 1000
1:      addi t3, t3, -1
        bnez t3, 1b
  TEST_IRQ(12, II_COUNT, 0)
  /* ---- ... taken as soon as MIE is set, at vector 3 ---- */
  TEST_BEGIN(13)
        csrsi mstatus, MSTATUS_MIE
msi_next:
        nop
        IRQ_WAIT(1)
        csrci mstatus, MSTATUS_MIE
  TEST_IRQ(14, II_CAUSE, CAUSE_INTERRUPT | IRQ_M_SOFT)
  TEST_IRQ(15, II_VEC, 3)
  TEST_CASE_ADDR(16, a4, msi_next, IRQ_LOAD(a4, II_EPC))
  TEST_IRQ(17, II_COUNT, 1)
  TEST_CASE(18, a4, MSTATUS_MPP_M | MSTATUS_MPIE, IRQ_LOAD(a4, II_STATUS);
            li t1, MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MIE; and a4, a4, t1)
  TEST_CASE(19, a4, 0, csrr a4, mip; andi a4, a4, MIP_MSIP)           /* handler cleared it */
  TEST_BEGIN(20)
        li t0, MIP_MSIP
        csrc mie, t0

  /* ---- timer interrupt at vector 7 ---- */
  TEST_BEGIN(21)
        IRQ_RESET
        TIMER_ARM(TIMER_DELTA)
        li t0, MIP_MTIP
        csrs mie, t0
        csrsi mstatus, MSTATUS_MIE
        IRQ_WAIT(1)
        csrci mstatus, MSTATUS_MIE
  TEST_IRQ(22, II_CAUSE, CAUSE_INTERRUPT | IRQ_M_TIMER)
  TEST_IRQ(23, II_VEC, 7)
  TEST_IRQ(24, II_COUNT, 1)
  TEST_CASE(25, a4, 0, csrr a4, mip; andi a4, a4, MIP_MTIP)           /* handler disarmed it */
  /* a timer interrupt that is already due is taken right after MIE is set */
  TEST_BEGIN(26)
        IRQ_RESET
        TIMER_NOW
        csrsi mstatus, MSTATUS_MIE
mti_next:
        nop
        IRQ_WAIT(1)
        csrci mstatus, MSTATUS_MIE
  TEST_CASE_ADDR(27, a4, mti_next, IRQ_LOAD(a4, II_EPC))
  TEST_IRQ(28, II_VEC, 7)

  /* ---- priority: MSI before MTI when both are pending ---- */
  TEST_BEGIN(29)
        IRQ_RESET
        li t0, MIP_MSIP | MIP_MTIP
        csrs mie, t0
        TIMER_NOW
        MSIP_SET
        csrsi mstatus, MSTATUS_MIE
        IRQ_WAIT(2)
        csrci mstatus, MSTATUS_MIE
  TEST_IRQ(30, II_LOG, 3)
  TEST_IRQ(31, II_LOG + REGBYTES, 7)
  TEST_IRQ(32, II_COUNT, 2)

  /* ---- supervisor software interrupt (mip.SSIP, not delegated) at vector 1 ---- */
  TEST_BEGIN(33)
        IRQ_RESET
        csrw mie, zero
        li t0, MIP_SSIP
        csrs mip, t0                              /* SSIP is writable in mip */
        csrr a4, mip
        andi a4, a4, MIP_SSIP
        beqz a4, fail
        csrs mie, t0
        csrsi mstatus, MSTATUS_MIE
        IRQ_WAIT(1)
        csrci mstatus, MSTATUS_MIE
  TEST_IRQ(34, II_CAUSE, CAUSE_INTERRUPT | IRQ_S_SOFT)
  TEST_IRQ(35, II_VEC, 1)
  TEST_BEGIN(36)
        csrw mie, zero

  /* ---- machine interrupts are taken in U-mode even with mstatus.MIE = 0 ---- */
  TEST_BEGIN(37)
        IRQ_RESET
        li t0, MIP_MSIP
        csrs mie, t0
        MSIP_SET
        TRAP_EXPECT(1f)
        MRET_TO(PRV_U, 2f)                         /* MPIE = 0: MIE stays 0 */
2:      li t3, WAIT_LOOPS                          /* U-mode: wait for the interrupt */
3:      la t4, irq_info
        LREG t1, II_COUNT(t4)
        bnez t1, 4f
        addi t3, t3, -1
        bnez t3, 3b
4:      ecall                                      /* back to M (exception: base + 0) */
        j fail
1:      csrw mie, zero
  TEST_IRQ(38, II_COUNT, 1)
  TEST_IRQ(39, II_VEC, 3)
  TEST_CASE(40, a4, PRV_U, IRQ_LOAD(a4, II_STATUS); srli a4, a4, 11; andi a4, a4, 3)
  TEST_TRAP_CAUSE(41, CAUSE_USER_ECALL)

  /* ---- direct mode: interrupts go to the base address too ---- */
  TEST_BEGIN(42)
        la t0, trap_entry
        csrw mtvec, t0
        li t0, MIP_MSIP
        csrs mie, t0
        MSIP_SET
        TRAP_EXPECT(1f)
        csrsi mstatus, MSTATUS_MIE
        li t3, WAIT_LOOPS
2:      addi t3, t3, -1
        bnez t3, 2b
        j fail
1:      MSIP_CLEAR                                  /* trap_entry returned with MIE = 0 */
        csrw mie, zero
  TEST_TRAP_CAUSE(43, CAUSE_INTERRUPT | IRQ_M_SOFT)
  TEST_TRAP_COUNT(44, 1)
  TEST_BEGIN(45)
        la a1, vec_table
        ori a1, a1, 1
        csrw mtvec, a1

  /* ---- wfi with mstatus.MIE = 0: resumes when the timer becomes pending, no trap ---- */
  TEST_BEGIN(46)
        IRQ_RESET
        li t0, MIP_MTIP
        csrw mie, t0
        TIMER_ARM(TIMER_DELTA)
        wfi
        li t3, WAIT_LOOPS                          /* wfi may also return early */
1:      csrr a4, mip
        andi a4, a4, MIP_MTIP
        bnez a4, 2f
        addi t3, t3, -1
        bnez t3, 1b
        j fail
2:
  TEST_IRQ(47, II_COUNT, 0)
  TEST_CASE(48, a4, 0, TIMER_OFF; csrr a4, mip; andi a4, a4, MIP_MTIP)
  /* ---- wfi with mstatus.MIE = 1: the interrupt is taken ---- */
  TEST_BEGIN(49)
        IRQ_RESET
        TIMER_ARM(TIMER_DELTA)
        csrsi mstatus, MSTATUS_MIE
        wfi
        IRQ_WAIT(1)
        csrci mstatus, MSTATUS_MIE
        csrw mie, zero
  TEST_IRQ(50, II_CAUSE, CAUSE_INTERRUPT | IRQ_M_TIMER)
  TEST_IRQ(51, II_COUNT, 1)
  /* ---- wfi with nothing enabled-and-pending in mie... after a software interrupt ---- */
  TEST_BEGIN(52)
        IRQ_RESET
        li t0, MIP_MSIP
        csrw mie, t0
        MSIP_SET
        wfi                                        /* pending already: must not sleep */
        csrr a4, mip
        andi a4, a4, MIP_MSIP
        beqz a4, fail
        MSIP_CLEAR
        csrw mie, zero
  TEST_IRQ(53, II_COUNT, 0)

        la t0, trap_entry
        csrw mtvec, t0
        j irq_end

/* ---------------- vector table and handlers ---------------- */
        CODE_ALIGN(256)
vec_table:
        .option push
        .option norvc
        j vec_exc               /* 0: exceptions */
        j vec_ssi               /* 1: supervisor software */
        j vec_bad               /* 2 */
        j vec_msi               /* 3: machine software */
        j vec_bad               /* 4 */
        j vec_bad               /* 5: supervisor timer */
        j vec_bad               /* 6 */
        j vec_mti               /* 7: machine timer */
        j vec_bad               /* 8 */
        j vec_bad               /* 9: supervisor external */
        j vec_bad               /* 10 */
        j vec_bad               /* 11: machine external */
        .option pop

vec_exc:
        j trap_entry
vec_bad:
        j fail

/* record: cause, epc, status, vector slot (in t6), count, log; uses tp and t6 only */
#define IRQ_RECORD(slot)                                                    \
        la tp, irq_info;                                                    \
        csrr t6, mcause;  SREG t6, II_CAUSE(tp);                            \
        csrr t6, mepc;    SREG t6, II_EPC(tp);                              \
        csrr t6, mstatus; SREG t6, II_STATUS(tp);                           \
        li t6, slot;      SREG t6, II_VEC(tp);                              \
        LREG t6, II_COUNT(tp);                                              \
        addi t6, t6, 1;                                                     \
        SREG t6, II_COUNT(tp);                                              \
        slli t6, t6, (XLEN / 32) + 1;       /* count * REGBYTES */          \
        add t6, t6, tp;                                                     \
        li tp, slot;                                                        \
        SREG tp, II_LOG - REGBYTES(t6)

vec_msi:
        IRQ_RECORD(3)
        li tp, CLINT_MSIP
        sw zero, 0(tp)
        mret
vec_mti:
        IRQ_RECORD(7)
        li tp, CLINT_MTIMECMP
        li t6, -1
#if XLEN == 64
        sd t6, 0(tp)
#else
        sw t6, 0(tp)
        sw t6, 4(tp)
#endif
        mret
vec_ssi:
        IRQ_RECORD(1)
        li t6, MIP_SSIP
        csrc mip, t6
        mret

irq_end:
RVTEST_CODE_END

RVTEST_DATA_BEGIN
        .balign 64
irq_info: .fill II_SIZE, 1, 0
RVTEST_DATA_END
