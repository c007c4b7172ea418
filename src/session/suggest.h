/* "Did you mean": the closest of some names to a misspelt one (machines, options, events). */
#ifndef PMUSIM_SESSION_SUGGEST_H
#define PMUSIM_SESSION_SUGGEST_H

#include <stddef.h>

/* Optimal string alignment distance (insertions, deletions, substitutions, adjacent swaps). */
size_t suggest_edit_distance(const char *a, const char *b);
/* The candidate closest to `word` if it is close enough to be a likely typo (or `word` is a prefix
 * of it), else NULL. The first of equally close candidates wins. */
const char *suggest_closest(const char *word, const char *const *cands, size_t n);

#endif
