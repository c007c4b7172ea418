/* The hart's privilege level and the fast paths derived from it and from the PMU, the memory
 * protection, the translation and the debugger: each of these fields is assigned here and nowhere
 * else (scripts/check-single-writer.sh, run as a test, holds the code to that). */
#include "cpu/hart.h"

#include "cpu/csr.h"
#include "cpu/mmu.h"
#include "cpu/pmp.h"
#include "mem/l1_memo.h"

/* Entries that hold no tag: what translated code reads while the memo's inline hits are off
 * (hart_t.memo_fast). Read-only, shared by every hart. */
#define NO_TAG \
    { \
        L1_MEMO_NO_TAG, L1_MEMO_NO_TAG, NULL, \
        { \
            0 \
        } \
    }
#define TIMES4(x) x, x, x, x
static const struct l1_memo_fast no_tags[] = { TIMES4(TIMES4(TIMES4(TIMES4(TIMES4(NO_TAG))))) };
_Static_assert(sizeof no_tags / sizeof no_tags[0] == L1_MEMO_ENTRIES, "one entry a memo slot");
#undef TIMES4
#undef NO_TAG

void hart_update_paths(hart_t *h)
{
    enum priv_mode p = hart_data_priv(h);
    /* Loads and stores of the data privilege may take the inline RAM path: not while they are
     * translated, nor while PMP does not grant them R/W uniformly over RAM. */
    h->mem_inline = !mmu_on(h, p) && (!h->pmp_count || (h->pmp_ram[p] & (PMP_R | PMP_W)) == (PMP_R | PMP_W));
    bool watching = h->debug && hart_debug_watching(h), core = hart_core_sees_accesses(h);
    bool no_inline = hart_needs_addresses(h) || watching || core || h->observe_mem || !h->mem_inline;
    h->fast_size = no_inline || h->ram_size < 8 ? 0 : h->ram_size - 7;
    bool classify = (h->pmu.dyn_interest & (EVBIT(LOAD_EXTERNAL) | EVBIT(STORE_EXTERNAL))) || watching;
    /* A memo hit makes no call: while L1 accesses the blocks do not presume are counted, every
     * access asks the model. Its counts are the same either way (docs/mips-cm.md "Fast paths"). */
    evset_t d_counted = EVBIT(DCACHE_READ) | EVBIT(DCACHE_WRITE) | h->l1d_memo_events;
    evset_t interest = h->pmu.dyn_interest | h->pmu.sum_interest;
    if (!h->prof) /* the blocks presume these (hart_t.load_presumed), the writes see the model */
        d_counted &= ~(h->load_presumed | h->store_presumed | h->l1d_write_events);
    h->dmemo = (interest & d_counted) ? NULL : h->l1d_memo;
    if (h->l1d_memo)
        h->l1d_memo->writes_counted = (interest & h->l1d_write_events) != 0;
    h->pmu.lazy_kind = h->lazy_kind;
    evset_t i_presumed = h->prof ? 0 : h->fetch_presumed; /* the blocks presume these */
    h->imemo = (h->pmu.dyn_interest & EVBIT(ICACHE_REQ) & ~i_presumed) ? NULL : h->l1i_memo;
    h->observe_direct = h->observe_core && !classify && !core && h->mem_inline && h->ram_size >= 8;
    /* A core's own address rules (access_fault) have nothing against an aligned main-RAM access
     * while it does not ask for every access (slow_mem): the inline path skips them then too. Nor
     * is there anything to classify unless hart_needs_addresses: an aligned main-RAM access is
     * external as its block presumes, or core-local with nothing presumed. */
    h->core_direct = core && h->ram_region && h->core_ext && h->core_ext->data_access &&
                     (!h->core_ext->access_fault || !h->slow_mem) && !h->observe_mem && !h->observe_core &&
                     !watching && !hart_needs_addresses(h) && h->mem_inline && h->ram_size >= 8;
    /* a core that sees every access may keep a memo too (MicroBlaze V's D-cache): its hits skip
     * the core as they skip a machine's model */
    h->addr_log_size = h->core_direct && h->addr_log_ram && !h->debug ? h->ram_size - 7 : 0;
    h->memo_direct = h->dmemo && !classify && (!core || h->core_direct) && h->mem_inline && h->ram_size >= 8;
    h->memo_size = h->memo_direct ? h->ram_size - 7 : 0;
    h->memo_fast = h->memo_size && h->l1d_memo ? h->l1d_memo->fast : no_tags;
    h->retire_fast = h->retire_gen && !(interest & h->retire_events) && !h->observe_mem && !h->prof;
    bool memo_retire =
        h->memo_retire_core && h->imemo && h->imemo->cache && h->observe_mem && !h->observe_core && !h->prof;
    h->memo_retire = !memo_retire                         ? 0
                     : (interest & h->memo_retire_events) ? MEMO_RETIRE_LAZY
                                                          : MEMO_RETIRE_PLAIN;
    hart_memo_retire_update(h);
    hart_ftlb_rekey(h);
}

void hart_memo_retire_update(hart_t *h)
{
    static const uint64_t no_gen = UINT64_MAX; /* generations count up from 1 */
    for (unsigned k = 0; k < 2; k++)
        h->memo_retire_gen[k] = h->memo_retire == k + 1 && !h->budget_cycles ? &h->imemo->gen : &no_gen;
    h->imemo_clock = h->memo_retire ? h->imemo->cache->tick : NULL;
}

void hart_set_priv(hart_t *h, enum priv_mode priv)
{
    h->priv = priv;
    hart_ctx_update(h);
    if (h->ovf_armed)
        hart_kick(h); /* counters filtered by level: the distance to an overflow changes */
    if (__builtin_expect(h->pmu.mode_filtered, 0))
        pmu_set_mode(&h->pmu, (unsigned)priv, hart_cycle(h));
    else
        h->pmu.mode = (uint8_t)priv;
    hart_update_paths(h);
}
