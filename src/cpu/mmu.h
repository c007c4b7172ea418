/* Virtual memory (privileged spec 4.3-4.5): Sv32 on RV32, Sv39 and Sv48 on RV64, with a software
 * TLB. Translation applies to S-mode and U-mode (and M-mode loads and stores under mstatus.MPRV
 * with MPP below M) while satp.MODE is not Bare. */
#ifndef PMUSIM_CPU_MMU_H
#define PMUSIM_CPU_MMU_H

#include <stdbool.h>
#include <stdint.h>

#include "cpu/hart.h"

enum mmu_access { MMU_FETCH = 0, MMU_LOAD = 1, MMU_STORE = 2 };

#define PTE_V 0x01u
#define PTE_R 0x02u
#define PTE_W 0x04u
#define PTE_X 0x08u
#define PTE_U 0x10u
#define PTE_G 0x20u
#define PTE_A 0x40u
#define PTE_D 0x80u

#define TLB_ENTRIES (sizeof(((hart_t *)0)->tlb) / sizeof(((hart_t *)0)->tlb[0]))
#define TLB_SUPER (sizeof(((hart_t *)0)->tlb_super) / sizeof(((hart_t *)0)->tlb_super[0]))

/* The leaf PTE's permissions for this access (4.3.1: U vs S-mode, SUM, MXR). */
static inline bool mmu_permitted(const hart_t *h, unsigned flags, enum mmu_access type, enum priv_mode priv)
{
    uint64_t ms = h->csr.mstatus;
    switch (type) {
    case MMU_FETCH:
        if (!(flags & PTE_X))
            return false;
        break;
    case MMU_LOAD:
        if (!(flags & PTE_R) && !((ms & (1ull << 19)) /* MXR */ && (flags & PTE_X)))
            return false;
        break;
    case MMU_STORE:
        if (!(flags & PTE_W))
            return false;
        break;
    }
    if (priv == PRIV_U)
        return (flags & PTE_U) != 0;
    if (flags & PTE_U) /* S-mode: never executes U pages; reads and writes them with SUM */
        return type != MMU_FETCH && (ms & (1ull << 18)) /* SUM */;
    return true;
}

/* The host address of an aligned access of `size` bytes at va when the TLB holds its page in main
 * RAM with the permission (and, for a store, D already set): the common case of a translated load
 * or store, without a walk. NULL otherwise (mmu_translate decides). */
static inline uint8_t *mmu_tlb_host(const hart_t *h, uint64_t va, unsigned size, enum mmu_access type,
                                    enum priv_mode priv)
{
    uint64_t vpn = va >> 12;
    const struct tlb_entry *e = &h->tlb[vpn % TLB_ENTRIES];
    if (e->tag != (vpn << 1 | 1) || e->vm_ctx != h->vm_ctx || !e->host || (va & (size - 1)) ||
        (type == MMU_STORE && !(e->flags & PTE_D)) || !mmu_permitted(h, e->flags, type, priv))
        return NULL;
    return e->host + (va & 0xfff);
}

/* Whether accesses at privilege `priv` are translated. */
static inline bool mmu_on(const hart_t *h, enum priv_mode priv)
{
    return h->vm_levels && priv != PRIV_M;
}

/* Translates va for an access of `type` made at privilege `priv` (translation on for it): true with
 * the physical address in *pa, or false with the page fault or access fault (PMP on the page
 * table) in h->trap_cause and h->trap_tval. Sets A, and D for stores, in the leaf PTE. */
bool mmu_translate(hart_t *h, uint64_t va, enum mmu_access type, enum priv_mode priv, uint64_t *pa);

/* Forgets the fast TLB's entries (hart_t.ftlb): the conditions they were filled under changed. */
void mmu_ftlb_flush(hart_t *h);
/* Forgets the fast TLB's entries at the index of virtual page vpn. */
static inline void mmu_ftlb_drop(hart_t *h, uint64_t vpn)
{
    h->ftlb[0].tag[vpn % 256] = h->ftlb[1].tag[vpn % 256] = UINT64_MAX;
}

/* satp write (WARL: a mode the hart does not implement leaves satp as it was). */
void mmu_write_satp(hart_t *h, uint64_t v);
/* sfence.vma: forgets cached translations, of one virtual page (one_page, va) or all, of one ASID
 * (one_asid: global translations stay) or all, and the blocks decoded through them. */
void mmu_sfence(hart_t *h, bool one_page, uint64_t va, bool one_asid, uint64_t asid);
/* A block of context block_ctx is built from the page TLB entry e maps: a superpage is
 * remembered (hart_t.super_code). */
void mmu_note_code_page(hart_t *h, const struct tlb_entry *e, unsigned block_ctx);
/* Forgets cached translations (also on reset). */
void mmu_flush_tlb(hart_t *h);

#endif
