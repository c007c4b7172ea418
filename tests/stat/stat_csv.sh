#!/bin/sh
# Runs `pmusim stat` with CSV output (-x, -o FILE) and checks the exit status and the CSV lines.
#
#   stat_csv.sh [--status N] [--names A,B,...] [--values X,Y,...] [--same] [--no-stdout]
#               [--lines N] [--head] -- PMUSIM stat [STAT ARGS...] PROGRAM
#
# Every line must have perf stat's form VALUE,,EVENT,RUNTIME,100.00,METRIC,METRIC-UNIT (docs/stat.md). --names / --values: the
# event / value column of the lines, in order, must be exactly these. --same: all lines are
# identical (the same event spelt differently). --no-stdout: the guest prints nothing. --lines N:
# exactly N lines. --head: --names / --values give the first lines only (more events follow).
set -u

want_status=0
names=""
values=""
same=0
no_stdout=0
lines=""
head=0
while [ $# -gt 0 ]; do
    case "$1" in
    --status) want_status=$2; shift 2 ;;
    --names) names=$2; shift 2 ;;
    --values) values=$2; shift 2 ;;
    --same) same=1; shift ;;
    --no-stdout) no_stdout=1; shift ;;
    --lines) lines=$2; shift 2 ;;
    --head) head=1; shift ;;
    --) shift; break ;;
    *) echo "stat_csv.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ $# -ge 2 ] || { echo "stat_csv.sh: no command" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pmusim=$1
cmd=$2
shift 2
"$pmusim" "$cmd" -x, -o "$tmp/csv" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?

echo "command: $pmusim $cmd -x, -o FILE $*"
echo "exit status: $status"
echo "--- counts:"
cat "$tmp/csv" 2>/dev/null
echo "--- stderr:"
head -c 4000 "$tmp/err"

fail=0
complain() {
    echo "FAIL: $*"
    fail=1
}
[ "$status" = "$want_status" ] || complain "exit status $status, expected $want_status"
[ -s "$tmp/csv" ] || complain "no counts written"
if grep -v -E -q '^[0-9]+,,[a-z0-9:-]+,[0-9]+,100\.00,([0-9]+\.[0-9][0-9])?,[^,]*$' "$tmp/csv"; then
    complain "lines not of the form VALUE,,EVENT,RUNTIME,100.00,METRIC,METRIC-UNIT"
fi
if [ -n "$lines" ] && [ "$(wc -l <"$tmp/csv")" -ne "$lines" ]; then
    complain "$(wc -l <"$tmp/csv") lines, expected $lines"
fi
first() { # the first lines, as many as the list given has items (--head), or all
    if [ "$head" = 1 ]; then head -n "$(echo "$1" | tr ',' '\n' | wc -l)" "$tmp/csv"; else cat "$tmp/csv"; fi
}
if [ -n "$names" ]; then
    got=$(first "$names" | cut -d, -f3 | paste -s -d, -)
    [ "$got" = "$names" ] || complain "events '$got', expected '$names'"
fi
if [ -n "$values" ]; then
    got=$(first "$values" | cut -d, -f1 | paste -s -d, -)
    [ "$got" = "$values" ] || complain "values '$got', expected '$values'"
fi
if [ "$same" = 1 ] && [ "$(sort -u "$tmp/csv" | wc -l)" -ne 1 ]; then
    complain "the lines differ"
fi
[ "$no_stdout" = 0 ] || [ ! -s "$tmp/out" ] || complain "the guest printed something"
[ "$fail" = 0 ] && echo "--- as expected"
exit "$fail"
