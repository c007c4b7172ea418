/* `-M NAME[,KEY=VALUE...]`: a machine and its options, as every front end takes them. */
#include <stdlib.h>
#include <string.h>

#include "machine/machine.h"
#include "session/diag.h"
#include "session/suggest.h"
#include "session/session.h"

/* "a, b, c": names joined for a message (cut short if buf is too small). */
static const char *join_names(const char *const *names, size_t n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = 0;
    for (size_t k = 0; k < n; k++) {
        int w = snprintf(buf + used, size - used, "%s%s", used ? ", " : "", names[k]);
        if (w > 0 && (size_t)w < size - used)
            used += (size_t)w;
    }
    return buf;
}

static const machine_desc_t *find_machine_name(const diag_t *diag, const char *name)
{
    const machine_desc_t *d = machine_find(name);
    if (d)
        return d;

    const char *cands[32];
    char all[512];
    size_t n = 0;
    for (const machine_desc_t *const *p = machine_list(); *p && n < 32; p++)
        cands[n++] = (*p)->name;
    join_names(cands, n, all, sizeof(all));
    const char *best = suggest_closest(name, cands, n);
    if (best)
        diag_error(diag, "unknown machine '%s'; did you mean '%s'? (machines: %s)", name, best, all);
    else
        diag_error(diag, "unknown machine '%s' (machines: %s)", name, all);
    return NULL;
}

/* Applies one `key=value` of -M to opts. */
static bool machine_option(const diag_t *diag, const machine_desc_t *d, const char *item,
                           machine_opts_t *opts)
{
    char key[64];
    const char *eq = strchr(item, '=');
    size_t klen = eq ? (size_t)(eq - item) : strlen(item);
    if (klen == 0 || klen >= sizeof(key)) {
        diag_error(diag, "-M %s: bad option '%s': expected KEY=VALUE", d->name, item);
        return false;
    }
    memcpy(key, item, klen);
    key[klen] = 0;
    const machine_param_t *p = machine_find_param(d, key);
    if (!p) {
        const char *cands[32] = { 0 };
        char all[256];
        size_t n = 0;
        for (const machine_param_t *q = d->params; q && q->key && n < 32; q++)
            cands[n++] = q->key;
        join_names(cands, n, all, sizeof(all));
        const char *best = suggest_closest(key, cands, n);
        if (!n)
            diag_error(diag, "-M %s: unknown option '%s': machine %s has no options", d->name, key, d->name);
        else if (best)
            diag_error(diag, "-M %s: unknown option '%s'; did you mean '%s'? (options: %s)", d->name, key,
                       best, all);
        else
            diag_error(diag, "-M %s: unknown option '%s' (options: %s)", d->name, key, all);
        return false;
    }
    if (!eq || !p->set(opts, eq + 1)) {
        diag_error(diag, "-M %s: bad value '%s' for %s: expected %s", d->name, eq ? eq + 1 : "", key,
                   p->values);
        return false;
    }
    return true;
}

const machine_desc_t *session_find_machine(const diag_t *diag, const char *spec, machine_opts_t *opts)
{
    char name[64];
    const char *comma = strchr(spec, ',');
    size_t nlen = comma ? (size_t)(comma - spec) : strlen(spec);
    if (nlen >= sizeof(name))
        nlen = sizeof(name) - 1;
    memcpy(name, spec, nlen);
    name[nlen] = 0;
    const machine_desc_t *d = find_machine_name(diag, name);
    if (!d || !comma)
        return d;

    machine_opts_t scratch = { 0 };
    if (!opts)
        opts = &scratch;
    char *items = strdup(comma + 1), *save = NULL;
    if (!items) {
        diag_error(diag, "out of memory");
        return NULL;
    }
    bool ok = true;
    for (char *item = strtok_r(items, ",", &save); item && ok; item = strtok_r(NULL, ",", &save))
        ok = machine_option(diag, d, item, opts);
    free(items);
    char why[256];
    const char *bad = ok ? machine_check_opts(d, opts, why, sizeof why) : NULL;
    if (bad) {
        diag_error(diag, "-M %s: impossible configuration: %s", spec, bad);
        return NULL;
    }
    return ok ? d : NULL;
}
