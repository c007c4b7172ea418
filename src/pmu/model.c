/* Helpers shared by the PMU models. */
#include "pmu/model.h"

#include <string.h>

const pmu_event_desc_t *pmu_model_event_by_code(const pmu_model_t *model, uint64_t code) {
    for (size_t k = 0; k < model->n_events; k++)
        if (model->events[k].code == code)
            return &model->events[k];
    return NULL;
}

const pmu_event_desc_t *pmu_model_find_event(const pmu_model_t *model, const char *name) {
    for (size_t k = 0; k < model->n_events; k++)
        if (!strcmp(model->events[k].name, name))
            return &model->events[k];
    return NULL;
}
