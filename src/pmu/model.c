/* Helpers shared by the PMU models. */
#include "pmu/model.h"

#include <string.h>

/* Event tables are sorted by code (checked by the unit tests): selector writes look codes up. */
const pmu_event_desc_t *pmu_model_event_by_code(const pmu_model_t *model, uint64_t code)
{
    size_t lo = 0, hi = model->n_events;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (model->events[mid].code < code)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < model->n_events && model->events[lo].code == code ? &model->events[lo] : NULL;
}

const pmu_event_desc_t *pmu_model_find_event(const pmu_model_t *model, const char *name)
{
    for (size_t k = 0; k < model->n_events; k++)
        if (!strcmp(model->events[k].name, name))
            return &model->events[k];
    return NULL;
}
