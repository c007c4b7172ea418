/* A RISC-V hart: architectural state, CSRs, the block cache and the PMU. */
#ifndef PMUSIM_CPU_HART_H
#define PMUSIM_CPU_HART_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "cpu/block.h"
#include "isa/isa.h"
#include "mem/bus.h"
#include "pmu/pmu.h"

struct hart;
struct hart_debug;
struct hart_prof;
struct csr_desc;

/* hart_platform_t.mem_access's kind: its low bits, and the flag of a presumed L1 access. */
#define MEM_ACCESS_KIND 3u
#define MEM_ACCESS_PRESUMED 4u

/* What a hart needs from the platform around it: a narrow table of services, so that the hart
 * knows nothing of machines or devices. Any entry may be NULL. */
typedef struct hart_platform {
    /* The machine's time (mtime) for the time CSR; false when the platform has no timer. */
    bool (*read_time)(void *ctx, uint64_t *time);
    /* An ebreak at `pc` in a host-call sequence (semihosting): true when the call was made. */
    bool (*host_call)(void *ctx, struct hart *h, uint64_t pc);
    /* A store completed to a granule the platform watches (HTIF tohost) and that holds no code, or
     * (outside main RAM) to the range hart_t.watch_lo/watch_hi. */
    void (*watched_store)(void *ctx, struct hart *h, uint64_t addr, unsigned size);
    /* The block cache forgot its code: the platform marks the granules it watches again. */
    void (*rewatch)(void *ctx, struct hart *h);
    /* A store of hart h hit decoded code outside main RAM (hart_code_written): every other hart
     * forgets its blocks before it runs again (code_unwatched). */
    void (*code_unwatched)(void *ctx, struct hart *h);
    /* A store of hart h hit decoded code in main RAM: every hart, h too, drops its blocks over
     * [pa, pa + size) (the pages written) before it runs again (hart_note_code_written). */
    void (*code_written)(void *ctx, struct hart *h, uint64_t pa, unsigned size);
    /* LR made a reservation: the platform watches stores to it by other harts. */
    void (*reserve)(void *ctx, struct hart *h, uint64_t addr);
    /* Harts with observe_mem: every access to memory or a device, for a memory-hierarchy model.
     * kind: 0 load (LR too), 1 store (AMO and SC too), 2 instruction fetch; r: the region, or NULL
     * for main RAM. */
    void (*mem_access)(void *ctx, struct hart *h, uint64_t addr, unsigned size, unsigned kind,
                       const bus_region_t *r);
    /* An ecall from S-mode, for firmware that runs on the host: true when the call was served
     * (the hart goes on after the ecall, which does not retire), false to take the trap. */
    bool (*firmware_call)(void *ctx, struct hart *h);
    /* An exception taken from below M-mode (cause), for firmware that counts them. */
    void (*firmware_exception)(void *ctx, struct hart *h, uint64_t cause);
    /* Hart h's budget ran out at a block's end: true when the platform gave it more at once (a
     * lone running hart's next turn), so that the executor goes on without returning. */
    bool (*turn_end)(void *ctx, struct hart *h);
} hart_platform_t;

enum priv_mode { PRIV_U = 0, PRIV_S = 1, PRIV_M = 3 };

/* What the core is doing between instructions, for clocks and timers. */
enum hart_run_state {
    RUN_ACTIVE = 0,
    RUN_PAUSED, /* a core's pause (VeeR mcpc): clocks run, no instructions */
    RUN_HALTED, /* a core's firmware halt (VeeR mpmc): core clock gated */
};

/* How a run ended (or why the executor returned). */
typedef enum hart_stop {
    STOP_NONE = 0,
    STOP_EXIT,          /* guest asked to exit: see machine exit code */
    STOP_MAX_INSNS,     /* --max-insns reached */
    STOP_INTERRUPTED,   /* SIGINT */
    STOP_TRAP_LOOP,     /* a trap with no usable handler (e.g. mtvec points at unmapped memory) */
    STOP_WFI_DEADLOCK,  /* wfi with no interrupt source that can ever wake it */
    STOP_HALT_DEADLOCK, /* VeeR firmware halt (mpmc) with no interrupt source that can ever end it */
    STOP_DEBUG,         /* a debugger's breakpoint or watchpoint (cpu/debug.h) */
    STOP_JUMP_SELF,     /* a lone hart in a jump to itself that no interrupt can leave */
} hart_stop_t;

/* Why a trap loop was recognised (STOP_TRAP_LOOP). */
enum trap_loop_kind {
    TRAP_LOOP_NO_PROGRESS = 0, /* traps in a row without any instruction committed in between */
    TRAP_LOOP_HANDLER_FAULTS,  /* the same exception at the same pc, again and again, each one
                                * raised before the handler of the previous one returned */
};

/* Control/status registers held by the hart (the PMU keeps its own). */
typedef struct csr_state {
    uint64_t mstatus, misa, medeleg, mideleg, mie;
    uint64_t mip;    /* mip_sw | the hart's irq_lines: set only in cpu/irq.c */
    uint64_t mip_sw; /* the pending bits software writes (SSIP, STIP, SEIP, LCOFIP) */
    uint64_t mtvec, mscratch, mepc, mcause, mtval, mcounteren, menvcfg;
    uint64_t stvec, sscratch, sepc, scause, stval, scounteren, satp, senvcfg;
    uint64_t mvendorid, marchid, mimpid, mhartid, mconfigptr;
    uint64_t pmpcfg[16], pmpaddr[64];
    uint64_t dcsr, dpc, dscratch[2], tselect;
    uint64_t mcyclecfg, minstretcfg; /* Smcntrpmf */
} csr_state_t;

typedef struct block_cache {
    block_t **table; /* hash buckets, indexed by (pc >> 1) & mask */
    uint32_t mask;
    block_t **pages;         /* the blocks by their first virtual page: 65536 buckets (page_bucket) */
    block_t **ppages;        /* by the physical page of their first instruction: (pa >> 12) & 4095 */
    block_t *straddlers;     /* the blocks whose code runs into another physical page */
    block_t *ctx_blocks[64]; /* the blocks of each translation context id (block_t.ctx >> 2) */
    /* The links made since the last flush: successor slots set (each the block's address with the
     * slot in bit 0: blocks are 16-byte aligned), and jumps of translated code that may be patched.
     * links_lost: an array could not grow (cut them all at the next drop). */
    void **links;
    uint8_t **sites;
    size_t n_links, n_sites, cap_links, cap_sites;
    bool links_lost;
    /* The buckets of the blocks put in the tables since the last flush (table, pages, ppages),
     * while there are at most BC_FILL_LOG: a flush of a cache holding so few blocks clears those
     * buckets instead of the whole tables (a guest writing its PMP entries one by one flushes
     * after each write, with a block or two decoded in between). n_filled stops counting above. */
    uint32_t (*filled)[3];
    unsigned n_filled;
    bool prefixes_used; /* a prefix slot was set since the last flush */
    uint8_t *map;       /* the mapping holding the tables above, the fill log and the arena */
    size_t map_size;
    uint8_t *arena; /* blocks are bump-allocated; a flush frees them all at once */
    size_t arena_size, arena_used;
    uint8_t *code_map;       /* one bit per 64-byte granule of the main RAM region holding code */
    bool code_map_shared;    /* other harts' blocks set bits in code_map too: a flush leaves them */
    size_t code_lo, code_hi; /* bytes of code_map that may be non-zero: [code_lo, code_hi) */
    uint64_t other_code_lo, other_code_hi; /* decoded code outside main RAM: [lo, hi) addresses */
    uint64_t flushes;
    uint64_t drops;     /* blocks dropped one by one (sfence.vma of a page or an ASID) */
    uint64_t host_ptrs; /* bus_t.host_ptrs at the last flush or at the first block after it */
    /* The block the executor would have chained to when its budget ran out (the end of a hart's
     * turn), with the flush count then: the next run starts there without a lookup if its pc and
     * context still match and no flush came between (a dropped block stays until the flush). */
    struct block *resume;
    uint64_t resume_flushes;
    /* Blocks whose only instruction is a jump to itself (`j .`), noted when they are built: the
     * run loop looks for a hart stuck in one only while there are any. */
    unsigned self_loops;
    /* Blocks made of a block's first instructions for a timing model (block_prefix): by
     * (block, length), found again until the next flush. */
    struct block_prefix_slot {
        const struct block *of;
        struct block *prefix;
    } prefixes[1024];
    isa_decoder_t decoder; /* the encodings of the hart's XLEN and extensions (made at the first build) */
} block_cache_t;

/* A hart starts on a page of its own, and takes whole pages (machine_new allocates them so). Its
 * fields then sit at the same offsets within a page in every machine and every hart, whatever
 * was allocated before it: where a field shares its address bits 0-11 with a hot field of
 * another structure (the timing model's), a load of one after a store to the other waits as if
 * they were the same address (4K aliasing), and `stat` ran 5 % slower than `run` on VeeR only
 * because its earlier allocations moved the hart. */
#define HART_ALIGN 4096

typedef struct hart {
    _Alignas(HART_ALIGN) uint64_t x[33]; /* x[32]: sink for writes to x0 */
    uint64_t f[32];                      /* F/D registers; single values NaN-boxed (upper 32 bits all ones) */
    uint8_t fflags, frm; /* fcsr: accrued exceptions (NV DZ OF UF NX) and the dynamic rounding mode */
    uint64_t pc;
    unsigned xlen; /* 32 or 64 */
    enum priv_mode priv;
    uint32_t isa; /* ISA_EXT_* bits implemented */
    csr_state_t csr;
    const struct csr_desc *csr_recent; /* the CSR row its last CSR instruction used (cpu/csr.c) */
    uint64_t irq_mask;                 /* implemented interrupts (writable mie bits) */
    bool time_csr;                     /* the time/timeh CSRs exist (read mtime) */
    uint64_t timer_irq_mask;           /* interrupts counted as timer interrupts by the PMU */
    uint64_t external_irq_mask;
    const struct core_ext *core_ext;
    void *core_state;                  /* state of core-specific CSRs and devices (core_ext) */
    const struct pmu_model *pmu_model; /* the core's PMU model (an instance of a configurable core) */
    bool slow_mem;            /* the core sees every data access (caches, timing; VeeR while a trigger or an
                    * injected bus error is armed): no inline RAM path */
    evset_t core_addr_events; /* events whose count needs every data access's address at the core
                               * (core_ext.data_access): while one is counted, as slow_mem */
    uint64_t irq_rise[16];    /* cycle at which each interrupt line of mip 0-15 last rose */
    uint64_t irq_lines;       /* the interrupt lines hardware drives, by mip bit (hart_set_line) */

    /* Main RAM fast path: one bounds check. Other regions go through the bus. fast_size is
     * ram_size - 7 (so any access up to 8 bytes starting below it fits), or 0 while a PMU event
     * that needs to see every address is selected. */
    uint8_t *ram;
    uint64_t ram_base, ram_size, fast_size;
    uint64_t access_base; /* slow path: rs1 of the load or store (core_ext access_fault) */
    bool ram_core_local;  /* main RAM is tightly coupled (not an external bus access) */
    /* Memory protection (cpu/pmp.c): implemented PMP entries (0: none, nothing is checked), the
     * permissions each privilege has uniformly over all of main RAM (0: not uniform), M-mode
     * unchecked (no locked entry); and whether loads and stores at the current data privilege
     * may take the inline RAM path (hart_mem_changed). */
    bool observe_mem; /* every access goes to platform->mem_access (off the inline path) */
    /* With observe_mem, the model's memos of this hart's L1 D- and I-caches (mem/l1_memo.h), or
     * NULL: a load or store whose line is there, and a block whose lines are, need no call.
     * dmemo and imemo are the ones the paths look at: l1d_memo and l1i_memo, except while the PMU
     * counts that cache's accesses, hits included, and the blocks do not presume them (then the
     * model counts them: it sees every one). */
    struct l1_memo *l1d_memo, *l1i_memo;
    /* Events besides the L1 D-cache accesses whose counts need every access a D-side memo hit
     * skips (a core's own hit and write events): dmemo is NULL while one is counted. */
    evset_t l1d_memo_events;
    struct l1_memo *dmemo, *imemo;
    /* A D-side memo hit under translation still goes to core_ext mem_access: the core's own D-TLB
     * model beside a machine's caches (core/generic/hierarchy.c on p8700) sees every lookup. */
    bool memo_hits_to_core;
    bool memo_direct;   /* dmemo, and nothing else between a main-RAM access and the copy (as fast_size) */
    uint64_t memo_size; /* with memo_direct, ram_size - 7 (translated code's one bounds check), else 0 */
    /* A core's own model of every access (core_ext mem_access, no memo): an aligned main-RAM
     * access needs nothing but the copy and the call (observe_direct: untranslated, as fast_size;
     * translated ones ask plain_view after the TLB). */
    bool observe_core, observe_direct;
    /* A core that sees every data access (hart_core_sees_accesses, core_ext data_access) and
     * nothing else between an aligned main-RAM access and the copy (its address rules, if any,
     * not asked for: slow_mem clear, as on the inline path): the slow path makes the copy
     * and calls the core directly, without the bus (core_direct; untranslated, as fast_size).
     * ram_region: the bus region of main RAM (what data_access is given for it), or NULL. */
    bool core_direct;
    const bus_region_t *ram_region;
    /* A core that logs the addresses of the data accesses it sees (VeeR EL2's timing model, for
     * its D-bus words): the next free entry and the log's end, set by the core. If its data_access
     * does nothing with an aligned main-RAM access but log it (addr_log_ram, set by the core),
     * translated code logs it itself while addr_log_size is not 0 (ram_size - 7: core_direct and
     * no debugger; translated code's one bounds check) and goes on with the access inline. */
    uint32_t *addr_log_next, *addr_log_end;
    bool addr_log_ram;
    uint64_t addr_log_size;
    unsigned pmp_count;
    uint8_t pmp_ram[4];
    bool pmp_m_open;
    /* By privilege, the longest run of main RAM [pmp_span_base, + pmp_span_size) that PMP grants
     * uniformly some permission pmp_span_perm (pmp_allows' second test): all of RAM when PMP treats it
     * uniformly, the RAM above the firmware when a firmware (OpenSBI) closes its own range to S
     * and U. */
    uint64_t pmp_span_base[4], pmp_span_size[4];
    uint8_t pmp_span_perm[4];
    /* Pages whose permissions are uniform at a privilege (pmp_allows_slow): by privilege, 16
     * pages direct-mapped by their number; an entry is the page's address | PMP_MEMO_VALID |
     * the permissions granted. Cleared by pmp_changed. A page-table walk reads PTEs of a few
     * pages, which then cost a compare instead of a pass over every entry. */
    uint64_t pmp_memo[4][16];
    bool mem_inline;
    /* Address translation (cpu/mmu.c): page-table levels of satp.MODE (0: Bare, 2: Sv32, 3: Sv39,
     * 4: Sv48) and a direct-mapped software TLB of 4 KiB pages (tag: vpn << 1 | 1; flags: the
     * leaf PTE's V R W X U G A D bits; host: where the page is when it is all in main RAM). */
    unsigned vm_levels;
    struct tlb_entry {
        uint64_t tag, ppage;
        uint8_t *host;   /* the page in main RAM, or NULL */
        uint32_t vm_ctx; /* the translation context it was walked in (vm_ctx) */
        uint8_t flags;
        uint8_t level; /* of the leaf PTE: 0 a 4 KiB page, more a superpage cached per 4 KiB page */
    } tlb[256];
    /* The superpages walked lately (a kernel's linear map is made of them): by the superpage's
     * number, 16 direct-mapped; a TLB miss in one fills its 4 KiB entry without a walk (cpu/mmu.c,
     * super_fill). tag: the superpage's number << 1 | 1 (0: empty); ppage: its first page. */
    struct tlb_super {
        uint64_t tag, ppage;
        uint32_t vm_ctx;
        uint8_t flags, level;
    } tlb_super[16];
    /* The superpages whose 4 KiB pages fill entries of tlb[] or may fill them (those of
     * tlb_super), in any context (cpu/mmu.c): one bit per hash of the superpage, so a set of more
     * of them. A fence of one page in none of them looks at that page's own entry alone; one that
     * looks at all of them makes the set again from the entries it leaves. */
    uint64_t tlb_spans[4];
    /* The superpages decoded blocks were built from (cpu/mmu.c, mmu_note_code_page): a fence of
     * one address in one of them drops every block of its contexts, since a block outlives the
     * TLB entry it was translated through. With the list full (super_code_full) every fence of
     * one address does. Emptied with the blocks of their contexts. */
    struct super_code {
        uint64_t vpn_hi; /* the virtual page number >> (level's bits): which superpage */
        uint32_t vm_ctx;
        uint8_t level;
    } super_code[32];
    unsigned n_super_code;
    bool super_code_full;
    uint64_t tlb_flushes; /* how many times the TLB was emptied: a TLB model forgets with it */
    /* The virtual address of the data access on the slow path (a TLB model's view), when
     * translated (access_translated). */
    uint64_t access_va;
    bool access_translated;
    /* Translation contexts (cpu/mmu.c): the satp values seen since the last full flush, by id
     * (vm_ctx_satp[id], id 1 to vm_ctx_n - 1; id 0 is Bare), and the current one. TLB entries and
     * decoded blocks are tagged with the id, so a satp write drops nothing. */
    uint64_t vm_ctx_satp[64];
    bool vm_ctx_global[64];             /* the id stands for the global pages of satp.MODE vm_ctx_satp[id] */
    unsigned vm_ctx, vm_gctx, vm_ctx_n; /* the current context and the global one of its mode */
    /* The contexts decoded blocks are found in (block_t.ctx): the translation context of fetches
     * at the current privilege (0 where fetches are not translated) << 2 | the privilege; and the
     * one of blocks decoded from global pages (ctx_g, the same as ctx when not translated), which
     * every address space of that satp.MODE shares (privileged spec 4.3.1: a global mapping
     * exists in all address spaces). */
    uint32_t ctx, ctx_g;
    /* The inline path of loads and stores the main-RAM window does not take (translation on, or a
     * PMP view that is not uniform over RAM): one direct-mapped entry per page and kind ([0] loads,
     * [1] stores), at the index of the TLB entry (vpn % 256). tag: FTLB_TAG(the page's va |
     * ftlb_key at the fill), so a lookup compares FTLB_TAG((va & ~0xfff | va & (size - 1)) |
     * ftlb_key) with it, and a misaligned access (low bits set) misses; the rotation puts the index
     * in the tag's second byte, where translated code takes it in one instruction (jit.c,
     * emit_ftlb_lookup; tags and deltas in two arrays, so that the index is scaled by 8 alone).
     * delta: va + delta is the access's host address for
     * a load (translated code accesses [va + delta] at once), its offset in main RAM for a store
     * (which tests the store watch by that offset). An entry exists only for a page in main RAM
     * that the data privilege may access in that way as a plain copy (translation with the
     * permission, D set for stores, PMP over the whole page); stores still test the store watch.
     * ftlb_key: FTLB_KEY(the data privilege, SUM in S-mode), or FTLB_OFF while every access must
     * be seen (hart_ftlb_rekey). Dropped with the TLB entries (cpu/mmu.c) and on PMP and MXR
     * changes. */
    struct ftlb {
        uint64_t tag[256], delta[256];
    } ftlb[2];
    uint64_t ftlb_key;
    uint64_t amo_pa;      /* physical address of the last atomic access (cpu/mem.c, mem_amo_ptr) */
    uint8_t *store_watch; /* one bit per 64-byte granule of main RAM: stores take the slow path */
    /* Outside main RAM (stores there always take the slow path): stores touching [watch_lo,
     * watch_hi) go to platform->watched_store too (HTIF tohost in another memory). */
    uint64_t watch_lo, watch_hi;
    bus_t *bus;
    const hart_platform_t *platform;
    void *platform_ctx;

    block_cache_t bc;
    const void *const *dispatch; /* handler addresses of the executor for this XLEN, by op */
    /* The translation tier (cpu/tier.h; NULL: none): executions before a block is translated (0:
     * off), the tier's state (its code cache), and the block translated code last ran (what its
     * exit status is about). */
    const struct exec_tier *tier;
    uint32_t jit_threshold;
    struct jit_cache *jit;
    void *tier_share; /* the translations of the machine's harts (exec_tier_t.share_new), or NULL */
    struct block *jit_block;
    pmu_t pmu;

    /* Clocks, kept so that a block costs one subtraction: committed instructions are
     * insns_base - budget (see hart_insns), and the cycle clock is that plus the stall cycles the
     * timing model adds (static per-block extras, sleeping in wfi). */
    uint64_t insns_base;
    uint64_t insns_in_flight; /* during a device access: instructions of the current block already
                                * executed (not yet retired), so devices see the exact cycle */
    uint64_t stall_cycles;

    /* Run control. The executor checks the budget once per block. */
    int64_t budget; /* instructions left before the executor must look at the world */
    /* The budget counts cycles, not instructions (the run loop stops at a cycle: a round's end,
     * stat -I): the stall cycles a timing model adds are taken from it too, at the end of each
     * timed block, so the executor returns at the first block boundary at or after that cycle.
     * stall_charged: stall_cycles when last taken. retire_fast is the byte after budget_cycles:
     * translated code tests the flag and the budget in one compare (jit.c, emit_retire_guards);
     * memo_retire and the budget through memo_retire_gen (below). */
    uint8_t memo_retire; /* a value, MEMO_RETIRE_*: see memo_retire_core below */
    bool budget_cycles;
    bool retire_fast;
    uint64_t stall_charged;
    /* A timing model's fast retirement (block_t.retire_gen): its generation (NULL: the model has
     * none), which changes whenever what it left in a block's retire_stall may no longer hold;
     * the events it counts at block_retired (retire_events); retire_fast: none of them counted
     * and no memory model sees the fetches, so a whole block whose retire_gen is the generation
     * may retire without the model (exec_block_timing, translated code). */
    const uint64_t *retire_gen;
    evset_t retire_events;
    /* Events a timing model raises once per instruction fetched from main RAM (MicroBlaze V's
     * I-cache requests and hits), which the blocks presume at decode time (hart_presumes_fetch):
     * they count with the block's executions, and the model takes back the ones that did not
     * happen (pmu_retract_events: an I-cache miss is a request without a hit). A fetch event
     * is not the instruction's own: a counter read excludes the reading instruction's own
     * events, not its fetch (csr_exec). fetch_presumed_lines: the events come once per line of
     * the block's fetch rather than once per instruction (p8700's L1I accesses, counted by a
     * machine's model: the instruction whose last byte is in a line the previous one's was not
     * presumes the access to that line), for code in main RAM; the model counts the fetches it
     * sees and mem_fetch_block takes back what the block presumed. */
    evset_t fetch_presumed;
    bool fetch_presumed_lines;
    /* The same for data accesses (MicroBlaze V's D-cache reads and writes, and their hits;
     * p8700's L1D accesses): the events each load (store) presumes at decode time, AMOs and LR/SC
     * excepted, while no profile is recorded; the core takes back those an access did not have
     * (a miss, an access outside the cached memory), and where a machine's model sees the access
     * (observe_mem: it counts them itself) the memory slow path takes the presumed ones back. l1d_write_events: events of a memo with writes_free that need the
     * model to see every write the memo does not hold the line of (a write miss), while the memo
     * keeps the reads (l1_memo_t.writes_counted). */
    evset_t load_presumed, store_presumed, l1d_write_events;
    /* The kinds of occurrence the core counts in pmu.lazy_n (pmu_lazy_kind_t), or NULL: with
     * presumed D-cache events, MicroBlaze V's write misses (translated code counts them:
     * l1_memo_t.complete) and read misses. */
    const pmu_lazy_kind_t *lazy_kind;
    /* A core whose block end, beside a machine's L1I memo (imemo), is only a branch predictor's
     * update and, for translated fetches, an I-TLB lookup (core/generic/hierarchy.c beside p8700's
     * coherence manager): it sets memo_retire_core, the predictor's 2-bit counters (bp_ctr, NULL:
     * none; the counter of a branch at pc is bp_ctr[(pc >> 1) & bp_mask]) and the events its
     * block end counts (memo_retire_events). memo_retire: none of them counted, the L1I memo
     * looked at (its accesses uncounted or presumed by the blocks), no profile; then translated
     * code retires a whole block whose lines are where it found them (block_t.fetch_gen still the
     * memo's generation) inline: the lines' LRU touches and the predictor's update, exactly what
     * exec_block_timing does. memo_retire is MEMO_RETIRE_PLAIN then; MEMO_RETIRE_LAZY while the
     * block end's events (memo_retire_events: mispredictions) are counted, for code translated
     * while they were, which counts a misprediction in pmu.lazy_n[BP_LAZY_MISPREDICT] (the core's
     * lazy_kind makes it a branch miss); 0: neither. */
#define MEMO_RETIRE_PLAIN 1
#define MEMO_RETIRE_LAZY 2
#define BP_LAZY_MISPREDICT 1
    bool memo_retire_core; /* memo_retire: beside budget_cycles, above */
    /* What translated code's inline retirement compares a block's fetch_gen with, by the value of
     * memo_retire it was translated for (index MEMO_RETIRE_PLAIN - 1, MEMO_RETIRE_LAZY - 1): the
     * L1I memo's generation while memo_retire is that value and no cycle budget runs, else a
     * value no generation takes, so one compare makes all three tests (hart_memo_retire_update,
     * after every change of memo_retire or budget_cycles); imemo_clock: the clock of the L1I's
     * tag model while memo_retire is not 0. */
    const uint64_t *memo_retire_gen[2];
    /* The D-side memo's entries as translated code reads them (l1_memo_t.fast) while memo_size
     * is not 0, else a table without tags: a tag found there is a hit in main RAM */
    const struct l1_memo_fast *memo_fast;
    uint64_t *imemo_clock;
    evset_t memo_retire_events;
    uint8_t *bp_ctr;
    uint32_t bp_mask;
    uint64_t trap_cause, trap_tval; /* exception raised by the current instruction */
    bool code_dirty;                /* decoded code is stale as a whole: flush before running on */
    /* Stores of any hart hit this hart's decoded code in main RAM: the blocks over these
     * physical ranges go before it runs on (block_cache_sync_code); more ranges than fit are
     * merged (hart_note_code_written). */
    unsigned n_code_written;
    struct code_range {
        uint64_t pa, size;
    } code_written[8];
    /* The last store over decoded code (physical; MEM_CODE_WRITTEN): the running block ends after
     * it only when it wrote over that block's own code (exec_code_store_ends_block). */
    struct code_range code_store;
    /* Another hart's store hit decoded code outside main RAM (an ICCM: one range per hart, no
     * map): this hart forgets its blocks before running on. */
    bool code_unwatched;
    uint64_t last_trap_insns;
    hart_stop_t stop;
    uint64_t max_insns;    /* 0 = unlimited */
    bool misaligned_traps; /* misaligned loads/stores trap instead of being done in hardware */
    bool wfi_is_nop;       /* the core's wfi does not wait (core_desc_t) */
    bool wfi_wait;         /* stopped in wfi until an interrupt is pending */
    bool halted;           /* firmware halt until an enabled interrupt is pending */
    uint64_t pause_cycles; /* PAUSE cycles left */
    /* While it waits: the cycle at which it may wake at the earliest (UINT64_MAX: nothing wakes
     * it by itself), as computed when bus_t.wake_events was sleep_events (the run loop's). */
    uint64_t sleep_until, sleep_events;
    bool sleep_known;
    uint64_t core_clock_mark; /* cycle clock when core-local timers were last advanced */
    bool reservation_valid;   /* LR/SC */
    uint64_t reservation_addr;
    uint64_t trap_depth; /* consecutive traps without a committed instruction */
    /* The same exception at the same pc taken again before an xRET: a handler that faults. */
    bool trap_unreturned; /* an exception was taken and no mret/sret executed since */
    uint64_t trap_repeat; /* how many times in a row (see trap.c) */
    uint64_t repeat_cause, repeat_epc;
    enum trap_loop_kind trap_loop_kind;
    bool one_block; /* the executor returns after one block, also after a trap (exact --max-insns) */
    /* Sscofpmf (cpu/sscofpmf.c): mhpmcounters whose overflow would raise LCOFI (OF clear,
     * counting something), and their values when last looked at. 0: nothing to watch. */
    uint32_t ovf_armed;
    uint64_t ovf_last[32];
    struct hart_debug *debug; /* a debugger's breakpoints and watchpoints (cpu/debug.h), or NULL */
    struct hart_prof *prof;   /* recording a profile (cpu/prof.h), or NULL */
    /* A loop around a wfi that returns at once (cpu/spin.h): where it goes on after the wfi, the
     * registers and the instruction count when last seen there, the instructions of the last turn;
     * probe: the run loop is asked for hart_spin_skip. A turn checked (valid): the main-RAM bytes
     * it read that it had not stored, and those it stored, as they were (access[]: n_access), and
     * what it added to each active counter under PMU configuration `epoch`. */
    struct hart_spin {
        uint64_t resume, insns, turn;
        uint64_t x[32];
        bool probe, valid;
        unsigned fails, wait; /* turns that were not skipped, and sightings to let pass after them */
        unsigned n_access;
        struct spin_access {
            uint64_t off, value;
            unsigned size;
        } access[32];
        uint32_t epoch;
        unsigned n_acc;
        uint64_t acc[PMU_MAX_SLOTS];
    } spin;
} hart_t;

/* The hart runs no instructions: in wfi, halted by firmware, or in a pause. */
static inline bool hart_waits(const hart_t *h)
{
    return h->wfi_wait || h->halted || h->pause_cycles;
}

/* What a waiting hart's clocks do: a firmware halt gates them, a pause (not in wfi) runs them. */
static inline enum hart_run_state hart_run_state_of(const hart_t *h)
{
    return h->halted ? RUN_HALTED : h->pause_cycles && !h->wfi_wait ? RUN_PAUSED : RUN_ACTIVE;
}

/* Makes the executor return to the run loop at the next block boundary (interrupt state or device
 * state changed). Simulation thread only: from a signal handler or another thread, a stop is asked
 * for with machine_request_stop, which the run loop sees within one run chunk. */
static inline void hart_kick(hart_t *h)
{
    h->insns_base -= (uint64_t)h->budget;
    h->budget = 0;
}

/* A store hit decoded code outside main RAM (ICCM): this hart flushes its blocks before running
 * on, and every other hart forgets its own (code_unwatched). */
static inline void hart_code_written(hart_t *h)
{
    h->code_dirty = true;
    if (h->platform && h->platform->code_unwatched)
        h->platform->code_unwatched(h->platform_ctx, h);
}

/* Stores hit hart h's decoded code in main RAM at [pa, pa + size): its blocks there go before it
 * runs on. A range that overlaps or touches one already noted widens it; with the list full, the
 * new range joins the nearest one (the blocks between go too). A hart that waits through many
 * rounds while the others write over former code (a Linux boot reusing freed pages) so drops a
 * few blocks too many, not all of its blocks. */
static inline void hart_note_code_written(hart_t *h, uint64_t pa, uint64_t size)
{
    const unsigned room = sizeof h->code_written / sizeof h->code_written[0];
    uint64_t end = pa + size, nearest_gap = UINT64_MAX;
    unsigned nearest = 0;
    for (unsigned k = 0; k < h->n_code_written; k++) {
        const struct code_range *r = &h->code_written[k];
        uint64_t r_end = r->pa + r->size;
        uint64_t gap = pa > r_end ? pa - r_end : r->pa > end ? r->pa - end : 0;
        if (gap < nearest_gap)
            nearest_gap = gap, nearest = k;
    }
    if (nearest_gap != 0 && h->n_code_written < room) {
        h->code_written[h->n_code_written++] = (struct code_range){ pa, size };
        return;
    }
    struct code_range *r = &h->code_written[nearest];
    uint64_t lo = r->pa < pa ? r->pa : pa, hi = r->pa + r->size > end ? r->pa + r->size : end;
    *r = (struct code_range){ lo, hi - lo };
}

/* Decoded code to drop before the hart runs on (block_cache_sync_code). */
static inline bool hart_code_stale(const hart_t *h)
{
    return h->code_dirty || h->n_code_written || h->code_unwatched;
}

/* All instructions committed since reset (ecall/ebreak included, trapping ones not). */
static inline uint64_t hart_insns(const hart_t *h)
{
    return h->insns_base - (uint64_t)h->budget + h->insns_in_flight;
}
/* The core's cycle clock. */
static inline uint64_t hart_cycle(const hart_t *h)
{
    return hart_insns(h) + h->stall_cycles;
}
/* A debugger watches memory (cpu/debug.c): every load and store takes the slow path. */
bool hart_debug_watching(const hart_t *h);

/* Loads and stores counted as external (LOAD_EXTERNAL, STORE_EXTERNAL: VeeR's D-bus events) from
 * the blocks' static facts: where main RAM is not core-local, every access the inline RAM path
 * makes is external, so a block presumes each of its loads and stores is, and the slow path takes
 * the count back for an access that turns out core-local (pmu_retract_events). Decided when blocks
 * are decoded. A profile attributes events as they happen, so while one is recorded the slow path
 * sees every access instead. */
static inline bool hart_presumes_external(const hart_t *h)
{
    return !h->ram_core_local && !h->prof;
}

/* The blocks of code at `pc` presume the fetch events (hart_t.fetch_presumed) of each of their
 * instructions: code in main RAM, while no profile is recorded (a profile attributes the events
 * as they happen, at the block's end, where the model commits them). Decided when blocks are
 * decoded; starting or stopping a profile drops the blocks. */
static inline bool hart_presumes_fetch(const hart_t *h, uint64_t pc)
{
    return h->fetch_presumed && !h->fetch_presumed_lines && !h->prof && pc - h->ram_base < h->ram_size;
}

/* The core sees every data access (core_ext.data_access): slow_mem, or an event counted that
 * needs the addresses (core_addr_events). */
static inline bool hart_core_sees_accesses(const hart_t *h)
{
    return h->slow_mem || (h->pmu.sum_interest & h->core_addr_events);
}

/* The PMU's configuration changed (or the memory protection, see hart_mem_changed): events that
 * classify every access address take the loads and stores off the inline RAM path while selected
 * (only where the blocks do not presume them, see above), and so does a protection that is not
 * uniform over RAM, a core that sees every data access (slow_mem), and a debugger's watchpoint. */
static inline bool hart_needs_addresses(const hart_t *h)
{
    return (h->pmu.dyn_interest & (EVBIT(LOAD_EXTERNAL) | EVBIT(STORE_EXTERNAL))) && !h->ram_core_local &&
           !hart_presumes_external(h);
}
/* The fast TLB's key (hart_t.ftlb_key): in bits 3-5 of a tag, above an access's alignment bits
 * and below its page; FTLB_OFF, bit 11, is in no tag (an entry all ones is empty: a lookup's tag
 * has bits 6-10 clear). SUM is part of the key of S-mode accesses only (it changes nothing for
 * U-mode's), so U-mode's key is always FTLB_KEY(PRIV_U, 0), zero: translated code of a U-mode
 * block compares the tag without it (jit.c, emit_ftlb_lookup). That holds while the key is
 * FTLB_OFF too, because the change to FTLB_OFF empties the fast TLB and nothing fills it then. */
#define FTLB_KEY(dpriv, sum) (((uint64_t)(dpriv) | (uint64_t)(sum) << 2) << 3)
#define FTLB_KEY_PRIV(key) (((key) >> 3) & 3)
#define FTLB_OFF (1ull << 11)
/* A fast-TLB tag as stored and compared (hart_t.ftlb): the page's va, key and alignment bits
 * rotated right by 4, so that bits 8-15 are the index, vpn % 256 (bits 12-19 of the va). A
 * lookup's tag, with bits 6-10 of the unrotated value clear, is never all ones (an empty entry). */
#define FTLB_TAG(t) ((uint64_t)(t) >> 4 | (uint64_t)(t) << 60)
/* The key of the fast TLB (hart_t.ftlb) for the current data privilege, SUM and PMU state
 * (hart_update_paths alone calls it: cpu/hart.c is the only place that assigns ftlb_key). */
static inline void hart_ftlb_rekey(hart_t *h)
{
    bool observed = hart_needs_addresses(h) || (h->debug && hart_debug_watching(h)) ||
                    hart_core_sees_accesses(h) || h->observe_mem || h->observe_core ||
                    h->ram_size < 8; /* a model sees every access */
    uint64_t ms = h->csr.mstatus;
    unsigned dpriv =
        h->priv == PRIV_M && (ms & (1ull << 17)) /* MPRV */ ? (unsigned)((ms >> 11) & 3) : h->priv;
    uint64_t key = observed ? FTLB_OFF : FTLB_KEY(dpriv, dpriv == PRIV_S && (ms >> 18) & 1 /* SUM */);
    if (key == FTLB_OFF && h->ftlb_key != FTLB_OFF)
        memset(h->ftlb, 0xff, sizeof h->ftlb); /* as mmu_ftlb_flush: lookups without the key miss */
    h->ftlb_key = key;
}

/* The privilege or the translation context changed: the context blocks are found in
 * (hart_set_priv, and satp writes). */
static inline void hart_ctx_update(hart_t *h)
{
    bool translated = h->vm_levels && h->priv != PRIV_M;
    h->ctx = (translated ? h->vm_ctx : 0) << 2 | (uint32_t)h->priv;
    h->ctx_g = translated ? h->vm_gctx << 2 | (uint32_t)h->priv : h->ctx;
}

/* Decides the fast paths from what they depend on (cpu/hart.c, the only place that assigns
 * mem_inline, fast_size, memo_direct and observe_direct): loads and stores take the inline RAM
 * path (mem_inline) only while the data privilege's accesses are not translated and PMP grants
 * them R/W uniformly over RAM; the executor's one bounds check (fast_size) also needs no
 * address-classifying event (above), no watchpoint, no core or memory model that sees every
 * access; the memo's direct copy (memo_direct) and a core model's direct call (observe_direct)
 * the same but for the model. Called after any of these changes. */
void hart_update_paths(hart_t *h);
/* hart_t.memo_retire_gen and imemo_clock anew: after a change of memo_retire or budget_cycles. */
void hart_memo_retire_update(hart_t *h);

/* The PMU's configuration changed (selected events, mode filters, a profile, a watchpoint). */
static inline void hart_pmu_changed(hart_t *h)
{
    hart_update_paths(h);
}

/* Every change of the privilege level goes through here (trap entry and xRET, which end blocks;
 * cpu/hart.c is the only place that assigns h->priv): PMU slots that count at some levels only
 * follow it (free when none does), the distance to a counter overflow is looked at again, and
 * the fast paths are decided for the new level. */
void hart_set_priv(hart_t *h, enum priv_mode priv);

/* Every change of mstatus.MIE, mip or mie calls this: the PMU's interrupt clocks integrate the
 * time each condition holds. */
static inline void hart_irq_state_changed(hart_t *h)
{
    pmu_irq_state(&h->pmu, hart_cycle(h), (h->csr.mstatus & (1u << 3)) != 0 /* MIE */,
                  (h->csr.mip & h->csr.mie) != 0);
}

/* Pending interrupts (cpu/irq.c): mip is the OR of the software-writable bits and the lines that
 * devices and interrupt controllers drive. A change kicks the hart back to the run loop. */
void hart_set_line(hart_t *h, unsigned irq, bool level);
void hart_set_lines(hart_t *h, uint64_t mask, uint64_t levels);
void hart_set_sw_pending(hart_t *h, uint64_t mask, uint64_t value);
void hart_clear_pending(hart_t *h); /* reset: no bit pending, every line low */

/* Gives the executor `n` more instructions before it returns. */
static inline void hart_set_budget(hart_t *h, int64_t n)
{
    h->insns_base = hart_insns(h) + (uint64_t)n;
    h->budget = n;
    h->stall_charged = h->stall_cycles;
}

#endif
