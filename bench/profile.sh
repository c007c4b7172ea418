#!/usr/bin/env bash
# Profiles pmusim with valgrind's callgrind (host instruction counts per function; works where
# `perf` has no hardware counters, e.g. in VMs). Builds a Release pmusim with -g in
# build-bench/profile/ and uses the guests of build-bench/ (run bench/run.sh --quick first).
#
#   bench/profile.sh [--top N] [--lines] [--build-dir DIR]
#
# Profiles: coremark-virt32 (~1.0e7 instructions, pmusim run -M virt32), coremark-veer with
# `run` and with `stat -e 4,11,12,24` (the cost of counting), reconfig-small-on-veer (counters
# reprogrammed every ~100 instructions) and hello-virt32 (start-up). Outputs stay in
# build-bench/profile/callgrind.<name>.out for callgrind_annotate or kcachegrind.
set -euo pipefail
export LC_ALL=C

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$ROOT/build-bench
TOP=15
LINES=0
while (($#)); do
    case $1 in
        --top) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "profile: --top needs a positive integer" >&2; exit 2; }; TOP=$2; shift 2 ;;
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
if ! { cmake -S "$ROOT" -B "$PROF" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS=-g -DPMUSIM_GUESTS=OFF \
            -DPMUSIM_WERROR=OFF && cmake --build "$PROF" --target pmusim; } >"$PROF.log" 2>&1; then
    tail -n 30 "$PROF.log" >&2
    exit 1
fi

profile() {   # name machine elf [pmusim command and options...]
    local name=$1 machine=$2 elf=$3 out=$PROF/callgrind.$1.out
    shift 3
    (($#)) || set -- run
    valgrind --tool=callgrind --callgrind-out-file="$out" "$PROF/src/pmusim" "$@" -M "$machine" "$elf" \
        >/dev/null 2>"$PROF/callgrind.$name.log"
    echo "## $name (\`pmusim $* -M $machine\`): $(sed -n 's/.*I *refs: *//p' "$PROF/callgrind.$name.log") host instructions"
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
            sort -rn | sed -n "1,${TOP}p" | cut -f2-
        echo '```'
    fi
    echo
}
profile coremark-virt32 virt32 "$GUESTS/coremark-virt32.elf"
profile coremark-veer veer-el2 "$GUESTS/coremark-veer.elf"
if "$PROF/src/pmusim" stat --help >/dev/null 2>&1; then
    profile coremark-veer-stat veer-el2 "$GUESTS/coremark-veer.elf" stat -e 4,11,12,24
fi
profile reconfig-small-on veer-el2 "$RC"
profile hello-virt32 virt32 "$GUESTS/hello-virt32.elf"
