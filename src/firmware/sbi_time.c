/* SBI timer extension (EID "TIME"): the S-mode timer is the CLINT's mtimecmp of the hart, whose
 * line the machine routes to STIP while the built-in SBI is the firmware. */
#include "firmware/sbi_internal.h"

sbi_ret_t sbi_time(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    (void)h;
    if (c->fid != 0)
        return sbi_err(SBI_ERR_NOT_SUPPORTED);
    uint64_t when = s->xlen == 32 ? (c->a[0] | c->a[1] << 32) : c->a[0];
    sbi_pmu_fw_event(s, c->hart, SBI_FW_SET_TIMER);
    sbi_set_timer(s, c->hart, when);
    return sbi_ok(0);
}
