/* Physical memory protection (privileged spec 3.7): the pmpcfg/pmpaddr CSRs and the checks of
 * fetches, loads, stores, AMOs and page-table accesses. */
#ifndef PMUSIM_CPU_PMP_H
#define PMUSIM_CPU_PMP_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

#define PMP_R 1u
#define PMP_W 2u
#define PMP_X 4u
#define PMP_RWX 7u

/* The CSR views (index: pmpcfgN's N, pmpaddrN's N). With no entries implemented (pmp_count 0) the
 * CSRs are plain storage and nothing is checked. */
uint64_t pmp_read_cfg(const hart_t *h, unsigned idx);
uint64_t pmp_read_addr(const hart_t *h, unsigned idx);
void pmp_write_cfg(hart_t *h, unsigned idx, uint64_t v);
void pmp_write_addr(hart_t *h, unsigned idx, uint64_t v);

/* Whether an access of `size` bytes at physical address pa with permissions `perm` (PMP_R, PMP_W,
 * PMP_X, or R|W for an AMO) is allowed at privilege `priv`. An access within one page memoizes
 * the page's view (hart_t.pmp_memo). */
bool pmp_allows_slow(hart_t *h, uint64_t pa, uint64_t size, unsigned perm, enum priv_mode priv);
static inline bool pmp_allows(hart_t *h, uint64_t pa, uint64_t size, unsigned perm, enum priv_mode priv)
{
    /* M-mode with no locked entry: allowed, unless an entry matches only part of the access
     * (3.7.1), which an access within one 4-byte grain cannot be */
    if (!h->pmp_count || (priv == PRIV_M && h->pmp_m_open && (pa >> 2) == ((pa + size - 1) >> 2)))
        return true;
    if (pa - h->ram_base < h->ram_size && h->ram_size - (pa - h->ram_base) >= size &&
        (h->pmp_ram[priv] & perm) == perm)
        return true; /* all of RAM alike (its bounds: the caller's own tests often) */
    uint64_t off = pa - h->pmp_span_base[priv], span = h->pmp_span_size[priv];
    if (off < span && span - off >= size && (h->pmp_span_perm[priv] & perm) == perm)
        return true;
    return pmp_allows_slow(h, pa, size, perm, priv);
}

/* The privilege loads and stores are made with: mstatus.MPP in M-mode with mstatus.MPRV set. */
static inline enum priv_mode hart_data_priv(const hart_t *h)
{
    if (h->priv == PRIV_M && (h->csr.mstatus & (1ull << 17)) /* MPRV */)
        return (enum priv_mode)((h->csr.mstatus >> 11) & 3);
    return h->priv;
}

/* The PMP entries changed: recomputes the summaries above, drops decoded blocks (their fetch
 * permission may have changed) and re-decides the inline RAM path. */
void pmp_changed(hart_t *h);

/* The privilege, mstatus.MPRV/MPP, the protection or satp changed: the inline RAM path is
 * decided again (hart_update_paths, cpu/hart.h). */
static inline void hart_mem_changed(hart_t *h)
{
    hart_update_paths(h);
}

#endif
