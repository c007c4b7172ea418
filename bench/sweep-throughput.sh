#!/usr/bin/env bash
# Throughput of `pmusim sweep -j N` against the ideal: N times the speed of the same runs made
# one at a time by plain `pmusim stat` (docs/sweeps.md, "Throughput"). A benchmark, not a test.
#
#   bench/sweep-throughput.sh [PMUSIM [ROUNDS [N]]]     (from the top of a built tree)
#
# Each round times the runs one at a time, then the sweep of the same runs into a new database,
# then N plain loops of plain `pmusim stat` at once sharing the same runs (what the machine gives
# to N processes now, with no sweep); alternating, so that a change of the machine's load hits
# all alike. Prints each round, the medians, the CPU time per run (the sweep's own cost, which
# the load does not change) and the load average before and after.
set -euo pipefail
pmusim=${1:-build/src/pmusim}
rounds=${2:-5}
jobs=${3:-$(nproc)}
guests=${GUESTS:-$(dirname "$pmusim")/../guests}
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

calc() { awk "BEGIN { print $1 }"; }
# each prints "wall cpu": host seconds, and the CPU seconds (user + system) of all its processes
TIMEFORMAT='%R %U %S'
timed() { { time "$@" >/dev/null 2>&1; } 2>&1 | awk '{ print $1, $2 + $3 }'; }
serial_runs() { # the runs one at a time, as the sweep makes them
    for c in "${configs[@]}"; do
        for p in "${progs[@]}"; do
            "$pmusim" stat -M "$c" "${events[@]}" -x $'\t' -o "$work/counts.tsv" -- "$p" \
                </dev/null >/dev/null 2>"$work/stderr.txt" || true
        done
    done
}
stripe_runs() { # every N-th run from the k-th: N of these at once are N plain loops, no sweep
    local i=0
    for c in "${configs[@]}"; do
        for p in "${progs[@]}"; do
            if [ $((i++ % jobs)) -eq "$1" ]; then
                "$pmusim" stat -M "$c" "${events[@]}" -x $'\t' -o "$work/counts-$1.tsv" -- "$p" \
                    </dev/null >/dev/null 2>"$work/stderr-$1.txt" || true
            fi
        done
    done
}
parallel_runs() {
    for k in $(seq 0 $((jobs - 1))); do
        stripe_runs "$k" &
    done
    wait
}
sweep_runs() {
    rm -f "$work/sweep.db" "$work/sweep.db-wal" "$work/sweep.db-shm"
    "$pmusim" sweep -M "$spec" "${events[@]}" --db "$work/sweep.db" -j "$jobs" "${progs[@]}"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "sweep throughput: $runs runs (${#configs[@]} configurations x ${#progs[@]} programs), -j $jobs, $rounds rounds"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
ser=() swp=() serc=() swpc=() par=()
for r in $(seq "$rounds"); do
    read -r s sc < <(timed serial_runs)
    read -r w wc < <(timed sweep_runs)
    read -r q qc < <(timed parallel_runs)
    ser+=("$s") swp+=("$w") serc+=("$sc") swpc+=("$wc") par+=("$q")
    printf 'round %d: one at a time %.2f s (%.1f runs/s, CPU %.2f s), sweep -j %d %.2f s (%.1f runs/s, CPU %.2f s), %.0f%% of ideal; %d plain loops at once %.2f s (%.1f runs/s)\n' \
        "$r" "$s" "$(calc "$runs / $s")" "$sc" "$jobs" "$w" "$(calc "$runs / $w")" "$wc" \
        "$(calc "100 * $s / ($jobs * $w)")" "$jobs" "$q" "$(calc "$runs / $q")"
done
mq=$(printf '%s\n' "${par[@]}" | median)
ms=$(printf '%s\n' "${ser[@]}" | median)
mw=$(printf '%s\n' "${swp[@]}" | median)
msc=$(printf '%s\n' "${serc[@]}" | median)
mwc=$(printf '%s\n' "${swpc[@]}" | median)
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'median: one run at a time %.1f runs/s, ideal x%d %.1f runs/s, sweep -j %d %.1f runs/s: %.0f%% of ideal\n' \
    "$(calc "$runs / $ms")" "$jobs" "$(calc "$jobs * $runs / $ms")" "$jobs" \
    "$(calc "$runs / $mw")" "$(calc "100 * $ms / ($jobs * $mw)")"
# what the machine gives now to N processes at once (a loaded machine, or the kernel's autogroup
# sharing one session's processes, may give less than N cores): the sweep against that
printf 'median: %d plain loops at once %.1f runs/s: the sweep makes %.0f%% of that\n' \
    "$jobs" "$(calc "$runs / $mq")" "$(calc "100 * $mq / $mw")"
# the sweep's own cost, whatever the load: its CPU time per run against the runs' alone
printf 'median CPU per run: one at a time %.1f ms, in the sweep %.1f ms (the sweep itself: %+.1f ms, %.0f%% efficiency)\n' \
    "$(calc "1000 * $msc / $runs")" "$(calc "1000 * $mwc / $runs")" "$(calc "1000 * ($mwc - $msc) / $runs")" \
    "$(calc "100 * $msc / $mwc")"
