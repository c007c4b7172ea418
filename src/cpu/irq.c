/* The pending interrupts of a hart (mip): the OR of the bits software writes and the lines
 * hardware drives. Software (CSR writes, firmware on the host, a counter overflow that latches
 * LCOFIP) changes only its own bits; devices and interrupt controllers drive only the lines. Both
 * come here, so mip is assigned in one place and every change reaches the PMU's interrupt clocks
 * and the run loop. */
#include "cpu/csr.h"

/* The one place mip, mip_sw and irq_lines are assigned. */
static void set_pending(hart_t *h, uint64_t sw, uint64_t lines)
{
    uint64_t old = h->csr.mip;
    h->csr.mip_sw = sw;
    h->irq_lines = lines;
    h->csr.mip = sw | lines;
    if (h->csr.mip == old)
        return;
    if (h->bus)
        h->bus->wake_events++; /* a waiting hart may wake (the run loop's sleeping harts) */
    uint64_t rose = h->csr.mip & ~old & 0xFFFF;
    for (; rose; rose &= rose - 1)
        h->irq_rise[__builtin_ctzll(rose)] = hart_cycle(h);
    hart_irq_state_changed(h);
    hart_kick(h);
}

void hart_set_lines(hart_t *h, uint64_t mask, uint64_t levels)
{
    set_pending(h, h->csr.mip_sw, (h->irq_lines & ~mask) | (levels & mask));
}

void hart_set_line(hart_t *h, unsigned irq, bool level)
{
    hart_set_lines(h, 1ull << irq, level ? 1ull << irq : 0);
}

void hart_set_sw_pending(hart_t *h, uint64_t mask, uint64_t value)
{
    set_pending(h, (h->csr.mip_sw & ~mask) | (value & mask), h->irq_lines);
}

void hart_clear_pending(hart_t *h)
{
    set_pending(h, 0, 0);
}
