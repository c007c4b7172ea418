/* Machines with a MIPS coherence manager (docs/mips-cm.md): the harts' accesses feed the CM's
 * memory model, and the DMA engine copies through an IOCU. */
#include <string.h>

#include "dev/mips_cm.h"
#include "machine/machine.h"

void machine_cm_mem_access(void *ctx, hart_t *h, uint64_t addr, unsigned size, unsigned kind,
                           const bus_region_t *r)
{
    machine_t *m = ctx;
    if (!m->cm)
        return;
    enum coh_cca cca = COH_CACHED;
    if (r && !r->host)
        cca = COH_REGISTER;
    else if (r && (r->flags & REGION_UNCACHED))
        cca = COH_UNCACHED;
    else if (r && (r->flags & REGION_UNCACHED_ACCEL))
        cca = COH_UNCACHED_ACC;
    unsigned core = (unsigned)(h - m->harts) / m->harts_per_core;
    mips_cm_core_access(m->cm, core, addr, size, (enum coh_access)kind, cca);
}

void machine_cm_attach(machine_t *m, hart_t *h)
{
    if (!m->cm)
        return;
    unsigned core = (unsigned)(h - m->harts) / m->harts_per_core;
    h->dmemo = mips_cm_l1_memo(m->cm, core, false);
    h->imemo = mips_cm_l1_memo(m->cm, core, true);
}

bool machine_cm_dma(void *ctx, unsigned iocu, uint64_t src, uint64_t dst, uint64_t len, bool coherent)
{
    machine_t *m = ctx;
    if (!m->cm)
        return false;
    uint8_t *from = len ? bus_ram_ptr(&m->bus, src, len) : NULL;
    uint8_t *to = len ? bus_ram_ptr(&m->bus, dst, len) : NULL;
    if (len && (!from || !to))
        return false;
    if (len)
        memmove(to, from, len);
    mips_cm_iocu_access(m->cm, iocu, src, len, false, coherent);
    mips_cm_iocu_access(m->cm, iocu, dst, len, true, coherent);
    /* what the copy wrote: decoded code there is dropped, reservations there are broken */
    for (unsigned k = 0; k < m->n_harts && len; k++) {
        hart_t *h = &m->harts[k];
        h->code_dirty = true;
        if (h->reservation_valid && h->reservation_addr < dst + len && dst < (h->reservation_addr | 63) + 1)
            h->reservation_valid = false;
    }
    if (len)
        hart_kick(m->running);
    return true;
}
