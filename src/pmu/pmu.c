/* The PMU engine. See pmu/pmu.h for the counting scheme. */
#include "pmu/pmu.h"

#include <string.h>

#include "cpu/block.h"
#include "cpu/hart.h"
#include "pmu/model.h"

static bool slot_counts(const pmu_slot_t *s)
{
    return s->kind != SLOT_OFF && !s->inhibited;
}

void pmu_init(hart_t *h, const pmu_model_t *model)
{
    pmu_t *p = &h->pmu;
    memset(p, 0, sizeof *p);
    memset(p->pos, -1, sizeof p->pos);
    p->model = model;
    p->slot[PMU_SLOT_CYCLE] = (pmu_slot_t){ .kind = SLOT_CYCLES, .width_mask = UINT64_MAX };
    p->slot[PMU_SLOT_INSTRET] =
        (pmu_slot_t){ .kind = SLOT_EVENTS, .events = EVBIT(INSTRET), .width_mask = UINT64_MAX };
    uint64_t hpm_mask = model->hpm_bits >= 64 ? UINT64_MAX : (1ull << model->hpm_bits) - 1;
    for (unsigned n = 3; n < PMU_ARCH_SLOTS; n++)
        p->slot[n].width_mask = (model->hpm_mask >> n) & 1 ? hpm_mask : 0;
    pmu_reconfigure(h);
}

static bool is_clock(pmu_slot_kind_t kind)
{
    return kind >= SLOT_CYCLES;
}

uint64_t pmu_clock(const hart_t *h, pmu_slot_kind_t clock)
{
    uint64_t active = hart_cycle(h) - h->sleep_cycles;
    switch (clock) {
    case SLOT_SLEEP_CYCLES: return h->sleep_cycles;
    case SLOT_IRQ_OFF_CYCLES:
        return h->irq_off_cycles + ((h->csr.mstatus & (1u << 3) /* MIE */) ? 0 : active - h->irq_off_since);
    case SLOT_IRQ_STALLED_CYCLES:
        return h->irq_stalled_cycles + (h->irq_stalled ? active - h->irq_stalled_since : 0);
    default: return active;
    }
}

void pmu_irq_state_changed(hart_t *h)
{
    bool stalled = !(h->csr.mstatus & (1u << 3) /* MIE */) && (h->csr.mip & h->csr.mie);
    if (stalled == h->irq_stalled)
        return;
    uint64_t active = pmu_clock(h, SLOT_CYCLES);
    if (stalled)
        h->irq_stalled_since = active;
    else
        h->irq_stalled_cycles += active - h->irq_stalled_since;
    h->irq_stalled = stalled;
}

uint64_t pmu_read(const hart_t *h, unsigned n)
{
    const pmu_t *p = &h->pmu;
    const pmu_slot_t *s = &p->slot[n];
    uint64_t v = p->value[n];
    if (is_clock(s->kind) && !s->inhibited)
        v = pmu_clock(h, s->kind) - v;
    else if (p->pos[n] >= 0)
        v += p->acc[p->pos[n]];
    return v & s->width_mask;
}

void pmu_write(hart_t *h, unsigned n, uint64_t value)
{
    pmu_t *p = &h->pmu;
    pmu_slot_t *s = &p->slot[n];
    value &= s->width_mask;
    if (p->pos[n] >= 0)
        p->acc[p->pos[n]] = 0;
    p->value[n] = (is_clock(s->kind) && !s->inhibited) ? pmu_clock(h, s->kind) - value : value;
}

/* Changes what a slot counts, keeping its current value. */
static void slot_set(hart_t *h, unsigned n, pmu_slot_kind_t kind, evset_t events, bool inhibited)
{
    pmu_slot_t *s = &h->pmu.slot[n];
    uint64_t v = pmu_read(h, n);
    s->kind = kind;
    s->events = kind == SLOT_EVENTS ? events : 0;
    s->inhibited = inhibited;
    pmu_write(h, n, v);
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

void pmu_reconfigure(hart_t *h)
{
    pmu_t *p = &h->pmu;
    /* Fold the accumulators of the old configuration back into the slots. */
    for (unsigned k = 0; k < p->n_active; k++) {
        p->value[p->active[k]] += p->acc[k];
        p->acc[k] = 0;
    }
    memset(p->pos, -1, sizeof p->pos);
    p->n_active = 0;
    p->dyn_interest = 0;
    for (unsigned n = 0; n < PMU_ARCH_SLOTS + p->n_observers; n++) {
        pmu_slot_t *s = &p->slot[n];
        if (s->kind == SLOT_EVENTS && slot_counts(s) && s->events) {
            p->pos[n] = (int8_t)p->n_active;
            p->active[p->n_active++] = (uint8_t)n;
            p->dyn_interest |= s->events & EV_DYNAMIC_MASK;
        }
    }
    /* Address-classified events must see every access: leave the inline RAM path. */
    bool need_addresses = p->dyn_interest & (EVBIT(LOAD_EXTERNAL) | EVBIT(STORE_EXTERNAL));
    h->fast_size = need_addresses || h->ram_size < 8 ? 0 : h->ram_size - 7;
    p->epoch = config_id(p);
}

void pmu_set_selector(hart_t *h, unsigned n, uint64_t selector)
{
    const pmu_model_t *m = h->pmu.model;
    pmu_selection_t sel = selector ? m->select(m, selector) : (pmu_selection_t){ SLOT_OFF, 0 };
    bool inhibited = h->pmu.slot[n].inhibited;
    slot_set(h, n, sel.kind, sel.events, inhibited);
    h->pmu.selector[n] = selector;
    /* An inhibited counter is not in the active list either way: the usual "inhibit, program,
     * enable" sequence reconfigures once, at the enable. */
    if (!inhibited)
        pmu_reconfigure(h);
}

void pmu_set_inhibit(hart_t *h, uint64_t value)
{
    pmu_t *p = &h->pmu;
    value &= p->model->inhibit_mask;
    uint64_t changed = p->mcountinhibit ^ value;
    p->mcountinhibit = value;
    if (!changed)
        return;
    for (unsigned n = 0; n < PMU_ARCH_SLOTS; n++) {
        pmu_slot_t *s = &p->slot[n];
        if ((changed >> n) & 1)
            slot_set(h, n, s->kind, s->events, (value >> n) & 1);
    }
    pmu_reconfigure(h);
}

void pmu_block_refresh(hart_t *h, block_t *b)
{
    const pmu_t *p = &h->pmu;
    /* A conditional branch always ends its block: its direction is which exit the block takes. */
    evset_t last = b->n_insns ? b->events[b->n_insns - 1] : 0;
    bool ends_in_branch = (last & EVBIT(BRANCH)) != 0;
    for (unsigned k = 0; k < p->n_active; k++) {
        evset_t all = p->slot[p->active[k]].events;
        evset_t want = all & ~EV_DYNAMIC_MASK;
        uint32_t n = 0;
        if ((want & (want - 1)) == 0) {
            n = want ? b->event_count[__builtin_ctzll(want)] : 0;
        } else {
            for (uint32_t c = 0; c < b->n_classes; c++)
                n += (b->classes[c].events & want) ? b->classes[c].count : 0;
        }
        /* OR rule: the branch counts once even if its static events matched too. */
        bool branch_counted = ends_in_branch && (last & want);
        b->add[k] = n + (ends_in_branch && !branch_counted && (all & EVBIT(BR_NOT_TAKEN)));
        b->add_taken[k] = n + (ends_in_branch && !branch_counted && (all & EVBIT(BR_TAKEN)));
    }
    b->n_add = p->n_active;
    b->epoch = p->epoch;
}

void pmu_commit_range(hart_t *h, const block_t *b, unsigned from, unsigned to)
{
    pmu_t *p = &h->pmu;
    for (unsigned k = 0; k < p->n_active; k++) {
        evset_t want = p->slot[p->active[k]].events;
        for (unsigned j = from; j < to; j++)
            p->acc[k] += (b->events[j] & want) != 0;
    }
}

void pmu_commit_events(hart_t *h, evset_t events, evset_t already)
{
    pmu_t *p = &h->pmu;
    for (unsigned k = 0; k < p->n_active; k++) {
        evset_t want = p->slot[p->active[k]].events;
        p->acc[k] += (want & events) && !(want & already);
    }
}

uint64_t pmu_read_for_insn(const hart_t *h, unsigned n, evset_t own_events)
{
    const pmu_slot_t *s = &h->pmu.slot[n];
    uint64_t v = pmu_read(h, n);
    /* Event counters read as of before the reading instruction (VeeR: presync reads). The
     * instruction has already been retired with its block, so take its own event back out. */
    if (s->kind == SLOT_EVENTS && slot_counts(s) && (s->events & own_events))
        v = (v - 1) & s->width_mask;
    return v;
}

int pmu_add_observer(hart_t *h, pmu_slot_kind_t kind, evset_t events)
{
    pmu_t *p = &h->pmu;
    if (p->n_observers == PMU_OBSERVER_SLOTS)
        return -1;
    unsigned n = PMU_ARCH_SLOTS + p->n_observers++;
    p->slot[n] = (pmu_slot_t){ .kind = kind, .events = events, .width_mask = UINT64_MAX };
    pmu_write(h, n, 0);
    pmu_reconfigure(h);
    return (int)n;
}
