/* The legacy SBI v0.1 calls that older payloads still make: set_timer (0x00), console_putchar
 * (0x01), console_getchar (0x02) and shutdown (0x08). They return in a0 only. */
#include "firmware/sbi_internal.h"

bool sbi_legacy(sbi_t *s, hart_t *h, uint64_t eid, const sbi_call_t *c, uint64_t *a0)
{
    (void)h;
    switch (eid) {
    case SBI_EXT_LEGACY_SET_TIMER:
        sbi_pmu_fw_event(s, c->hart, SBI_FW_SET_TIMER);
        sbi_set_timer(s, c->hart, s->xlen == 32 ? (c->a[0] | c->a[1] << 32) : c->a[0]);
        *a0 = 0;
        return true;
    case SBI_EXT_LEGACY_PUTCHAR: {
        uint8_t b = (uint8_t)c->a[0];
        machine_console_write(s->m, &b, 1);
        *a0 = 0;
        return true;
    }
    case SBI_EXT_LEGACY_GETCHAR: *a0 = (uint64_t)(int64_t)machine_console_getc(s->m); return true;
    case SBI_EXT_LEGACY_SHUTDOWN:
        machine_exit(s->m, 0);
        *a0 = 0;
        return true;
    default: return false;
    }
}
