#!/usr/bin/env bash
# Compares every count of two pmusim builds (say this tree's and the previous commit's) and
# across the translator modes, for the VeeR EL2 or the p8700/virt machines (MicroBlaze V has
# scripts/compare-mbv-counts.sh): `stat` with every event of `pmusim list`, with a few subsets,
# and `run` (the guest's own exit status and output), each with --jit=off, on and eager. Output,
# exit status and every count must be identical.
#
#   scripts/compare-counts.sh veer|p8700 NEW_PMUSIM BASE_PMUSIM GUEST_DIR
#
# GUEST_DIR is a build's guests/ folder (build/guests: the vt-* and mipscm-* guests are there
# too). Exit 0 when all are the same, 1 with the differing runs named (outputs kept
# in a temporary directory, printed).
set -uo pipefail
[ $# = 4 ] || { echo "usage: $0 veer|p8700 NEW_PMUSIM BASE_PMUSIM GUEST_DIR" >&2; exit 2; }
family=$1 new=$2 base=$3 g=$4
out=$(mktemp -d)
fails=0 n=0

events_of() { # machine: every event `pmusim list` prints (codes, and cm/NAME/), comma separated
    "$new" list -M "$1" | awk '$1 ~ /^[0-9]+$/ && $2 ~ /^0x/ { print $1 } $2 ~ /^cm\// { print $2 "/" }' | paste -sd, -
}

# tag cmd...: runs the command with both builds and every translator mode
run() {
    local tag=$1 mode b bin
    shift
    for mode in off on eager; do
        for b in new base; do
            bin=$new
            [ $b = base ] && bin=$base
            "$bin" "$1" --jit=$mode "${@:2}" >"$out/$tag.$mode.$b" 2>"$out/$tag.$mode.$b.err"
            echo "exit status $?" >>"$out/$tag.$mode.$b"
            grep -v -e seconds -e 'per second' -e 'elapsed' "$out/$tag.$mode.$b.err" >>"$out/$tag.$mode.$b"
        done
        n=$((n + 1))
        cmp -s "$out/$tag.$mode.new" "$out/$tag.$mode.base" || { echo "DIFFERENT from the base: $tag --jit=$mode"; fails=$((fails + 1)); }
        cmp -s "$out/$tag.off.new" "$out/$tag.$mode.new" || { echo "DIFFERENT from --jit=off: $tag --jit=$mode"; fails=$((fails + 1)); }
    done
}

case $family in
veer)
    all=$(events_of veer-el2),cycles,instructions
    elfs=("$g"/coremark-veer.elf "$g"/chase-veer.elf "$g"/vm-veer.elf "$g"/matrix-veer.elf "$g"/interp-veer.elf)
    mapfile -t vt < <(find "$g" -name 'vt-*.elf' | sort)
    for elf in "${elfs[@]}" "${vt[@]}"; do
        [ -f "$elf" ] || continue
        t=$(basename "$elf" .elf)
        run "$t.all" stat -x, -M veer-el2 -e "$all" --max-insns 300000000 "$elf"
        run "$t.4" stat -x, -M veer-el2 -e 4,11,12,24 --max-insns 300000000 "$elf"
        run "$t.replay" stat -x, -M veer-el2 -e 2,28,30,34,43,48 --max-insns 300000000 "$elf"
        run "$t.run" run -M veer-el2 --max-insns 300000000 "$elf"
    done
    run coremark.interval stat -x, -I 1 -M veer-el2 -e "$all" "$g/coremark-veer.elf"
    ;;
p8700)
    all=$(events_of p8700)
    for m in p8700,cores=1 p8700,cores=4,boot=all; do
        for p in coremark matrix sort interp; do
            run "$p-$m.all" stat -x, --per-hart -M "$m" -e "$all" "$g/$p-virt64.elf"
            run "$p-$m.ic" stat -x, --per-hart -M "$m" -e instructions,cycles "$g/$p-virt64.elf"
        done
    done
    run coremark.interval stat -x, -I 1 -M p8700 -e "$all" "$g/coremark-virt64.elf"
    mapfile -t cm < <(find "$g" -name 'mipscm-*.elf' | sort)
    for elf in "${cm[@]}"; do
        t=$(basename "$elf" .elf)
        for m in p8700 p8700,cores=2,boot=all; do
            run "$t-$m" stat -x, --per-hart -M "$m" -e "$all" --max-insns 20000000 "$elf"
        done
    done
    for m in virt64 virt32; do
        x=${m#virt}
        for p in coremark chase vm matrix; do
            [ -f "$g/$p-virt$x.elf" ] || continue
            run "$p-$m" stat -x, -M "$m" -e "$(events_of "$m"),cycles,instructions" "$g/$p-virt$x.elf"
        done
    done
    ;;
*)
    echo "$0: unknown family $family (veer or p8700)" >&2
    exit 2
    ;;
esac
echo "compared $n runs: $fails differences (outputs in $out)"
[ $fails = 0 ]
