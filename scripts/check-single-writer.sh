#!/usr/bin/env bash
# Checks that the hart fields with a single writer are assigned in that one place only
# (docs/architecture.md "Hart state"): the privilege level in cpu/hart.c (hart_set_priv), the
# derived fast-path flags in cpu/hart.c (hart_update_paths), mip and its two sources in cpu/irq.c
# (set_pending). Any other assignment (=, op=, ++, --) of these fields under the source tree,
# and a second one in the owning file, is an error.
#
#   scripts/check-single-writer.sh [SRC_DIR]     (default: src/ of this tree)
#
# Exit 0 when every field has its one writer, 1 with the offending lines.
set -euo pipefail
src=${1:-"$(cd "$(dirname "$0")/.." && pwd)/src"}
[ -d "$src" ] || { echo "check-single-writer: no directory $src"; exit 2; }

# field (as a member name) : the file, relative to SRC_DIR, that alone assigns it
rules=(
    "priv:cpu/hart.c"
    "fast_size:cpu/hart.c"
    "mem_inline:cpu/hart.c"
    "memo_direct:cpu/hart.c"
    "dmemo:cpu/hart.c"
    "imemo:cpu/hart.c"
    "observe_direct:cpu/hart.c"
    "core_direct:cpu/hart.c"
    "addr_log_size:cpu/hart.c"
    "memo_size:cpu/hart.c"
    "retire_fast:cpu/hart.c"
    "memo_retire:cpu/hart.c"
    "ftlb_key:cpu/hart.h"
    "mip:cpu/irq.c"
    "mip_sw:cpu/irq.c"
    "irq_lines:cpu/irq.c"
)
# Members of other structs that share a name with a hart field: a decoded block's privilege.
others='\bb->priv\b'

status=0
# every line of code as file:line:text, comments (/* ... */, also over several lines, and //) dropped
code=$(cd "$src" && find . -name '*.[ch]' | sed 's|^\./||' | sort | xargs awk '
    FNR == 1 { inc = 0 }
    {
        t = $0; out = ""
        while (t != "") {
            if (inc) {
                i = index(t, "*/"); if (!i) break
                t = substr(t, i + 2); inc = 0
            } else {
                i = index(t, "/*"); j = index(t, "//")
                if (j && (!i || j < i)) { out = out substr(t, 1, j - 1); break }
                if (!i) { out = out t; break }
                out = out substr(t, 1, i - 1); t = substr(t, i + 2); inc = 1
            }
        }
        print FILENAME ":" FNR ":" out
    }')
for rule in "${rules[@]}"; do
    field=${rule%%:*}
    owner=${rule#*:}
    # an assignment of the member `field` (x->field or x.field): = (not ==), op=, ++, --
    assign="([.]|->)${field}[[:space:]]*(([-+*/%&|^]|<<|>>)?=[^=]|\+\+|--)|(\+\+|--)[[:space:]]*[][A-Za-z0-9_.>-]*([.]|->)${field}\b"
    hits=$(printf '%s\n' "$code" | grep -E "$assign" | grep -vE "$others" || true)
    outside=$(printf '%s\n' "$hits" | grep -v "^$owner:" | grep . || true)
    inside=$(printf '%s\n' "$hits" | grep -c "^$owner:" || true)
    if [ -n "$outside" ]; then
        echo "check-single-writer: $field is assigned outside $owner:"
        printf '%s\n' "$outside" | sed 's/^/  /'
        status=1
    fi
    if [ "$inside" -gt 1 ]; then
        echo "check-single-writer: $field is assigned in $inside places in $owner (one expected):"
        printf '%s\n' "$hits" | grep "^$owner:" | sed 's/^/  /'
        status=1
    fi
    if [ "$inside" -eq 0 ]; then
        echo "check-single-writer: $field is not assigned in $owner (its writer moved? update the rules)"
        status=1
    fi
done
[ $status -eq 0 ] && echo "check-single-writer: ${#rules[@]} fields, each assigned in one place"
exit $status
