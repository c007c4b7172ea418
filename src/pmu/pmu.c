/* The PMU engine. See pmu/pmu.h for the counting scheme. */
#include "pmu/pmu.h"

#include <string.h>

#include "pmu/model.h"

/* Counting now: implemented, not inhibited, and at a privilege level it counts in. */
static bool slot_live(const pmu_t *p, const pmu_slot_t *s)
{
    return !s->inhibited && ((s->modes >> p->mode) & 1);
}

static bool slot_counts(const pmu_t *p, const pmu_slot_t *s)
{
    return s->kind != SLOT_OFF && slot_live(p, s);
}

void pmu_init(pmu_t *p, const pmu_model_t *model)
{
    memset(p, 0, sizeof *p);
    memset(p->pos, -1, sizeof p->pos);
    p->model = model;
    p->mode = 3; /* harts start at the highest level */
    for (unsigned n = 0; n < PMU_MAX_SLOTS; n++)
        p->slot[n].modes = PMU_MODES_ALL;
    p->slot[PMU_SLOT_CYCLE] =
        (pmu_slot_t){ .kind = SLOT_CYCLES, .modes = PMU_MODES_ALL, .width_mask = UINT64_MAX };
    p->slot[PMU_SLOT_INSTRET] = (pmu_slot_t){
        .kind = SLOT_EVENTS, .events = EVBIT(INSTRET), .modes = PMU_MODES_ALL, .width_mask = UINT64_MAX
    };
    uint64_t hpm_mask = model->hpm_bits >= 64 ? UINT64_MAX : (1ull << model->hpm_bits) - 1;
    for (unsigned n = 3; n < PMU_ARCH_SLOTS; n++)
        p->slot[n].width_mask = (model->hpm_mask >> n) & 1 ? hpm_mask : 0;
    pmu_reconfigure(p);
}

static bool is_clock(pmu_slot_kind_t kind)
{
    return kind >= SLOT_CYCLES;
}

uint64_t pmu_clock(const pmu_t *p, pmu_slot_kind_t clock, uint64_t now)
{
    const pmu_clocks_t *c = &p->clocks;
    uint64_t active = now - c->sleep_cycles;
    switch (clock) {
    case SLOT_SLEEP_CYCLES: return c->sleep_cycles;
    case SLOT_IRQ_OFF_CYCLES: return c->irq_off_cycles + (c->irqs_enabled ? 0 : active - c->irq_off_since);
    case SLOT_IRQ_STALLED_CYCLES:
        return c->irq_stalled_cycles + (c->irq_stalled ? active - c->irq_stalled_since : 0);
    default: return active;
    }
}

void pmu_sleep(pmu_t *p, uint64_t cycles)
{
    p->clocks.sleep_cycles += cycles;
}

void pmu_irq_state(pmu_t *p, uint64_t now, bool irqs_enabled, bool irq_pending)
{
    pmu_clocks_t *c = &p->clocks;
    uint64_t active = now - c->sleep_cycles;
    if (irqs_enabled != c->irqs_enabled) {
        if (irqs_enabled)
            c->irq_off_cycles += active - c->irq_off_since;
        else
            c->irq_off_since = active;
        c->irqs_enabled = irqs_enabled;
    }
    bool stalled = !irqs_enabled && irq_pending;
    if (stalled != c->irq_stalled) {
        if (stalled)
            c->irq_stalled_since = active;
        else
            c->irq_stalled_cycles += active - c->irq_stalled_since;
        c->irq_stalled = stalled;
    }
}

uint64_t pmu_read(const pmu_t *p, unsigned n, uint64_t now)
{
    pmu_sync(p);
    const pmu_slot_t *s = &p->slot[n];
    uint64_t v = p->value[n];
    if (is_clock(s->kind) && slot_live(p, s))
        v = pmu_clock(p, s->kind, now) - v;
    else if (p->pos[n] >= 0)
        v += p->acc[p->pos[n]];
    return v & s->width_mask;
}

void pmu_write(pmu_t *p, unsigned n, uint64_t value, uint64_t now)
{
    pmu_slot_t *s = &p->slot[n];
    pmu_sync(p);
    value &= s->width_mask;
    if (p->pos[n] >= 0)
        p->acc[p->pos[n]] = 0;
    p->value[n] = (is_clock(s->kind) && slot_live(p, s)) ? pmu_clock(p, s->kind, now) - value : value;
}

/* Changes what a slot counts, keeping its current value. */
static void slot_set(pmu_t *p, unsigned n, pmu_slot_kind_t kind, evset_t events, bool inhibited, uint64_t now)
{
    pmu_slot_t *s = &p->slot[n];
    uint64_t v = pmu_read(p, n, now);
    s->kind = kind;
    s->events = kind == SLOT_EVENTS || kind == SLOT_SUM || kind == SLOT_MINMAX ? events : 0;
    s->inhibited = inhibited;
    pmu_write(p, n, v, now);
}

/* The id of the configuration just listed in p->active: the same id as the last time this exact
 * configuration was active, if it is still remembered, else a new one (ids are never reused). */
static uint32_t config_id(pmu_t *p)
{
    for (unsigned m = 0; m < sizeof p->memo / sizeof p->memo[0]; m++) {
        struct pmu_config_memo *c = &p->memo[m];
        if (!c->id || c->n_active != p->n_active)
            continue;
        bool same = true;
        for (unsigned k = 0; k < p->n_active && same; k++)
            same = c->active[k] == p->active[k] && c->events[k] == p->slot[p->active[k]].events;
        if (same)
            return c->id;
    }
    /* Remember it in place of the oldest entry. */
    struct pmu_config_memo *c = &p->memo[0];
    for (unsigned m = 1; m < sizeof p->memo / sizeof p->memo[0]; m++)
        if (p->memo[m].id < c->id)
            c = &p->memo[m];
    c->id = ++p->next_id;
    c->n_active = (uint8_t)p->n_active;
    for (unsigned k = 0; k < p->n_active; k++) {
        c->active[k] = p->active[k];
        c->events[k] = p->slot[p->active[k]].events;
    }
    return c->id;
}

/* Adds `v` to the list of every event in `events` (PMU_EV_SCAN once a list is full). */
static void by_event(uint8_t *count, uint16_t (*list)[PMU_EV_SLOTS], evset_t events, uint16_t v)
{
    for (evset_t e = events; e; e &= e - 1) {
        unsigned ev = evset_first(e);
        if (ev >= EV_COUNT || count[ev] == PMU_EV_SCAN)
            continue;
        if (count[ev] == PMU_EV_SLOTS)
            count[ev] = PMU_EV_SCAN;
        else
            list[ev][count[ev]++] = v;
    }
}

/* The single event of `events`, or -1 when it has none or several. */
static int single_event(evset_t events)
{
    return events && !(events & (events - 1)) ? (int)evset_first(events) : -1;
}

void pmu_reconfigure(pmu_t *p)
{
    /* The blocks executed so far count with the configuration they ran under (the callers sync
     * before they change a slot; this is for a caller that changed nothing). */
    pmu_sync(p);
    /* Fold the accumulators of the old configuration back into the slots. */
    for (unsigned k = 0; k < p->n_active; k++) {
        p->value[p->active[k]] += p->acc[k];
        p->acc[k] = 0;
    }
    memset(p->pos, -1, sizeof p->pos);
    memset(p->ev_n_pos, 0, sizeof p->ev_n_pos);
    memset(p->ev_n_amount, 0, sizeof p->ev_n_amount);
    p->sum_lazy = 0;
    p->n_active = 0;
    p->n_amount = 0;
    p->dyn_interest = 0;
    p->sum_interest = 0;
    for (unsigned n = 0; n < PMU_ARCH_SLOTS + p->n_observers; n++) {
        pmu_slot_t *s = &p->slot[n];
        if (s->kind == SLOT_EVENTS && slot_counts(p, s) && s->events) {
            p->pos[n] = (int16_t)p->n_active;
            by_event(p->ev_n_pos, p->ev_pos, s->events, (uint16_t)p->n_active);
            p->active[p->n_active++] = (uint8_t)n;
            p->dyn_interest |= s->events & EV_DYNAMIC_MASK;
        } else if ((s->kind == SLOT_SUM || s->kind == SLOT_MINMAX) && slot_counts(p, s)) {
            p->sum_interest |= s->events;
            by_event(p->ev_n_amount, p->ev_amount, s->events, (uint16_t)n);
            p->amount_slots[p->n_amount++] = (uint16_t)n;
        }
    }
    for (unsigned ev = 0; ev < EV_COUNT; ev++) { /* events only observer sum slots select */
        bool lazy = p->ev_n_amount[ev] && p->ev_n_amount[ev] != PMU_EV_SCAN;
        for (unsigned j = 0; lazy && j < p->ev_n_amount[ev]; j++) {
            unsigned n = p->ev_amount[ev][j];
            lazy = p->slot[n].kind == SLOT_SUM && n >= PMU_ARCH_SLOTS; /* no wrap to report */
        }
        if (lazy)
            p->sum_lazy |= (evset_t)1 << ev;
    }
    p->epoch = config_id(p);
}

static pmu_slot_role_t slot_role(const pmu_model_t *m, unsigned n)
{
    return m->slot_role && n < PMU_ARCH_SLOTS ? m->slot_role(m, n) : SLOT_ROLE_PLAIN;
}

void pmu_set_selector(pmu_t *p, unsigned n, uint64_t selector, uint64_t now)
{
    const pmu_model_t *m = p->model;
    pmu_slot_role_t role = slot_role(m, n);
    if (role == SLOT_ROLE_PAIR_SECOND)
        return; /* configured by the first counter of its pair; its selector reads 0 */
    pmu_selection_t sel = !selector        ? (pmu_selection_t){ SLOT_OFF, 0 }
                          : m->select_slot ? m->select_slot(m, n, selector)
                                           : m->select(m, selector);
    bool inhibited = p->slot[n].inhibited;
    slot_set(p, n, sel.kind, sel.events, inhibited, now);
    if (role == SLOT_ROLE_PAIR_FIRST && n + 1 < PMU_ARCH_SLOTS) {
        bool on = sel.kind == SLOT_SUM;
        slot_set(p, n + 1, on ? SLOT_MINMAX : SLOT_OFF, on ? sel.events : 0, p->slot[n + 1].inhibited, now);
    }
    p->selector[n] = selector;
    inhibited = inhibited && (role != SLOT_ROLE_PAIR_FIRST || p->slot[n + 1].inhibited);
    /* An inhibited counter is not in the active list either way: the usual "inhibit, program,
     * enable" sequence reconfigures once, at the enable. */
    if (!inhibited)
        pmu_reconfigure(p);
}

void pmu_set_inhibit(pmu_t *p, uint64_t value, uint64_t now)
{
    value &= p->model->inhibit_mask;
    uint64_t changed = p->mcountinhibit ^ value;
    p->mcountinhibit = value;
    if (!changed)
        return;
    for (unsigned n = 0; n < PMU_ARCH_SLOTS; n++) {
        pmu_slot_t *s = &p->slot[n];
        if ((changed >> n) & 1)
            slot_set(p, n, s->kind, s->events, (value >> n) & 1, now);
    }
    pmu_reconfigure(p);
}

/* A commit of a few events (a timing model's access and its hit, say) through the events'
 * lists of slots: each slot that selects one of them counts n once, unless it selects one of
 * `already`. False (nothing done) when an event has too many slots to list or there are more
 * than COMMIT_LISTED_MAX events: the caller looks at every slot. */
#define COMMIT_LISTED_MAX 3
static bool commit_listed(pmu_t *p, evset_t events, evset_t already, uint64_t n)
{
    unsigned bits = 0;
    for (evset_t e = events; e; e &= e - 1) {
        unsigned ev = evset_first(e);
        if (ev >= EV_COUNT || p->ev_n_pos[ev] == PMU_EV_SCAN || ++bits > COMMIT_LISTED_MAX)
            return false;
    }
    uint16_t seen[COMMIT_LISTED_MAX * PMU_EV_SLOTS];
    unsigned n_seen = 0;
    for (evset_t e = events; e; e &= e - 1) {
        unsigned ev = evset_first(e);
        for (unsigned j = 0; j < p->ev_n_pos[ev]; j++) {
            unsigned k = p->ev_pos[ev][j], i = 0;
            while (i < n_seen && seen[i] != k) /* a slot that selects two of them counts once */
                i++;
            if (i < n_seen)
                continue;
            seen[n_seen++] = (uint16_t)k;
            if (!(p->slot[p->active[k]].events & already))
                p->acc[k] += n;
        }
    }
    return true;
}

/* The single event of `events` when the active slots that select it are listed (ev_pos), or -1:
 * a commit of it touches only those slots. */
static int listed_event(const pmu_t *p, evset_t events)
{
    int ev = single_event(events);
    return ev >= 0 && ev < EV_COUNT && p->ev_n_pos[ev] != PMU_EV_SCAN ? ev : -1;
}

void pmu_commit_events_after_n(pmu_t *p, evset_t events, evset_t already, uint64_t n)
{
    int ev = listed_event(p, events);
    if (ev >= 0) {
        for (unsigned j = 0; j < p->ev_n_pos[ev]; j++) {
            unsigned k = p->ev_pos[ev][j];
            p->acc[k] += (p->slot[p->active[k]].events & already) ? 0 : n;
        }
    } else if (!commit_listed(p, events, already, n)) {
        for (unsigned k = 0; k < p->n_active; k++) {
            evset_t want = p->slot[p->active[k]].events;
            p->acc[k] += (want & events) && !(want & already) ? n : 0;
        }
    }
    if (p->observe)
        p->observe(p->observe_ctx, events, already, n);
}

void pmu_commit_events(pmu_t *p, evset_t events, evset_t already)
{
    pmu_commit_events_after_n(p, events, already, 1);
}

void pmu_retract_events_n(pmu_t *p, evset_t dropped, evset_t had, uint64_t n)
{
    evset_t kept = had & ~dropped;
    int ev = listed_event(p, dropped);
    if (ev >= 0 && (dropped & had)) {
        for (unsigned j = 0; j < p->ev_n_pos[ev]; j++) {
            unsigned k = p->ev_pos[ev][j];
            p->acc[k] -= (p->slot[p->active[k]].events & kept) ? 0 : n;
        }
        return;
    }
    for (unsigned k = 0; k < p->n_active; k++) {
        evset_t want = p->slot[p->active[k]].events;
        p->acc[k] -= (want & had) && !(want & kept) ? n : 0; /* may wrap until the block is folded in */
    }
}

void pmu_retract_events(pmu_t *p, evset_t dropped, evset_t had)
{
    pmu_retract_events_n(p, dropped, had, 1);
}

void pmu_commit_events_n(pmu_t *p, evset_t events, uint64_t n)
{
    int ev = listed_event(p, events);
    if (ev >= 0) {
        for (unsigned j = 0; j < p->ev_n_pos[ev]; j++)
            p->acc[p->ev_pos[ev][j]] += n;
    } else if (!commit_listed(p, events, 0, n)) {
        for (unsigned k = 0; k < p->n_active; k++)
            p->acc[k] += (p->slot[p->active[k]].events & events) ? n : 0;
    }
    if (p->observe)
        p->observe(p->observe_ctx, events, 0, n);
}

/* A min/max counter: max in bits 31:16, min in 15:0, saturating; 0 holds no sample yet. */
static uint64_t minmax_add(uint64_t v, uint64_t amount)
{
    uint64_t a = amount > 0xFFFF ? 0xFFFF : amount;
    uint64_t max = (v >> 16) & 0xFFFF, min = v & 0xFFFF;
    if ((v & 0xFFFFFFFFu) == 0)
        return a << 16 | a;
    if (a > max)
        max = a;
    if (a < min)
        min = a;
    return max << 16 | min;
}

void pmu_latency(pmu_t *p, evset_t event, uint64_t cycles)
{
    if (p->dyn_interest & event)
        pmu_commit_events(p, event, 0);
    if (p->sum_interest & event)
        pmu_commit_amount(p, event, cycles);
}

/* Adds `amount` to counting amount slot n (SLOT_SUM or SLOT_MINMAX); true if an architectural
 * sum slot wrapped. */
static bool amount_add(pmu_t *p, unsigned n, uint64_t amount)
{
    pmu_slot_t *s = &p->slot[n];
    if (s->kind == SLOT_MINMAX) {
        p->value[n] = minmax_add(p->value[n], amount) & s->width_mask;
        return false;
    }
    uint64_t old = p->value[n] & s->width_mask, v = (old + amount) & s->width_mask;
    p->value[n] = v;
    return n < PMU_ARCH_SLOTS && (v < old || amount > s->width_mask);
}

void pmu_add_samples(pmu_t *p, unsigned ev, uint32_t amount, int64_t n)
{
    evset_t e = (evset_t)1 << ev;
    if (!(p->sum_interest & e) || !n)
        return;
    p->sample_n[ev] += n;
    p->sample_amount[ev] = amount;
    p->sample_pending |= e;
}

/* n > 0 samples of `amount` for event ev: n x amount to its sum slots, amount to its min/max
 * slots (once: more samples of the same amount change nothing there). */
static void samples_add(pmu_t *p, unsigned ev, uint64_t amount, uint64_t n)
{
    bool listed = p->ev_n_amount[ev] != PMU_EV_SCAN;
    unsigned count = listed ? p->ev_n_amount[ev] : p->n_amount;
    for (unsigned j = 0; j < count; j++) {
        unsigned slot = listed ? p->ev_amount[ev][j] : p->amount_slots[j];
        if (!(p->slot[slot].events & ((evset_t)1 << ev)))
            continue;
        amount_add(p, slot, p->slot[slot].kind == SLOT_MINMAX ? amount : n * amount);
    }
}

void pmu_fold_amounts(const pmu_t *cp)
{
    pmu_t *p = (pmu_t *)cp; /* a read is logically const (pmu_sync): the amounts only move */
    for (unsigned k = 0; k < PMU_LAZY_KINDS && p->lazy_kind; k++) { /* first: they may add amounts */
        uint64_t n = p->lazy_n[k];
        const pmu_lazy_kind_t *kind = &p->lazy_kind[k];
        if (!n)
            continue;
        p->lazy_n[k] = 0;
        if (p->dyn_interest & kind->dropped)
            pmu_retract_events_n(p, kind->dropped, kind->had, n);
        if (p->dyn_interest & kind->events)
            pmu_commit_events_n(p, kind->events, n);
        if (kind->sample)
            pmu_add_samples(p, kind->sample_ev, kind->sample, (int64_t)n);
        if (p->sum_interest & kind->amount_ev)
            pmu_commit_amount(p, kind->amount_ev, n * kind->amount);
    }
    for (evset_t e = p->amount_pending; e; e &= e - 1) {
        unsigned ev = evset_first(e);
        for (unsigned j = 0; j < p->ev_n_amount[ev]; j++)
            amount_add(p, p->ev_amount[ev][j], p->amount_acc[ev]);
        p->amount_acc[ev] = 0;
    }
    p->amount_pending = 0;
    evset_t owed = 0;
    for (evset_t e = p->sample_pending; e; e &= e - 1) {
        unsigned ev = evset_first(e);
        int64_t n = p->sample_n[ev];
        if (n < 0) { /* taken back before the blocks that presumed them were counted: kept */
            owed |= (evset_t)1 << ev;
            continue;
        }
        if (n)
            samples_add(p, ev, p->sample_amount[ev], (uint64_t)n);
        p->sample_n[ev] = 0;
    }
    p->sample_pending = owed;
}

uint64_t pmu_commit_amount_now(pmu_t *p, evset_t events, uint64_t amount)
{
    uint64_t wrapped = 0;
    int ev = single_event(events);
    if (ev >= 0 && ev < EV_COUNT && p->ev_n_amount[ev] != PMU_EV_SCAN) {
        for (unsigned j = 0; j < p->ev_n_amount[ev]; j++) {
            unsigned n = p->ev_amount[ev][j];
            if (amount_add(p, n, amount))
                wrapped |= 1ull << n;
        }
        return wrapped;
    }
    for (unsigned j = 0; j < p->n_amount; j++) {
        unsigned n = p->amount_slots[j];
        if ((p->slot[n].events & events) && amount_add(p, n, amount))
            wrapped |= 1ull << n;
    }
    return wrapped;
}

uint64_t pmu_insns_to_overflow(const pmu_t *p, uint64_t now)
{
    uint64_t best = UINT64_MAX;
    pmu_sync(p);
    for (unsigned n = 0; n < PMU_ARCH_SLOTS + p->n_observers; n++) {
        const pmu_slot_t *s = &p->slot[n];
        if (!slot_counts(p, s) || s->kind == SLOT_SUM || s->kind == SLOT_MINMAX || s->width_mask == 0)
            continue;
        if (s->kind == SLOT_EVENTS && !s->events)
            continue;
        uint64_t left = s->width_mask - pmu_read(p, n, now); /* increments before the wrap */
        if (left < best)
            best = left;
    }
    return best == UINT64_MAX ? UINT64_MAX : best + 1;
}

uint64_t pmu_read_for_insn(const pmu_t *p, unsigned n, evset_t own_events, uint64_t now)
{
    const pmu_slot_t *s = &p->slot[n];
    uint64_t v = pmu_read(p, n, now);
    /* Event counters read as of before the reading instruction (VeeR: presync reads). The
     * instruction has already been retired with its block, so take its own event back out. */
    if (s->kind == SLOT_EVENTS && slot_counts(p, s) && (s->events & own_events))
        v = (v - 1) & s->width_mask;
    return v;
}

uint64_t pmu_read_before_insn(const pmu_t *p, unsigned n, evset_t own_events, uint64_t now)
{
    const pmu_slot_t *s = &p->slot[n];
    uint64_t v = pmu_read(p, n, now);
    if (!slot_counts(p, s))
        return v;
    if ((s->kind == SLOT_EVENTS && (s->events & own_events)) || s->kind == SLOT_CYCLES)
        v = (v - 1) & s->width_mask; /* one event, or the one cycle of the instruction */
    return v;
}

int pmu_add_observer_modes(pmu_t *p, pmu_slot_kind_t kind, evset_t events, unsigned modes, uint64_t now)
{
    if (p->n_observers == PMU_OBSERVER_SLOTS)
        return -1;
    pmu_sync(p);
    unsigned n = PMU_ARCH_SLOTS + p->n_observers++;
    modes &= PMU_MODES_ALL;
    p->slot[n] =
        (pmu_slot_t){ .kind = kind, .events = events, .modes = (uint8_t)modes, .width_mask = UINT64_MAX };
    if (modes != PMU_MODES_ALL)
        p->mode_filtered = true;
    pmu_write(p, n, 0, now);
    pmu_reconfigure(p);
    return (int)n;
}

int pmu_add_observer(pmu_t *p, pmu_slot_kind_t kind, evset_t events, uint64_t now)
{
    return pmu_add_observer_modes(p, kind, events, PMU_MODES_ALL, now);
}

void pmu_set_slot_modes(pmu_t *p, unsigned n, unsigned modes, uint64_t now)
{
    modes &= PMU_MODES_ALL;
    if (p->slot[n].modes == modes)
        return;
    uint64_t v = pmu_read(p, n, now);
    p->slot[n].modes = (uint8_t)modes;
    pmu_write(p, n, v, now);
    p->mode_filtered = false;
    for (unsigned k = 0; k < PMU_ARCH_SLOTS + p->n_observers; k++)
        if (p->slot[k].modes != PMU_MODES_ALL)
            p->mode_filtered = true;
    pmu_reconfigure(p);
}

bool pmu_slot_counting(const pmu_t *p, unsigned n)
{
    return slot_counts(p, &p->slot[n]);
}

void pmu_set_mode(pmu_t *p, unsigned mode, uint64_t now)
{
    mode &= 3;
    if (mode == p->mode)
        return;
    /* Only a filtered slot that counts at all reads differently at another level: one that is
     * off or inhibited (OpenSBI parks its counters with MINH set) keeps its value at every level,
     * so the level is only noted, without folding the pending blocks in (every trap and xRET). */
    bool sensitive = false;
    unsigned n_slots = PMU_ARCH_SLOTS + p->n_observers;
    for (unsigned n = 0; p->mode_filtered && n < n_slots && !sensitive; n++)
        sensitive = p->slot[n].modes != PMU_MODES_ALL && p->slot[n].kind != SLOT_OFF && !p->slot[n].inhibited;
    if (!sensitive) {
        p->mode = (uint8_t)mode;
        return;
    }
    /* Each filtered slot keeps its value across the change: a clock stops or starts reading the
     * cycle clock, an event slot leaves or joins the active list (configurations are remembered,
     * so blocks keep their cached addends for each level). */
    uint64_t v[PMU_MAX_SLOTS];
    pmu_sync(p); /* the blocks executed so far ran at the old level */
    for (unsigned n = 0; n < n_slots; n++)
        if (p->slot[n].modes != PMU_MODES_ALL)
            v[n] = pmu_read(p, n, now);
    p->mode = (uint8_t)mode;
    for (unsigned n = 0; n < n_slots; n++)
        if (p->slot[n].modes != PMU_MODES_ALL)
            pmu_write(p, n, v[n], now);
    pmu_reconfigure(p);
}
