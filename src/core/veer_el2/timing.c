/* The VeeR EL2 timing model: mcycle and the pipeline events of the default build
 * (configs/veer.config), calibrated against the RTL under Verilator on the programs of
 * tests/veer-timing (docs/pmu-veer-el2.md, "Timing model"). The executor asks it through the
 * core's timing hooks (core_ext_t in cpu/csr.h; core.c wires them):
 *
 *   - at block build, the static cost of a block: load-to-use stalls and load/store bus queueing
 *     of external accesses, postsync CSR writes, fences (block_t.stall_cycles, added at run time
 *     with one addition per block);
 *   - when a block retires, with the pc control goes on at: the I-cache (16 KiB, 2 ways, 64-byte
 *     lines, LRU; fence.i invalidates it) and the branch predictor of the terminating
 *     instruction, built as the RTL's el2_ifu_bp_ctl: a 2-way BTB of 256 sets that holds taken
 *     transfers (a transfer not in it is predicted not taken), a gshare BHT of 2-bit counters
 *     indexed by the BTB set ^ ghr[7:0] and pc[1], the 8-entry return stack; the external
 *     accesses of the block's first instructions after an external store at the end of the
 *     previous block (block_t.core_word), and store coalescing across blocks;
 *   - after a slow-path load or store: DCCM and PIC accesses are counted, and at the block's end
 *     replace the external cost the block's static cost assumed for as many of its accesses
 *     (those not based on sp first: the stack is in external memory in the usual layout);
 *     misaligned external accesses cost their second transaction;
 *   - before a divide: the divider's cycles, data-dependent as the RTL's 4-bit-per-cycle divider
 *     with its early-out ("shortq") and small-number paths (el2_exu_div_new_4bit_fullshortq).
 *
 * External memory is modelled as the testbench's AXI slave (one cycle to respond). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/veer_el2/timing.h"
#include "core/veer_el2/veer_el2.h"
#include "cpu/block.h"
#include "cpu/exec.h"
#include "cpu/exec_retire.h"
#include "isa/isa.h"

/* Cycles and counts, from the RTL measurements (tests/veer-timing/rtl-data.csv). MRET_CYCLES and
 * TRAP_CYCLES are not calibrated by a dedicated case (the traps example agrees within 1%). */
enum {
    EXT_LOAD_LATENCY = 5,             /* an external load's result is usable 5 cycles later */
    STORE_SHADOW = 3,                 /* ... 6 if an external store issued up to 3 cycles before */
    STORE_IBUF_CYCLES = 9,            /* ... or up to 9, the load the first access after it */
    BUS_QUEUE_CYCLES = 1,             /* back-to-back external loads or stores, different words */
    STORE_LOAD_CYCLES = 1,            /* an external load right after an external store */
    STORE_LOAD_SAME_CYCLES = 2,       /* ... to the same bus word */
    MISPREDICT_CYCLES = 1,            /* flush and refetch after a mispredicted/unpredicted transfer */
    POSTSYNC_CYCLES = 2,              /* a write of a postsync CSR (mstatus, mtvec, mepc, mrac...) */
    PRESYNC_CYCLES = 2,               /* a presync CSR access waits for the pipeline to drain */
    FENCE_CYCLES = 2,                 /* fence: a presync wait */
    FENCEI_CYCLES = 12,               /* fence.i: flush, I-cache invalidation, refetch */
    FENCEI_SYNC_CYCLES = 2,           /* of these, presync and postsync waits (events 31, 32) */
    MRET_CYCLES = 2,                  /* a flush */
    TRAP_CYCLES = 3,                  /* ecall/ebreak: a flush to the trap vector */
    ICACHE_MISS_CYCLES = 5,           /* until the line's first fetch group, in straight-line code */
    ICACHE_MISS_REDIRECT_CYCLES = 10, /* the same after a jump */
    IBUS_PER_MISS = 8,                /* a line fill reads 8 64-bit beats, one transaction each */
    IBUS_BUSY_PER_MISS = 7,           /* I-bus busy cycles (valid, not ready) per line fill */
    MISALIGNED_EXT_CYCLES = 2,        /* the second transaction of a misaligned external access */
    WRONG_PATH_GROUPS = 2,            /* fetched down the wrong path before a mispredict's flush */
    WRONG_PATH_HITS = 1,              /* I-cache hits down the wrong path of a conditional branch */
    FB_GROUPS = 3,                    /* the fetch buffer: 3 fetch groups of 4 bytes (fb_write_f) */
    FB_STEADY = 2,                    /* groups in it when 4-byte code runs after a stall */
    FB_AFTER_FLUSH = 1,               /* ... after a flush: the restart group */
    BUS_BUFFER_DEPTH = 4,             /* LSU_NUM_NBLOAD: the bus buffer's entries */
    STORE_BUFFER_CYCLES = 7,          /* cycles an external store counts in buf_numvld_any */
    LOAD_BUFFER_CYCLES = 5,           /* ... an external load */
    BUS_CARRIED = 16,                 /* bus-buffer entries kept over a block's end, at most */
};

enum { IC_SETS = 128, IC_WAYS = 2, BHT_ROWS = 256, BTB_SETS = 256, BTB_WAYS = 2, RAS_DEPTH = 8 };

enum { BTB_BRANCH, BTB_CALL, BTB_RET, BTB_JUMP };

/* Memos of the replays that run for every block only while their event is counted: the fetch
 * buffer's (event 28, fetch_stalls) by the buffer's state and the block's entry state, and the
 * D-bus words' (events 43 and 48, address_amounts) by the entry state and how the addresses of the
 * block's consecutive accesses relate. Direct-mapped by block and key. An entry holds for the
 * block it names only while no block has been built since (memo_gen): a block's memory is reused
 * only after the block cache has dropped it, and every new block bumps the generation. */
enum { MEMO_SLOT_BITS = 12, MEMO_SLOTS = 1 << MEMO_SLOT_BITS };

typedef struct fetch_memo {
    const block_t *b;      /* NULL: empty */
    uint32_t gen, key;     /* fetch_key */
    uint32_t cycles;       /* fetch-stall cycles */
    uint32_t bound;        /* fb_bound after the block, less the block's pc (0: fb_bound 0) */
    uint8_t groups, fetch; /* fb_groups, fb_fetch after the block */
} fetch_memo_t;

typedef struct dbus_memo {
    const block_t *b; /* NULL: empty */
    uint64_t rel[2];  /* address_amounts: 2 bits per pair of consecutive accesses (bus_word_rel) */
    uint32_t gen;
    uint16_t entry;                     /* the entry state (data_cost_addr's entry_store) */
    uint16_t n_addr;                    /* the block's accesses (address_amounts) */
    int32_t transactions, cycles, busy; /* what they change in D-bus transactions, decode-stall
                                         * and D-bus busy cycles */
} dbus_memo_t;

typedef struct bus_memo {
    const block_t *b; /* NULL: empty */
    uint64_t key;     /* bus_key */
    uint32_t gen;
    uint32_t full;   /* sb-wb-stall cycles */
    uint32_t left;   /* bus_left after the block, a byte each */
    uint8_t carried; /* bus_carried after the block */
} bus_memo_t;

/* fetch_memo_t and bus_memo_t in one entry, while both events are counted: one lookup */
typedef struct pair_memo {
    const block_t *b; /* NULL: empty */
    uint64_t bus_key;
    uint32_t gen, fetch_key;
    uint32_t fetch_cycles, bound; /* fetch_memo_t's cycles and bound */
    uint32_t full, left;          /* bus_memo_t's */
    uint8_t groups, fetch, carried;
} pair_memo_t;
/* A whole execution of a block in the model's usual state, replayed (retire_memo_apply): entered
 * in the same data-side state (store tail, load tail, late load) with no flush or DCCM access, its
 * first line found by the entry fetch, every line of it and of the next block's first line found
 * in the I-cache, its transfer in the BTB and predicted right. Such an execution adds the same
 * stall cycles and leaves the same data-side state, counts no event the memo leaves to the model
 * (RETIRE_MEMO_EVENTS) and changes the fetch side only by each line's LRU touch, in program order,
 * and the predictor only by the terminating transfer's update.
 * It holds while the I-cache's tags and the BTB's entries are as the recorded execution left them
 * and no block has been built since: every fill, invalidation, BTB write and block build bumps
 * retire_gen. What the replay writes is the state the recorded execution left (the LRU of each
 * I-cache set it touched, the BTB set's LRU): the same lines hitting again leave the same. */
typedef struct retire_memo {
    const block_t *b; /* NULL: empty */
    /* block_retired's `next` (the next pc, bit 0 a taken branch, below 2^32) and retire_gen when
     * it was recorded, as one word (retire_key): one compare */
    uint64_t key;
    uint64_t data_in;          /* the data-side state it was entered in: store_tail, load_tail (data_state) */
    uint64_t data_out;         /* ... and left */
    uint32_t push;             /* a call: the return stack's new top (ras_push); 0: none */
    uint32_t stall;            /* the stall cycles it added */
    uint16_t went;             /* the bit both histories shift in, in each byte (ghr, fghr: RETIRE_WENT) */
    uint16_t bht_off;          /* the transfer's BHT counter with no history: BTB set << 1 | column */
    uint8_t late_in, late_out; /* late_load entered with and left */
    uint8_t n_touch;           /* the I-cache sets touched, each once, and the LRU the last touch leaves;
                      * set[1] and lru[1] repeat set[0] and lru[0] for one set */
    uint8_t set[BLOCK_MAX_LINES + 1];
    uint8_t lru[BLOCK_MAX_LINES + 1];
    uint8_t kind;    /* the transfer's XFER_ kind (XFER_NONE: none) */
    uint8_t btb_set; /* its BTB set and the set's LRU after the transfer's lookup */
    uint8_t btb_lru;
} retire_memo_t;
/* one cache line: a slot's address is a shift (last_line and prev_line after the block are the
 * next pc's line + 1: not kept) */
_Static_assert(sizeof(retire_memo_t) <= 64, "a retire memo in 64 bytes");

/* retire_memo_t.went: a 1 shifted into both histories (ghr and fghr side by side) */
#define RETIRE_WENT 0x0101u

/* The events a retire memo's replay counts only beside it (retire_ev_memo_t), in this order. */
enum {
    EVM_ICACHE_HIT,
    EVM_FETCH_STALL,
    EVM_DECODE_STALL,
    EVM_SB_STALL,
    EVM_DBUS_TRANS,
    EVM_DBUS_BUSY,
    EVM_N
};
static const unsigned evm_event[EVM_N] = { EV_TM_ICACHE_HIT, EV_TM_FETCH_STALL, EV_TM_DECODE_STALL,
                                           EV_TM_SB_STALL,   EV_TM_DBUS_TRANS,  EV_TM_DBUS_BUSY };

/* What a whole execution of a block also depends on while one of the events of its replays is
 * counted (RETIRE_MEMO_EVENTS), beyond the retire memo's key (retire_ev_key). */
typedef struct retire_ev_key {
    /* packed (compared whole, one word each):
     *   in: the retire memo's data-side entry state and generation (load_tail, store_tail,
     *       late_load, retire_gen) and the counting configuration (RETIRE_MEMO_EVENTS counted,
     *       pmu_t.n_amount): retire_ev_in;
     *   state: bits 0-9 the fetch buffer (fb_groups, fb_fetch, fetch_bound, misaligned waits;
     *       event 28), 10-12 bus_carried (event 34), 13-15 where the fetch stream left off from
     *       the block's pc (event 2; 0: apart), 16 the last block's last store and this block's
     *       first to one word, 17-24 the addresses logged, 32-63 bus_left_packed (event 34) */
    uint64_t in[2], state;
    uint64_t rel[2]; /* bus_word_rel of consecutive logged addresses (events 43, 48) */
} retire_ev_key_t;
_Static_assert(BLOCK_MAX_INSNS <= 0xFF, "the addresses logged fit in 8 bits");

/* Beside the retire memo in the same slot, two ways: for an execution under the same key (b,
 * next, the data-side entry state, gen), what it adds to the events counted only by a replay
 * (EVM_*) and the replays' state it leaves, for the replays' state it was entered in (key).
 * Valid for the counting configuration it was recorded in (interest, n_amount: sums only, no
 * min/max slot). b NULL: empty. */
typedef struct retire_ev_memo {
    const block_t *b;
    uint64_t next;
    retire_ev_key_t key;
    uint64_t fb_bound, fetch_addr, bus_left; /* left after it */
    int32_t amount[EVM_N]; /* the nonzero amounts, n_amounts of them, of the events event[] */
    uint8_t event[EVM_N];
    uint8_t n_amounts;
    uint8_t fb_groups, fb_fetch, bus_carried;
} retire_ev_memo_t;

/* The memo slot of block b and a key. */
static size_t memo_slot(const block_t *b, uint64_t key)
{
    uint64_t x = ((uintptr_t)b ^ (key << 8 | key >> 56)) * 0x9E3779B97F4A7C15ull; /* one multiply */
    return (size_t)(x >> (64 - MEMO_SLOT_BITS));
}

/* core_word[9]: what the block's last instruction is for the predictor and the fetch side, fixed at
 * block build (the transfer's pc is core_word[8]): the kind of transfer (XFER_NONE: not one), its
 * BTB set, whether it is a jal or jalr, whether it flushes the pipeline or invalidates the
 * I-cache. */
enum {
    XFER_NONE = 0,
    XFER_BRANCH = 1,
    XFER_UNPRED = 2, /* far jal, non-return jalr */
    XFER_RETURN = 3,
    XFER_JUMP = 4, /* another jal or jalr: the BTB predicts it */
    XFER_KIND = 7,
    XFER_JAL_JALR = 1u << 3,
    XFER_FLUSH = 1u << 4,  /* fence.i, mret, ecall, ebreak */
    XFER_FENCEI = 1u << 5, /* fence.i */
    XFER_SET_SHIFT = 8,
};

typedef struct btb_entry { /* 32-bit pcs: VeeR EL2 is RV32 */
    uint32_t pc;           /* pc + 1 of the transfer the entry holds; 0: empty */
    uint32_t target;       /* where it went when it was written */
    uint8_t kind;          /* BTB_BRANCH ... */
    uint8_t len;           /* 2 or 4 */
} btb_entry_t;

struct veer_timing {
    /* I-cache: tag = line address + 1 (0: invalid); lru = the way to replace next */
    uint64_t ic_tag[IC_SETS][IC_WAYS];
    uint8_t ic_lru[IC_SETS];
    uint64_t last_line; /* line of the last fetch group looked up, + 1; 0 after an invalidation */
    uint64_t prev_line; /* line of the last fetch group, + 1, kept over invalidations */
    uint64_t entered;   /* pc whose first line fetch_entry looked up */
    bool entry_missed;  /* ... and missed */
    /* predictor */
    uint8_t bht[BHT_ROWS][2]; /* 0, 1: not taken (1: the reset state), 2, 3: taken */
    btb_entry_t btb[BTB_SETS][BTB_WAYS];
    uint8_t btb_lru[BTB_SETS]; /* the way to replace next */
    uint64_t ras[RAS_DEPTH];   /* return addresses + 1; 0: invalid */
    /* the history of the transfers the BTB predicted, as they went: the RTL's execute-side ghr,
     * which a flush restores the fetch side's to */
    uint8_t ghr;
    uint8_t fghr;      /* the fetch side's history: indexes the BHT */
    uint8_t stale_ghr; /* the fetch history as it was when the last flush came */
    uint32_t restart;  /* the pc fetched right after that flush, + 1; 0: none pending */
    /* accesses of the current block that went to the DCCM or PIC (data_access hook) */
    unsigned dccm_accesses;
    unsigned store_tail; /* cycles since the last external store (store_tail of data_cost_t) */
    uint32_t load_tail;  /* external loads whose results were still to come when the last block
                          * ended (load_tail of data_cost_t) */
    bool late_load;      /* the last block ended with a late load (late_tail of data_cost_t) */
    uint32_t last_store; /* the last external access if a store the last block kept the base of */
    /* fetch buffer (fetch-stall cycles, event 28): the fetch groups in it (the RTL's fb_write_f),
     * whether a fetch is in the F stage (ifc_fetch_req_f), the end of the fetch group holding the
     * next byte to decode + 1 (0: redirected since), and the divide stalls of the current block
     * (cycles after instruction k) */
    unsigned fb_groups;
    bool fb_fetch;
    uint64_t fb_bound;
    uint8_t div_wait[BLOCK_MAX_INSNS];
    unsigned misaligned_waits; /* misaligned external accesses of the current block */
    /* bus buffer (sb-wb-stall cycles, event 34): the cycles the accesses of earlier blocks still
     * count in it, from the current block's start */
    unsigned bus_carried;
    uint16_t bus_left[BUS_CARRIED];
    uint64_t fetch_addr; /* the fetch stream's last fetch address + 1; 0: redirected since */
    /* the addresses of the current block's loads and stores, in order, while the core sees
     * every access (hart_t.core_addr_events: D-bus transactions or busy cycles counted); the
     * next free entry is hart_t.addr_log_next (translated code logs main RAM's accesses) */
    uint32_t addr[BLOCK_MAX_INSNS];
    bool div_stalled;  /* a divide of the current block waited (div_wait is not all 0) */
    uint32_t memo_gen; /* the replay memos' generation (fetch_memo_t): blocks built */
    fetch_memo_t fetch_memo[MEMO_SLOTS];
    dbus_memo_t addr_memo[MEMO_SLOTS];  /* address_amounts */
    dbus_memo_t entry_memo[MEMO_SLOTS]; /* add_entry_amounts (rel, n_addr unused) */
    bus_memo_t bus_memo[MEMO_SLOTS];    /* bus_buffer_stalls */
    pair_memo_t pair_memo[MEMO_SLOTS];  /* stalls_memo */
    uint32_t retire_gen; /* I-cache fills and invalidations, BTB writes, blocks built (retire_memo_t) */
    retire_memo_t retire_memo[MEMO_SLOTS];
    retire_ev_memo_t retire_ev[MEMO_SLOTS][2]; /* beside retire_memo, slot for slot */
    uint8_t retire_ev_lru[MEMO_SLOTS];         /* the way to record into next */
    /* while the model records an execution for retire_ev: the amounts it adds (add_amount) */
    bool tap, tap_other; /* tap_other: an amount of another event */
    int64_t tap_amount[EVM_N];
    /* whether no min/max slot counts a RETIRE_MEMO_EVENTS event, for this configuration */
    evset_t evm_interest;
    unsigned evm_n_amount;
    bool evm_sums;
    /* the events memo's use: hits in the current window of EV_WINDOW retirements, the
     * retirements left that go straight to the model after a window with too few hits, and how
     * many windows in a row had too few */
    uint32_t ev_window, ev_hits, ev_skip, ev_misses;
};

/* The data side's entry state a retire memo is keyed by and leaves, store_tail and load_tail, as
 * one word (one compare, one store); late_load apart. */
_Static_assert(sizeof(unsigned) == 4 &&
                   offsetof(veer_timing_t, load_tail) == offsetof(veer_timing_t, store_tail) + 4,
               "store_tail, load_tail side by side");
static inline uint64_t data_state(const veer_timing_t *s)
{
    uint64_t d;
    memcpy(&d, (const char *)s + offsetof(veer_timing_t, store_tail), sizeof d);
    return d;
}

static inline void set_data_state(veer_timing_t *s, uint64_t d)
{
    memcpy((char *)s + offsetof(veer_timing_t, store_tail), &d, sizeof d);
}

/* data_state of a store_tail and a load_tail */
static uint64_t data_pack(unsigned store_tail, uint32_t load_tail)
{
    struct {
        unsigned store_tail;
        uint32_t load_tail;
    } x = { store_tail, load_tail };
    uint64_t d;
    _Static_assert(sizeof x == sizeof d, "two words");
    memcpy(&d, &x, sizeof d);
    return d;
}

/* Both histories side by side (retire_memo_t.went): one shift for the two. */
_Static_assert(offsetof(veer_timing_t, fghr) == offsetof(veer_timing_t, ghr) + 1, "ghr, fghr side by side");

static bool external(uint64_t addr);

veer_timing_t *veer_timing_new(void)
{
    veer_timing_t *t = calloc(1, sizeof(veer_timing_t));
    if (t) { /* the RTL's counters reset to 2'b00: weakly not taken */
        memset(t->bht, 1, sizeof t->bht);
        t->fb_groups = FB_STEADY;
        t->fb_fetch = true;
    }
    return t;
}

void veer_timing_attach(hart_t *h, veer_timing_t *t)
{
    h->addr_log_next = t->addr;
    h->addr_log_end = t->addr + BLOCK_MAX_INSNS;
    /* veer_timing_data_access only logs an aligned access to main RAM if it is all external */
    h->addr_log_ram = h->ram_size && external(h->ram_base) && external(h->ram_base + h->ram_size - 1);
}

void veer_timing_detach(hart_t *h)
{
    h->addr_log_next = h->addr_log_end = NULL;
    h->addr_log_ram = false;
}

void veer_timing_free(veer_timing_t *t)
{
    free(t);
}

/* veer_timing_of, inline on the paths run for every block */
static inline veer_timing_t *timing_of(const hart_t *h)
{
    const veer_core_state_t *s = h->core_state;
    return s ? s->timing : NULL;
}

static __attribute__((noinline)) void tap_amount(veer_timing_t *s, unsigned ev, uint64_t n)
{
    for (unsigned k = 0; k < EVM_N; k++)
        if (ev == evm_event[k]) {
            s->tap_amount[k] += (int64_t)n;
            return;
        }
    s->tap_other = true;
}

static void add_amount(hart_t *h, evset_t ev, uint64_t n)
{
    if (n && (h->pmu.sum_interest & ev)) {
        pmu_commit_amount(&h->pmu, ev, n);
        veer_timing_t *s = timing_of(h);
        if (s->tap) /* recording a retire_ev_memo_t */
            tap_amount(s, evset_first(ev), n);
    }
}

/* ---- static costs -------------------------------------------------------------------------- */

static bool is_mem(evset_t ev)
{
    return (ev & (EVBIT(LOAD) | EVBIT(STORE))) && !(ev & EVBIT(ATOMIC));
}

/* The data side of a block, scheduled statically: each instruction issues one cycle after the
 * previous one, or when its source registers are ready; an external load's result is ready
 * EXT_LOAD_LATENCY cycles after it issues (a DCCM load's, like an ALU result, one cycle after),
 * one cycle later if an external store issued up to STORE_SHADOW cycles before it, or up to
 * STORE_IBUF_CYCLES before it with no external access in between (the store still in the input
 * buffer: the load in the m stage drains it, ibuf_force_drain, and cannot bypass the bus buffer
 * then, ibuf_buf_byp, so its command goes out a cycle after the store's). An external
 * load right after an external store waits STORE_LOAD_CYCLES (STORE_LOAD_SAME_CYCLES to the same
 * bus word); an external access right after another of its kind to a different bus word (8
 * bytes; stores: a different word) waits BUS_QUEUE_CYCLES, stores to the same word back to back
 * coalesce, two loads of one bus word are one transaction. `dccm` marks the accesses that went
 * to the DCCM or PIC (bit k: instruction k); `entry_store`: an external store issued that many
 * cycles before the block's first instruction (0: none within STORE_SHADOW), ENTRY_ALONE added if
 * no external access followed it (then up to STORE_IBUF_CYCLES). */
typedef struct data_cost {
    unsigned cycles; /* beyond one per instruction */
    unsigned queue;  /* of which bus queueing */
    unsigned transactions;
    unsigned busy;       /* D-bus busy cycles */
    unsigned store_tail; /* cycles from the last external store to the block's end, if at most
                          * STORE_SHADOW, or at most STORE_IBUF_CYCLES with ENTRY_ALONE added if
                          * no external access followed it; else 0 */
    uint32_t load_tail;  /* up to two external loads whose results come after the block's end,
                          * 16 bits each: the register (bits 0-4) and the cycles after the end
                          * (bits 8-15); 0: none */
    bool late_tail;      /* the last external access a late load, 2 cycles before the end
                          * (ENTRY_LATE) */
} data_cost_t;

/* In an entry state (data_cost_addr's entry_store): the store was the last external access;
 * ENTRY_LATE: the last external access was a load whose command went out a cycle late (the
 * store's drain, above), issued 2 cycles before the block's first instruction. */
enum { ENTRY_ALONE = 0x80, ENTRY_LATE = 0x100 };

static bool same_bus_word(const block_t *b, unsigned j, unsigned k)
{
    const dinsn_t *p = &b->insn[j], *d = &b->insn[k];
    bool base_kept = p->rs1 == d->rs1 && !((b->events[j] & EVBIT(LOAD)) && p->rd == d->rs1);
    for (unsigned i = j + 1; i < k && base_kept; i++)
        base_kept = b->insn[i].rd != d->rs1;
    if (!base_kept)
        return false;
    if ((b->events[k] & EVBIT(STORE)) && (b->events[j] & EVBIT(STORE)))
        return p->imm == d->imm;
    return (p->imm >> 3) == (d->imm >> 3);
}

/* Two accesses of one 8-byte bus word: the same base register, kept, and offsets in the same
 * 8 bytes. */
static bool same_bus_word8(const block_t *b, unsigned j, unsigned k)
{
    const dinsn_t *p = &b->insn[j], *d = &b->insn[k];
    bool base_kept = p->rs1 == d->rs1 && p->rd != d->rs1;
    for (unsigned i = j + 1; i < k && base_kept; i++)
        base_kept = b->insn[i].rd != d->rs1;
    return base_kept && (d->imm >> 3) == (p->imm >> 3);
}

/* The schedule of a block's data side: the cycles each instruction waits to issue beyond one per
 * cycle, and when its external access (if any) issues, from the block's start. */
typedef struct data_sched {
    uint8_t wait[BLOCK_MAX_INSNS];
    int16_t issue[BLOCK_MAX_INSNS]; /* -1: not an external access */
    bool store[BLOCK_MAX_INSNS];
    unsigned end; /* the block's cycles */
} data_sched_t;

/* Accesses j and k in one bus word, from their addresses: stores coalesce in the input buffer
 * within a 4-byte word (ibuf_merge_en: addr[31:2]), a load is not sent when the load before it
 * is in the same 8-byte word (obuf_nosend_in: addr[31:3]). */
static bool same_word_addr(const block_t *b, const uint32_t *addr, unsigned j, unsigned k)
{
    if ((b->events[k] & EVBIT(STORE)) && (b->events[j] & EVBIT(STORE)))
        return addr[j] >> 2 == addr[k] >> 2;
    return addr[j] >> 3 == addr[k] >> 3;
}

/* An external store `gap` cycles back still delays a load (the shadow, or the input buffer when
 * no external access followed it: `alone`). */
static bool store_in_reach(uint32_t gap, bool alone)
{
    return gap <= STORE_SHADOW || (alone && gap <= STORE_IBUF_CYCLES);
}

/* addr: the address of each access (by instruction), or NULL: the bus words are guessed from the
 * base registers and offsets (same_bus_word, same_bus_word8). */
static data_cost_t data_cost_addr(const block_t *b, uint64_t dccm, unsigned entry_store, data_sched_t *sched,
                                  const uint32_t *addr)
{
    data_cost_t c = { 0, 0, 0, 0, 0, 0, false };
    uint32_t ready[33] = { 0 };
    /* times are offset by STORE_IBUF_CYCLES so that a store before the block has a time >= 0 */
    uint32_t t = STORE_IBUF_CYCLES, prev_mem = 0, last_store = 0;
    bool alone = (entry_store & ENTRY_ALONE) != 0; /* the last external store still in the ibuf */
    /* the last external access, if a load whose command went out a cycle late: when it issued */
    bool late = (entry_store & ENTRY_LATE) != 0;
    uint32_t late_st = t - 2;
    unsigned late_k = BLOCK_MAX_INSNS;
    entry_store &= ~(unsigned)(ENTRY_ALONE | ENTRY_LATE);
    bool prev_ext = false, prev_store = false, have_store = entry_store != 0, entry = false;
    unsigned prev_k = 0;
    bool merged = false;
    if (have_store) {
        last_store = prev_mem = t - entry_store;
        prev_ext = prev_store = entry = entry_store == 1; /* the store right before the block */
    }
    for (unsigned k = 0; k < b->n_insns; k++) {
        const dinsn_t *d = &b->insn[k];
        evset_t ev = b->events[k];
        uint32_t st = t;
        bool busy_here = false; /* the access found the bus busy (one cycle at most) */
        if (ready[d->rs1] > st)
            st = ready[d->rs1];
        if (ready[d->rs2] > st)
            st = ready[d->rs2];
        bool mem = is_mem(ev), ext = mem && !((dccm >> k) & 1);
        bool store = (ev & EVBIT(STORE)) != 0;
        if (ext) {
            bool adjacent = prev_ext && prev_mem + 1 >= st;
            bool same = adjacent && !entry && prev_store == store &&
                        (addr ? same_word_addr(b, addr, prev_k, k) : same_bus_word(b, prev_k, k));
            c.transactions += !same;
            unsigned wait = 0;
            if (adjacent && prev_store && !store)
                wait = !entry && same_bus_word(b, prev_k, k) ? STORE_LOAD_SAME_CYCLES : STORE_LOAD_CYCLES;
            else if (adjacent && prev_store == store && !same)
                wait = BUS_QUEUE_CYCLES;
            if (wait && prev_mem + 1 + wait > st) {
                c.queue += prev_mem + 1 + wait - st;
                st = prev_mem + 1 + wait;
            }
            /* D-bus busy: a store right after a store to another bus word, a load right after a
             * load of another bus word that was not merged with the one before it */
            bool word_change =
                !entry && !(addr ? addr[prev_k] >> 3 == addr[k] >> 3 : same_bus_word8(b, prev_k, k));
            busy_here = adjacent && prev_store == store && (entry || word_change) && (store || !merged);
            c.busy += busy_here;
            merged = same;
            prev_mem = st;
            prev_k = k;
            entry = false;
        }
        if (!ext)
            entry = false;
        prev_ext = ext;
        if (ext)
            prev_store = store;
        if (sched) {
            sched->wait[k] = (uint8_t)(st - t > 255 ? 255 : st - t);
            /* a store merged with the one before it takes no entry of its own (the input
             * buffer coalesces it) */
            sched->issue[k] = ext && !(store && merged) ? (int16_t)(st - STORE_IBUF_CYCLES) : -1;
            sched->store[k] = store;
        }
        t = st + 1;
        unsigned lat = 1;
        bool drained = false;
        if (ext && !store) {
            drained = have_store && store_in_reach(st - last_store, alone);
            lat = EXT_LOAD_LATENCY + drained;
            /* a load 2 cycles after a late one, in another bus word: the two commands would go
             * out back to back, and the second finds the read address channel busy (once: a load
             * that queued right behind the late one was counted busy above) */
            if (late && st == late_st + 2 &&
                (late_k == BLOCK_MAX_INSNS ||
                 !(addr ? addr[late_k] >> 3 == addr[k] >> 3 : same_bus_word8(b, late_k, k)))) {
                lat++;
                c.busy += !busy_here;
            }
        }
        if (ext && store) {
            last_store = st;
            have_store = true;
        }
        if (ext) {
            alone = store;
            late = drained && st - last_store > STORE_SHADOW;
            late_st = st;
            late_k = k;
        }
        ready[d->rd] = st + lat;
        ready[0] = 0;
    }
    /* up to two registers an external load writes after the block's end, the later first */
    unsigned tail = 0;
    for (unsigned r = 1; r < 32 && tail < 2; r++) {
        if (ready[r] <= t)
            continue;
        uint32_t e = (ready[r] - t > 255 ? 255 : ready[r] - t) << 8 | r;
        if (tail == 1 && (e >> 8) > (c.load_tail >> 8 & 0xFF))
            c.load_tail = c.load_tail << 16 | e;
        else
            c.load_tail |= e << (16 * tail);
        tail++;
    }
    c.late_tail = late && late_st + 2 == t;
    c.cycles = t - STORE_IBUF_CYCLES - b->n_insns;
    if (sched)
        sched->end = t - STORE_IBUF_CYCLES;
    if (have_store && store_in_reach(t - last_store, alone))
        c.store_tail = (t - last_store) | (alone ? ENTRY_ALONE : 0);
    return c;
}

static data_cost_t data_cost_wait(const block_t *b, uint64_t dccm, unsigned entry_store, data_sched_t *sched)
{
    return data_cost_addr(b, dccm, entry_store, sched, NULL);
}

static data_cost_t data_cost(const block_t *b, uint64_t dccm, unsigned entry_store)
{
    return data_cost_wait(b, dccm, entry_store, NULL);
}

static bool csr_postsync(unsigned csr)
{
    switch (csr) {
    case 0x300: /* mstatus */
    case 0x305: /* mtvec */
    case 0x341: /* mepc */
    case 0x7C0: /* mrac */
    case 0x7C2: /* mcpc */
    case 0x7C4: /* dmst */
    case 0x320: /* mcountinhibit */
    case 0x7F9: /* mfdc */
    case 0x7A1: /* mtdata1 */
    case 0x7A2: /* mtdata2 */ return true;
    default: return false;
    }
}

static bool csr_presync(unsigned csr)
{
    return csr == 0xB02 || csr == 0xB82 || (csr >= 0xB03 && csr <= 0xB06) || (csr >= 0xB83 && csr <= 0xB86) ||
           csr == 0x7C2 || csr == 0x320 || csr == 0x7F9 || csr == 0x7A1;
}

/* The cycles of the block's CSR instruction (always its last one), beyond its own. */
static unsigned csr_cycles(const block_t *b, unsigned k, unsigned *pre, unsigned *post)
{
    evset_t ev = b->events[k];
    unsigned csr = (unsigned)b->insn[k].imm & 0xFFF;
    *pre = csr_presync(csr) ? PRESYNC_CYCLES : 0;
    *post = !(ev & EVBIT(CSR_READ)) && csr_postsync(csr) ? POSTSYNC_CYCLES : 0;
    return *pre + *post;
}

static uint64_t groups(uint64_t lo, uint64_t hi);
static unsigned btb_set(uint64_t pos);

/* The presync and postsync wait cycles of block b: its CSR instruction (always a block's last),
 * fences. */
static void static_sync_cycles(const block_t *b, unsigned *pre, unsigned *post)
{
    evset_t last = b->events[b->n_insns - 1];
    if (last & (EVBIT(CSR_READ) | EVBIT(CSR_RW) | EVBIT(CSR_WRITE)))
        csr_cycles(b, b->n_insns - 1, pre, post);
    for (unsigned k = 0; k < b->n_insns; k++) {
        if (b->events[k] & EVBIT(FENCE))
            *pre += FENCE_CYCLES;
        else if (b->events[k] & EVBIT(FENCEI)) {
            *pre += FENCEI_SYNC_CYCLES;
            *post += FENCEI_SYNC_CYCLES;
        }
    }
}

static uint32_t store_desc(const dinsn_t *d)
{
    return 0x80000000u | (uint32_t)d->rs1 << 24 | ((uint32_t)d->imm & 0xFFFFFF);
}

/* The D-bus amounts of a block entered with an external store 1-3 cycles before it (ce), less
 * those entered without (c0), packed in a core word: dbus-transactions, sb-wb-stall and
 * dbus-busy cycles as signed bytes 0-2 (decode-stall cycles: `more`, core_word[0]); ENTRY_COMPUTE
 * if one does not fit, and block_retired computes them. */
enum { ENTRY_COMPUTE = 1u << 24 };

static bool fits_i8(unsigned a, unsigned b)
{
    int d = (int)a - (int)b;
    return d >= -128 && d <= 127;
}

static uint32_t entry_deltas(const data_cost_t *ce, const data_cost_t *c0, unsigned more)
{
    if (more > 254 || !fits_i8(ce->transactions, c0->transactions) || !fits_i8(ce->queue, c0->queue) ||
        !fits_i8(ce->busy, c0->busy))
        return ENTRY_COMPUTE;
    return (uint32_t)(uint8_t)(ce->transactions - c0->transactions) |
           (uint32_t)(uint8_t)(ce->queue - c0->queue) << 8 | (uint32_t)(uint8_t)(ce->busy - c0->busy) << 16;
}

void veer_timing_block_built(hart_t *h, block_t *b, const decoded_insn_t *dec, unsigned n)
{
    (void)dec;
    (void)n;
    veer_timing_t *s = timing_of(h);
    if (!s)
        return;
    s->memo_gen++; /* b may take the memory of a dropped block: forget every memo */
    s->retire_gen++;
    data_cost_t c0 = data_cost(b, 0, 0);
    uint32_t cyc = c0.cycles;
    /* core_word[0]: the extra cycles if an external store issued 1, 2, 3 cycles before the
     * block (bytes 0-2) and the block's own store tail (byte 3); [1], [2]: the first and last
     * external access if it is a store whose base register the block keeps (coalescing);
     * [3], [4], [5]: the D-bus amounts in those three entry states (entry_deltas) */
    uint32_t w0 = c0.store_tail << 24;
    for (unsigned e = 1; e <= STORE_SHADOW; e++) {
        data_cost_t ce = data_cost(b, 0, e);
        unsigned more = ce.cycles - c0.cycles;
        w0 |= (more > 255 ? 255 : more) << (8 * (e - 1));
        b->core_word[2 + e] = entry_deltas(&ce, &c0, more);
    }
    /* bits 25-30 of [3], [4], [5]: the cycles the store adds if it was the last external access
     * (ENTRY_ALONE), 1-3, 4-6, 7-9 cycles before the block (2 bits each: at most 1, as it delays
     * one load's result by a cycle) */
    uint32_t late = c0.late_tail; /* [7] bits 21-30: late_tail entered without, ALONE 1-9 */
    for (unsigned e = 1; e <= STORE_IBUF_CYCLES; e++) {
        data_cost_t ca = data_cost(b, 0, e | ENTRY_ALONE), cn = data_cost(b, 0, e);
        unsigned far = ca.cycles - cn.cycles;
        b->core_word[3 + (e - 1) / 3] |= (far > 3 ? 3u : far) << (25 + 2 * ((e - 1) % 3));
        late |= (uint32_t)ca.late_tail << e;
        if (e <= STORE_SHADOW) /* bit 31 of [3], [4], [5]: late_tail entered without ALONE */
            b->core_word[2 + e] |= (uint32_t)cn.late_tail << 31;
    }
    b->core_word[0] = w0;
    b->core_word[1] = b->core_word[2] = 0;
    /* [6]: the block's load tail; [7]: when its instructions 0-6 issue, in its own schedule,
     * beyond one per cycle (3 bits each: load_wait), and the late tails above */
    b->core_word[6] = c0.load_tail;
    b->core_word[7] = late << 21;
    if ((b->events[0] & EVBIT(LOAD)) && is_mem(b->events[0])) /* bit 31: the cycle ENTRY_LATE adds */
        b->core_word[7] |= (uint32_t)(data_cost(b, 0, ENTRY_LATE).cycles - c0.cycles != 0) << 31;
    data_sched_t sched;
    data_cost_wait(b, 0, 0, &sched);
    for (unsigned k = 0, slip = 0; k < b->n_insns && k < 7; k++) {
        slip += sched.wait[k];
        b->core_word[7] |= (slip > 7 ? 7u : slip) << (3 * k);
    }
    for (unsigned k = 0, first = 1; k < b->n_insns; k++) {
        if (!is_mem(b->events[k]))
            continue;
        bool kept = true;
        for (unsigned j = 0; j < k && first && kept; j++)
            kept = b->insn[j].rd != b->insn[k].rs1;
        if (first && kept && (b->events[k] & EVBIT(STORE)))
            b->core_word[1] = store_desc(&b->insn[k]);
        first = 0;
        kept = true;
        for (unsigned j = k + 1; j < b->n_insns && kept; j++)
            kept = b->insn[j].rd != b->insn[k].rs1;
        b->core_word[2] = kept && (b->events[k] & EVBIT(STORE)) ? store_desc(&b->insn[k]) : 0;
    }
    /* Amounts the same for every execution of the block, counted with its executions
     * (block_t.amount, the lazy count): its presync and postsync waits, its fetch groups (less
     * the missed ones, fetch_block), and the D-bus amounts of its data side with no external
     * store just before it and every access external (block_retired adds the difference when
     * it runs otherwise). */
    unsigned sync_pre = 0, sync_post = 0;
    static_sync_cycles(b, &sync_pre, &sync_post);
    const struct {
        unsigned ev, amount;
    } amounts[] = {
        { EV_TM_PRESYNC_STALL, sync_pre },
        { EV_TM_POSTSYNC_STALL, sync_post },
        { EV_TM_DECODE_STALL, sync_pre + sync_post + c0.cycles },
        { EV_TM_ICACHE_HIT, (unsigned)groups(b->pc, b->end_pc) },
        { EV_TM_DBUS_TRANS, c0.transactions },
        { EV_TM_DBUS_BUSY, c0.busy },
    };
    _Static_assert(sizeof amounts / sizeof amounts[0] <= BLOCK_AMOUNTS, "block_t.amount");
    b->n_amounts = 0;
    for (unsigned k = 0; k < sizeof amounts / sizeof amounts[0]; k++)
        block_add_amount(b, amounts[k].ev, amounts[k].amount);
    for (unsigned k = 0; k < b->n_insns; k++) {
        evset_t ev = b->events[k];
        if (ev & (EVBIT(CSR_READ) | EVBIT(CSR_RW) | EVBIT(CSR_WRITE))) {
            unsigned pre, post;
            cyc += csr_cycles(b, k, &pre, &post);
        } else if (ev & EVBIT(FENCE))
            cyc += FENCE_CYCLES;
        else if (ev & EVBIT(FENCEI))
            cyc += FENCEI_CYCLES;
        else if (ev & EVBIT(MRET))
            cyc += MRET_CYCLES;
        else if (ev & (EVBIT(ECALL) | EVBIT(EBREAK)))
            cyc += TRAP_CYCLES;
    }
    b->stall_cycles = cyc;
    b->timed = 1;
    evset_t last = b->events[b->n_insns - 1];
    const dinsn_t *d = &b->insn[b->n_insns - 1];
    uint64_t pc = b->pc + b->info[b->n_insns - 1].pcoff;
    uint32_t xfer = (last & EVBIT(BRANCH))                ? XFER_BRANCH
                    : (last & EVBIT(JUMP_UNPRED))         ? XFER_UNPRED
                    : (last & EVBIT(RETURN))              ? XFER_RETURN
                    : (last & (EVBIT(JAL) | EVBIT(JALR))) ? XFER_JUMP
                                                          : XFER_NONE;
    if (last & (EVBIT(JAL) | EVBIT(JALR)))
        xfer |= XFER_JAL_JALR;
    if (last & (EVBIT(FENCEI) | EVBIT(MRET) | EVBIT(ECALL) | EVBIT(EBREAK)))
        xfer |= XFER_FLUSH;
    if (last & EVBIT(FENCEI))
        xfer |= XFER_FENCEI;
    b->core_word[8] = (uint32_t)pc;
    b->core_word[9] = xfer | btb_set(pc + d->len - 2) << XFER_SET_SHIFT;
}

/* ---- fetch: the I-cache -------------------------------------------------------------------- */

static void icache_invalidate(veer_timing_t *s)
{
    memset(s->ic_tag, 0, sizeof s->ic_tag);
    s->last_line = 0;
    s->retire_gen++;
}

/* Looks up one line; returns true on a hit, fills it on a miss. */
static bool icache_access(veer_timing_t *s, uint64_t line)
{
    unsigned set = (unsigned)line & (IC_SETS - 1);
    uint64_t tag = line + 1;
    for (unsigned w = 0; w < IC_WAYS; w++)
        if (s->ic_tag[set][w] == tag) {
            s->ic_lru[set] = (uint8_t)(w ^ 1);
            return true;
        }
    unsigned w = s->ic_lru[set];
    s->ic_tag[set][w] = tag;
    s->ic_lru[set] = (uint8_t)(w ^ 1);
    s->retire_gen++;
    return false;
}

static uint64_t groups(uint64_t lo, uint64_t hi)
{
    return hi > lo ? ((hi - 1) >> 2) - (lo >> 2) + 1 : 0;
}

/* The cost and events of `misses` I-cache misses that cost `cycles`. */
static __attribute__((noinline)) void account_misses(hart_t *h, unsigned misses, unsigned cycles)
{
    h->stall_cycles += cycles;
    add_amount(h, EVBIT(TM_ICACHE_MISS), misses);
    add_amount(h, EVBIT(TM_IBUS_TRANS), (uint64_t)misses * IBUS_PER_MISS);
    add_amount(h, EVBIT(TM_IBUS_BUSY), (uint64_t)misses * IBUS_BUSY_PER_MISS);
    add_amount(h, EVBIT(TM_FETCH_STALL), cycles);
}

/* Looks up the lines of the bytes lo..hi-1 and accounts misses and their cycles; returns the
 * 4-byte fetch groups of lo..hi-1 that lie in missed lines (those come from the fill buffer and
 * are not I-cache hits). */
static __attribute__((noinline)) uint64_t fetch_lines_any(hart_t *h, veer_timing_t *s, uint64_t lo,
                                                          uint64_t hi)
{
    uint64_t first = lo >> 6, last = (hi - 1) >> 6, missed = 0;
    unsigned misses = 0, cycles = 0;
    for (uint64_t line = first; line <= last; line++) {
        if (line + 1 == s->last_line)
            continue;
        /* the line after the last one fetched, or the same one again */
        bool sequential = line == s->prev_line || line + 1 == s->prev_line;
        s->last_line = s->prev_line = line + 1;
        if (icache_access(s, line))
            continue;
        misses++;
        cycles += sequential ? ICACHE_MISS_CYCLES : ICACHE_MISS_REDIRECT_CYCLES;
        uint64_t a = line == first ? lo : line << 6, z = line == last ? hi : (line + 1) << 6;
        missed += groups(a, z);
    }
    if (misses)
        account_misses(h, misses, cycles);
    return missed;
}

/* fetch_lines_any, its usual case inline: bytes in one line that hits. */
static inline uint64_t fetch_lines(hart_t *h, veer_timing_t *s, uint64_t lo, uint64_t hi)
{
    uint64_t line = lo >> 6;
    if (line != (hi - 1) >> 6)
        return fetch_lines_any(h, s, lo, hi);
    if (line + 1 == s->last_line)
        return 0;
    bool sequential = line == s->prev_line || line + 1 == s->prev_line;
    s->last_line = s->prev_line = line + 1;
    if (icache_access(s, line))
        return 0;
    account_misses(h, 1, sequential ? ICACHE_MISS_CYCLES : ICACHE_MISS_REDIRECT_CYCLES);
    return groups(lo, hi);
}

/* The fetch of a block that has run: its first line was looked up when control reached it
 * (fetch_entry), unless it was entered otherwise (a trap, the start of a run). */
static void fetch_block(hart_t *h, veer_timing_t *s, const block_t *b)
{
    /* The groups of a whole block are counted with its executions (block_t.amount): here the
     * missed ones are taken back (modulo 2^64), and block_retired adds those of a partial one. */
    uint64_t lo = b->pc;
    if (b->pc == s->entered) {
        uint64_t line_end = ((b->pc >> 6) + 1) << 6;
        if (s->entry_missed)
            add_amount(h, EVBIT(TM_ICACHE_HIT),
                       0 - groups(b->pc, line_end < b->end_pc ? line_end : b->end_pc));
        lo = line_end;
    }
    if (lo < b->end_pc)
        add_amount(h, EVBIT(TM_ICACHE_HIT), 0 - fetch_lines(h, s, lo, b->end_pc));
}

/* Control reaches `pc`: the first line of the next block is fetched now, so that its cost and
 * events precede the block's own instructions. */
static void fetch_entry(hart_t *h, veer_timing_t *s, uint64_t pc)
{
    s->entered = pc;
    if ((pc >> 6) + 1 == s->last_line) { /* the same line again: nothing to look up */
        s->entry_missed = false;
        return;
    }
    s->entry_missed = fetch_lines(h, s, pc, ((pc >> 6) + 1) << 6) != 0;
}

/* ---- control flow: the branch predictor ---------------------------------------------------- */

/* The BTB set of the 4-byte fetch group holding `pos` (the RTL's el2_btb_addr_hash). */
static unsigned btb_set(uint64_t pos)
{
    return (unsigned)(((pos >> 2) ^ (pos >> 10) ^ (pos >> 18)) & (BTB_SETS - 1));
}

/* A flush: the fetch history is restored to the executed one, but only after the fetch at the
 * restart address, which still reads the BHT with the history as the flush left it
 * (`stale_ghr`) and whose predicted transfers are not shifted in (the RTL's fghr_ns takes the
 * restore value in the cycle after exu_flush_final, while that cycle's fetch uses the old fghr). */
static void flush_history(veer_timing_t *s, uint8_t stale, uint64_t next_pc)
{
    s->fetch_addr = 0;
    s->fb_groups = FB_AFTER_FLUSH;
    s->fb_fetch = true;
    s->fb_bound = 0;
    s->stale_ghr = stale;
    s->fghr = s->ghr;
    s->restart = (uint32_t)next_pc + 1;
}

static void mispredict(hart_t *h, const block_t *b, unsigned k, bool counted)
{
    h->stall_cycles += MISPREDICT_CYCLES;
    if (counted && (h->pmu.dyn_interest & EVBIT(BR_MISPREDICT)))
        pmu_commit_events(&h->pmu, EVBIT(BR_MISPREDICT), b->events[k]);
}

/* The BTB way holding the transfer at `pc` (seen at `pos`), or -1. */
static int btb_lookup(veer_timing_t *s, unsigned set, uint64_t pc)
{
    for (int w = 0; w < BTB_WAYS; w++)
        if (s->btb[set][w].pc == (uint32_t)pc + 1) {
            s->btb_lru[set] = (uint8_t)(w ^ 1);
            return w;
        }
    return -1;
}

static btb_entry_t *btb_write(veer_timing_t *s, unsigned set, uint64_t pc, const dinsn_t *d, evset_t ev,
                              uint64_t target)
{
    unsigned w = s->btb_lru[set];
    for (unsigned v = 0; v < BTB_WAYS; v++)
        if (!s->btb[set][v].pc) {
            w = v;
            break;
        }
    s->btb_lru[set] = (uint8_t)(w ^ 1);
    s->retire_gen++;
    btb_entry_t *e = &s->btb[set][w];
    e->pc = (uint32_t)pc + 1;
    e->target = (uint32_t)target;
    e->len = d->len;
    e->kind = (ev & EVBIT(BRANCH))         ? BTB_BRANCH
              : (ev & EVBIT(RETURN))       ? BTB_RET
              : (d->rd == 1 || d->rd == 5) ? BTB_CALL
                                           : BTB_JUMP;
    return e;
}

/* The return stack as the RTL's el2_ifu_bp_ctl builds it: a push shifts every entry down (the
 * last one falls off), a pop shifts them up and leaves the last one as it was. */
/* A BHT counter learns a predicted branch's outcome (2 bits, saturating). */
static void bht_learn(uint8_t *ctr, bool taken)
{
    if (taken && *ctr < 3)
        (*ctr)++;
    else if (!taken && *ctr > 0)
        (*ctr)--;
}

static void ras_push(veer_timing_t *s, uint64_t addr)
{
    memmove(&s->ras[1], &s->ras[0], (RAS_DEPTH - 1) * sizeof s->ras[0]);
    s->ras[0] = addr + 1;
}

static uint64_t ras_pop(veer_timing_t *s)
{
    uint64_t top = s->ras[0];
    memmove(&s->ras[0], &s->ras[1], (RAS_DEPTH - 1) * sizeof s->ras[0]);
    return top;
}

/* The return stack shifted by one entry in place, down (a push: ras[0] then to be written) or
 * up (a pop), by fixed-size copies: a retire memo's replay (ras_push and ras_pop elsewhere). */
static inline void ras_shift(veer_timing_t *s, bool down)
{
    uint64_t t[RAS_DEPTH - 1];
    memcpy(t, &s->ras[down ? 0 : 1], sizeof t);
    memcpy(&s->ras[down ? 1 : 0], t, sizeof t);
}

static uint64_t next_fetch(uint64_t a);

/* The fetches down the wrong path after a mispredicted transfer, until the flush: the return
 * stack is pushed and popped by the calls and returns the BTB predicts there (the RTL does not
 * repair it). WRONG_PATH_GROUPS fetch groups are fetched, following predicted transfers; a
 * group ends where the fetch stream's does (next_fetch: 4 bytes, or less at a line's end). */
static void wrong_path(veer_timing_t *s, uint64_t pc)
{
    unsigned budget = WRONG_PATH_GROUPS;
    while (budget) {
        /* the first transfer the BTB holds whose last halfword is fetched within the budget */
        btb_entry_t *hit = NULL;
        uint64_t at = pc, end = pc;
        for (; budget && !hit; budget--)
            for (end = next_fetch(end); at < end && !hit; at += 2) {
                unsigned set = btb_set(at);
                for (int w = 0; w < BTB_WAYS && !hit; w++) {
                    btb_entry_t *e = &s->btb[set][w];
                    if (e->pc && e->pc - 1 + e->len - 2 == at && e->pc - 1 >= pc)
                        hit = &s->btb[set][w];
                }
            }
        if (!hit)
            return;
        uint64_t start = hit->pc - 1;
        if (hit->kind == BTB_CALL) {
            ras_push(s, start + (hit->len == 2 ? 2 : 0));
            pc = hit->target;
        } else if (hit->kind == BTB_RET) {
            uint64_t top = ras_pop(s);
            if (!top)
                return;
            pc = top - 1;
        } else if (hit->kind == BTB_JUMP)
            pc = hit->target;
        else
            pc = at; /* a conditional branch: followed as not taken */
    }
}

static void predict(hart_t *h, veer_timing_t *s, const block_t *b, uint64_t next_pc, bool taken)
{
    uint32_t xfer = b->core_word[9];
    unsigned k = b->n_insns - 1, kind = xfer & XFER_KIND;
    const dinsn_t *d = &b->insn[k];
    uint64_t pc = b->core_word[8];
    /* the predictor sees a transfer at its last halfword (the RTL's fetch-group position) */
    uint64_t pos = pc + d->len - 2;
    unsigned set = xfer >> XFER_SET_SHIFT & (BTB_SETS - 1);
    int way = btb_lookup(s, set, pc);
    /* the fetch history this transfer is predicted with; a transfer in the fetch group at a
     * flush's restart address (4 bytes from it) is not shifted into it */
    uint8_t fghr = s->fghr;
    bool shift = true;
    if (s->restart) {
        if (s->restart - 1 == b->pc && pos - b->pc < 4) {
            fghr = s->stale_ghr;
            shift = false;
        }
        s->restart = 0;
    }
    if (kind == XFER_BRANCH) {
        /* gshare: the BTB set XOR the global history, and the halfword (el2_btb_ghr_hash) */
        uint8_t *ctr = &s->bht[(set ^ fghr) & (BHT_ROWS - 1)][(pos >> 1) & 1];
        bool predicted = way >= 0 && *ctr >= 2;
        if (way >= 0) { /* a predicted branch: its counter and the history learn the outcome */
            bht_learn(ctr, taken);
            s->ghr = (uint8_t)(s->ghr << 1 | taken);
            if (shift)
                s->fghr = (uint8_t)(s->fghr << 1 | predicted);
        } else if (taken) { /* the mispredict writes the counter it read, updated, and the BTB */
            if (*ctr < 3)
                (*ctr)++;
            btb_write(s, set, pc, d, b->events[k], next_pc);
        }
        if (predicted != taken) {
            mispredict(h, b, k, true);
            add_amount(h, EVBIT(TM_ICACHE_HIT), WRONG_PATH_HITS);
            flush_history(s, s->fghr, next_pc);
            wrong_path(s, predicted ? s->btb[set][way].target : pc + d->len);
        }
        return;
    }
    if (kind == XFER_UNPRED) { /* far jal, non-return jalr: resolved in the pipeline */
        mispredict(h, b, k, false);
        flush_history(s, s->fghr, next_pc);
        return;
    }
    if (way < 0) { /* a jal or return the BTB does not hold: predicted not taken */
        mispredict(h, b, k, true);
        flush_history(s, s->fghr, next_pc);
        btb_write(s, set, pc, d, b->events[k], next_pc);
        wrong_path(s, pc + d->len);
        return;
    }
    /* The fetch forces a jal or return the BTB holds taken, whatever its BHT counter says, but
     * unless it mispredicts it writes that counter when it commits (el2_ifu_bp_ctl bht_wr_en2,
     * dec_tlu_br0_v_r), with the new value of a taken transfer whose hist[1] the fetch forced
     * to 1: strongly taken. A conditional branch that shares the counter finds it so. */
    uint8_t *ctr = &s->bht[(set ^ fghr) & (BHT_ROWS - 1)][(pos >> 1) & 1];
    s->ghr = (uint8_t)(s->ghr << 1 | 1);
    if (shift)
        s->fghr = (uint8_t)(s->fghr << 1 | 1);
    if (kind == XFER_RETURN) {
        /* predicted to the return stack's top; with the stack empty, to the BTB entry's target
         * offset, which the RTL does not write for a return (it mispredicts) */
        uint64_t top = ras_pop(s);
        if (top - 1 == next_pc)
            *ctr = 3;
        else {
            mispredict(h, b, k, true);
            flush_history(s, s->fghr, next_pc);
            if (top)
                wrong_path(s, top - 1);
        }
        return;
    }
    *ctr = 3;
    if (d->rd == 1 || d->rd == 5) {
        /* a call pushes its fetch position plus 2 if it is compressed, plus 0 if not: the return
         * address after a 4-byte call is the call itself, and its return mispredicts */
        ras_push(s, pc + (d->len == 2 ? 2 : 0));
    }
}

static bool external(uint64_t addr)
{
    return (addr >> 28) != 0xF; /* RTL addr_external: outside the DCCM and PIC region */
}

/* Which of the block's accesses went to the DCCM or PIC (bit k: instruction k), knowing how many
 * did. An access whose base register no later instruction of the block writes has its address
 * in that register still; the others, if some are left to find, are taken in order, those not
 * based on sp first (the stack is in external memory in the usual layout). */
static __attribute__((noinline)) uint64_t dccm_mask(const hart_t *h, const block_t *b, unsigned count)
{
    uint64_t mask = 0, unknown = 0;
    for (unsigned k = 0; k < b->n_insns; k++) {
        if (!is_mem(b->events[k]))
            continue;
        unsigned base = b->insn[k].rs1;
        bool kept = b->insn[k].rd != base; /* a load into its own base register */
        for (unsigned j = k + 1; j < b->n_insns && kept; j++)
            kept = b->insn[j].rd != base;
        if (!kept)
            unknown |= 1ull << k;
        else if (!external((uint32_t)(h->x[base] + (uint64_t)(int64_t)b->insn[k].imm)) && count) {
            mask |= 1ull << k;
            count--;
        }
    }
    for (int pass = 0; pass < 2 && count; pass++)
        for (unsigned k = 0; k < b->n_insns && count; k++)
            if (((unknown >> k) & 1) && ((b->insn[k].rs1 == 2) == (pass == 1))) {
                unknown &= ~(1ull << k);
                mask |= 1ull << k;
                count--;
            }
    return mask;
}

/* The cycles a block adds when entered in the entry state `entry` (data_cost_addr's
 * entry_store): packed at block build (veer_timing_block_built). */
static unsigned entry_cycles(const block_t *b, unsigned entry)
{
    unsigned e = entry & ~(unsigned)ENTRY_ALONE, more = 0;
    if (e <= STORE_SHADOW)
        more = (b->core_word[0] >> (8 * (e - 1))) & 0xFF;
    if (entry & ENTRY_ALONE)
        more += (b->core_word[3 + (e - 1) / 3] >> (25 + 2 * ((e - 1) % 3))) & 3;
    return more;
}

/* A block entered with the external loads of `tail` (data_cost_t.load_tail) still to come: the
 * cycles its first instruction reading one of their registers waits for it beyond the cycle it
 * issues at in the block's own schedule (core_word[7]; a register written before it is read
 * needs nothing); *carry: the loads still to come at the block's end, if it is shorter than
 * their wait. */
static unsigned load_wait(const block_t *b, uint32_t tail, uint32_t *carry)
{
    unsigned wait = 0, n = 0;
    *carry = 0;
    for (; tail; tail >>= 16) {
        unsigned r = tail & 31, left = tail >> 8 & 0xFF, k = 0;
        for (; k < b->n_insns && k < left; k++) {
            const dinsn_t *d = &b->insn[k];
            if (d->rs1 == r || d->rs2 == r) {
                unsigned at = k + (b->core_word[7] >> (3 * (k < 7 ? k : 6)) & 7);
                wait = left > at && left - at > wait ? left - at : wait;
                break;
            }
            if (d->rd == r)
                break;
        }
        if (k == b->n_insns && left > k)
            *carry |= ((left - k) << 8 | r) << (16 * n++);
    }
    return wait;
}

/* Whether a block entered in the entry state `entry` ends with a late load (data_cost_t.late_tail),
 * packed at block build. */
static bool entry_late_tail(const block_t *b, unsigned entry)
{
    unsigned e = entry & ~(unsigned)(ENTRY_ALONE | ENTRY_LATE);
    if (!e)
        return b->core_word[7] >> 21 & 1;
    if (entry & ENTRY_ALONE)
        return b->core_word[7] >> (21 + e) & 1;
    return e <= STORE_SHADOW && b->core_word[2 + e] >> 31;
}

/* The amounts of the data side's cost: decode-stall, sb-wb-stall cycles, dbus-transactions,
 * dbus-busy cycles. */
#define DBUS_AMOUNTS \
    (EVBIT(TM_DBUS_TRANS) | EVBIT(TM_SB_STALL) | EVBIT(TM_DECODE_STALL) | EVBIT(TM_DBUS_BUSY))

/* The D-bus amounts of an execution whose data side cost c where base was counted. */
static void add_dbus(hart_t *h, const data_cost_t *c, const data_cost_t *base)
{
    add_amount(h, EVBIT(TM_DBUS_TRANS), (uint64_t)c->transactions - base->transactions);
    add_amount(h, EVBIT(TM_DECODE_STALL), (uint64_t)c->cycles - base->cycles);
    add_amount(h, EVBIT(TM_DBUS_BUSY), (uint64_t)c->busy - base->busy);
}

/* The D-bus amounts of a block entered in the entry state `entry` (data_cost_addr's
 * entry_store), beyond those of its executions (block_t.amount: entered without); `more`: the
 * cycles it adds (entry_cycles). */
static __attribute__((noinline)) void add_entry_amounts(hart_t *h, veer_timing_t *s, const block_t *b,
                                                        unsigned entry, unsigned more)
{
    unsigned e = entry & ~(unsigned)ENTRY_ALONE;
    uint32_t w = e <= STORE_SHADOW ? b->core_word[2 + e] : 0;
    if ((w & ENTRY_COMPUTE) || (entry & ENTRY_ALONE)) { /* ALONE: a late load may be busy */
        /* replayed once per block and entry state, from the memo after that */
        dbus_memo_t *m = &s->entry_memo[memo_slot(b, entry)];
        if (!(m->b == b && m->gen == s->memo_gen && m->entry == entry)) {
            data_cost_t ce = data_cost(b, 0, entry), c0 = data_cost(b, 0, 0);
            *m = (dbus_memo_t){ b,
                                { 0, 0 },
                                s->memo_gen,
                                (uint16_t)entry,
                                0,
                                (int32_t)(ce.transactions - c0.transactions),
                                (int32_t)(ce.cycles - c0.cycles),
                                (int32_t)(ce.busy - c0.busy) };
        }
        add_amount(h, EVBIT(TM_DBUS_TRANS), (uint64_t)(int64_t)m->transactions);
        add_amount(h, EVBIT(TM_DECODE_STALL), (uint64_t)(int64_t)m->cycles);
        add_amount(h, EVBIT(TM_DBUS_BUSY), (uint64_t)(int64_t)m->busy);
        return;
    }
    if (w & 0xFFFFFF) { /* most entry states change only the cycles */
        add_amount(h, EVBIT(TM_DBUS_TRANS), (uint64_t)(int64_t)(int8_t)(w & 0xFF));
        add_amount(h, EVBIT(TM_DBUS_BUSY), (uint64_t)(int64_t)(int8_t)(w >> 16 & 0xFF));
    }
    add_amount(h, EVBIT(TM_DECODE_STALL), more);
}

/* The RTL's next sequential fetch address (el2_ifu_ifc_ctl fetch_addr_next): 4 bytes on, in the
 * halfword phase of the redirect target, realigned when the stream enters the next line
 * (line_wrap clears fetch_addr_next_1). */
static uint64_t next_fetch(uint64_t a)
{
    uint64_t n = ((a >> 2) + 1) << 2;
    return ((n ^ a) >> 6) & 1 ? n : n | (a & 2);
}

/* The end of the fetch group holding the block's first byte + 1 (fb_bound): where the stream left
 * it if it runs on into the block, else the block's own first group (a redirect). */
static uint64_t fetch_bound(const veer_timing_t *s, const block_t *b)
{
    uint64_t bound = s->fb_bound;
    return bound <= b->pc || bound > b->pc + 4 ? next_fetch(b->pc) : bound;
}

/* The schedule of a block's data side (data_cost_wait) in the entry state `entry`. */
static void block_sched(const block_t *b, uint64_t dccm, unsigned entry, data_sched_t *sched)
{
    unsigned k = 0;
    while (k < b->n_insns && !is_mem(b->events[k]))
        k++;
    if (k < b->n_insns)
        data_cost_wait(b, dccm, entry, sched);
    else { /* no loads or stores: nothing waits */
        memset(sched->wait, 0, b->n_insns);
        memset(sched->issue, 0xFF, b->n_insns * sizeof sched->issue[0]);
        sched->end = b->n_insns;
    }
}

/* One decode cycle of the RTL's fetch-buffer balance (el2_ifu_ifc_ctl): `consumed` fetch groups
 * emptied by the instruction decoded in it (ifu_fb_consume1/2), 0 in a stall. A fetch-stall
 * cycle is one with the buffer full and nothing consumed (ifu_pmu_fetch_stall: fb_full_f and
 * neither consume); the fetch in the F stage adds a group (fb_left), and the next fetch request is
 * held while the buffer will be full and nothing is consumed (ifc_fetch_req_bf). */
static unsigned fb_cycle(veer_timing_t *s, unsigned consumed)
{
    unsigned stall = s->fb_groups == FB_GROUPS && !consumed;
    int next = (int)s->fb_groups - (int)consumed + s->fb_fetch;
    next = next < 0 ? 0 : next > FB_GROUPS ? FB_GROUPS : next;
    s->fb_fetch = !(next == FB_GROUPS && !consumed);
    s->fb_groups = (unsigned)next;
    return stall;
}

/* A decode stall of n cycles: the buffer fills, then every cycle is a fetch-stall cycle. */
static unsigned fb_stall(veer_timing_t *s, unsigned n)
{
    unsigned cycles = 0;
    for (; n && !(s->fb_groups == FB_GROUPS && !s->fb_fetch); n--)
        cycles += fb_cycle(s, 0);
    return cycles + n; /* full with no fetch under way: stays so */
}

/* The fetch-stall cycles of a block that ran whole (event 28, beyond I-cache misses), cycle by
 * cycle on the fetch buffer: each instruction that waits to issue (external load-to-use, bus
 * queueing), a divide, and the block's presync/postsync waits stall decode; an instruction that
 * is decoded empties the fetch groups whose last byte it holds (groups from the fetch stream's
 * addresses, fetch_addr_next; the group of a taken transfer ends with it). */
static unsigned fetch_stalls(veer_timing_t *s, const block_t *b, const data_sched_t *sched,
                             unsigned entry_wait, bool taken)
{
    const uint8_t *wait = sched->wait;
    unsigned cycles = 0;
    uint64_t bound = fetch_bound(s, b);
    if (entry_wait)
        cycles += fb_stall(s, entry_wait);
    for (unsigned k = 0; k < b->n_insns; k++) {
        if (wait[k])
            cycles += fb_stall(s, wait[k]);
        evset_t ev = b->events[k];
        if (ev & EVBIT(FENCE))
            cycles += fb_stall(s, FENCE_CYCLES);
        else if (ev & EVBIT(FENCEI))
            cycles += fb_stall(s, 2 * FENCEI_SYNC_CYCLES);
        else if (ev & (EVBIT(CSR_READ) | EVBIT(CSR_RW) | EVBIT(CSR_WRITE))) {
            unsigned pre, post, sync = csr_cycles(b, k, &pre, &post);
            if (sync)
                cycles += fb_stall(s, sync);
        }
        uint64_t end = b->pc + b->info[k].pcoff + b->insn[k].len;
        unsigned consumed = 0;
        uint64_t emptied = 0; /* the end of the last group the instruction empties */
        for (; bound <= end; bound = next_fetch(bound)) {
            consumed++;
            emptied = bound;
        }
        if (taken && k + 1 == b->n_insns && emptied != end)
            consumed++; /* the group of a predicted-taken transfer ends with it */
        cycles += fb_cycle(s, consumed);
        if (s->div_wait[k])
            cycles += fb_stall(s, s->div_wait[k]);
    }
    for (unsigned k = 0; k < s->misaligned_waits; k++)
        cycles += fb_stall(s, MISALIGNED_EXT_CYCLES);
    s->fb_bound = taken ? 0 : bound;
    return cycles;
}

/* What fetch_stalls depends on beyond the block, packed: the buffer's state (fb_groups, fb_fetch,
 * the next group's end from the block's pc), the entry state, the entry wait, a taken end and the
 * misaligned accesses' waits; UINT32_MAX when the replay depends on more (a divide's wait, DCCM
 * accesses) or a part does not fit. */
static uint32_t fetch_key(const veer_timing_t *s, const block_t *b, uint64_t dccm, unsigned entry,
                          unsigned entry_wait, bool taken)
{
    if (dccm || s->div_stalled || entry_wait > 0xFF || s->misaligned_waits > 0xF || entry > 0x1FF)
        return UINT32_MAX;
    uint32_t bound = (uint32_t)(fetch_bound(s, b) - b->pc); /* 1-4 */
    return s->fb_groups | (uint32_t)s->fb_fetch << 2 | bound << 3 | (uint32_t)taken << 6 | entry_wait << 7 |
           s->misaligned_waits << 15 | entry << 19;
}

/* fetch_stalls_memo's replay, kept in memo m (if not NULL) under key. */
static __attribute__((noinline)) unsigned fetch_stalls_replay(hart_t *h, veer_timing_t *s, const block_t *b,
                                                              uint64_t dccm, unsigned entry,
                                                              unsigned entry_wait, bool taken,
                                                              data_sched_t *sched, bool *scheduled,
                                                              fetch_memo_t *m, uint32_t key)
{
    if (!*scheduled)
        block_sched(b, dccm, entry, sched);
    *scheduled = true;
    unsigned cycles = fetch_stalls(s, b, sched, entry_wait, taken);
    add_amount(h, EVBIT(TM_FETCH_STALL), cycles);
    if (m)
        *m = (fetch_memo_t){ b,
                             s->memo_gen,
                             key,
                             cycles,
                             (uint32_t)(s->fb_bound ? s->fb_bound - b->pc : 0),
                             (uint8_t)s->fb_groups,
                             s->fb_fetch };
    return cycles;
}

/* The fetch-stall cycles of a block that ran whole (fetch_stalls), replayed once per block and
 * key (fetch_key) and taken from the memo after that; the schedule only when replayed. Returns
 * the cycles. */
static inline unsigned fetch_stalls_memo(hart_t *h, veer_timing_t *s, const block_t *b, uint64_t dccm,
                                         unsigned entry, unsigned entry_wait, bool taken, data_sched_t *sched,
                                         bool *scheduled)
{
    uint32_t key = fetch_key(s, b, dccm, entry, entry_wait, taken);
    fetch_memo_t *m = key == UINT32_MAX ? NULL : &s->fetch_memo[memo_slot(b, key)];
    if (m && m->b == b && m->gen == s->memo_gen && m->key == key) {
        s->fb_groups = m->groups;
        s->fb_fetch = m->fetch;
        s->fb_bound = m->bound ? b->pc + m->bound : 0;
        add_amount(h, EVBIT(TM_FETCH_STALL), m->cycles);
        return m->cycles;
    }
    return fetch_stalls_replay(h, s, b, dccm, entry, entry_wait, taken, sched, scheduled, m, key);
}

/* The sb-wb-stall cycles of a block that ran whole (event 34): the RTL's lsu_store_stall_any is
 * lsu_bus_buffer_full_any, set while buf_numvld_any, the external accesses in the m and r stages,
 * the input buffer and the bus buffer's busy entries, reaches BUS_BUFFER_DEPTH, whether or not
 * an access waits for it. An external access counts there from the cycle after it issues for
 * STORE_BUFFER_CYCLES (a store: m, r, the input buffer, command, write response) or
 * LOAD_BUFFER_CYCLES (a load: no input buffer wait). The block's cycles are those of its data
 * side, its divides and its presync/postsync waits. */
static uint64_t bus_buffer_stalls(veer_timing_t *s, const block_t *b, const data_sched_t *sched)
{
    uint16_t from[BLOCK_MAX_INSNS + BUS_CARRIED], to[BLOCK_MAX_INSNS + BUS_CARRIED];
    unsigned n = 0, end = sched->end, pre = 0, post = 0, last = 0;
    for (unsigned k = 0; k < s->bus_carried; k++) {
        from[n] = 0;
        to[n++] = s->bus_left[k];
    }
    for (unsigned k = 0; k < b->n_insns; k++) {
        end += s->div_wait[k];
        if (sched->issue[k] < 0)
            continue;
        from[n] = (uint16_t)(sched->issue[k] + 1);
        to[n++] =
            (uint16_t)(sched->issue[k] + 1 + (sched->store[k] ? STORE_BUFFER_CYCLES : LOAD_BUFFER_CYCLES));
    }
    for (unsigned j = 0; j < n; j++)
        last = to[j] > last ? to[j] : last;
    static_sync_cycles(b, &pre, &post);
    end += pre + post;
    uint64_t full = 0;
    if (n >= BUS_BUFFER_DEPTH)
        for (unsigned c = 0; c < end && c < last; c++) {
            unsigned busy = 0;
            for (unsigned j = 0; j < n; j++)
                busy += from[j] <= c && c < to[j];
            full += busy >= BUS_BUFFER_DEPTH;
        }
    s->bus_carried = 0;
    for (unsigned j = 0; j < n && s->bus_carried < BUS_CARRIED; j++)
        if (to[j] > end)
            s->bus_left[s->bus_carried++] = (uint16_t)(to[j] - end);
    return full;
}

enum { BUS_MEMO_CARRIED = 4 }; /* bus_carried entries a bus_memo_t holds, of at most 255 cycles */

/* The bus buffer's entries of earlier blocks (bus_carried, bus_left), a byte each, or UINT64_MAX
 * if they do not fit. */
static uint64_t bus_left_packed(const veer_timing_t *s)
{
    if (s->bus_carried > BUS_MEMO_CARRIED)
        return UINT64_MAX;
    uint64_t left = 0;
    for (unsigned k = 0; k < s->bus_carried; k++) {
        if (s->bus_left[k] > 0xFF)
            return UINT64_MAX;
        left |= (uint64_t)s->bus_left[k] << (8 * k);
    }
    return left;
}

/* What bus_buffer_stalls depends on beyond the block, packed: the entry state and the bus
 * buffer's entries of earlier blocks; UINT64_MAX when the replay depends on more (a divide's
 * wait, DCCM accesses) or a part does not fit. */
static uint64_t bus_key(const veer_timing_t *s, uint64_t dccm, unsigned entry)
{
    uint64_t left = bus_left_packed(s);
    if (dccm || s->div_stalled || entry > 0x1FF || left == UINT64_MAX)
        return UINT64_MAX;
    return s->bus_carried | (uint64_t)entry << 3 | left << 12;
}

/* bus_buffer_stalls_memo's replay, kept in memo m (if not NULL) under key. */
static __attribute__((noinline)) uint64_t
bus_buffer_stalls_replay(hart_t *h, veer_timing_t *s, const block_t *b, uint64_t dccm, unsigned entry,
                         data_sched_t *sched, bool *scheduled, bus_memo_t *m, uint64_t key)
{
    if (!*scheduled)
        block_sched(b, dccm, entry, sched);
    *scheduled = true;
    uint64_t full = bus_buffer_stalls(s, b, sched);
    add_amount(h, EVBIT(TM_SB_STALL), full);
    uint64_t left = bus_left_packed(s);
    if (m && left != UINT64_MAX && full <= UINT32_MAX)
        *m = (bus_memo_t){ b, key, s->memo_gen, (uint32_t)full, (uint32_t)left, (uint8_t)s->bus_carried };
    return full;
}

/* The sb-wb-stall cycles of a block that ran whole (bus_buffer_stalls), replayed once per block
 * and key (bus_key) and taken from the memo after that; the schedule only when replayed. Returns
 * the cycles. */
static inline uint64_t bus_buffer_stalls_memo(hart_t *h, veer_timing_t *s, const block_t *b, uint64_t dccm,
                                              unsigned entry, data_sched_t *sched, bool *scheduled)
{
    uint64_t key = bus_key(s, dccm, entry);
    bus_memo_t *m = key == UINT64_MAX ? NULL : &s->bus_memo[memo_slot(b, key)];
    if (m && m->b == b && m->gen == s->memo_gen && m->key == key) {
        s->bus_carried = m->carried;
        for (unsigned k = 0; k < m->carried; k++)
            s->bus_left[k] = (uint16_t)(m->left >> (8 * k) & 0xFF);
        add_amount(h, EVBIT(TM_SB_STALL), m->full);
        return m->full;
    }
    return bus_buffer_stalls_replay(h, s, b, dccm, entry, sched, scheduled, m, key);
}

/* The fetch-stall and sb-wb-stall cycles of a block that ran whole, those counted: while both
 * are, from one memo entry by both keys (pair_memo_t), else from each replay's own memo, whose
 * outcome the pair's entry then keeps. The replays are out of line (fetch_stalls_replay,
 * bus_buffer_stalls_replay): veer_timing_block_retired is leaner without them. */
static inline void stalls_memo(hart_t *h, veer_timing_t *s, const block_t *b, uint64_t dccm, unsigned entry,
                               unsigned entry_wait, bool taken)
{
    evset_t stalls = h->pmu.sum_interest & (EVBIT(TM_FETCH_STALL) | EVBIT(TM_SB_STALL));
    if (stalls != (EVBIT(TM_FETCH_STALL) | EVBIT(TM_SB_STALL))) {
        data_sched_t sched;
        bool scheduled = false;
        if (stalls & EVBIT(TM_FETCH_STALL))
            fetch_stalls_memo(h, s, b, dccm, entry, entry_wait, taken, &sched, &scheduled);
        else
            bus_buffer_stalls_memo(h, s, b, dccm, entry, &sched, &scheduled);
        return;
    }
    uint32_t fkey = fetch_key(s, b, dccm, entry, entry_wait, taken);
    uint64_t bkey = bus_key(s, dccm, entry);
    pair_memo_t *m = NULL;
    if (fkey != UINT32_MAX && bkey != UINT64_MAX) {
        m = &s->pair_memo[memo_slot(b, bkey ^ (uint64_t)fkey << 32)];
        if (m->b == b && m->gen == s->memo_gen && m->fetch_key == fkey && m->bus_key == bkey) {
            s->fb_groups = m->groups;
            s->fb_fetch = m->fetch;
            s->fb_bound = m->bound ? b->pc + m->bound : 0;
            add_amount(h, EVBIT(TM_FETCH_STALL), m->fetch_cycles);
            s->bus_carried = m->carried;
            for (unsigned k = 0; k < m->carried; k++)
                s->bus_left[k] = (uint16_t)(m->left >> (8 * k) & 0xFF);
            add_amount(h, EVBIT(TM_SB_STALL), m->full);
            return;
        }
    }
    data_sched_t sched;
    bool scheduled = false;
    unsigned cycles = fetch_stalls_memo(h, s, b, dccm, entry, entry_wait, taken, &sched, &scheduled);
    uint64_t full = bus_buffer_stalls_memo(h, s, b, dccm, entry, &sched, &scheduled);
    uint64_t left = bus_left_packed(s);
    if (m && left != UINT64_MAX && full <= UINT32_MAX)
        *m = (pair_memo_t){ b,
                            bkey,
                            s->memo_gen,
                            fkey,
                            cycles,
                            (uint32_t)(s->fb_bound ? s->fb_bound - b->pc : 0),
                            (uint32_t)full,
                            (uint32_t)left,
                            (uint8_t)s->fb_groups,
                            s->fb_fetch,
                            (uint8_t)s->bus_carried };
}

/* The fetches (4 bytes each, from the fetch stream's addresses) that bring the bytes lo..hi-1
 * not brought by the stream's last fetch: the RTL's I-cache hit event counts fetches, so a
 * fall-through into a group the previous block's last fetch brought is not counted again, and
 * a stream from a target at 2 mod 4 fetches groups that straddle the 4-byte boundaries. */
static unsigned fetch_windows(veer_timing_t *s, uint64_t lo, uint64_t hi)
{
    unsigned count = 0;
    uint64_t a;
    if (s->fetch_addr && lo >= s->fetch_addr - 1 && lo < s->fetch_addr + 3)
        a = s->fetch_addr - 1; /* the stream goes on in the group already fetched */
    else {
        a = lo; /* its next group (next_fetch) or a redirect: the stream starts at lo */
        count = 1;
    }
    /* the loop `while (a + 4 < hi) a = next_fetch(a), count++` in closed form: a stream at 2 mod 4
     * goes on in steps of 4 to its line's last such group, then from the next line's start */
    if ((a & 2) && a + 4 < hi) {
        uint64_t last = (a | 63) - 1, stop = hi - 5;
        if (stop < last) {
            unsigned k = (unsigned)((stop - a) / 4) + 1;
            s->fetch_addr = a + 4 * (uint64_t)k + 1;
            return count + k;
        }
        count += (unsigned)((last - a) / 4) + 1;
        a = last + 2;
    }
    if (a + 4 < hi) {
        unsigned k = (unsigned)((hi - a - 1) / 4);
        a += 4 * (uint64_t)k;
        count += k;
    }
    s->fetch_addr = a + 1;
    return count;
}

/* How two consecutive accesses' addresses relate, as data_cost_addr compares them (same_word_addr
 * and its busy rules): bit 0, one 8-byte bus word; bit 1, one 4-byte word. */
static unsigned bus_word_rel(uint32_t a, uint32_t b)
{
    return (a >> 3 == b >> 3) | (unsigned)(a >> 2 == b >> 2) << 1;
}

/* D-bus transactions and busy cycles from the addresses of the block's accesses (s->addr, when
 * the core saw all of them), replacing those of the bus words guessed from base registers and
 * offsets, and of the DCCM accesses guessed (dccm_mask), that were counted. The cycles stay the
 * guessed ones: mcycle does not depend on what is counted. */
static __attribute__((noinline)) void address_amounts_replay(hart_t *h, veer_timing_t *s, const block_t *b,
                                                             uint64_t dccm, unsigned entry_store,
                                                             unsigned n_addr, dbus_memo_t *m,
                                                             const uint64_t *rel)
{
    uint32_t addr[BLOCK_MAX_INSNS];
    uint64_t local = 0;
    unsigned j = 0;
    for (unsigned k = 0; k < b->n_insns; k++) {
        if (!is_mem(b->events[k]))
            continue;
        if (j == n_addr)
            return;
        addr[k] = s->addr[j++];
        if (!external(addr[k]))
            local |= 1ull << k;
    }
    if (j != n_addr)
        return;
    data_cost_t c = data_cost_addr(b, local, entry_store, NULL, addr),
                guess = data_cost(b, dccm, entry_store);
    add_amount(h, EVBIT(TM_DBUS_TRANS), (uint64_t)c.transactions - guess.transactions);
    add_amount(h, EVBIT(TM_DBUS_BUSY), (uint64_t)c.busy - guess.busy);
    if (m)
        *m = (dbus_memo_t){ b,
                            { rel[0], rel[1] },
                            s->memo_gen,
                            (uint16_t)entry_store,
                            (uint16_t)n_addr,
                            (int32_t)(c.transactions - guess.transactions),
                            0,
                            (int32_t)(c.busy - guess.busy) };
}

/* D-bus transactions and busy cycles from the addresses of the block's accesses (s->addr, when
 * the core saw all of them): from the memo, or replayed (address_amounts_replay). With every
 * access external, the replay compares only consecutive accesses' bus words: it depends on the
 * block, the entry state and rel alone, found from the log alone (the memo holds how many
 * accesses the block had when it was made, found against its instructions). */
static inline void address_amounts(hart_t *h, veer_timing_t *s, const block_t *b, uint64_t dccm,
                                   unsigned entry_store, unsigned n_addr)
{
    uint64_t rel[2] = { 0, 0 };
    dbus_memo_t *m = NULL;
    if (!dccm) {
        bool local = !external(s->addr[0]);
        for (unsigned j = 1; j < n_addr; j++) {
            local |= !external(s->addr[j]);
            rel[(j - 1) / 32] |= (uint64_t)bus_word_rel(s->addr[j - 1], s->addr[j]) << (2 * ((j - 1) % 32));
        }
        if (!local) {
            m = &s->addr_memo[memo_slot(b, rel[0] ^ rel[1] * 0x9E3779B97F4A7C15ull ^ entry_store)];
            if (m->b == b && m->gen == s->memo_gen && m->entry == entry_store && m->n_addr == n_addr &&
                m->rel[0] == rel[0] && m->rel[1] == rel[1]) {
                add_amount(h, EVBIT(TM_DBUS_TRANS), (uint64_t)(int64_t)m->transactions);
                add_amount(h, EVBIT(TM_DBUS_BUSY), (uint64_t)(int64_t)m->busy);
                return;
            }
        }
    }
    address_amounts_replay(h, s, b, dccm, entry_store, n_addr, m, rel);
}

/* The divide stalls of the block that retired are spent: cleared only when there were some. */
static inline void clear_div_waits(veer_timing_t *s)
{
    if (s->div_stalled) {
        memset(s->div_wait, 0, sizeof s->div_wait);
        s->div_stalled = false;
    }
}

/* The events a memo's replay would have to count (fetch windows, fetch-buffer and bus-buffer
 * replays, D-bus addresses): while one of them is counted, the retire memo holds only with the
 * memo beside it (retire_ev_memo_t) for the replays' state. */
#define RETIRE_MEMO_EVENTS (EVBIT(TM_FETCH_STALL) | EVBIT(TM_ICACHE_HIT) | DBUS_AMOUNTS)

/* Whether the model is in the usual state at b's start (retire_memo_t). */
static inline bool retire_usual_state(const hart_t *h, const veer_timing_t *s, const block_t *b)
{
    (void)h;
    return !(s->dccm_accesses | s->restart | (unsigned)s->entry_missed) && s->entered == b->pc;
}

/* Whether a whole execution of b, on to `next`, starts in the usual state and can have a memo. */
static bool retire_usual(const hart_t *h, const veer_timing_t *s, const block_t *b, unsigned n, uint64_t next)
{
    return n == b->n_insns && (next & ~(uint64_t)1) && !(b->core_word[9] & XFER_FLUSH) &&
           retire_usual_state(h, s, b);
}

/* The retire memo slot of block b on to `next`. */
static inline size_t retire_slot(const block_t *b, uint64_t next)
{
    return (size_t)(((uintptr_t)b >> 4 ^ (uint32_t)next * 0x9E3779B1u >> 16) & (MEMO_SLOTS - 1));
}

/* retire_memo_t.key: `next` (below 2^32) and a retire_gen */
static inline uint64_t retire_key(uint64_t next, uint32_t gen)
{
    return (uint32_t)next | (uint64_t)gen << 32;
}

/* The I-cache way holding `line`, or -1. */
static int icache_way(const veer_timing_t *s, uint64_t line)
{
    unsigned set = (unsigned)line & (IC_SETS - 1);
    for (int w = 0; w < IC_WAYS; w++)
        if (s->ic_tag[set][w] == line + 1)
            return w;
    return -1;
}

/* What the replays of the events counted (ev: RETIRE_MEMO_EVENTS) depend on at b's retirement in
 * the usual state beyond the retire memo's key, into k; false when it is more (a divide that
 * waited, a part that does not fit, an access outside main memory): the model runs. Read only. */
static inline bool retire_ev_key(const hart_t *h, const veer_timing_t *s, const block_t *b, evset_t ev,
                                 retire_ev_key_t *k)
{
    if (s->div_stalled)
        return false;
    uint64_t state = 0;
    if (ev & EVBIT(TM_FETCH_STALL)) {
        if (s->misaligned_waits > 0xF)
            return false;
        state = s->fb_groups | (uint32_t)s->fb_fetch << 2 | (uint32_t)(fetch_bound(s, b) - b->pc) << 3 |
                s->misaligned_waits << 6;
    }
    if (ev & EVBIT(TM_SB_STALL)) {
        uint64_t left = bus_left_packed(s); /* at most BUS_MEMO_CARRIED bytes */
        if (left == UINT64_MAX)
            return false;
        state |= (uint64_t)s->bus_carried << 10 | left << 32;
    }
    if (ev & EVBIT(TM_ICACHE_HIT)) { /* fetch_windows: the stream goes on in the group fetched */
        uint64_t a = s->fetch_addr;
        state |= (a && b->pc >= a - 1 && b->pc < a + 3 ? b->pc - a + 2 : 0) << 13;
    }
    state |= (uint64_t)(s->last_store && s->last_store == b->core_word[1]) << 16;
    unsigned n = (unsigned)(h->addr_log_next - s->addr);
    k->state = state | (uint64_t)n << 17;
    k->rel[0] = k->rel[1] = 0;
    if (n && (ev & (EVBIT(TM_DBUS_TRANS) | EVBIT(TM_DBUS_BUSY)))) { /* address_amounts' key */
        bool local = !external(s->addr[0]);
        for (unsigned j = 1; j < n; j++) {
            local |= !external(s->addr[j]);
            k->rel[(j - 1) / 32] |= (uint64_t)bus_word_rel(s->addr[j - 1], s->addr[j])
                                    << (2 * ((j - 1) % 32));
        }
        if (local)
            return false;
    }
    return true;
}

/* retire_ev_key_t.in: the data-side entry state and generation a retire memo holds for (the
 * model's now) and the counting configuration (ev: RETIRE_MEMO_EVENTS counted, 12 bits from
 * TM_ICACHE_HIT). */
_Static_assert(EV_TM_DBUS_BUSY - EV_TM_ICACHE_HIT < 12 && EV_TM_DBUS_TRANS > EV_TM_ICACHE_HIT &&
                   EV_TM_FETCH_STALL > EV_TM_ICACHE_HIT && EV_TM_DECODE_STALL > EV_TM_ICACHE_HIT &&
                   EV_TM_SB_STALL > EV_TM_ICACHE_HIT && EV_TM_DBUS_BUSY > EV_TM_ICACHE_HIT,
               "RETIRE_MEMO_EVENTS in 12 bits from TM_ICACHE_HIT");
static inline void retire_ev_in(const hart_t *h, const veer_timing_t *s, evset_t ev, uint64_t in[2])
{
    in[0] = s->load_tail | (uint64_t)s->retire_gen << 32;
    in[1] = (uint64_t)(s->store_tail & 0xFFFF) | (uint64_t)s->late_load << 16 |
            (uint64_t)(h->pmu.n_amount & 0xFFFF) << 17 | (uint64_t)(ev >> EV_TM_ICACHE_HIT) << 33;
}

/* Whether m, beside the retire memo r that holds for b, holds for the replays' state k too. */
static inline __attribute__((always_inline)) bool
retire_ev_match(const block_t *b, uint64_t next, const retire_ev_memo_t *m, const retire_ev_key_t *k)
{
    return ((uintptr_t)m->b ^ (uintptr_t)b) | (m->next ^ next) | (m->key.in[0] ^ k->in[0]) |
                   (m->key.in[1] ^ k->in[1]) | (m->key.state ^ k->state) | (m->key.rel[0] ^ k->rel[0]) |
                   (m->key.rel[1] ^ k->rel[1])
               ? false
               : true;
}

/* The replays' part of a retire memo's replay: their amounts and the state they leave. */
static inline void retire_ev_apply(hart_t *h, veer_timing_t *s, const retire_ev_memo_t *m, evset_t ev)
{
    for (unsigned k = 0; k < m->n_amounts; k++) /* counted when recorded: no test, no tap */
        pmu_commit_event_amount(&h->pmu, m->event[k], (uint64_t)(int64_t)m->amount[k]);
    s->fetch_addr = m->fetch_addr;
    if (ev & EVBIT(TM_FETCH_STALL)) {
        s->fb_groups = m->fb_groups;
        s->fb_fetch = m->fb_fetch;
        s->fb_bound = m->fb_bound;
    }
    if (ev & EVBIT(TM_SB_STALL)) {
        s->bus_carried = m->bus_carried;
        for (unsigned k = 0; k < m->bus_carried; k++)
            s->bus_left[k] = (uint16_t)(m->bus_left >> (8 * k) & 0xFF);
    }
}

/* Whether every slot that counts an event of RETIRE_MEMO_EVENTS sums it (a min/max slot sees
 * each amount: a memo's sum of them is not the same), cached per configuration. */
static bool retire_ev_sums(const hart_t *h, veer_timing_t *s)
{
    const pmu_t *p = &h->pmu;
    if (s->evm_interest != p->sum_interest || s->evm_n_amount != p->n_amount) {
        s->evm_interest = p->sum_interest;
        s->evm_n_amount = p->n_amount;
        s->evm_sums = true;
        for (unsigned j = 0; j < p->n_amount; j++) {
            const pmu_slot_t *slot = &p->slot[p->amount_slots[j]];
            if (slot->kind != SLOT_SUM && (slot->events & RETIRE_MEMO_EVENTS))
                s->evm_sums = false;
        }
    }
    return s->evm_sums;
}

/* The model has retired b in the usual state, on to `next`, with no fill, invalidation, BTB write
 * or flush: what it did is remembered, if the replay leaves the model's state as it is now
 * (true). */
static __attribute__((noinline)) bool retire_memo_record(veer_timing_t *s, const block_t *b, uint64_t next,
                                                         const retire_memo_t *in)
{
    if (next >> 32)
        return false; /* not in a key (retire_key) */
    retire_memo_t m = { .b = b,
                        .key = retire_key(next, s->retire_gen),
                        .data_in = in->data_in,
                        .data_out = data_pack(b->core_word[0] >> 24, s->load_tail),
                        .stall = in->stall,
                        .late_in = in->late_in,
                        .late_out = s->late_load };
    uint64_t next_pc = next & ~(uint64_t)1, first = b->pc >> 6, last = (b->end_pc - 1) >> 6;
    if (b->end_pc <= b->pc || last - first >= BLOCK_MAX_LINES)
        return false;
    /* every line of the block (the first one again: the entry fetch touched it last in its set),
     * then the next block's first line, each found; a set's LRU after the last of its touches
     * must be the set's now, and is what the replay writes */
    for (uint64_t k = first; k <= last + 1; k++) {
        uint64_t line = k <= last ? k : next_pc >> 6;
        int w = icache_way(s, line);
        if (w < 0)
            return false;
        unsigned set = (unsigned)line & (IC_SETS - 1), j = 0;
        while (j < m.n_touch && m.set[j] != set)
            j++;
        m.set[j] = (uint8_t)set;
        m.lru[j] = (uint8_t)(w ^ 1);
        m.n_touch = (uint8_t)(j == m.n_touch ? j + 1 : m.n_touch);
    }
    for (unsigned k = 0; k < m.n_touch; k++)
        if (s->ic_lru[m.set[k]] != m.lru[k])
            return false;
    if (m.n_touch == 1) { /* the replay writes two */
        m.set[1] = m.set[0];
        m.lru[1] = m.lru[0];
    }
    if (s->last_line != (next_pc >> 6) + 1 || s->prev_line != (next_pc >> 6) + 1)
        return false;
    uint32_t xfer = b->core_word[9];
    unsigned kind = xfer & XFER_KIND, set = xfer >> XFER_SET_SHIFT & (BTB_SETS - 1);
    if (kind == XFER_UNPRED)
        return false;
    m.kind = (uint8_t)kind;
    if (kind) {
        const dinsn_t *d = &b->insn[b->n_insns - 1];
        uint64_t pc = b->core_word[8];
        int way = -1;
        for (int w = 0; w < BTB_WAYS; w++)
            if (s->btb[set][w].pc == (uint32_t)pc + 1)
                way = w;
        if (way < 0 || s->btb_lru[set] != (way ^ 1))
            return false;
        m.btb_set = (uint8_t)set;
        m.btb_lru = (uint8_t)(way ^ 1);
        m.bht_off = (uint16_t)(set << 1 | ((pc + d->len - 2) >> 1 & 1));
        m.went =
            kind != XFER_BRANCH || (next & 1) ? RETIRE_WENT : 0; /* a jump or return the BTB holds goes */
        if (kind == XFER_JUMP && (d->rd == 1 || d->rd == 5))
            m.push = (uint32_t)(pc + (d->len == 2 ? 2 : 0) + 1);
    }
    s->retire_memo[retire_slot(b, next)] = m;
    return true;
}

/* A whole execution of b on to `next` replayed from its memo when it holds and the transfer is
 * predicted right again; false: the model must run. */
static inline __attribute__((always_inline)) bool retire_memo_apply_at(hart_t *h, veer_timing_t *s,
                                                                       const block_t *b, unsigned n,
                                                                       uint64_t next, bool events,
                                                                       size_t slot)
{
    /* the model's state first: after a flush (a mispredict's) no memo is looked up */
    if (!retire_usual_state(h, s, b))
        return false;
    const retire_memo_t *m = &s->retire_memo[slot];
    __asm__("" : "+r"(m)); /* one register for the slot's address, not its index, all along */
    /* recorded only for a whole execution that can have one (retire_usual) */
    if (((m->key ^ retire_key(next, s->retire_gen)) | next >> 32) || m->b != b || n != b->n_insns ||
        m->data_in != data_state(s) || m->late_in != s->late_load)
        return false;
    unsigned kind = m->kind;
    /* bht[(set ^ fghr) & (BHT_ROWS - 1)][column]: the set and fghr below BHT_ROWS */
    _Static_assert(BHT_ROWS == 256 && BTB_SETS <= BHT_ROWS, "one byte of history");
    uint8_t *ctr = &s->bht[0][0] + (m->bht_off ^ (unsigned)s->fghr << 1);
    if (kind == XFER_BRANCH ? (*ctr >= 2) != (bool)(next & 1)
                            : kind == XFER_RETURN && s->ras[0] - 1 != (next & ~(uint64_t)1))
        return false; /* mispredicted */
    evset_t ev = events ? h->pmu.sum_interest & RETIRE_MEMO_EVENTS : 0;
    const retire_ev_memo_t *e = NULL;
    if (events) {
        size_t ev_slot = retire_slot(b, next); /* where block_retired_memo records it */
        retire_ev_key_t k;
        if (!retire_ev_key(h, s, b, ev, &k))
            return false;
        retire_ev_in(h, s, ev, k.in);
        e = &s->retire_ev[ev_slot][0];
        if (!retire_ev_match(b, next, e, &k)) {
            e++;
            if (!retire_ev_match(b, next, e, &k))
                return false; /* the replays' state is not the memo's */
        }
        s->retire_ev_lru[ev_slot] = (uint8_t)(e == &s->retire_ev[ev_slot][0]);
    }
    /* the data side: what the block leaves (the static cost assumed all it does) */
    h->stall_cycles += m->stall;
    set_data_state(s, m->data_out); /* load_tail, store_tail: b->core_word[0] >> 24 */
    s->late_load = m->late_out;
    s->last_store = b->core_word[2];
    clear_div_waits(s);
    s->misaligned_waits = 0;
    h->addr_log_next = s->addr; /* replayed: retire_ev_apply below */
    /* the fetch side: every line hits (dccm_accesses is 0: retire_usual_state) */
    s->ic_lru[m->set[0]] = m->lru[0];
    s->ic_lru[m->set[1]] = m->lru[1];
    for (unsigned k = 2; k < m->n_touch; k++)
        s->ic_lru[m->set[k]] = m->lru[k];
    s->last_line = s->prev_line = (next >> 6) + 1; /* the next pc's line + 1 (retire_memo_record) */
    s->fetch_addr = 0;
    s->entered = next & ~(uint64_t)1;
    /* the predictor, as predict() updates it for a transfer it predicted right */
    if (kind) {
        s->btb_lru[m->btb_set] = m->btb_lru;
        if (kind == XFER_BRANCH) {
            bht_learn(ctr, next & 1);
        } else {
            *ctr = 3;
            if (kind == XFER_RETURN)
                ras_shift(s, false);
            else if (m->push) {
                ras_shift(s, true);
                s->ras[0] = m->push; /* ras_push's address + 1 */
            }
        }
        uint16_t g; /* ghr and fghr: each shifted by one, m->went into each */
        memcpy(&g, &s->ghr, sizeof g);
        g = (uint16_t)((g << 1 & 0xFEFEu) | m->went);
        memcpy(&s->ghr, &g, sizeof g);
    }
    if (events)
        retire_ev_apply(h, s, e, ev);
    return true;
}

static inline __attribute__((always_inline)) bool
retire_memo_apply(hart_t *h, veer_timing_t *s, const block_t *b, unsigned n, uint64_t next, bool events)
{
    return retire_memo_apply_at(h, s, b, n, next, events, retire_slot(b, next));
}

static __attribute__((noinline)) void block_retired_model(hart_t *h, veer_timing_t *s, const block_t *b,
                                                          unsigned n, uint64_t next);

/* The model, and a memo of what it did if it can have one. */
static inline __attribute__((always_inline)) void
block_retired_memo(hart_t *h, veer_timing_t *s, const block_t *b, unsigned n, uint64_t next, bool events)
{
    bool usual = retire_usual(h, s, b, n, next);
    uint32_t gen = s->retire_gen;
    retire_memo_t in = { .data_in = data_state(s), .late_in = s->late_load };
    uint64_t stall = h->stall_cycles;
    /* the replays' part (retire_ev_memo_t): their key now, their amounts from the model's */
    evset_t ev = events ? h->pmu.sum_interest & RETIRE_MEMO_EVENTS : 0;
    retire_ev_memo_t e;
    e.b = NULL;
    if (events && usual && retire_ev_key(h, s, b, ev, &e.key) && retire_ev_sums(h, s)) {
        retire_ev_in(h, s, ev, e.key.in);
        s->tap = true;
        s->tap_other = false;
        memset(s->tap_amount, 0, sizeof s->tap_amount);
    }
    block_retired_model(h, s, b, n, next);
    bool tapped = s->tap && !s->tap_other;
    s->tap = false;
    in.stall = (uint32_t)(h->stall_cycles - stall);
    if (!(usual && !s->restart && s->retire_gen == gen && in.stall == h->stall_cycles - stall &&
          retire_memo_record(s, b, next, &in)))
        return;
    if (!events)
        return;
    uint64_t left = bus_left_packed(s);
    memset(&e.amount, 0, sizeof e - offsetof(retire_ev_memo_t, amount));
    if (tapped && left != UINT64_MAX) {
        e.b = b;
        e.next = next;
        e.key.in[0] = (e.key.in[0] & 0xFFFFFFFF) | (uint64_t)s->retire_gen << 32; /* the retire memo's */
        e.fb_bound = s->fb_bound;
        e.fetch_addr = s->fetch_addr;
        e.bus_left = left;
        e.fb_groups = (uint8_t)s->fb_groups;
        e.fb_fetch = s->fb_fetch;
        e.bus_carried = (uint8_t)s->bus_carried;
        for (unsigned k = 0; k < EVM_N; k++) {
            if (!s->tap_amount[k])
                continue;
            e.event[e.n_amounts] = (uint8_t)evm_event[k];
            e.amount[e.n_amounts] = (int32_t)s->tap_amount[k];
            if (e.amount[e.n_amounts++] != s->tap_amount[k])
                e.b = NULL;
        }
    }
    if (e.b) {
        size_t slot = retire_slot(b, next);
        s->retire_ev[slot][s->retire_ev_lru[slot]] = e;
        s->retire_ev_lru[slot] ^= 1;
    }
}

static __attribute__((noinline)) void block_retired_memo_events(hart_t *h, veer_timing_t *s, const block_t *b,
                                                                unsigned n, uint64_t next)
{
    block_retired_memo(h, s, b, n, next, true);
}

/* The events memo pays for itself only when it is found: after a window of EV_WINDOW
 * retirements with fewer than EV_MIN_HITS hits, the next retirements go to the model without it
 * (programs whose blocks seldom meet the same replay state twice: chase, vm), one window's worth
 * after the first such window, twice as many after each next one in a row, up to EV_MAX_SKIP
 * windows. A program whose memo mostly holds (coremark: 94 % of its windows) loses one window at
 * a change of phase, not the next 64. */
enum { EV_WINDOW = 4096, EV_MIN_HITS = EV_WINDOW * 5 / 8, EV_MAX_SKIP_LOG2 = 6 };

/* While an event only a replay counts is counted: the retire memo with its events memo. */
static __attribute__((noinline)) void block_retired_events(hart_t *h, veer_timing_t *s, const block_t *b,
                                                           unsigned n, uint64_t next)
{
    if (s->ev_skip) {
        s->ev_skip--;
        block_retired_model(h, s, b, n, next);
        return;
    }
    bool hit = retire_memo_apply(h, s, b, n, next, true);
    if (!hit)
        block_retired_memo_events(h, s, b, n, next);
    s->ev_hits += hit;
    if (++s->ev_window == EV_WINDOW) {
        if (s->ev_hits >= EV_MIN_HITS)
            s->ev_misses = 0;
        else
            s->ev_skip = (uint32_t)EV_WINDOW << s->ev_misses++;
        if (s->ev_misses > EV_MAX_SKIP_LOG2)
            s->ev_misses = EV_MAX_SKIP_LOG2;
        s->ev_window = s->ev_hits = 0;
    }
}

static __attribute__((noinline)) void block_retired_plain(hart_t *h, veer_timing_t *s, const block_t *b,
                                                          unsigned n, uint64_t next)
{
    block_retired_memo(h, s, b, n, next, false);
}

void veer_timing_block_retired(hart_t *h, const block_t *b, unsigned n, uint64_t next)
{
    veer_timing_t *s = timing_of(h);
    if (!s)
        return;
    if (h->pmu.sum_interest & RETIRE_MEMO_EVENTS)
        block_retired_events(h, s, b, n, next);
    else if (!retire_memo_apply(h, s, b, n, next, false))
        block_retired_plain(h, s, b, n, next);
}

uint32_t veer_timing_retire_hint(const hart_t *h, const block_t *b, uint64_t next)
{
    (void)h;
    return (uint32_t)retire_slot(b, next);
}

void veer_timing_retire_translated(hart_t *h, block_t *b, uint32_t taken, uint64_t next, uint32_t hint)
{
    exec_retire_block(h, b, taken != 0);
    veer_timing_t *s = timing_of(h);
    if (__builtin_expect(h->retire_fast | h->observe_mem | h->budget_cycles, 0) || !s)
        exec_block_timing(h, b, b->n_insns, next);
    else if (h->pmu.sum_interest & RETIRE_MEMO_EVENTS)
        block_retired_events(h, s, b, b->n_insns, next);
    else if (!retire_memo_apply_at(h, s, b, b->n_insns, next, false,
                                   /* a direct exit's slot, found at translation (a hint: the key
                                    * decides) */
                                   __builtin_expect(hint < MEMO_SLOTS, 1) ? hint : retire_slot(b, next)))
        block_retired_plain(h, s, b, b->n_insns, next);
}

/* The whole model of a block's retirement. */
static __attribute__((noinline)) void block_retired_model(hart_t *h, veer_timing_t *s, const block_t *b,
                                                          unsigned n, uint64_t next)
{
    fetch_block(h, s, b);
    unsigned accesses = s->dccm_accesses, entry_store = s->store_tail;
    s->dccm_accesses = 0;
    s->store_tail = 0;
    uint32_t last_store = s->last_store;
    s->last_store = 0;
    uint32_t load_tail = s->load_tail;
    /* entered through a flush at the last block's end (its restart address): the refetch puts
     * cycles between the accesses before the flush and this block's, so a late load before it
     * does not queue this block's first load right behind it, and a store before it does not
     * make this block's loads late (the RTL's second load then raises arvalid a cycle after
     * the late one's command, not in the same cycle: no D-bus busy cycle) */
    bool after_flush = s->restart && s->restart == (uint32_t)b->pc + 1;
    bool late_in = s->late_load && !after_flush;
    s->load_tail = 0;
    s->late_load = false;
    if (n < b->n_insns) { /* a trap in the block: the instructions before it */
        add_amount(h, EVBIT(TM_ICACHE_HIT), groups(b->pc, b->end_pc));
        s->fetch_addr = 0;
        clear_div_waits(s);
        s->misaligned_waits = 0;
        h->addr_log_next = s->addr;
        return;
    }
    h->stall_cycles += b->stall_cycles;
    unsigned entry_wait = 0;
    uint32_t carry = 0;
    if (load_tail) { /* an external load of an earlier block, its result still to come */
        entry_wait = load_wait(b, load_tail, &carry);
        h->stall_cycles += entry_wait;
        add_amount(h, EVBIT(TM_DECODE_STALL), entry_wait);
    }
    s->load_tail = b->core_word[6] ? b->core_word[6] : carry;
    if (entry_store) { /* an external store just before the block */
        unsigned more = entry_cycles(b, entry_store);
        h->stall_cycles += more;
        if (h->pmu.sum_interest & DBUS_AMOUNTS)
            add_entry_amounts(h, s, b, entry_store, more);
    }
    s->late_load = entry_late_tail(b, after_flush ? 0 : entry_store);
    unsigned entry = entry_store; /* the entry state, for the data-side replays below */
    if (late_in && (b->events[0] & EVBIT(LOAD)) && is_mem(b->events[0])) {
        /* a load right at the start, 2 cycles after a late load of the last block (which was
         * the last external access: no store in the entry state) */
        entry |= ENTRY_LATE;
        h->stall_cycles += b->core_word[7] >> 31;
        add_amount(h, EVBIT(TM_DECODE_STALL), b->core_word[7] >> 31);
        add_amount(h, EVBIT(TM_DBUS_BUSY), 1);
    }
    s->store_tail = b->core_word[0] >> 24;
    s->last_store = b->core_word[2];
    uint64_t dccm = accesses ? dccm_mask(h, b, accesses) : 0;
    if (h->pmu.sum_interest & (EVBIT(TM_FETCH_STALL) | EVBIT(TM_SB_STALL)))
        stalls_memo(h, s, b, dccm, entry, entry_wait, (next & 1) || (b->core_word[9] & XFER_JAL_JALR));
    clear_div_waits(s);
    s->misaligned_waits = 0;
    if (h->pmu.sum_interest & EVBIT(TM_ICACHE_HIT)) /* block_t.amount counted groups(): correct it */
        add_amount(h, EVBIT(TM_ICACHE_HIT),
                   (uint64_t)fetch_windows(s, b->pc, b->end_pc) - groups(b->pc, b->end_pc));
    else
        s->fetch_addr = 0;
    if (next & 1)
        s->fetch_addr = 0; /* taken: the stream restarts at the target */
    uint64_t next_pc = next & ~(uint64_t)1;
    uint32_t xfer = b->core_word[9];
    if (next_pc && (xfer & XFER_KIND))
        predict(h, s, b, next_pc, (next & 1) != 0);
    if (xfer & XFER_FENCEI)
        icache_invalidate(s);
    if (xfer & XFER_FLUSH) { /* a flush */
        s->fb_groups = FB_AFTER_FLUSH;
        s->fb_fetch = true;
        s->fb_bound = 0;
    }
    if (next_pc)
        fetch_entry(h, s, next_pc);
    /* The static amounts (presync and postsync waits, the D-bus amounts with no store just
     * before the block and every access external) are counted with the block's executions
     * (block_t.amount), those of the entry state above; here what DCCM accesses and coalescing
     * change. */
    if (dccm) { /* the block's static cost assumed every access external: replace it */
        data_cost_t c = data_cost(b, dccm, entry), c0 = data_cost(b, 0, entry);
        h->stall_cycles = h->stall_cycles - c0.cycles + c.cycles;
        s->store_tail = c.store_tail;
        s->load_tail = c.load_tail ? c.load_tail : carry;
        s->late_load = after_flush ? data_cost(b, dccm, 0).late_tail : c.late_tail;
        s->last_store = 0;
        if (h->pmu.sum_interest & DBUS_AMOUNTS)
            add_dbus(h, &c, &c0);
    } else if (last_store && last_store == b->core_word[1]) {
        /* a store to the word the previous external access stored to coalesces with it in the
         * store buffer (the same base register, kept, and offset) */
        add_amount(h, EVBIT(TM_DBUS_TRANS), (uint64_t)0 - 1);
    }
    if (h->addr_log_next != s->addr) { /* addresses recorded: the core saw the accesses */
        if (h->pmu.sum_interest & (EVBIT(TM_DBUS_TRANS) | EVBIT(TM_DBUS_BUSY)))
            address_amounts(h, s, b, dccm, entry, (unsigned)(h->addr_log_next - s->addr));
        h->addr_log_next = s->addr;
    }
}

/* ---- address- and data-dependent costs ----------------------------------------------------- */

void veer_timing_data_access(hart_t *h, const bus_region_t *r, uint64_t addr, unsigned size, bool store)
{
    (void)r;
    (void)store;
    veer_timing_t *s = timing_of(h);
    if (!s)
        return;
    if (h->addr_log_next < h->addr_log_end)
        *h->addr_log_next++ = (uint32_t)addr;
    if (!external(addr))
        s->dccm_accesses++;
    else if (addr & (size - 1)) {
        h->stall_cycles += MISALIGNED_EXT_CYCLES;
        s->misaligned_waits++;
        add_amount(h, EVBIT(TM_DBUS_MISALIGNED), 1);
        add_amount(h, EVBIT(TM_DBUS_TRANS), 1);
    }
}

static unsigned clz32(uint32_t v)
{
    return v ? (unsigned)__builtin_clz(v) : 32;
}

/* Cycles of a divide beyond one: the RTL's el2_exu_div_new_4bit_fullshortq. */
static unsigned div_cycles(uint32_t a, uint32_t b, bool is_signed, bool is_rem)
{
    if (b == 0)
        return 2;
    uint32_t ua = a, ub = b;
    if (is_signed) {
        ua = (int32_t)a < 0 ? 0u - a : a;
        ub = (int32_t)b < 0 ? 0u - b : b;
    }
    if (!is_rem && (ua == 0 || (ua < 16 && ub < 16)))
        return 2;                                /* small-number table */
    int q = (int)clz32(ub) - (int)clz32(ua) + 1; /* quotient bits */
    if (q < 0)
        q = 0;
    if (q >= 28)
        return 10; /* no early out: 8 steps of 4 bits */
    return 4 + (unsigned)(q >> 2);
}

void veer_timing_div(hart_t *h, const block_t *blk, unsigned idx, uint64_t a, uint64_t b, bool is_signed,
                     bool is_rem)
{
    if (!timing_of(h))
        return;
    unsigned c = div_cycles((uint32_t)a, (uint32_t)b, is_signed, is_rem);
    /* the instructions after it that do not need its result run while it divides */
    unsigned rd = blk->insn[idx].rd, shadow = 0;
    for (unsigned j = idx + 1; j < blk->n_insns && shadow < c; j++) {
        const dinsn_t *u = &blk->insn[j];
        if ((blk->events[j] & (EVBIT(DIV) | EVBIT(MUL))) || u->rs1 == rd || u->rs2 == rd)
            break;
        shadow++;
    }
    c -= shadow;
    h->stall_cycles += c;
    add_amount(h, EVBIT(TM_DECODE_STALL), c);
    veer_timing_t *s = timing_of(h);
    unsigned w = s->div_wait[idx] + c; /* fetch-stall cycles: at the block's end (fetch_stalls) */
    s->div_wait[idx] = (uint8_t)(w > 255 ? 255 : w);
    s->div_stalled = s->div_stalled || w;
}
