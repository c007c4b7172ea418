/* Class 1 bit 8 (interrupt) and class 5 bit 5 (interrupt latency) with the AXI timer behind the
 * AXI interrupt controller (default configuration: event-counters=5, latency-counters=1, so
 * mhpmcounter8/9 are a latency pair). The hart waits in wfi; the timer's rollover raises the
 * controller's output at that cycle and the interrupt is taken at once: latency = 0 cycles of
 * waiting + 5 (pipeline stages refilling), pmusim's rule (docs/pmu-microblaze-v.md). */
#include "mbv_test.h"

    TEST_NAME "irq"

    .text
    .globl test_main
test_main:
    SELECT 3, EV(1, B(8))       /* interrupts */
    SELECT 4, EV(5, B(5))       /* N of interrupt latency */
    SELECT 8, EV(5, B(5))       /* latency pair: sum in 8, max/min in 9 */
    SELECT 5, EV(1, B(7))       /* exceptions */
    ZERO 3
    ZERO 4
    ZERO 5
    ZERO 8
    ZERO 9
    lla t0, irq_handler
    csrw mtvec, t0
    li s0, AXI_TIMER
    li t0, 100
    sw t0, 4(s0)                /* TLR0 = 100 */
    li t0, 0x20
    sw t0, 0(s0)                /* TCSR0 = LOAD */
    li s1, AXI_INTC
    li t0, 1
    sw t0, 8(s1)                /* IER = input 0 */
    li t0, 3
    sw t0, 0x1C(s1)             /* MER = ME | HIE */
    li t0, 0x800
    csrs mie, t0                /* MEIE */
    li t0, 0xC2
    sw t0, 0(s0)                /* TCSR0 = ENT | ENIT | UDT: counts down from 100 */
    PMU_GO
    csrsi mstatus, 8            /* MIE */
    wfi
    PMU_STOP
    CHECK_CTR 301, 3, 1         /* one interrupt */
    CHECK_CTR 302, 4, 1         /* N = 1 */
    CHECK_CTR 303, 8, 5         /* sum = 5 */
    CHECK_CTR 304, 9, 0x00050005 /* max 5, min 5 */
    CHECK_CTR 305, 5, 0         /* no exception */
    CHECK 306, s11, 1           /* the handler ran once */
    CHECK 307, s10, CAUSE_MEI
    lla t0, trap_entry
    csrw mtvec, t0
    TEST_END

/* Acknowledges the timer (TINT, write 1 to clear; the timer stops) and the controller. */
    .align 2
irq_handler:
    csrr s10, mcause
    addi s11, s11, 1
    li t6, AXI_TIMER
    li t5, 0x100
    sw t5, 0(t6)
    li t6, AXI_INTC
    li t5, 1
    sw t5, 0x0C(t6)             /* IAR */
    csrci mstatus, 8            /* no further interrupts: MPIE stays set, mret would re-enable */
    li t5, 0x80
    csrc mstatus, t5            /* MPIE = 0 */
    mret
