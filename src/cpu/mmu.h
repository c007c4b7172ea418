/* Virtual memory (privileged spec 4.3-4.5): Sv32 on RV32, Sv39 and Sv48 on RV64, with a software
 * TLB. Translation applies to S-mode and U-mode (and M-mode loads and stores under mstatus.MPRV
 * with MPP below M) while satp.MODE is not Bare. */
#ifndef PMUSIM_CPU_MMU_H
#define PMUSIM_CPU_MMU_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

enum mmu_access { MMU_FETCH = 0, MMU_LOAD = 1, MMU_STORE = 2 };

/* Whether accesses at privilege `priv` are translated. */
static inline bool mmu_on(const hart_t *h, enum priv_mode priv)
{
    return h->vm_levels && priv != PRIV_M;
}

/* Translates va for an access of `type` made at privilege `priv` (translation on for it): true with
 * the physical address in *pa, or false with the page fault or access fault (PMP on the page
 * table) in h->trap_cause and h->trap_tval. Sets A, and D for stores, in the leaf PTE. */
bool mmu_translate(hart_t *h, uint64_t va, enum mmu_access type, enum priv_mode priv, uint64_t *pa);

/* satp write (WARL: a mode the hart does not implement leaves satp as it was). */
void mmu_write_satp(hart_t *h, uint64_t v);
/* sfence.vma: forgets cached translations and the blocks decoded through them. */
void mmu_sfence(hart_t *h);
/* Forgets cached translations (also on reset). */
void mmu_flush_tlb(hart_t *h);

#endif
