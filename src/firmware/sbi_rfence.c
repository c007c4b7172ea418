/* SBI RFENCE extension (EID "RFNC"). A remote fence.i is the target harts' own fence.i
 * (block_cache_fence_i: their blocks go only if the host wrote guest memory); the remote
 * sfence.vma functions make them drop their decoded code and their address translations (the
 * whole TLB, which is at least what a fence of a range or an ASID requires). The
 * hypervisor fences need the H extension, which virt does not have. */
#include "cpu/exec.h"
#include "cpu/mmu.h"
#include "firmware/sbi_internal.h"

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
        if (c->fid != 0)
            mmu_flush_tlb(t); /* translations another hart's page-table change made stale */
        if (c->fid != 0 || block_cache_host_wrote(t))
            t->code_dirty = true; /* blocks flushed before it runs on (fence.i: block_cache_fence_i) */
        hart_kick(t);
    }
    return sbi_ok(0);
}
