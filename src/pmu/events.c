#include "pmu/events.h"

static const char *const names[EV_COUNT] = {
#define X(name, desc) #name,
    PMUSIM_EVENT_LIST(X)
#undef X
};
static const char *const descriptions[EV_COUNT] = {
#define X(name, desc) desc,
    PMUSIM_EVENT_LIST(X)
#undef X
};

const char *event_name(enum pmusim_event ev) { return ev < EV_COUNT ? names[ev] : "?"; }
const char *event_description(enum pmusim_event ev) { return ev < EV_COUNT ? descriptions[ev] : "?"; }
