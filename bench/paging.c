/* Linked into a benchmark guest (virt32) to time loads and stores through the MMU: before main,
 * a constructor identity-maps the 32-bit address space with Sv32 megapages (RWX, A and D set),
 * opens PMP entry 0 over everything and sets mstatus.MPRV with MPP = S, so that every load and
 * store of the M-mode program is translated for the rest of the run. Fetches stay physical (pmusim
 * translates them once per decoded block anyway). The output and instret are those of the program
 * without this file (bench/run.sh checks it), so the two times compare the data path alone. */
#include <stdint.h>

#include "pmusim_rt.h"

#define PTE_RWXAD 0xcfu /* V R W X A D */

static uint32_t root[1024] __attribute__((aligned(4096)));

__attribute__((constructor)) static void paging_on(void)
{
    for (uint32_t i = 0; i < 1024; i++)
        root[i] = (i << 20) | PTE_RWXAD; /* megapage i: physical page number i << 10 */
    rt_write_csr(pmpaddr0, UINT32_MAX);
    rt_write_csr(pmpcfg0, 0x1f);
    rt_write_csr(satp, (1u << 31) | ((uintptr_t)root >> 12));
    rt_clear_csr(mstatus, 3u << 11);
    rt_set_csr(mstatus, (1u << 11) | (1u << 17)); /* MPP = S, MPRV */
}
