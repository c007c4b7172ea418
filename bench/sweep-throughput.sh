#!/usr/bin/env bash
# Throughput of `pmusim sweep -j N` against the ideal: N times the speed of the same runs made
# one at a time by plain `pmusim stat` (docs/sweeps.md, "Throughput"). A benchmark, not a test.
#
#   bench/sweep-throughput.sh [PMUSIM [ROUNDS [N]]]     (from the top of a built tree)
#
# Each round times the runs one at a time, then the sweep of the same runs into a new database
# (alternating, so that a change of the machine's load hits both alike); prints each round and
# the medians, and the load average before and after.
set -euo pipefail
pmusim=${1:-build/src/pmusim}
rounds=${2:-5}
jobs=${3:-$(nproc)}
guests=$(dirname "$pmusim")/../guests
progs=("$guests/hello-mbv32.elf" "$guests/exitcode-mbv32.elf" "$guests/strings-mbv32.elf")
spec='mbv32,icache={1K,2K,4K,8K},dcache={1K,2K,4K,8K,16K,32K}'
configs=()
for i in 1K 2K 4K 8K; do
    for d in 1K 2K 4K 8K 16K 32K; do
        configs+=("mbv32,icache=$i,dcache=$d")
    done
done
events=(-e cycles,instructions,load,store,dcache-read,dcache-read-hit)
runs=$((${#configs[@]} * ${#progs[@]}))
work=$(mktemp -d "${TMPDIR:-/tmp}/sweep-throughput.XXXXXX")
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
serial() { # the runs one at a time, as the sweep makes them
    local t0 t1
    t0=$(now)
    for c in "${configs[@]}"; do
        for p in "${progs[@]}"; do
            "$pmusim" stat -M "$c" "${events[@]}" -x $'\t' -o "$work/counts.tsv" -- "$p" \
                </dev/null >/dev/null 2>"$work/stderr.txt" || true
        done
    done
    t1=$(now)
    calc "$t1 - $t0"
}
sweep() {
    local t0 t1
    rm -f "$work/sweep.db" "$work/sweep.db-wal" "$work/sweep.db-shm"
    t0=$(now)
    "$pmusim" sweep -M "$spec" "${events[@]}" --db "$work/sweep.db" -j "$jobs" "${progs[@]}" 2>/dev/null
    t1=$(now)
    calc "$t1 - $t0"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "sweep throughput: $runs runs (${#configs[@]} configurations x ${#progs[@]} programs), -j $jobs, $rounds rounds"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
ser=() swp=()
for r in $(seq "$rounds"); do
    s=$(serial)
    w=$(sweep)
    ser+=("$s") swp+=("$w")
    printf 'round %d: one at a time %.2f s (%.1f runs/s), sweep -j %d %.2f s (%.1f runs/s), %.0f%% of ideal\n' \
        "$r" "$s" "$(calc "$runs / $s")" "$jobs" "$w" "$(calc "$runs / $w")" \
        "$(calc "100 * $s / ($jobs * $w)")"
done
ms=$(printf '%s\n' "${ser[@]}" | median)
mw=$(printf '%s\n' "${swp[@]}" | median)
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'median: one run at a time %.1f runs/s, ideal x%d %.1f runs/s, sweep -j %d %.1f runs/s: %.0f%% of ideal\n' \
    "$(calc "$runs / $ms")" "$jobs" "$(calc "$jobs * $runs / $ms")" "$jobs" \
    "$(calc "$runs / $mw")" "$(calc "100 * $ms / ($jobs * $mw)")"
