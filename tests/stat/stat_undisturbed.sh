#!/bin/sh
# The guest's own counters read the same with and without `pmusim stat`.
#
#   stat_undisturbed.sh PMUSIM MACHINE PROGRAM EVENTS V1 V2 ...
#
# Runs PROGRAM (which prints its counters, one per line as 8 hex digits) with `pmusim run` and with
# `pmusim stat -e EVENTS`: the outputs must be identical, and their first lines must be V1, V2, ...
# (decimal, derived from the program by analysis).
set -u
[ $# -ge 4 ] || { echo "usage: stat_undisturbed.sh PMUSIM MACHINE PROGRAM EVENTS [V...]" >&2; exit 2; }
pmusim=$1
machine=$2
program=$3
events=$4
shift 4

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
complain() {
    echo "FAIL: $*"
    fail=1
}

"$pmusim" run -M "$machine" "$program" >"$tmp/run" 2>"$tmp/run.err" </dev/null
status=$?
[ "$status" = 0 ] || complain "pmusim run: exit status $status"
"$pmusim" stat -M "$machine" -e "$events" -o "$tmp/counts" "$program" >"$tmp/stat" 2>"$tmp/stat.err" </dev/null
status=$?
[ "$status" = 0 ] || complain "pmusim stat: exit status $status"

echo "--- pmusim run:"
cat "$tmp/run" "$tmp/run.err"
echo "--- pmusim stat -e $events:"
cat "$tmp/stat" "$tmp/stat.err" "$tmp/counts"

cmp -s "$tmp/run" "$tmp/stat" || complain "the guest read different counters under pmusim stat"
grep -q "Performance counter stats for" "$tmp/counts" || complain "pmusim stat wrote no counts"
: >"$tmp/want"
for v in "$@"; do
    printf '%08x\n' "$v" >>"$tmp/want"
done
head -n $# "$tmp/run" >"$tmp/head"
cmp -s "$tmp/want" "$tmp/head" || { complain "counters differ from the analysis; expected:"; cat "$tmp/want"; }
[ "$fail" = 0 ] && echo "--- as expected"
exit "$fail"
