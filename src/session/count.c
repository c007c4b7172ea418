/* Counting events from outside the guest: each event gets one of the PMU's observer slots
 * (pmu_add_observer), counters the guest cannot see, so its own mcycle, minstret and
 * mhpmcounters are exactly what an uncounted run gives. */
#include "dev/mips_cm.h"
#include "session/session.h"
#include "session/stat_events.h"

int session_attach_events(session_t *s, stat_event_list_t *events, const diag_t *d)
{
    for (unsigned k = 0; k < events->n; k++) {
        stat_event_t *e = &events->ev[k];
        if (e->cm) { /* counted by the coherence manager (docs/mips-cm.md) */
            e->slot = e->cm_event < 0 ? 0 : mips_cm_add_observer(s->m->cm, (unsigned)e->cm_event, e->cm_qual);
            if (e->slot < 0) {
                diag_error(d, "stat: at most %u CM events can be counted in one run", MIPS_CM_MAX_OBSERVERS);
                return SESSION_EXIT_USAGE;
            }
            continue;
        }
        for (unsigned j = 0; j < s->m->n_harts; j++) {
            hart_t *h = &s->m->harts[j];
            e->slot = pmu_add_observer_modes(&h->pmu, e->sel.kind, e->sel.events, e->modes, hart_cycle(h));
            if (e->latency && e->slot >= 0) { /* N above; the sum and the min/max as well */
                e->sum_slot =
                    pmu_add_observer_modes(&h->pmu, SLOT_SUM, e->sel.events, e->modes, hart_cycle(h));
                e->minmax_slot =
                    pmu_add_observer_modes(&h->pmu, SLOT_MINMAX, e->sel.events, e->modes, hart_cycle(h));
                if (e->sum_slot < 0 || e->minmax_slot < 0)
                    e->slot = -1;
            }
            hart_pmu_changed(h);
        }
        if (e->slot < 0) {
            diag_error(d, "stat: no PMU observer slot left for event '%s' (at most %d)", e->label,
                       PMU_OBSERVER_SLOTS);
            return SESSION_EXIT_USAGE;
        }
    }
    return 0;
}

uint64_t session_read_event(const session_t *s, const stat_event_t *e, unsigned hart)
{
    const hart_t *h = &s->m->harts[hart];
    if (e->cm) /* the CM is shared: its counts are the first hart's in a per-hart view */
        return hart              ? 0
               : e->cm_event < 0 ? mips_cm_cycles(s->m->cm)
                                 : mips_cm_observer_read(s->m->cm, (unsigned)e->slot);
    return pmu_read(&h->pmu, (unsigned)e->slot, hart_cycle(h));
}
