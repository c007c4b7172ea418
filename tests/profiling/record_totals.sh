#!/bin/bash
# `pmusim record -g` attributes every event: for each event, the counts of all call stacks of the
# profile (report --folded) must add up to exactly what `pmusim stat` counts in a run of its own.
#
#   record_totals.sh [--sample N] PMUSIM MACHINE EVENTS PROGRAM.elf...
#
# --sample N: the profile is sampled (record -c N) instead of exact with call chains; every sample
# carries the counts since the previous one, so the totals must still be exact.
set -u
mode=(-g)
if [ "$1" = --sample ]; then
    mode=(-c "$2")
    shift 2
fi
pmusim=$1 machine=$2 events=$3
shift 3
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
for prog in "$@"; do
    "$pmusim" stat -M "$machine" -e "$events" -x, -o "$tmp/stat.csv" "$prog" >/dev/null 2>"$tmp/stat.err"
    want_status=$?
    "$pmusim" record -M "$machine" "${mode[@]}" -e "$events" -o "$tmp/prof" "$prog" >/dev/null 2>"$tmp/rec.err"
    status=$?
    name=$(basename "$prog")
    if [ "$status" != "$want_status" ]; then
        echo "FAIL $name: record exits with $status, stat with $want_status"; cat "$tmp/rec.err"; fail=1; continue
    fi
    # the function tables of every event, read once: each starts with "# Event 'EVENT': ..."
    "$pmusim" report -i "$tmp/prof" -n 1000000 >"$tmp/report.txt"
    IFS=, read -r -a evs <<<"$events"
    for ev in "${evs[@]}"; do
        # perf's CSV: value in field 1, event name in field 3
        want=$(awk -F, -v e="$ev" '$3 == e { print $1 }' "$tmp/stat.csv")
        got=$("$pmusim" report -i "$tmp/prof" --folded -e "$ev" | awk '{ s += $NF } END { printf "%d\n", s }')
        # the sum of the Self count column of the event's table; empty when it has no table
        fns=$(awk -v h="# Event '$ev': " '/^# Event / { t = index($0, h) == 1; if (t) seen = 1; next }
            /Source line/ { t = 0 } t && $1 ~ /%$/ { gsub(",", "", $(NF-1)); s += $(NF-1) }
            END { if (seen) printf "%d\n", s }' "$tmp/report.txt")
        if [ -z "$want" ] || [ "$got" != "$want" ] || [ "$fns" != "$want" ]; then
            echo "FAIL $name $ev: stat $want, stacks add up to $got, functions to $fns"; fail=1
        else
            echo "ok   $name $ev: $want"
        fi
    done
done
exit $fail
