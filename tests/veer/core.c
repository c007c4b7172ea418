/* VeeR EL2 core behaviour that the PMU depends on: the internal timers (mitcnt/mitb/mitctl),
 * their interrupts in event 38, the cascade mode, firmware halt (mpmc) with event 512 and mcycle
 * gated, PAUSE (mcpc), and event 49 (cycles with mstatus.MIE == 0).
 *
 * Expected values come from the VeeR rules (../shared/reference/veer-el2.md §7-8) and pmusim's
 * documented timing model (one cycle per instruction); each failing check prints itself and the
 * program exits 1. */
#include <stdint.h>

#include "pmusim_rt.h"

#define MITCNT0 0x7D2
#define MITB0 0x7D3
#define MITCTL0 0x7D4
#define MITCNT1 0x7D5
#define MITB1 0x7D6
#define MITCTL1 0x7D7
#define MPMC 0x7C6
#define MCPC 0x7C2
#define CAUSE_TIMER0 0x8000001Du
#define CAUSE_TIMER1 0x8000001Cu
#define MIE_TIMER0 (1u << 29)
#define MIE_TIMER1 (1u << 28)
#define CLINT_MTIME_LO ((volatile uint32_t *)0x0200BFF8)
#define MAILBOX ((volatile uint32_t *)0xD0580000)
#define CAUSE_EXTERNAL 0x8000000Bu
#define MIE_MEIE (1u << 11)
/* Testbench mailbox commands (tb_top.sv): raise external line N (lines 2..30 stay raised; line 1
 * is a one-cycle pulse there), clear every line (0x80 would also raise an NMI). */
#define EXT_LINE_SET(n) (0x81u | ((n) << 8))
#define EXT_LINES_CLEAR 0x90u
/* PIC registers (default build: PIC at 0xF00C0000): source priority and enable. */
#define PIC_MEIPL(n) (((volatile uint32_t *)0xF00C0000u)[n])
#define PIC_MEIE(n) (((volatile uint32_t *)0xF00C2000u)[n])

/* One more expansion level, so the CSR names above become numbers before rt_*_csr stringize them. */
#define CSRR(csr) rt_read_csr(csr)
#define CSRW(csr, v) rt_write_csr(csr, v)

static volatile unsigned timer0_irqs, timer1_irqs, external_irqs, other_traps;
static unsigned failures;

#define CHECK(cond) \
    do { \
        if (!(cond)) { \
            rt_printf("core: check failed (line %d): %s\n", __LINE__, #cond); \
            failures++; \
        } \
    } while (0)

static uintptr_t on_trap(rt_trap_frame_t *f)
{
    if (f->mcause == CAUSE_TIMER0)
        timer0_irqs++;
    else if (f->mcause == CAUSE_TIMER1)
        timer1_irqs++;
    else if (f->mcause == CAUSE_EXTERNAL) {
        external_irqs++;
        *MAILBOX = EXT_LINES_CLEAR; /* the handler acknowledges by lowering the line */
    } else {
        other_traps++;
        return f->mepc + rt_insn_len(f->mepc);
    }
    return f->mepc; /* interrupts resume the interrupted instruction */
}

static void timers_off(void)
{
    rt_write_csr(mstatus, 0x1800); /* MIE off */
    rt_write_csr(0x304, 0);        /* mie */
    CSRW(MITCTL0, 0);
    CSRW(MITCTL1, 0);
}

/* Timer 0 with bound B interrupts every B+1 cycles; event 38 counts each one. */
static void test_timer0_and_event38(void)
{
    timers_off();
    timer0_irqs = 0;
    rt_write_csr(0x320, 0x7D); /* inhibit all while configuring */
    rt_write_csr(0x323, 38);   /* mhpmevent3 = timer interrupts taken */
    rt_write_csr(0xB03, 0);
    rt_write_csr(0xB83, 0);
    CSRW(MITB0, 500);
    CSRW(MITCNT0, 0);
    rt_write_csr(0x320, 0);
    rt_write_csr(0x304, MIE_TIMER0);
    CSRW(MITCTL0, 1);         /* enable */
    rt_set_csr(mstatus, 0x8); /* MIE */
    uint64_t c0 = rt_read_mcycle();
    while (timer0_irqs < 3)
        ;
    uint64_t c1 = rt_read_mcycle();
    timers_off();
    CHECK(timer0_irqs == 3);
    CHECK(rt_read_csr(0xB03) == 3);
    /* three periods of 501 cycles, give or take the interrupt latency of one block */
    CHECK(c1 - c0 >= 2 * 501 && c1 - c0 <= 3 * 501 + 200);
    CHECK(CSRR(MITB0) == 500);
}

/* Cascade: timer 1 counts the cycles in which timer 0 is at its bound. With mitb1 = 2 it
 * interrupts once timer 0 has reached its bound twice. */
static void test_cascade(void)
{
    timers_off();
    timer0_irqs = timer1_irqs = 0;
    CSRW(MITB0, 300);
    CSRW(MITCNT0, 0);
    CSRW(MITB1, 2);
    CSRW(MITCNT1, 0);
    rt_write_csr(0x304, MIE_TIMER1); /* only timer 1 may interrupt */
    CSRW(MITCTL0, 1);
    CSRW(MITCTL1, 1 | 8);           /* enable | cascade */
    uint64_t c0 = rt_read_mcycle(); /* timer 0 started a few instructions ago */
    rt_set_csr(mstatus, 0x8);
    unsigned spins = 0;
    while (timer1_irqs == 0 && ++spins < 100000)
        ;
    uint64_t c1 = rt_read_mcycle();
    uint32_t cnt1 = (uint32_t)CSRR(MITCNT1);
    timers_off();
    CHECK(timer1_irqs == 1);
    CHECK(timer0_irqs == 0);
    CHECK(cnt1 <= 2);
    /* timer 0 reaches its bound after 301 and 602 cycles; the second time ends timer 1's count */
    CHECK(c1 - c0 >= 602 - 20 && c1 - c0 <= 602 + 200);
}

/* Firmware halt: mcycle stops, event 512 counts the sleep, mtime keeps going; timer 0 with
 * halt_en wakes the core, and haltie enabled MIE so the interrupt is taken. */
static void test_halt(void)
{
    timers_off();
    timer0_irqs = 0;
    rt_write_csr(0x320, 0x7D);
    rt_write_csr(0x324, 512); /* mhpmevent4 = cycles in sleep */
    rt_write_csr(0xB04, 0);
    rt_write_csr(0x320, 0);
    CSRW(MITB0, 10000);
    CSRW(MITCNT0, 0);
    rt_write_csr(0x304, MIE_TIMER0);
    CSRW(MITCTL0, 1 | 2); /* enable | halt_en */
    uint32_t t0 = *CLINT_MTIME_LO;
    uint64_t c0 = rt_read_mcycle();
    CSRW(MPMC, 3); /* halt, and set mstatus.MIE with it */
    uint64_t c1 = rt_read_mcycle();
    uint32_t t1 = *CLINT_MTIME_LO;
    uint64_t sleep = rt_read_csr(0xB04);
    timers_off();
    CHECK(timer0_irqs == 1);
    CHECK(c1 - c0 < 1000);                  /* the core clock was gated */
    CHECK(sleep >= 9000 && sleep <= 10001); /* the rest of the 10001-cycle period */
    CHECK(t1 - t0 >= 10000);                /* SoC time went on (one mtime tick per cycle) */
    CHECK(CSRR(MPMC) == 2);                 /* halt reads 0, haltie stays */
}

/* PAUSE: counters keep counting, nothing else happens for N cycles. */
static void test_pause(void)
{
    timers_off();
    uint64_t c0 = rt_read_mcycle();
    uint64_t i0 = rt_read_minstret();
    CSRW(MCPC, 5000);
    uint64_t c1 = rt_read_mcycle();
    uint64_t i1 = rt_read_minstret();
    CHECK(c1 - c0 >= 5000 && c1 - c0 < 5100);
    CHECK(i1 - i0 < 100);
    CHECK(CSRR(MCPC) == 0);
}

/* Event 49 counts cycles with mstatus.MIE == 0: between two reads 10 nops apart it gains 11
 * (cycle counts include the reading instruction, as mcycle does), and nothing with MIE set. */
static void test_event49(void)
{
    timers_off();
    rt_write_csr(0x320, 0x7D);
    rt_write_csr(0x325, 49);
    rt_write_csr(0x320, 0);
    uint32_t a, b;
    __asm__ volatile("csrr %0, 0xB05\n\t"
                     ".rept 10\n\tnop\n\t.endr\n\t"
                     "csrr %1, 0xB05"
                     : "=r"(a), "=r"(b));
    CHECK(b - a == 11);
    rt_set_csr(mstatus, 0x8); /* no interrupt is enabled in mie */
    __asm__ volatile("csrr %0, 0xB05\n\t"
                     ".rept 10\n\tnop\n\t.endr\n\t"
                     "csrr %1, 0xB05"
                     : "=r"(a), "=r"(b));
    timers_off();
    CHECK(b - a == 0);
}

/* An external interrupt raised through the testbench mailbox is taken once and counted in event
 * 39; while it is pending with MIE clear, event 50 counts the stalled cycles. */
extern char rt_trap_entry[];
static uint32_t ext_vectors[32] __attribute__((section(".dccm"), aligned(1024)));

static void test_external_and_event50(void)
{
    timers_off();
    external_irqs = 0;
    CSRW(0x320, 0x7D);
    CSRW(0x323, 39); /* external interrupts taken */
    CSRW(0x324, 50); /* cycles interrupts stalled while disabled */
    CSRW(0xB03, 0);
    CSRW(0xB04, 0);
    CSRW(0x320, 0);
    CSRW(0x304, MIE_MEIE);
    PIC_MEIPL(2) = 1; /* the PIC passes line 2 on: priority 1 (> meipt 0), enabled */
    PIC_MEIE(2) = 1;
    /* fast interrupt redirection (default build): the handler of claim id 2 is meivt[2] */
    ext_vectors[2] = (uint32_t)(uintptr_t)rt_trap_entry;
    CSRW(0xBC8, (uint32_t)(uintptr_t)ext_vectors);
    *MAILBOX = EXT_LINE_SET(2); /* pending and enabled, but MIE is clear: stalled */
    uint32_t a, b;
    __asm__ volatile("csrr %0, 0xB04\n\t"
                     ".rept 10\n\tnop\n\t.endr\n\t"
                     "csrr %1, 0xB04"
                     : "=r"(a), "=r"(b));
    CHECK(b - a == 11);
    CHECK(external_irqs == 0);
    rt_set_csr(mstatus, 0x8); /* now it is taken, and the handler lowers the line */
    for (unsigned spin = 0; external_irqs == 0 && spin < 1000; spin++)
        ;
    timers_off();
    CHECK(external_irqs == 1);
    CHECK(CSRR(0xB03) == 1);
    uint32_t c = (uint32_t)CSRR(0xB04), d = (uint32_t)CSRR(0xB04);
    CHECK(c == d); /* nothing pending any more: the stall clock stands still */
}

int main(void)
{
    rt_set_trap_handler(on_trap);
    test_timer0_and_event38();
    test_cascade();
    test_halt();
    test_pause();
    test_event49();
    test_external_and_event50();
    CHECK(other_traps == 0);
    rt_printf("core: %s\n", failures ? "FAIL" : "PASS");
    return failures ? 1 : 0;
}
