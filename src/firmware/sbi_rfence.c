/* SBI RFENCE extension (EID "RFNC"). A remote fence.i is the target harts' own fence.i
 * (block_cache_fence_i: their blocks go only if the host wrote guest memory); a remote
 * sfence.vma is the target harts' own sfence.vma (mmu_sfence) of each page of the range, or of
 * every page when the range is the whole address space or longer than RFENCE_PAGES_MAX pages (as
 * OpenSBI turns a long range into one full fence), of all address spaces or of one ASID. The
 * hypervisor fences need the H extension, which virt does not have. */
#include "cpu/exec.h"
#include "cpu/mmu.h"
#include "firmware/sbi_internal.h"

#define RFENCE_PAGES_MAX 64

/* sfence.vma on hart t for [start, start + size) (size 0 or all ones: everything), in one ASID's
 * address space when one_asid (SBI v2.0, 7.3 and 7.4). */
static void remote_sfence(hart_t *t, uint64_t start, uint64_t size, bool one_asid, uint64_t asid)
{
    uint64_t first = start >> 12, last = (start + size - 1) >> 12;
    bool whole = size == 0 || size == UINT64_MAX || (t->xlen == 32 && size == UINT32_MAX) ||
                 start + size - 1 < start || last - first >= RFENCE_PAGES_MAX;
    if (whole) {
        mmu_sfence(t, false, 0, one_asid, asid);
        return;
    }
    for (uint64_t vpn = first; vpn <= last; vpn++)
        mmu_sfence(t, true, vpn << 12, one_asid, asid);
}

sbi_ret_t sbi_rfence(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    (void)h;
    unsigned sent, received;
    switch (c->fid) {
    case 0: sent = SBI_FW_FENCE_I_SENT, received = SBI_FW_FENCE_I_RECEIVED; break;
    case 1: sent = SBI_FW_SFENCE_VMA_SENT, received = SBI_FW_SFENCE_VMA_RECEIVED; break;
    case 2: sent = SBI_FW_SFENCE_VMA_ASID_SENT, received = SBI_FW_SFENCE_VMA_ASID_RECEIVED; break;
    default: return sbi_err(SBI_ERR_NOT_SUPPORTED); /* 3-6: HFENCE, no H extension */
    }
    uint64_t set;
    if (!sbi_hart_set(s, c->a[0], c->a[1], &set))
        return sbi_err(SBI_ERR_INVALID_PARAM);
    for (unsigned k = 0; k < s->m->n_harts; k++) {
        if (!((set >> k) & 1))
            continue;
        sbi_pmu_fw_event(s, c->hart, sent);
        sbi_pmu_fw_event(s, k, received);
        hart_t *t = &s->m->harts[k];
        if (c->fid == 0 && block_cache_host_wrote(t)) {
            t->code_dirty = true;    /* blocks flushed before it runs on (fence.i: block_cache_fence_i) */
            s->m->bus.wake_events++; /* so it does not sleep through the rounds (machine.c) */
        } else if (c->fid != 0)
            remote_sfence(t, c->a[2], c->a[3], c->fid == 2, c->a[4]);
        hart_kick(t);
    }
    return sbi_ok(0);
}
