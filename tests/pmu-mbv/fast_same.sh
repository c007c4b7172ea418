#!/bin/sh
# Usage: fast_same.sh PMUSIM MACHINE ELF [STAT ARGS...]
# The MicroBlaze V fast paths (the D-cache memo, the blocks' fast retirement) and the cache
# events the blocks presume: counting cycles, instructions, loads and stores alone and together
# with the model's events (the blocks presume the cache events, every store goes to the model)
# must give the same cycles and counts, in every translator mode; the output and exit status
# too. (presumed_same.sh checks the events themselves against the model's own commits.)
pmusim=$1 machine=$2 elf=$3
shift 3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
base=cycles,instructions,load,store
model=icache-request,icache-hit,dcache-read,dcache-read-hit,dcache-write,dcache-write-hit,latency-dcache-write,stall-of,stall-ex,btc-hit
status=0
for mode in off on eager; do
    for run in fast model; do
        ev=$base
        [ $run = model ] && ev=$base,$model
        PMUSIM_JIT= "$pmusim" stat --jit=$mode -x, -M "$machine" -e "$ev" "$@" "$elf" >"$tmp/$run.out" 2>"$tmp/$run.err"
        echo "exit status $?" >>"$tmp/$run.out"
        grep -E '^[0-9]+,[a-z]*,(cycles|instructions|load|store),' "$tmp/$run.err" >>"$tmp/$run.out"
    done
    if ! cmp -s "$tmp/fast.out" "$tmp/model.out"; then
        echo "FAIL (--jit=$mode): the fast paths differ from the model:"
        diff "$tmp/model.out" "$tmp/fast.out" | head -20
        status=1
    fi
done
[ $status = 0 ] && echo "same cycles and counts with the fast paths and through the model:" && cat "$tmp/fast.out"
exit $status
