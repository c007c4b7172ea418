#!/bin/bash
# A sampled run's cycles against an unsampled one's, on a core with a timing model: each sample
# stops the run inside a block, and the model sees the instructions before the stop as a block of
# their own (core_ext_t.prefix_as_block), so the cycles stay what the core ran, within LIMIT parts
# per million (the model is not exactly invariant under where blocks end: docs/profiling.md).
# Charging the instructions before a stop as a block cut by an exception (no stall cycles, no
# D-bus amounts) loses about 1000 ppm of coremark's cycles at N = 1000.
#
#   sample_cycles.sh PMUSIM MACHINE N LIMIT PROGRAM.elf
set -u
pmusim=$1 machine=$2 n=$3 limit=$4 prog=$5
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$pmusim" stat -M "$machine" -e cycles -x, -o "$tmp/stat.csv" "$prog" >/dev/null || exit 1
"$pmusim" record -q -M "$machine" -c "$n" -e instructions,cycles -o "$tmp/prof" "$prog" >/dev/null || exit 1
want=$(awk -F, '$3 == "cycles" { print $1 }' "$tmp/stat.csv")
got=$(awk '$1 == "event" && $2 == "cycles" { print $3 }' "$tmp/prof")
if [ -z "$want" ] || [ -z "$got" ]; then
    echo "FAIL: no cycles (stat '$want', record '$got')"
    exit 1
fi
awk -v w="$want" -v g="$got" -v l="$limit" 'BEGIN {
    d = g - w; if (d < 0) d = -d
    ppm = 1e6 * d / w
    printf "cycles: unsampled %d, sampled every %s instructions %d: %.0f ppm apart (limit %d)\n", w, "'"$n"'", g, ppm, l
    exit ppm <= l ? 0 : 1
}'
