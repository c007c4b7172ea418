/* Brace lists in a `pmusim sweep -M` value: `mbv32,icache={4K,8K},dcache={off,4K}` stands for
 * the cartesian product of its lists, as a shell expands braces (the first list varies slowest).
 * Pure string work: no machine is looked up here. */
#ifndef PMUSIM_TOOLS_SWEEP_SPEC_H
#define PMUSIM_TOOLS_SWEEP_SPEC_H

#include <stdbool.h>
#include <stddef.h>

/* At most this many configurations come from one sweep (all -M values together). */
#define SWEEP_MAX_CONFIGS 100000

typedef struct sweep_list {
    char **v; /* strings of their own (free with sweep_list_free) */
    size_t n, cap;
} sweep_list_t;

/* Appends the expansions of `spec` to `out`, skipping strings already in it. False when the
 * braces are malformed (unclosed, unmatched, nested, an empty list or alternative) or the
 * product is too large: `why` then says what is wrong, naming the column (1-based) of the
 * offending brace. Out of memory is reported the same way. */
bool sweep_expand(const char *spec, sweep_list_t *out, char *why, size_t why_size);

/* Appends a copy of s unless it is already in the list; false when out of memory. */
bool sweep_list_add_unique(sweep_list_t *l, const char *s);
void sweep_list_free(sweep_list_t *l);

#endif
