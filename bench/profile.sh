#!/usr/bin/env bash
# Profiles pmusim with valgrind's callgrind (host instruction counts per function; works where
# `perf` has no hardware counters, e.g. in VMs). Builds a Release pmusim with -g in
# build-bench/profile/ and uses the guests of build-bench/ (run bench/run.sh --quick first).
#
#   bench/profile.sh [--top N] [--lines] [--build-dir DIR]
#
# Profiles: coremark-virt32 (~1.0e7 instructions, pmusim run -M virt32), reconfig-small-on-veer
# (counters reprogrammed every ~100 instructions) and hello-virt32 (start-up). Outputs stay in
# build-bench/profile/callgrind.<name>.out for callgrind_annotate or kcachegrind.
set -euo pipefail
export LC_ALL=C

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$ROOT/build-bench
TOP=15
LINES=0
while (($#)); do
    case $1 in
        --top) TOP=$2; shift 2 ;;
        --lines) LINES=1; shift ;;
        --build-dir) BUILD=$(realpath -m "$2"); shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "profile: unknown option '$1'" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null || { echo "profile: valgrind not found" >&2; exit 1; }
PROF=$BUILD/profile
GUESTS=$BUILD/guests
if [[ -e $BUILD/bench-guests/guests/reconfig-small-on-veer.elf ]]; then
    RC=$BUILD/bench-guests/guests/reconfig-small-on-veer.elf
else
    RC=$GUESTS/reconfig-small-on-veer.elf
fi
for f in "$GUESTS/coremark-virt32.elf" "$GUESTS/hello-virt32.elf" "$RC"; do
    [[ -e $f ]] || { echo "profile: missing $f: run bench/run.sh --quick first" >&2; exit 1; }
done

echo "profile: building pmusim (Release, -g) in $PROF" >&2
cmake -S "$ROOT" -B "$PROF" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-g -DPMUSIM_GUESTS=OFF \
    -DPMUSIM_WERROR=OFF >"$PROF.log" 2>&1 && cmake --build "$PROF" --target pmusim >>"$PROF.log" 2>&1 ||
    { tail -n 30 "$PROF.log" >&2; exit 1; }

profile() {   # name machine elf
    local out=$PROF/callgrind.$1.out
    valgrind --tool=callgrind --callgrind-out-file="$out" "$PROF/src/pmusim" run -M "$2" "$3" \
        >/dev/null 2>"$PROF/callgrind.$1.log"
    echo "## $1 ($2): $(sed -n 's/.*I *refs: *//p' "$PROF/callgrind.$1.log") host instructions"
    echo
    echo '```'
    callgrind_annotate --auto=no "$out" 2>/dev/null | sed -n '/file:function/,/^$/p' | grep -v '^-*$' |
        sed -n "2,$((TOP + 1))p" | sed 's/ \[[^]]*\]$//'
    echo '```'
    if ((LINES)); then
        echo
        echo '```'
        callgrind_annotate --auto=yes "$out" "$ROOT/src" 2>/dev/null |
            grep -Ev '=>|PROGRAM TOTALS|events annotated|\[/' |
            awk '/^ *[0-9][0-9,]* \(/ { x = $1; gsub(",", "", x); print x "\t" $0 }' |
            sort -rn | head -n "$TOP" | cut -f2-
        echo '```'
    fi
    echo
}
profile coremark-virt32 virt32 "$GUESTS/coremark-virt32.elf"
profile reconfig-small-on veer-el2 "$RC"
profile hello-virt32 virt32 "$GUESTS/hello-virt32.elf"
