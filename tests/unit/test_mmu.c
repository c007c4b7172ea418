/* The MMU's cached translations (src/cpu/mmu.c) across satp writes and sfence.vma, on an RV64 hart
 * with Sv39 and no PMP: two address spaces, A (ASID 1) and B (ASID 2), map the same virtual page
 * to different physical pages, and A maps a global page. Checks what a fence or a satp write must
 * drop (a stale translation would read the wrong page) and what it may keep: the TLB's global
 * entries across an ASID's fence, and the fast TLB's entries (hart_t.ftlb) across a fence of
 * another ASID or of another page. Links only the cpu layer. */
#include <stdlib.h>
#include <string.h>

#include "cpu/exec.h"
#include "cpu/mmu.h"
#include "cpu/pmp.h"
#include "unit.h"

#define RAM 0x80000000ull
#define VA 0x40000000ull        /* A: page P1, B: page P2 */
#define VA_GLOBAL 0x40001000ull /* A: page PG, global */
#define VA_SUPER 0x40200000ull  /* A: a 2 MiB superpage, at SUPER1 then SUPER2 */
#define SUPER1 (RAM + 0x200000)
#define SUPER2 (RAM + 0x400000)
#define ROOT_A (RAM + 0x1000) /* A's tree: root, level 1, level 0 */
#define ROOT_B (RAM + 0x4000) /* B's tree */
#define P1 (RAM + 0x10000)
#define P2 (RAM + 0x11000)
#define P3 (RAM + 0x12000)
#define PG (RAM + 0x13000)
#define DATA (PTE_V | PTE_R | PTE_W | PTE_U | PTE_A | PTE_D)

static hart_t h;

static void set_pte(uint64_t table, unsigned index, uint64_t pa, unsigned flags)
{
    uint64_t pte = (pa >> 12) << 10 | flags;
    memcpy(h.ram + (table - RAM) + 8 * index, &pte, 8);
}

static void set_word(uint64_t pa, uint64_t v)
{
    memcpy(h.ram + (pa - RAM), &v, 8);
}

static uint64_t satp_of(uint64_t root, uint64_t asid)
{
    return 8ull << 60 | asid << 44 | root >> 12;
}

/* A U-mode load of 8 bytes at va: its value, or a marker on a fault. */
static uint64_t load(uint64_t va)
{
    uint64_t v = 0;
    return mem_load_slow(&h, va, 8, &v, 0, 0) == MEM_OK ? v : 0xdead;
}

/* Whether the fast TLB holds U-mode loads of the page at va. */
static bool in_ftlb(uint64_t va)
{
    return h.ftlb[0].tag[(va >> 12) % 256] == FTLB_TAG(va & ~0xfffull);
}

static bool in_tlb(uint64_t va)
{
    const struct tlb_entry *e = &h.tlb[(va >> 12) % TLB_ENTRIES];
    return e->tag == ((va >> 12) << 1 | 1) && e->vm_ctx == h.vm_ctx;
}

int main(void)
{
    unit_t ut = { 0 }, *u = &ut;
    memset(&h, 0, sizeof h);
    h.xlen = 64;
    h.priv = PRIV_S;
    h.ram_base = RAM;
    h.ram_size = 8u << 20;
    h.ram = calloc(h.ram_size, 1);
    size_t map = block_granule_map_bytes(h.ram_size);
    uint8_t *code_map = calloc(map, 1), *watch = calloc(map, 1);
    CHECK(h.ram && code_map && watch && block_cache_init(&h, code_map, watch));
    h.store_watch = watch;
    pmp_changed(&h);

    for (unsigned t = 0; t < 2; t++) {
        uint64_t root = t ? ROOT_B : ROOT_A;
        set_pte(root, 1, root + 0x1000, PTE_V); /* VA >> 30 == 1 */
        set_pte(root + 0x1000, 0, root + 0x2000, PTE_V);
    }
    set_pte(ROOT_A + 0x2000, 0, P1, DATA);
    set_pte(ROOT_A + 0x2000, 1, PG, DATA | PTE_G);
    set_pte(ROOT_B + 0x2000, 0, P2, DATA);
    set_word(P1, 1);
    set_word(P2, 2);
    set_word(P3, 3);
    set_word(PG, 7);

    mmu_write_satp(&h, satp_of(ROOT_A, 1));
    hart_set_priv(&h, PRIV_U);
    CHECK_EQ(load(VA), 1);
    CHECK_EQ(load(VA_GLOBAL), 7);
    CHECK(in_ftlb(VA) && in_ftlb(VA_GLOBAL));

    /* a fence of another ASID keeps what the fast TLB holds (entries of the current context) */
    mmu_sfence(&h, false, 0, true, 2);
    CHECK(in_ftlb(VA) && in_tlb(VA));
    /* a fence of another page keeps the others */
    mmu_sfence(&h, true, VA + 0x5000, false, 0);
    CHECK(in_ftlb(VA) && in_ftlb(VA_GLOBAL));

    /* B, no fence: its own page; no entry of A's is used (the fast TLB is A's) */
    mmu_write_satp(&h, satp_of(ROOT_B, 2));
    CHECK(!in_ftlb(VA));
    CHECK_EQ(load(VA), 2);
    CHECK(in_ftlb(VA));
    /* and back to A: its page again */
    mmu_write_satp(&h, satp_of(ROOT_A, 1));
    CHECK_EQ(load(VA), 1);
    CHECK_EQ(load(VA_GLOBAL), 7);

    /* A's page remapped, a fence of A's ASID: the new page; the global entry stays in the TLB
     * (privileged spec 4.2.1: an ASID's fence need not drop global mappings) */
    set_pte(ROOT_A + 0x2000, 0, P3, DATA);
    mmu_sfence(&h, false, 0, true, 1);
    CHECK(!in_ftlb(VA) && !in_tlb(VA));
    CHECK(in_tlb(VA_GLOBAL));
    CHECK_EQ(load(VA), 3);

    /* remapped back, a fence of that page alone: the old page again, the other page kept */
    CHECK_EQ(load(VA_GLOBAL), 7);
    set_pte(ROOT_A + 0x2000, 0, P1, DATA);
    mmu_sfence(&h, true, VA, false, 0);
    CHECK(!in_ftlb(VA) && in_ftlb(VA_GLOBAL));
    CHECK_EQ(load(VA), 1);

    /* a fence of the current ASID's page, with the ASID */
    set_pte(ROOT_A + 0x2000, 0, P2, DATA);
    mmu_sfence(&h, true, VA, true, 1);
    CHECK_EQ(load(VA), 2);

    /* a superpage is cached per 4 KiB page: a fence of one of its pages drops the entries of its
     * other pages too (they come from the one leaf PTE), found wherever they are in the TLB */
    set_pte(ROOT_A + 0x1000, 1, SUPER1, DATA);
    set_word(SUPER1 + 0x3000, 11);
    set_word(SUPER2 + 0x3000, 12);
    CHECK_EQ(load(VA_SUPER + 0x3000), 11);
    CHECK(in_tlb(VA_SUPER + 0x3000));
    set_pte(ROOT_A + 0x1000, 1, SUPER2, DATA);
    mmu_sfence(&h, true, VA_SUPER + 0x7000, false, 0);
    CHECK(!in_tlb(VA_SUPER + 0x3000));
    CHECK_EQ(load(VA_SUPER + 0x3000), 12);
    /* a fence of a page no superpage holds: that page's entry alone goes */
    CHECK_EQ(load(VA), 2);
    CHECK_EQ(load(VA_SUPER + 0x3000), 12);
    mmu_sfence(&h, true, VA, false, 0);
    CHECK(!in_tlb(VA) && in_tlb(VA_SUPER + 0x3000));

    /* A fence of one page looks at that page's entry alone unless a superpage the TLB may hold
     * (hart_t.tlb_spans) covers it: also one whose pages are gone from the TLB but whose walk it
     * keeps (tlb_super), and fills again from without a walk. Here the superpage's page at +0x3000
     * is pushed out by VA + 0x3000 (the same index), a fence of every entry of another ASID makes
     * the set again, and +0x5000 is filled from the superpage kept: a fence of +0x7000 after a
     * remap must still drop it. */
    set_word(SUPER1 + 0x5000, 21);
    set_word(SUPER2 + 0x5000, 22);
    set_pte(ROOT_A + 0x1000, 1, SUPER1, DATA);
    mmu_sfence(&h, false, 0, false, 0);
    CHECK_EQ(load(VA_SUPER + 0x3000), 11);
    set_pte(ROOT_A + 0x2000, 3, P3, DATA);
    CHECK_EQ(load(VA + 0x3000), 3);
    CHECK(!in_tlb(VA_SUPER + 0x3000));
    mmu_sfence(&h, false, 0, true, 2);
    CHECK_EQ(load(VA_SUPER + 0x5000), 21);
    set_pte(ROOT_A + 0x1000, 1, SUPER2, DATA);
    mmu_sfence(&h, true, VA_SUPER + 0x7000, false, 0);
    CHECK(!in_tlb(VA_SUPER + 0x5000));
    CHECK_EQ(load(VA_SUPER + 0x5000), 22);
    CHECK(in_tlb(VA + 0x3000)); /* a page of no superpage stays */

    /* The same with satp Bare when the fence comes: the TLB still holds A's superpage */
    set_pte(ROOT_A + 0x1000, 1, SUPER1, DATA);
    mmu_sfence(&h, false, 0, false, 0);
    CHECK_EQ(load(VA_SUPER + 0x5000), 21);
    mmu_write_satp(&h, 0);
    set_pte(ROOT_A + 0x1000, 1, SUPER2, DATA);
    mmu_sfence(&h, true, VA_SUPER + 0x7000, false, 0);
    mmu_write_satp(&h, satp_of(ROOT_A, 1));
    CHECK_EQ(load(VA_SUPER + 0x5000), 22);

    block_cache_free(&h);
    free(h.ram);
    free(code_map);
    free(watch);
    return unit_finish(u, "unit_mmu");
}
