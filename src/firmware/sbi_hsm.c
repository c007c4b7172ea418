/* SBI hart state management (EID "HSM"). At boot only hart 0 runs; the others are STOPPED until
 * hart_start. A stopped hart waits with no interrupt enabled, so nothing but hart_start wakes it.
 * Retentive suspend is wfi; non-retentive suspend is not supported (docs/sbi.md). */
#include "cpu/mmu.h"
#include "cpu/csr.h"
#include "cpu/pmp.h"
#include "firmware/sbi_internal.h"

#define SUSPEND_RETENTIVE 0x00000000u
#define SUSPEND_NON_RETENTIVE 0x80000000u

static void park(hart_t *t)
{
    t->csr.mie = 0;
    t->wfi_wait = true;
    hart_irq_state_changed(t);
    hart_kick(t);
}

sbi_ret_t sbi_hsm(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    machine_t *m = s->m;
    switch (c->fid) {
    case 0: { /* hart_start(hartid, start_addr, opaque) */
        int k = sbi_hart_index(s, c->a[0]);
        if (k < 0)
            return sbi_err(SBI_ERR_INVALID_PARAM);
        unsigned id = (unsigned)k;
        if (s->hart[id].hsm != SBI_HSM_STOPPED)
            return sbi_err(SBI_ERR_ALREADY_AVAILABLE);
        hart_t *t = &m->harts[id];
        /* a look at the bus, not bus_ram_ptr: no host write to count (a fence.i would flush) */
        const bus_region_t *start = bus_find(&m->bus, c->a[1], 2);
        if ((c->a[1] & 1) || !start || !start->host)
            return sbi_err(SBI_ERR_INVALID_ADDRESS);
        s->hart[id].hsm = SBI_HSM_STARTED;
        t->pc = c->a[1];
        hart_set_priv(t, PRIV_S);
        hart_mem_changed(t);
        t->x[10] = t->csr.mhartid;
        t->x[11] = c->a[2];
        mmu_write_satp(t, 0);
        csr_set_mstatus(t, t->csr.mstatus & ~MSTATUS_SIE);
        t->wfi_wait = t->halted = false; /* a p8700 hart the CPC held in reset is powered up too */
        m->bus.wake_events++;            /* a waiting hart woke (the run loop's sleeping harts) */
        hart_kick(t);
        return sbi_ok(0);
    }
    case 1: /* hart_stop() */
        s->hart[c->hart].hsm = SBI_HSM_STOPPED;
        park(h);
        return sbi_ok(0);
    case 2: { /* hart_get_status(hartid) */
        int k = sbi_hart_index(s, c->a[0]);
        if (k < 0)
            return sbi_err(SBI_ERR_INVALID_PARAM);
        return sbi_ok(s->hart[k].hsm);
    }
    case 3: { /* hart_suspend(suspend_type, resume_addr, opaque) */
        uint64_t type = c->a[0];
        if (type == SUSPEND_RETENTIVE) {
            h->wfi_wait = true; /* resumes after the ecall when an enabled interrupt is pending */
            hart_kick(h);
            return sbi_ok(0);
        }
        if ((type > SUSPEND_RETENTIVE && type < 0x10000000u) ||
            (type > SUSPEND_NON_RETENTIVE && type < 0x90000000u) || type > 0xFFFFFFFFu)
            return sbi_err(SBI_ERR_INVALID_PARAM); /* reserved */
        return sbi_err(SBI_ERR_NOT_SUPPORTED);     /* non-retentive, platform-specific */
    }
    default: return sbi_err(SBI_ERR_NOT_SUPPORTED);
    }
}
