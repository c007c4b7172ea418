/* The driver sequence of the reference (read-modify-write EVENT, write QUALn, OR the CountOn bits
 * into CTL; on overflow, clear and reset), the configuration registers, overflow with and without
 * Perf_Ovf_Stop, and CM_PCInt taken as a machine external interrupt. Exit code: the failed check. */
#include "cm.h"

static volatile uint64_t buf[64 * 8] __attribute__((aligned(64)));
/* the handler's variables share one line, made resident before counting: its stores hit */
static volatile struct {
    int irqs, faults;
    uint32_t seen_ov;
} st __attribute__((aligned(64)));
#define irqs st.irqs
#define seen_ov st.seen_ov
#define faults st.faults

__attribute__((interrupt("machine"), aligned(4))) static void handler(void)
{
    uint64_t cause;
    __asm__ volatile("csrr %0, mcause" : "=r"(cause));
    if (cause == ((1ull << 63) | 11)) {
        seen_ov = REG(PC_OV);
        REG(PC_OV) = 7; /* W1C: CM_PCInt falls */
        irqs++;
    } else if (cause == 5) { /* load access fault: step over the (4-byte) load */
        faults++;
        uint64_t epc;
        __asm__ volatile("csrr %0, mepc" : "=r"(epc));
        __asm__ volatile("csrw mepc, %0" ::"r"(epc + 4));
    }
}

/* n loads, each to a line not cached yet (a line of buf per load, from `first`) */
static void misses(unsigned first, unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        (void)buf[(first + k) * 8];
}

int main(void)
{
    /* configuration registers: cores=1, two IOCUs, one cluster; CM 10.0; 1M L2: 8 ways, 64-byte
     * lines, 2048 sets */
    if ((REG64(GCR_CONFIG) & 0xFFF) != 0x200 || ((REG64(GCR_CONFIG) >> 23) & 0x7F) != 1)
        return 1;
    if (REG(GCR_REV) != 0xa00 || REG64(GCR_BASE) != GCR || REG(GCR_L2_CONFIG) != 0x5507)
        return 2;
    if (REG(PC_CTL) != 2 || REG(PC_OV) || REG(PC_EVENT) || REG(PC_CYCLE))
        return 3; /* reset values */

    if (irqs || seen_ov)
        return 13;
    /* event 0, cached coherent reads from any core; event 9, everything */
    REG(PC_EVENT) = (REG(PC_EVENT) & ~0xFFFFu) | 9u << 8 | 0u;
    REG(PC_QUAL0) = 0x3FFu | 1u << 10 | 1u << 13 | 3u << 21 | 3u << 23;
    REG(PC_QUAL1) = 0xFFFFFFFFu;
    REG(PC_CTL) = REG(PC_CTL) | CTL_RESET_ALL | CTL_ON_ALL;
    if (REG(PC_CTL) != (CTL_ON_ALL | 2)) /* Reset bits read 0, Perf_Num_Cnt 2 */
        return 4;
    misses(0, 16);
    REG(PC_CTL) = 0; /* stop */
    uint32_t c0 = REG(PC_CNT0), c1 = REG(PC_CNT1), cyc = REG(PC_CYCLE);
    if (c0 != 16 || c1 < 16 || cyc == 0)
        return 5;
    if (REG(PC_CYCLE) != cyc || REG(PC_CNT0) != 16)
        return 6; /* stopped counters hold */

    /* overflow without Perf_Ovf_Stop: CNT0 reaches 0xFFFFFFFF, P0_Overflow, the interrupt; it
     * wraps to 0 and counts on */
    uintptr_t h = (uintptr_t)handler;
    __asm__ volatile("csrw mtvec, %0" ::"r"(h));
    __asm__ volatile("csrs mie, %0" ::"r"(1ul << 11));
    __asm__ volatile("csrs mstatus, 8");
    REG(PC_CNT0) = 0xFFFFFFFDu;
    REG(PC_CTL) = CTL_INT_EN | 0x40; /* P0 only */
    misses(16, 2);
    for (int k = 0; k < 100 && !irqs; k++) /* the interrupt is taken a few instructions later */
        ;
    if (irqs != 1 || seen_ov != 2 || REG(PC_CNT0) != 0xFFFFFFFFu)
        return 7;
    misses(18, 3);
    if (REG(PC_CNT0) != 2 || REG(PC_OV) != 0 || irqs != 1)
        return 8;

    /* Perf_Ovf_Stop: every counter stops while an overflow bit is set, holding its count */
    __asm__ volatile("csrc mstatus, 8");
    REG(PC_CNT0) = 0xFFFFFFFEu;
    REG(PC_CTL) = CTL_OVF_STOP | CTL_RESET_ALL | CTL_ON_ALL | CTL_INT_EN; /* resets CNT0 too */
    REG(PC_CNT0) = 0xFFFFFFFEu;                                       /* written while counting */
    misses(21, 3);
    uint32_t ov = REG(PC_OV), y1 = REG(PC_CYCLE);
    misses(24, 2);
    if (ov != 2 || REG(PC_CNT0) != 0xFFFFFFFFu || REG(PC_CYCLE) != y1)
        return 9;
    uint64_t mip;
    __asm__ volatile("csrr %0, mip" : "=r"(mip));
    if (!(mip & (1ul << 11)))
        return 10; /* CM_PCInt is a level: pending while Perf_Int_En and an overflow bit */
    REG(PC_OV) = 2; /* clearing the bit lets the counters run again */
    __asm__ volatile("csrr %0, mip" : "=r"(mip));
    if (mip & (1ul << 11))
        return 11;
    misses(26, 1);
    if (REG(PC_CNT0) != 0 || REG(PC_CYCLE) == y1)
        return 12;
    REG(PC_CTL) = 0;

    /* access widths: byte and halfword accesses are access faults; a word at +4 is the upper half */
    (void)*(volatile uint8_t *)(GCR + PC_CTL);
    (void)*(volatile uint16_t *)(GCR + PC_CTL);
    if (faults != 2 || REG(PC_CTL + 4) != 0 || REG64(PC_CTL) != 2)
        return 14;
    return 0;
}
