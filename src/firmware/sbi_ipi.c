/* SBI IPI extension (EID "sPI"): a supervisor software interrupt (SSIP) on each hart of the set. */
#include "cpu/csr.h"
#include "firmware/sbi_internal.h"

sbi_ret_t sbi_ipi(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    (void)h;
    if (c->fid != 0)
        return sbi_err(SBI_ERR_NOT_SUPPORTED);
    uint64_t set;
    if (!sbi_hart_set(s, c->a[0], c->a[1], &set))
        return sbi_err(SBI_ERR_INVALID_PARAM);
    for (unsigned k = 0; k < s->m->n_harts; k++) {
        if (!((set >> k) & 1))
            continue;
        sbi_pmu_fw_event(s, c->hart, SBI_FW_IPI_SENT);
        sbi_pmu_fw_event(s, k, SBI_FW_IPI_RECEIVED);
        hart_t *t = &s->m->harts[k];
        hart_set_sw_pending(t, 1u << IRQ_SSI, 1u << IRQ_SSI); /* S-mode clears it through sip */
    }
    return sbi_ok(0);
}
