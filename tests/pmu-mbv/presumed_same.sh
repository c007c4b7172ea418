#!/bin/sh
# Usage: presumed_same.sh PMUSIM MACHINE ELF
# The MicroBlaze V cache events are presumed by the blocks (each fetch an I-cache request and hit,
# each load and store a D-cache access and hit) and counted with their executions, the model
# taking back what a miss or an uncached access did not have. `pmusim record` attributes events as
# they happen, so there the blocks presume nothing and the model commits every event itself. The
# totals of `stat` and of `record` must be the same for every cache event.
pmusim=$1 machine=$2 elf=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
events=icache-request,icache-hit,dcache-read,dcache-read-hit,dcache-write,dcache-write-hit,btc-hit,load,store
PMUSIM_JIT= "$pmusim" stat -x, -M "$machine" -e "$events" "$elf" >/dev/null 2>"$tmp/stat.err" || { cat "$tmp/stat.err"; exit 1; }
PMUSIM_JIT= "$pmusim" record -o "$tmp/p.data" -M "$machine" -e "$events" "$elf" >/dev/null 2>"$tmp/record.err" ||
    { cat "$tmp/record.err"; exit 1; }
"$pmusim" report -i "$tmp/p.data" >"$tmp/report.out" 2>&1 || { cat "$tmp/report.out"; exit 1; }
status=0
for ev in $(echo "$events" | tr , ' '); do
    s=$(awk -F, -v e="$ev" '$3 == e { print $1; exit }' "$tmp/stat.err")
    r=$(sed -n "s/^# Event '$ev': \([0-9,]*\) in all.*/\1/p" "$tmp/report.out" | tr -d ,)
    if [ -z "$s" ] || [ "$s" != "${r:-0}" ]; then
        echo "FAIL $ev: stat ${s:-none}, record ${r:-none}"
        status=1
    else
        echo "$ev $s"
    fi
done
exit $status
