/* Raw selector terms for `pmusim stat -e`, perf's `pmu/field=value,.../` syntax, decoded with the
 * selector fields the core's PMU model describes (pmu_model_t.formats: perf's sysfs `format`
 * files): `mbv/class=2,mask=0x3/` on MicroBlaze V is mhpmevent = 2 << 1 | 0x3 << 5. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/diag.h"
#include "session/suggest.h"
#include "session/stat_events.h"

static const pmu_format_field_t *raw_field(const pmu_model_t *model, const char *name, size_t len)
{
    for (const pmu_format_field_t *f = model->formats; f && f->name; f++)
        if (strlen(f->name) == len && !strncmp(f->name, name, len))
            return f;
    return NULL;
}

bool stat_raw_term(const diag_t *dg, const pmu_model_t *model, const char *machine, const char *spec,
                   stat_event_t *out, bool *ok)
{
    const char *slash = strchr(spec, '/');
    size_t len = strlen(spec);
    if (!slash || slash == spec)
        return false;
    *ok = false;
    if (!model->raw_pmu || !model->formats) {
        diag_error(dg, "raw event '%s': machine %s has no raw selector fields; give an event name or code",
                   spec, machine);
        return true;
    }
    size_t plen = (size_t)(slash - spec);
    /* "cpu" is the core's PMU on every machine, as in perf */
    bool cpu = plen == 3 && strncmp(spec, "cpu", 3) == 0;
    if ((!cpu && (plen != strlen(model->raw_pmu) || strncmp(spec, model->raw_pmu, plen))) ||
        spec[len - 1] != '/' || slash == spec + len - 1) {
        diag_error(dg, "bad raw event '%s': expected %s/FIELD=VALUE,.../ (fields: see 'pmusim list -M %s')",
                   spec, model->raw_pmu, machine);
        return true;
    }
    uint64_t code = 0;
    const char *p = slash + 1, *end = spec + len - 1;
    while (p < end) {
        const char *eq = memchr(p, '=', (size_t)(end - p));
        const char *stop = memchr(p, ',', (size_t)(end - p));
        if (!stop)
            stop = end;
        if (!eq || eq > stop) {
            diag_error(dg, "bad raw event '%s': '%.*s' is not FIELD=VALUE", spec, (int)(stop - p), p);
            return true;
        }
        /* "config" is the whole selector, as perf's config= term */
        static const pmu_format_field_t config = { "config", 0, 63 };
        const pmu_format_field_t *f = (size_t)(eq - p) == 6 && !strncmp(p, "config", 6)
                                          ? &config
                                          : raw_field(model, p, (size_t)(eq - p));
        if (!f) {
            char names[160] = "";
            size_t used = 0;
            for (const pmu_format_field_t *g = model->formats; g->name && used < sizeof names; g++)
                used +=
                    (size_t)snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", g->name);
            diag_error(dg, "bad raw event '%s': unknown field '%.*s' (fields: %s)", spec, (int)(eq - p), p,
                       names);
            return true;
        }
        char num[32];
        size_t nlen = (size_t)(stop - eq - 1);
        char *num_end;
        if (!nlen || nlen >= sizeof num || !isdigit((unsigned char)eq[1])) {
            diag_error(dg, "bad raw event '%s': field %s needs a number", spec, f->name);
            return true;
        }
        memcpy(num, eq + 1, nlen);
        num[nlen] = 0;
        errno = 0;
        unsigned long long v = strtoull(num, &num_end, 0);
        unsigned width = f->hi - f->lo + 1;
        if (*num_end || errno || (width < 64 && v >> width)) {
            diag_error(dg, "bad raw event '%s': %s=%s does not fit the field (bits %u-%u)", spec, f->name,
                       num, f->lo, f->hi);
            return true;
        }
        code |= (uint64_t)v << f->lo;
        p = stop + (stop < end);
    }
    const pmu_event_desc_t *d = pmu_model_event_by_code(model, code);
    pmu_selection_t sel = code ? model->select(model, code) : (pmu_selection_t){ SLOT_OFF, 0 };
    if (sel.kind == SLOT_OFF && !d) { /* a named event the model does not simulate counts 0 */
        diag_error(
            dg,
            "raw event '%s' (selector 0x%llx) counts nothing on machine %s: an undefined class or event "
            "bit, the no-event bit, or an empty mask",
            spec, (unsigned long long)code, machine);
        return true;
    }
    stat_event_from_code(out, d, code, sel, spec);
    *ok = true;
    return true;
}
