/* The PMU engine: counter slots that count sets of events, independent of any particular core.
 *
 * Slots 0..31 are the architectural counters (0 mcycle, 1 time (never a slot), 2 minstret,
 * 3..31 mhpmcounterN). Slots 32.. are observer slots used by `pmusim stat`: invisible to the guest.
 *
 * Counting is per block and lazy: retiring a block only bumps the block's own execution count
 * (and its count of taken exits); the executor keeps the blocks executed since the last look in a
 * list (pmu_t.pending), and pmu_sync() turns their counts into counter values, with the addends
 * each block caches for the current configuration (epoch), only when something looks: a counter
 * read, a write, a configuration change. So the number of selected events costs nothing per
 * block. Cycle slots are not added per block at all: they read
 * a clock relative to a base. The engine owns its clocks but not time: every call that needs the
 * time takes `now`, the core's cycle clock. Dynamic events are raised where they happen and cost
 * nothing unless some active slot selects them (dyn_interest). */
#ifndef PMUSIM_PMU_PMU_H
#define PMUSIM_PMU_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include "pmu/events.h"

struct pmu_model;

#define PMU_ARCH_SLOTS 32
/* Observer slots: enough for every event of a core at once, latency events taking three. */
#define PMU_OBSERVER_SLOTS 224
#define PMU_MAX_SLOTS (PMU_ARCH_SLOTS + PMU_OBSERVER_SLOTS)
#define PMU_EV_SLOTS 4
#define PMU_EV_SCAN 0xFF
#define PMU_SLOT_CYCLE 0
#define PMU_SLOT_INSTRET 2
/* Privilege levels 0-3 (the executor's numbering: RISC-V U=0, S=1, M=3): a slot counts only while
 * the hart runs at a level in its mask. */
#define PMU_MODES_ALL 0xF

typedef enum pmu_slot_kind {
    SLOT_OFF = 0,            /* not implemented, or selector counts nothing */
    SLOT_EVENTS,             /* +1 per instruction/occurrence matching `events` */
    SLOT_SUM,                /* + the amount reported with an occurrence of `events` (weighted
                              * increments: latency sums, stall cycles; pmu_commit_amount) */
    SLOT_MINMAX,             /* the smallest and largest amount reported with an occurrence of
                              * `events`: max in bits 31:16, min in 15:0, each saturating at
                              * 0xFFFF; 0 holds no sample (the first one sets both) */
    SLOT_CYCLES,             /* clocks, from here on: cycles the core is active (not halted) */
    SLOT_SLEEP_CYCLES,       /* cycles in firmware halt / sleep */
    SLOT_IRQ_OFF_CYCLES,     /* active cycles with mstatus.MIE == 0 */
    SLOT_IRQ_STALLED_CYCLES, /* ... while an enabled interrupt is pending (mip & mie != 0) */
} pmu_slot_kind_t;

typedef struct pmu_slot {
    pmu_slot_kind_t kind;
    evset_t events;      /* SLOT_EVENTS: the set counted (OR rule: one per instruction) */
    bool inhibited;      /* mcountinhibit bit (architectural slots) */
    uint8_t modes;       /* privilege levels it counts in, bit n = level n (PMU_MODES_ALL) */
    uint64_t width_mask; /* counter width */
} pmu_slot_t;

/* The clocks derived from the core's cycle clock: halted (sleep) cycles, and the integrals of the
 * interrupt conditions, kept as "total up to `since`" plus the running part. */
typedef struct pmu_clocks {
    uint64_t sleep_cycles;   /* part of the cycle clock spent halted (clock gated) */
    bool irqs_enabled;       /* mstatus.MIE */
    uint64_t irq_off_cycles; /* active cycles with MIE == 0, up to irq_off_since */
    uint64_t irq_off_since;
    bool irq_stalled; /* MIE == 0 while an enabled interrupt is pending */
    uint64_t irq_stalled_cycles, irq_stalled_since;
} pmu_clocks_t;

/* A kind of occurrence a timing model counts where it happens (pmu_t.lazy_n: a D-cache miss,
 * say), whose events the engine commits when the counters are next looked at (pmu_sync), n at a
 * time: each occurrence takes `dropped` back from an instruction counted with the presumed events
 * `had` (pmu_retract_events), commits `events` once (pmu_commit_events_n), a latency sample of
 * `sample` cycles of event sample_ev (pmu_add_samples; sample 0: none) and `amount` cycles of the
 * events amount_ev (pmu_commit_amount). Translated code may count one without a call. */
#define PMU_LAZY_KINDS 2
typedef struct pmu_lazy_kind {
    evset_t dropped, had, events, amount_ev;
    uint32_t sample, amount;
    unsigned sample_ev;
} pmu_lazy_kind_t;

typedef struct pmu {
    /* Per slot: the count; for a clock while it counts, the clock value at which it read 0. An
     * active event slot's count is value[n] + acc[pos[n]] once pmu_sync() folded the pending
     * blocks into the dense acc[]. */
    uint64_t value[PMU_MAX_SLOTS];
    uint64_t acc[PMU_MAX_SLOTS];
    int16_t pos[PMU_MAX_SLOTS];
    pmu_slot_t slot[PMU_MAX_SLOTS];
    unsigned n_observers;

    /* Derived, recomputed by pmu_reconfigure(): the event slots that count, in order. */
    uint8_t active[PMU_MAX_SLOTS];
    unsigned n_active;
    evset_t dyn_interest; /* union of dynamic events selected by active slots */
    evset_t sum_interest; /* union of events selected by counting SLOT_SUM slots */
    /* Derived too, so that committing one event touches only the counters that select it: the
     * counting SLOT_SUM and SLOT_MINMAX slots, and per event the active event slots (positions in
     * acc[]) and those amount slots that select it, when no more than PMU_EV_SLOTS do (else
     * PMU_EV_SCAN: all are looked at). */
    uint16_t amount_slots[PMU_MAX_SLOTS];
    unsigned n_amount;
    uint8_t ev_n_pos[EV_COUNT], ev_n_amount[EV_COUNT];
    uint16_t ev_pos[EV_COUNT][PMU_EV_SLOTS], ev_amount[EV_COUNT][PMU_EV_SLOTS];
    /* Amounts are lazy too: an event selected by observer SLOT_SUM slots only (sum_lazy: no
     * wrap to report) accumulates in amount_acc[] (events with something there: amount_pending)
     * until pmu_sync() adds it. */
    evset_t sum_lazy, amount_pending;
    uint64_t amount_acc[EV_COUNT];
    /* Latency samples of a fixed amount, lazy too (pmu_add_samples): per event, the occurrences
     * not yet added (negative: more taken back than added so far) and their amount; the events
     * with something there: sample_pending. */
    evset_t sample_pending;
    int64_t sample_n[EV_COUNT];
    uint32_t sample_amount[EV_COUNT];
    /* Occurrences counted where they happen, their events when the counters are next looked
     * at: lazy_n[k] of kind lazy_kind[k] (NULL: no kinds). */
    uint64_t lazy_n[PMU_LAZY_KINDS];
    const struct pmu_lazy_kind *lazy_kind;
    uint32_t epoch; /* id of the active configuration; blocks cache addends per id */
    /* Recently seen configurations and their ids: going back to one of them (a guest toggling
     * mcountinhibit, say) reuses the addends blocks already cached for it. */
    struct pmu_config_memo {
        uint32_t id;
        uint8_t n_active;
        uint8_t active[PMU_MAX_SLOTS];
        evset_t events[PMU_MAX_SLOTS];
    } memo[8];
    uint32_t next_id;

    /* Lazy counting: the head of the executor's list of blocks executed since the last sync, or
     * NULL when acc[] is exact; flush(flush_ctx) folds them into acc[] with the addends of the
     * current configuration and empties the list. The engine never looks inside the list. */
    void *pending;
    void (*flush)(void *ctx);
    void *flush_ctx;

    /* Told of every event committed where it happens (pmu_commit_events, pmu_commit_events_n),
     * or NULL: a profile attributes them to their instruction (cpu/prof.h). */
    void (*observe)(void *ctx, evset_t events, evset_t already, uint64_t n);
    void *observe_ctx;
    const struct pmu_model *model;
    /* Mode filtering: the hart's privilege level, told by pmu_set_mode (traps and xRET, which end
     * blocks, so a block's events all count at one level); mode_filtered when some slot does not
     * count at every level. A slot outside its levels is treated like an inhibited one. */
    uint8_t mode;
    bool mode_filtered;
    pmu_clocks_t clocks;
    uint64_t mcountinhibit;
    uint64_t selector[PMU_ARCH_SLOTS]; /* mhpmeventN as stored (legalised) */
} pmu_t;

void pmu_init(pmu_t *p, const struct pmu_model *model);
/* Folds the executed blocks into the counters (see `pending`). Every read, write and configuration
 * change of the engine does it first; free when nothing ran since the last time. A read is
 * logically const: the counts only move from the blocks into acc[]. */
void pmu_fold_amounts(const pmu_t *p); /* and the lazy samples and retractions */
static inline void pmu_sync(const pmu_t *p)
{
    if (p->pending)
        p->flush(p->flush_ctx);
    _Static_assert(PMU_LAZY_KINDS == 2, "every kind looked at");
    if (p->amount_pending | p->sample_pending | p->lazy_n[0] | p->lazy_n[1])
        pmu_fold_amounts(p);
}
/* Recomputes the active list after a selector, inhibit or observer change. */
void pmu_reconfigure(pmu_t *p);

/* Commit a set of events for one instruction (trap paths, dynamic events). `already` holds the
 * events of the same instruction counted before, so a slot counts an instruction at most once. */
void pmu_commit_events(pmu_t *p, evset_t events, evset_t already);
/* The same for n instructions with the same events and `already` (a timing model's outcomes it
 * counted itself and commits when the counters are next looked at). */
void pmu_commit_events_after_n(pmu_t *p, evset_t events, evset_t already, uint64_t n);
/* An instruction counted with the static events `had` turns out not to have produced `dropped`
 * (events a block presumed at decode time, such as an access being external): every slot that
 * counted it only because of `dropped` takes that one count back. */
void pmu_retract_events(pmu_t *p, evset_t dropped, evset_t had);
/* The same for n instructions at once. */
void pmu_retract_events_n(pmu_t *p, evset_t dropped, evset_t had, uint64_t n);

/* Counter values at cycle `now`. pmu_read_for_insn: as a CSR instruction with events `own_events`
 * reads it (event counters exclude the reading instruction itself). */
uint64_t pmu_read(const pmu_t *p, unsigned slot, uint64_t now);
uint64_t pmu_read_for_insn(const pmu_t *p, unsigned slot, evset_t own_events, uint64_t now);
/* The counter as it was before the instruction with events `own_events` (already retired with its
 * block) added to it: event counters without its event, cycle counters without its cycle. */
uint64_t pmu_read_before_insn(const pmu_t *p, unsigned slot, evset_t own_events, uint64_t now);
void pmu_write(pmu_t *p, unsigned slot, uint64_t value, uint64_t now);

/* Clocks. The value of a clock (a SLOT_*CYCLES kind) at `now`; `cycles` more were spent halted;
 * the interrupt state (mstatus.MIE, an enabled interrupt pending) as of `now`: every change of
 * either is reported, so the clocks integrate the time each condition holds. */
uint64_t pmu_clock(const pmu_t *p, pmu_slot_kind_t clock, uint64_t now);
void pmu_sleep(pmu_t *p, uint64_t cycles);
void pmu_irq_state(pmu_t *p, uint64_t now, bool irqs_enabled, bool irq_pending);

/* Weighted increments: adds `amount` to every counting SLOT_SUM slot whose events intersect
 * `events`. Returns the architectural slots (bit n) that wrapped past their width. (The amount of
 * a single event that only observer sum slots select is added when the counters are next looked
 * at, pmu_sync.) */
uint64_t pmu_commit_amount_now(pmu_t *p, evset_t events, uint64_t amount);
static inline uint64_t pmu_commit_amount(pmu_t *p, evset_t events, uint64_t amount)
{
    if ((events & p->sum_lazy) && !(events & (events - 1))) { /* one event, observer sums only */
        p->amount_acc[evset_first(events)] += amount;
        p->amount_pending |= events;
        return 0;
    }
    return pmu_commit_amount_now(p, events, amount);
}
/* The same for the single event `ev`, by its number. */
static inline uint64_t pmu_commit_event_amount(pmu_t *p, unsigned ev, uint64_t amount)
{
    evset_t e = (evset_t)1 << ev;
    if (p->sum_lazy & e) { /* observer sums only */
        p->amount_acc[ev] += amount;
        p->amount_pending |= e;
        return 0;
    }
    return pmu_commit_amount_now(p, e, amount);
}

/* n occurrences of the single event `ev`, each with a latency of `amount` cycles, for its sum and
 * min/max slots only (its occurrences are counted elsewhere: instructions that presume them); n < 0
 * takes occurrences back. Lazy: when the counters are next looked at (pmu_sync), the sum slots add
 * the net occurrences times `amount` and the min/max slots record `amount` once if any occurred
 * (a min/max is the same for one sample of an amount as for many). Every sample of an event has
 * the same amount. Free unless an amount slot selects the event. */
void pmu_add_samples(pmu_t *p, unsigned ev, uint32_t amount, int64_t n);

/* n occurrences of `events`, each counting once in every active event slot that selects any of
 * them (the OR rule per occurrence): per-access events a memory model reports in bulk. */
void pmu_commit_events_n(pmu_t *p, evset_t events, uint64_t n);

/* The same for one event, by its number: inline, through the event's list of slots when it has one
 * (a memory model's outcomes, several per access). */
static inline void pmu_commit_event_n(pmu_t *p, unsigned ev, uint64_t n)
{
    unsigned listed = p->ev_n_pos[ev];
    if (listed == PMU_EV_SCAN || p->observe) {
        pmu_commit_events_n(p, (evset_t)1 << ev, n);
        return;
    }
    for (unsigned j = 0; j < listed; j++)
        p->acc[p->ev_pos[ev][j]] += n;
}

/* A latency of `cycles` for the occurrence of `event`: event slots count the occurrence (N), sum
 * slots add the cycles, min/max slots record them. */
void pmu_latency(pmu_t *p, evset_t event, uint64_t cycles);

/* Instructions that can commit before an event or clock counter wraps (overflows): at least 1,
 * UINT64_MAX when no counting counter can. Exact under the OR rule: an event counter gains at
 * most one per instruction and a clock at least one cycle per instruction, so running this many
 * instructions cannot pass an overflow. SLOT_SUM slots report theirs from pmu_commit_amount. */
uint64_t pmu_insns_to_overflow(const pmu_t *p, uint64_t now);

/* Configuration: a legalised selector value for mhpmeventN, and mcountinhibit. */
void pmu_set_selector(pmu_t *p, unsigned slot, uint64_t selector, uint64_t now);
void pmu_set_inhibit(pmu_t *p, uint64_t value, uint64_t now);

/* Observer slots for `pmusim stat`: returns the slot index or -1. pmu_add_observer_modes: one
 * that counts only at the privilege levels in `modes` (bit n = level n). */
int pmu_add_observer(pmu_t *p, pmu_slot_kind_t kind, evset_t events, uint64_t now);
int pmu_add_observer_modes(pmu_t *p, pmu_slot_kind_t kind, evset_t events, unsigned modes, uint64_t now);

/* The hart now runs at privilege level `mode` (0-3). Free unless some slot filters by level;
 * else the filtered slots stop or start counting here, at a block boundary. */
void pmu_set_mode(pmu_t *p, unsigned mode, uint64_t now);
/* An architectural slot counts only at the levels in `modes` (bit n = level n), from now on
 * (Sscofpmf's mhpmevent xINH bits, Smcntrpmf's mcyclecfg/minstretcfg). */
void pmu_set_slot_modes(pmu_t *p, unsigned n, unsigned modes, uint64_t now);
/* Does slot n count now (implemented, not inhibited, at the current level)? */
bool pmu_slot_counting(const pmu_t *p, unsigned n);

#endif
