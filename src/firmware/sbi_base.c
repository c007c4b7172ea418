/* SBI base extension (EID 0x10). */
#include "firmware/sbi_internal.h"

/* pmusim's SBI implementation ID: none is assigned to it in the SBI specification's table, so it
 * uses one far from the assigned ones (docs/sbi.md). */
#define SBI_IMPL_ID_PMUSIM 0x706D7573 /* "pmus" */
#define SBI_IMPL_VERSION 1
#define SBI_SPEC_VERSION ((3u << 24) | 0u) /* v3.0 */

sbi_ret_t sbi_base(sbi_t *s, hart_t *h, const sbi_call_t *c)
{
    switch (c->fid) {
    case 0: return sbi_ok(SBI_SPEC_VERSION);
    case 1: return sbi_ok(SBI_IMPL_ID_PMUSIM);
    case 2: return sbi_ok(SBI_IMPL_VERSION);
    case 3: return sbi_ok(sbi_has_extension(s, c->a[0]) ? 1 : 0);
    case 4: return sbi_ok(h->csr.mvendorid);
    case 5: return sbi_ok(h->csr.marchid);
    case 6: return sbi_ok(h->csr.mimpid);
    default: return sbi_err(SBI_ERR_NOT_SUPPORTED);
    }
}
