/* Brace expansion of sweep configurations (sweep_spec.h). A value is split into literal text
 * and brace lists `{a,b,c}`; the product is built left to right, so the first list varies
 * slowest, as in a shell. Nesting is refused rather than guessed at: the lists of a sweep are
 * values of single machine options, which never contain braces. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/sweep_spec.h"

bool sweep_list_add_unique(sweep_list_t *l, const char *s)
{
    for (size_t k = 0; k < l->n; k++)
        if (strcmp(l->v[k], s) == 0)
            return true;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        char **v = realloc(l->v, cap * sizeof(*v));
        if (!v)
            return false;
        l->v = v;
        l->cap = cap;
    }
    if (!(l->v[l->n] = strdup(s)))
        return false;
    l->n++;
    return true;
}

void sweep_list_free(sweep_list_t *l)
{
    for (size_t k = 0; k < l->n; k++)
        free(l->v[k]);
    free(l->v);
    *l = (sweep_list_t){ 0 };
}

/* One piece of a value: literal text, or the alternatives of a brace list. */
typedef struct sweep_part {
    const char *text; /* literal: text, len; list: the inside of the braces */
    size_t len;
    bool list;
} sweep_part_t;

/* Splits spec into parts; false with a message in why. */
static bool sweep_split(const char *spec, sweep_part_t *parts, size_t *n_parts, size_t max_parts, char *why,
                        size_t why_size)
{
    size_t n = 0, i = 0, len = strlen(spec);
    while (i < len) {
        if (n == max_parts) {
            snprintf(why, why_size, "too many brace lists");
            return false;
        }
        if (spec[i] == '}') {
            snprintf(why, why_size, "unmatched '}' at column %zu", i + 1);
            return false;
        }
        if (spec[i] != '{') {
            size_t j = i;
            while (j < len && spec[j] != '{' && spec[j] != '}')
                j++;
            parts[n++] = (sweep_part_t){ spec + i, j - i, false };
            i = j;
            continue;
        }
        size_t j = i + 1;
        while (j < len && spec[j] != '}' && spec[j] != '{')
            j++;
        if (j == len) {
            snprintf(why, why_size, "unclosed '{' at column %zu", i + 1);
            return false;
        }
        if (spec[j] == '{') {
            snprintf(why, why_size, "nested '{' at column %zu (brace lists cannot be nested)", j + 1);
            return false;
        }
        const char *in = spec + i + 1;
        size_t in_len = j - i - 1;
        if (in_len == 0) {
            snprintf(why, why_size, "empty brace list '{}' at column %zu", i + 1);
            return false;
        }
        /* every alternative must have a value: no leading, trailing or double comma */
        for (size_t k = 0; k <= in_len; k++) {
            bool starts = k == 0 || in[k - 1] == ','; /* an alternative starts at k */
            if (starts && (k == in_len || in[k] == ',')) {
                snprintf(why, why_size, "empty value in the brace list '{%.*s}' at column %zu", (int)in_len,
                         in, i + 1);
                return false;
            }
        }
        parts[n++] = (sweep_part_t){ in, in_len, true };
        i = j + 1;
    }
    *n_parts = n;
    return true;
}

/* Appends every expansion of parts[k..] after the prefix buf[0..used). */
static bool sweep_product(const sweep_part_t *parts, size_t n_parts, size_t k, char *buf, size_t used,
                          sweep_list_t *out)
{
    if (k == n_parts) {
        buf[used] = 0;
        return sweep_list_add_unique(out, buf);
    }
    const sweep_part_t *p = &parts[k];
    if (!p->list) {
        memcpy(buf + used, p->text, p->len);
        return sweep_product(parts, n_parts, k + 1, buf, used + p->len, out);
    }
    for (size_t a = 0; a < p->len;) {
        size_t b = a;
        while (b < p->len && p->text[b] != ',')
            b++;
        memcpy(buf + used, p->text + a, b - a);
        if (!sweep_product(parts, n_parts, k + 1, buf, used + (b - a), out))
            return false;
        a = b + 1;
    }
    return true;
}

bool sweep_expand(const char *spec, sweep_list_t *out, char *why, size_t why_size)
{
    enum { MAX_PARTS = 64 };
    sweep_part_t parts[MAX_PARTS];
    size_t n_parts = 0;

    if (!*spec) {
        snprintf(why, why_size, "empty machine");
        return false;
    }
    if (!sweep_split(spec, parts, &n_parts, MAX_PARTS, why, why_size))
        return false;
    /* the number of configurations, before building any of them */
    size_t total = 1;
    for (size_t k = 0; k < n_parts; k++) {
        size_t alts = 1;
        for (size_t c = 0; parts[k].list && c < parts[k].len; c++)
            alts += parts[k].text[c] == ',';
        total *= alts;
        if (total + out->n > SWEEP_MAX_CONFIGS) {
            snprintf(why, why_size, "more than %d configurations", SWEEP_MAX_CONFIGS);
            return false;
        }
    }
    /* an expansion is never longer than the value itself */
    char *buf = malloc(strlen(spec) + 1);
    bool ok = buf && sweep_product(parts, n_parts, 0, buf, 0, out);
    free(buf);
    if (!ok)
        snprintf(why, why_size, "out of memory");
    return ok;
}
