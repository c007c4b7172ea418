/* AMD MicroBlaze V: what the core's files share (core.c, pmu_model.c). */
#ifndef PMUSIM_CORE_MICROBLAZE_V_MBV_H
#define PMUSIM_CORE_MICROBLAZE_V_MBV_H

#include <stdbool.h>
#include <stdint.h>

#include "pmu/model.h"

#define MBV_CLASSES 6
#define MBV_NO_EVENT 1u
/* C_DEBUG_EVENT_COUNTERS / C_DEBUG_LATENCY_COUNTERS of pmusim's default configuration. */
#define MBV_DEFAULT_EVENT_COUNTERS 5
#define MBV_DEFAULT_LATENCY_COUNTERS 1
#define MBV_MAX_HPM 29

typedef struct mbv_counters {
    unsigned event_counters, latency_counters;
} mbv_counters_t;

/* Decodes an mhpmevent value: false when it counts nothing (no-event bit, undefined class or
 * bit, empty mask); a latency counter's class is 5 whatever its class field says. */
bool mbv_decode(uint64_t value, bool latency_counter, unsigned *cls, uint32_t *bits);

/* A model instance for this counter configuration (counters must outlive it). */
void mbv_model_init(pmu_model_t *m, const mbv_counters_t *counters);

#endif
