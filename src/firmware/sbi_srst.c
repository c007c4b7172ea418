/* SBI system reset extension (EID "SRST"): shutdown ends the run (exit status 0, or 1 for the
 * reason "system failure"); pmusim cannot reboot a machine, so cold and warm reboot are
 * NOT_SUPPORTED, as the specification allows. */
#include "firmware/sbi_internal.h"

sbi_ret_t sbi_srst(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    (void)h;
    if (c->fid != 0)
        return sbi_err(SBI_ERR_NOT_SUPPORTED);
    uint64_t type = c->a[0], reason = c->a[1];
    bool type_ok = type <= 2 || (type >= 0xF0000000 && type <= 0xFFFFFFFF);
    bool reason_ok = reason <= 1 || (reason >= 0xE0000000 && reason <= 0xFFFFFFFF);
    if (!type_ok || !reason_ok)
        return sbi_err(SBI_ERR_INVALID_PARAM);
    if (type != 0 || reason >= 0xE0000000)
        return sbi_err(SBI_ERR_NOT_SUPPORTED); /* reboot, vendor reset types and reasons */
    machine_exit(s->m, reason == 1 ? 1 : 0);
    return sbi_ok(0);
}
