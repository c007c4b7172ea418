#!/usr/bin/env bash
# Compares every MicroBlaze V event between two pmusim builds (say this tree's and the previous
# commit's) and across the translator modes: `stat` with every event of `pmusim list`, cycles and
# instructions, on coremark, the examples and the tests/pmu-mbv programs, with several cache, BTC
# and pipeline configurations, each with --jit=off, on and eager. Output, exit status and every
# count must be identical.
#
#   scripts/compare-mbv-counts.sh NEW_PMUSIM BASE_PMUSIM GUEST_DIR
#
# Exit 0 when all are the same, 1 with the differing runs named (outputs kept in a temporary
# directory, printed).
set -uo pipefail
[ $# = 3 ] || { echo "usage: $0 NEW_PMUSIM BASE_PMUSIM GUEST_DIR" >&2; exit 2; }
new=$1 base=$2 g=$3
out=$(mktemp -d)
all=$("$new" list -M mbv64,icache=1K,dcache=1K | awk '$1 ~ /^[0-9]+$/ && $2 ~ /^0x/ { print $3 }' | paste -sd, -),cycles,instructions
fails=0 n=0
run() { # tag machine elf
    local tag=$1 m=$2 elf=$3 mode b bin
    for mode in off on eager; do
        for b in new base; do
            bin=$new
            [ $b = base ] && bin=$base
            "$bin" stat --jit=$mode -x, -M "$m" -e "$all" --max-insns 300000000 "$elf" >"$out/$tag.$mode.$b" 2>"$out/$tag.$mode.$b.err"
            echo "exit status $?" >>"$out/$tag.$mode.$b"
            grep -v -e seconds -e 'per second' "$out/$tag.$mode.$b.err" >>"$out/$tag.$mode.$b"
        done
        n=$((n + 1))
        cmp -s "$out/$tag.$mode.new" "$out/$tag.$mode.base" || { echo "DIFFERENT from the base: $tag --jit=$mode"; fails=$((fails + 1)); }
        cmp -s "$out/$tag.off.new" "$out/$tag.$mode.new" || { echo "DIFFERENT from --jit=off: $tag --jit=$mode"; fails=$((fails + 1)); }
    done
}
for m in mbv32,icache=16K,dcache=16K,btc=64 mbv64,icache=16K,dcache=16K mbv64,icache=1K,dcache=1K,pipeline=8 \
    mbv32,dcache=1K,timing=on mbv64,dcache=2K,timing=off mbv64,icache=1K,dcache=64K mbv64; do
    x=32
    case $m in mbv64*) x=64 ;; esac
    for p in coremark hello matrix sort strings checksum interp traps; do
        run "$p-$m" "$m" "$g/$p-mbv$x.elf"
    done
done
for t in class0:,event-counters=20,latency-counters=0 class1:,btc=16,event-counters=8,latency-counters=0 irq: \
    class2:,icache=1K,dcache=1K,event-counters=8,latency-counters=1 \
    class3-pipe5:,timing=on,pipeline=5,event-counters=5,latency-counters=0 \
    class3-pipe8:,timing=on,pipeline=8,event-counters=5,latency-counters=0 class4: \
    class5:,dcache=1K,event-counters=4,latency-counters=4 rules:,timing=on reset: smode:,smode=on; do
    name=${t%%:*} opt=${t#*:}
    run "pmu-$name" "mbv32$opt" "$g/pmu-mbv-$name.elf"
    run "pmu-$name-cached" "mbv32$opt,icache=2K,dcache=2K,btc=32" "$g/pmu-mbv-$name.elf"
done
echo "compared $n runs: $fails differences (outputs in $out)"
[ $fails = 0 ]
