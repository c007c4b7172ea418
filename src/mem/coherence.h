/* A coherent memory hierarchy for counting only: private L1 I and D caches per core, a shared L2
 * behind a coherence manager, a MESI directory with interventions, and I/O coherence units
 * (IOCUs). It holds tags and states, never data: the machine's memory stays flat, and this model
 * only says what traffic each access causes. Every occurrence of a CM performance event goes to a
 * sink as (event number, signature): the signature has one bit set in each qualifier group of
 * that event (docs/mips-cm.md), so a qualifier matches when it shares a bit with the signature in
 * every group. */
#ifndef PMUSIM_MEM_COHERENCE_H
#define PMUSIM_MEM_COHERENCE_H

#include <stdbool.h>
#include <stdint.h>

#define COH_LINE 64u
#define COH_MAX_CORES 8u
#define COH_IOCUS 2u

/* CM performance event numbers (the seed's table). */
enum coh_event {
    CM_EV_REQUEST = 0,
    CM_EV_COH_REQ_RESP = 1,
    CM_EV_L2_WR_DATA = 2,
    CM_EV_L2_CMD = 3,
    CM_EV_L2_RD_DATA = 4,
    CM_EV_SHARING_MISS = 5,
    CM_EV_RSU = 6,
    CM_EV_L2_UTIL = 8,
    CM_EV_L2_HIT = 9,
    CM_EV_IOCU0 = 16,
    CM_EV_IOCU1 = 17,
};

/* Qualifier bits (pmusim's encoding; docs/mips-cm.md). Ports: cores 0-7, IOCU 0, IOCU 1. */
#define CMQ_PORT(p) (1u << (p))
#define CMQ_PORT_IOCU(n) (1u << (8 + (n)))
/* event 0 */
#define CMQ0_CCA_CACHED (1u << 10)
#define CMQ0_CCA_UNCACHED (1u << 11)
#define CMQ0_CCA_UCA (1u << 12)
#define CMQ0_CMD_READ (1u << 13)
#define CMQ0_CMD_READ_OWN (1u << 14)
#define CMQ0_CMD_UPGRADE (1u << 15)
#define CMQ0_CMD_WRITEBACK (1u << 16)
#define CMQ0_CMD_IFETCH (1u << 17)
#define CMQ0_CMD_NC_READ (1u << 18)
#define CMQ0_CMD_NC_WRITE (1u << 19)
#define CMQ0_CMD_COH_WRITE (1u << 20)
#define CMQ0_LEN_PARTIAL (1u << 21)
#define CMQ0_LEN_LINE (1u << 22)
#define CMQ0_TGT_MEM (1u << 23)
#define CMQ0_TGT_REG (1u << 24)
/* event 1 */
#define CMQ1_STATE_S (1u << 0)
#define CMQ1_STATE_E (1u << 1)
#define CMQ1_STATE_M (1u << 2)
#define CMQ1_NONSPEC (1u << 3)
#define CMQ1_SPEC (1u << 4)
#define CMQ1_CMD_LOAD (1u << 5)
#define CMQ1_CMD_STORE (1u << 6)
#define CMQ1_CMD_IOCU (1u << 7)
#define CMQ1_CMD_IFETCH (1u << 8) /* an instruction fetch miss */
/* events 2-4 */
#define CMQ_BUS_BUSY (1u << 0)
#define CMQ_BUS_STALL (1u << 1)
/* event 5: requesting core bits 7:0, supplying core bits 15:8 */
#define CMQ5_REQ(c) (1u << (c))
#define CMQ5_SUP(c) (1u << (8 + (c)))
/* event 8 */
#define CMQ8_STALLED_START (1u << 0)
#define CMQ8_UNSTALLED_START (1u << 1)
#define CMQ8_WAIT_SYNC (1u << 2)
#define CMQ8_STALLED (1u << 3)
#define CMQ8_DENIED (1u << 4)
#define CMQ8_STARTED (1u << 5)
/* event 9: port bits 9:0, kind bits 14:10, result bits 19:16 */
#define CMQ9_KIND_IOCU_WRITE (1u << 10)
#define CMQ9_KIND_READ (1u << 11)
#define CMQ9_KIND_READ_OWN (1u << 12)
#define CMQ9_KIND_IFETCH (1u << 13)
#define CMQ9_KIND_WRITEBACK (1u << 14)
#define CMQ9_MISS_CLEAN (1u << 16)
#define CMQ9_MISS_DIRTY (1u << 17)
#define CMQ9_HIT_CLEAN (1u << 18)
#define CMQ9_HIT_DIRTY (1u << 19)
/* events 16, 17 */
#define CMQ16_READ (1u << 0)
#define CMQ16_WRITE (1u << 1)
#define CMQ16_COHERENT (1u << 2)
#define CMQ16_NONCOHERENT (1u << 3)
#define CMQ16_PARTIAL (1u << 4)
#define CMQ16_LINE (1u << 5)
#define CMQ16_POSTED (1u << 6)
#define CMQ16_NONPOSTED (1u << 7)

/* The qualifier groups of an event (masks, ending with 0); NULL for an undefined event. A
 * qualifier q matches an occurrence with signature s when (q & s & g) != 0 for every group g. */
const uint32_t *coh_event_groups(unsigned event);

static inline bool coh_qual_match(const uint32_t *groups, uint32_t qual, uint32_t sig)
{
    for (; *groups; groups++)
        if (!(qual & sig & *groups))
            return false;
    return true;
}

/* Where an access goes, from the region it hits. */
enum coh_cca {
    COH_CACHED = 0,   /* main memory: coherent, cached in L1 and L2 */
    COH_UNCACHED,     /* memory that bypasses the caches */
    COH_UNCACHED_ACC, /* uncached accelerated: like uncached, gathered per line by the core */
    COH_REGISTER,     /* a device register: uncached, target a register block */
};

enum coh_access { COH_LOAD = 0, COH_STORE, COH_IFETCH };

typedef void (*coh_sink_fn)(void *ctx, unsigned event, uint32_t sig, uint32_t amount);

typedef struct coh_model coh_model_t;

/* cores 1..COH_MAX_CORES; l2_size a power of two of at least 8 lines per way times ways. */
coh_model_t *coh_new(unsigned cores, uint64_t l2_size, coh_sink_fn sink, void *sink_ctx);
void coh_free(coh_model_t *m);
void coh_reset(coh_model_t *m); /* all caches empty, every event total 0 */
/* The sink sees the events (on) or only the totals count them (off: the sink would do nothing
 * more with them); the total of an event (below 32) since the reset */
void coh_set_sink_on(coh_model_t *m, bool on);
uint64_t coh_event_total(const coh_model_t *m, unsigned event);

/* What one core access did in the requesting core's caches and in the L2, counted per line, for
 * the hart's own PMU (the SBI cache events, docs/mips-cm.md "Cache events in the harts' PMU"). */
typedef struct coh_outcome {
    unsigned l1_access; /* cached lines looked up in the L1 (D for loads and stores, I for fetches) */
    unsigned l1_miss;   /* of them, those that needed a request: absent, or a store to a line in S */
    unsigned l2_read;   /* L2 lookups that fill this core's L1 (read, read-own, instruction fetch) */
    unsigned l2_read_miss;
    unsigned l2_write; /* L2 write-back lookups the access caused: its L1D victim, an M holder's data */
    unsigned l2_write_miss;
} coh_outcome_t;

/* An access of `size` bytes (1..8) by `core`; one that crosses a line boundary is one access per
 * line. What it did is added to *out (may be NULL). */
void coh_core_access(coh_model_t *m, unsigned core, uint64_t addr, unsigned size, enum coh_access kind,
                     enum coh_cca cca, coh_outcome_t *out);
/* A DMA transfer through IOCU `iocu` (0 or 1): `len` bytes from `addr`, read or written, coherent
 * (the L1s are snooped) or not; one IOCU request per line touched. */
void coh_iocu_access(coh_model_t *m, unsigned iocu, uint64_t addr, uint64_t len, bool write, bool coherent);

/* The memos of core c's L1s (mem/l1_memo.h), which harts look at before calling
 * coh_core_access: an access found there is a hit the model need not see. */
struct l1_memo *coh_l1d_memo(coh_model_t *m, unsigned core);
struct l1_memo *coh_l1i_memo(coh_model_t *m, unsigned core);

/* The L2's geometry, for GCR_L2_CONFIG. */
unsigned coh_l2_ways(const coh_model_t *m);
unsigned coh_l2_sets(const coh_model_t *m);

#endif
