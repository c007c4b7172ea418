/* PMP (src/cpu/pmp.c) against the privileged spec 3.7: WARL of the pmpcfg/pmpaddr CSRs, TOR,
 * NA4 and NAPOT matching, priority, partial matches, defaults, locks, and the uniform view of main
 * RAM that keeps the inline load/store path. Links only the cpu layer. */
#include <stdlib.h>
#include <string.h>

#include "cpu/exec.h"
#include "cpu/pmp.h"
#include "unit.h"

#define RAM 0x80000000u

int main(void)
{
    unit_t ut = { 0 }, *u = &ut;
    static hart_t h;
    memset(&h, 0, sizeof h);
    h.xlen = 32;
    h.priv = PRIV_M;
    h.pmp_count = 16;
    h.ram_base = RAM;
    h.ram_size = 1u << 20;
    size_t map = block_granule_map_bytes(h.ram_size);
    uint8_t *code_map = calloc(map, 1), *watch = calloc(map, 1);
    CHECK(code_map && watch && block_cache_init(&h, code_map, watch));
    pmp_changed(&h);

    /* nothing enabled: M may do anything, S and U nothing */
    CHECK(pmp_allows(&h, RAM, 4, PMP_R | PMP_W, PRIV_M));
    CHECK(!pmp_allows(&h, RAM, 4, PMP_R, PRIV_U));
    CHECK(!pmp_allows(&h, RAM, 4, PMP_X, PRIV_S));
    CHECK(h.pmp_ram[PRIV_M] == PMP_RWX && h.pmp_ram[PRIV_U] == 0);

    /* WARL: entries 16-63 are read-only zero; bits 6:5 read 0; R = 0 with W = 1 drops W */
    pmp_write_cfg(&h, 4, 0x1f1f1f1f);
    CHECK(pmp_read_cfg(&h, 4) == 0);
    pmp_write_addr(&h, 20, 0x1234);
    CHECK(pmp_read_addr(&h, 20) == 0);
    pmp_write_cfg(&h, 0, 0x1a7f);
    CHECK(pmp_read_cfg(&h, 0) == 0x181f);
    pmp_write_addr(&h, 15, 0x123456789ull);
    CHECK(pmp_read_addr(&h, 15) == 0x23456789); /* RV32: 32 bits (physical address bits 33:2) */

    /* entry 0 NAPOT over everything, R W: a uniform view, the inline path stays on for U */
    pmp_write_addr(&h, 0, 0xffffffff);
    pmp_write_cfg(&h, 0, 0x1b);
    CHECK(h.pmp_ram[PRIV_U] == (PMP_R | PMP_W));
    CHECK(pmp_allows(&h, 0x10000000, 4, PMP_W, PRIV_U));
    CHECK(!pmp_allows(&h, RAM + 8, 2, PMP_X, PRIV_U));
    h.priv = PRIV_U;
    hart_mem_changed(&h);
    CHECK(h.mem_inline);
    h.priv = PRIV_M;

    /* entry 0 TOR [RAM + 0x100, RAM + 0x200) R only (base: pmpaddr of entry -1 = 0 for entry 0,
     * so use entries 1 and 2), entry 3 NA4 at RAM + 0x300 no access, entry 4 NAPOT all RWX */
    pmp_write_cfg(&h, 0, 0);
    pmp_write_addr(&h, 1, (RAM + 0x100) >> 2);
    pmp_write_addr(&h, 2, (RAM + 0x200) >> 2);
    pmp_write_addr(&h, 3, (RAM + 0x300) >> 2);
    pmp_write_addr(&h, 4, 0xffffffff);
    pmp_write_cfg(&h, 0, 0x10090000u); /* entry 2 TOR R, entry 3 NA4 none */
    pmp_write_cfg(&h, 1, 0x1f);        /* entry 4 NAPOT RWX */
    CHECK(pmp_allows(&h, RAM + 0x1fc, 4, PMP_R, PRIV_U));
    CHECK(!pmp_allows(&h, RAM + 0x1fc, 4, PMP_W, PRIV_U)); /* entry 2 wins over entry 4 */
    CHECK(!pmp_allows(&h, RAM + 0x1fe, 4, PMP_R, PRIV_U)); /* partly in entry 2: fails */
    CHECK(pmp_allows(&h, RAM + 0x200, 4, PMP_W, PRIV_U));  /* TOR's top is exclusive */
    CHECK(pmp_allows(&h, RAM + 0xfc, 4, PMP_W, PRIV_U));
    CHECK(!pmp_allows(&h, RAM + 0x300, 4, PMP_R, PRIV_S));
    CHECK(pmp_allows(&h, RAM + 0x304, 4, PMP_R, PRIV_S));
    CHECK(pmp_allows(&h, RAM + 0x300, 4, PMP_W, PRIV_M)); /* unlocked: M is not checked */
    CHECK(h.pmp_ram[PRIV_U] == 0);                        /* not uniform over RAM */
    h.priv = PRIV_U;
    hart_mem_changed(&h);
    CHECK(!h.mem_inline);
    h.priv = PRIV_M;
    hart_mem_changed(&h);
    CHECK(!h.mem_inline); /* M-mode too: an 8-byte access across RAM + 0x304 is a partial match */
    CHECK(pmp_allows(&h, RAM + 0x300, 4, PMP_R, PRIV_M));
    CHECK(!pmp_allows(&h, RAM + 0x300, 8, PMP_R, PRIV_M));

    /* the memo of pages with one view (hart_t.pmp_memo): entry 0 NAPOT 4 KiB at RAM + 0x10000 R,
     * entry 1 NAPOT all RWX; RAM + 0x20000 is 16 pages on (the same slot); a write of the entries
     * forgets what the memo knew */
    pmp_write_cfg(&h, 1, 0);
    pmp_write_addr(&h, 0, ((RAM + 0x10000) >> 2) | 0x1ff);
    pmp_write_addr(&h, 1, 0xffffffff);
    pmp_write_cfg(&h, 0, 0x1f19);
    for (int round = 0; round < 2; round++) { /* the second round from the memo */
        CHECK(pmp_allows(&h, RAM + 0x10000, 4, PMP_R, PRIV_U));
        CHECK(!pmp_allows(&h, RAM + 0x10ffc, 4, PMP_W, PRIV_U));
        CHECK(pmp_allows(&h, RAM + 0x20000, 4, PMP_W, PRIV_U));
        CHECK(!pmp_allows(&h, RAM + 0x10008, 8, PMP_W, PRIV_S));
        CHECK(pmp_allows(&h, RAM + 0x10000, 0x1000, PMP_R, PRIV_S));
        CHECK(!pmp_allows(&h, RAM + 0x10000, 0x1000, PMP_X, PRIV_S));
        CHECK(!pmp_allows(&h, RAM + 0xfffc, 8, PMP_R, PRIV_U)); /* partly in entry 0 */
        CHECK(pmp_allows(&h, RAM + 0xfff8, 8, PMP_W, PRIV_U));
    }
    pmp_write_cfg(&h, 0, 0x1f1b); /* entry 0 R W */
    CHECK(pmp_allows(&h, RAM + 0x10ffc, 4, PMP_W, PRIV_U));
    CHECK(!pmp_allows(&h, RAM + 0x10000, 4, PMP_X, PRIV_U));
    pmp_write_cfg(&h, 0, 0);
    pmp_write_addr(&h, 0, 0);
    pmp_write_addr(&h, 1, (RAM + 0x100) >> 2);
    pmp_write_cfg(&h, 1, 0x1f);

    /* a firmware's own range closed to S and U (OpenSBI): entry 0 NAPOT 128 KiB at RAM, no
     * access, entry 1 NAPOT all RWX. The rest of RAM is granted uniformly (hart_t.pmp_span): its
     * accesses need no page memo; one across the range's end fails, one across RAM's end is
     * decided by the entries */
    pmp_write_addr(&h, 0, (RAM >> 2) | 0x3fff);
    pmp_write_addr(&h, 1, 0xffffffff);
    pmp_write_cfg(&h, 0, 0x1f18);
    CHECK(h.pmp_span_base[PRIV_S] == RAM + 0x20000 && h.pmp_span_size[PRIV_S] == (1u << 20) - 0x20000 &&
          h.pmp_span_perm[PRIV_S] == PMP_RWX);
    CHECK(h.pmp_span_base[PRIV_U] == RAM + 0x20000 && h.pmp_ram[PRIV_S] == 0);
    CHECK(pmp_allows(&h, RAM + 0x20000, 4, PMP_W, PRIV_S));
    CHECK(pmp_allows(&h, RAM + (1u << 20) - 8, 8, PMP_X, PRIV_U));
    static const uint64_t no_memo[2][16];
    CHECK(!memcmp(h.pmp_memo, no_memo, sizeof no_memo)); /* U and S: the span answered */
    CHECK(!pmp_allows(&h, RAM + 0x1fffc, 8, PMP_R, PRIV_S));
    CHECK(!pmp_allows(&h, RAM + 0x100, 4, PMP_R, PRIV_S));
    CHECK(pmp_allows(&h, RAM + (1u << 20) - 4, 8, PMP_R, PRIV_S));
    pmp_write_cfg(&h, 0, 0);
    pmp_write_addr(&h, 0, 0);
    pmp_write_addr(&h, 1, (RAM + 0x100) >> 2);

    /* a write that leaves every entry's rule as it was drops no block (block_cache_t.flushes):
     * the address of an entry that is off with no TOR entry above it, the permission bits of an
     * entry that is off. The base of a TOR entry that is on moves its range, though its own entry
     * is off: that write takes effect (entry 4 still grants everything else) */
    uint64_t flushes = h.bc.flushes;
    pmp_write_addr(&h, 2, 0x1234);
    pmp_write_cfg(&h, 0, 0x07);
    CHECK(pmp_read_addr(&h, 2) == 0x1234 && pmp_read_cfg(&h, 0) == 0x07);
    CHECK(h.bc.flushes == flushes);
    pmp_write_cfg(&h, 0, 0x0907); /* entry 1 TOR [0, RAM + 0x100) R */
    CHECK(h.bc.flushes == flushes + 1);
    CHECK(pmp_allows(&h, RAM + 0x40, 4, PMP_R, PRIV_U) && !pmp_allows(&h, RAM + 0x40, 4, PMP_W, PRIV_U));
    pmp_write_addr(&h, 0, (RAM + 0x80) >> 2); /* entry 1's base: [RAM + 0x80, RAM + 0x100) */
    CHECK(h.bc.flushes == flushes + 2);
    CHECK(pmp_allows(&h, RAM + 0x40, 4, PMP_W, PRIV_U));
    CHECK(!pmp_allows(&h, RAM + 0xfc, 4, PMP_W, PRIV_U) && pmp_allows(&h, RAM + 0xfc, 4, PMP_R, PRIV_U));
    pmp_write_addr(&h, 0, (RAM + 0x80) >> 2); /* the same again */
    CHECK(h.bc.flushes == flushes + 2);
    pmp_write_cfg(&h, 0, 0);
    pmp_write_addr(&h, 0, 0);
    pmp_write_addr(&h, 2, (RAM + 0x200) >> 2);

    /* locks: entry 3 locked applies to M and ignores writes to its byte and address */
    pmp_write_cfg(&h, 0, 0x90090000u);
    CHECK(!pmp_allows(&h, RAM + 0x300, 4, PMP_W, PRIV_M));
    pmp_write_cfg(&h, 0, 0);
    CHECK((pmp_read_cfg(&h, 0) >> 24) == 0x90);
    pmp_write_addr(&h, 3, 0);
    CHECK(pmp_read_addr(&h, 3) == (RAM + 0x300) >> 2);
    /* a locked TOR entry also protects the address below it */
    pmp_write_addr(&h, 6, 0x44);
    pmp_write_cfg(&h, 1, 0x8f00001f); /* entry 7 TOR RWX locked, base pmpaddr6 */
    pmp_write_addr(&h, 6, 0x55);
    CHECK(pmp_read_addr(&h, 6) == 0x44);
    pmp_write_addr(&h, 5, 0x66); /* entry 5 itself is free */
    CHECK(pmp_read_addr(&h, 5) == 0x66);

    /* an M access only partly in an unlocked entry fails (3.7.1), with or without a locked entry
     * (pmp_m_open: here a locked one that matches nothing, TOR with its base at its top). Outside
     * main RAM, where no summary of RAM answers first. From a reset's state (no entry locked) */
    memset(h.csr.pmpcfg, 0, sizeof h.csr.pmpcfg);
    memset(h.csr.pmpaddr, 0, sizeof h.csr.pmpaddr);
    pmp_changed(&h);
    pmp_write_addr(&h, 2, (0x10010000u >> 2) | 0x1ff); /* entry 2 NAPOT 4 KiB, R */
    pmp_write_cfg(&h, 0, 0x190000);
    CHECK(!pmp_allows(&h, 0x1000fffc, 8, PMP_R, PRIV_M)); /* nothing locked: a partial match */
    CHECK(pmp_allows(&h, 0x1000fffc, 4, PMP_W, PRIV_M));  /* one grain, outside: M is free */
    CHECK(pmp_allows(&h, 0x10010000, 8, PMP_W, PRIV_M));  /* all in the entry: M ignores its bits */
    pmp_write_cfg(&h, 0, 0x198f00);                       /* entry 1 L TOR RWX over [0, 0): empty */
    CHECK(!h.pmp_m_open);
    CHECK(!pmp_allows(&h, 0x1000fffc, 8, PMP_R, PRIV_M));
    CHECK(pmp_allows(&h, 0x10010000, 8, PMP_W, PRIV_M));

    block_cache_free(&h);
    free(code_map);
    free(watch);
    return unit_finish(u, "unit_pmp");
}
