/* "Did you mean": the closest of some names to a misspelt one. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "session/suggest.h"

size_t suggest_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    /* three rows of the dynamic-programming table: i-2, i-1, i */
    size_t *row = calloc(3 * (lb + 1), sizeof(*row));
    if (!row)
        return la > lb ? la : lb;
    size_t *pp = row, *prev = row + lb + 1, *cur = row + 2 * (lb + 1);

    for (size_t j = 0; j <= lb; j++)
        prev[j] = j;
    for (size_t i = 1; i <= la; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t cost = a[i - 1] != b[j - 1];
            size_t d = prev[j] + 1; /* deletion */
            if (cur[j - 1] + 1 < d)
                d = cur[j - 1] + 1; /* insertion */
            if (prev[j - 1] + cost < d)
                d = prev[j - 1] + cost; /* substitution */
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && pp[j - 2] + 1 < d)
                d = pp[j - 2] + 1; /* adjacent swap */
            cur[j] = d;
        }
        size_t *t = pp;
        pp = prev;
        prev = cur;
        cur = t;
    }
    size_t d = prev[lb];
    free(row);
    return d;
}

const char *suggest_closest(const char *word, const char *const *cands, size_t n)
{
    size_t len = strlen(word);
    /* a typo is at most a third of the word, and at least one edit is allowed */
    size_t limit = len / 3 > 1 ? len / 3 : 1;
    const char *best = NULL;
    size_t best_d = SIZE_MAX;

    for (size_t i = 0; i < n; i++) {
        size_t d = suggest_edit_distance(word, cands[i]);
        if (d < best_d) {
            best_d = d;
            best = cands[i];
        }
    }
    if (best && best_d <= limit)
        return best;
    /* an abbreviation: "veer" for "veer-el2" */
    if (len >= 2)
        for (size_t i = 0; i < n; i++)
            if (strncmp(cands[i], word, len) == 0)
                return cands[i];
    return NULL;
}
