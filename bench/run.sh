#!/usr/bin/env bash
# pmusim speed harness: times pmusim against QEMU on the CoreMark-like benchmark, the cost of
# counting events (`pmusim stat`), start-up time, and a guest that reprograms its counters
# thousands of times. See docs/performance.md. This is a benchmark, not a test: it fails only
# when something cannot be built or two simulators disagree on a program's output, never
# because a speed target is missed.
#
#   bench/run.sh [-n N] [--quick] [--startup-runs N] [--only IDS] [--build-dir DIR] [--no-build]
#                [--baseline PMUSIM] [--linux-kit DIR | --no-linux] [--update-doc]
#
# Needs: bash >= 5 (EPOCHREALTIME), cmake, a C compiler, riscv64-unknown-elf-gcc + picolibc,
# qemu-system-riscv32 (optional: without it the QEMU rows are skipped); for the Linux rows the kit of
# `make linux`, qemu-system-riscv64 and Debian's OpenSBI (optional: without them those rows are skipped).
set -euo pipefail
export LC_ALL=C

usage() {
    cat <<'EOF'
Usage: bench/run.sh [OPTIONS]

Builds pmusim (Release) and the benchmark guests in build-bench/, checks that pmusim and QEMU
print the same output and the same instret for each program, then runs every command
alternately N times and prints a Markdown table (median/min/max wall time, guest MIPS, speed
relative to QEMU -icount) and the speed targets.

Options:
  -n N               timed runs per command (default 5; 3 with --quick)
  --quick            small programs (coremark, ~1.0e7 instructions; reconfig-small): seconds
  --startup-runs N   runs of the start-up measurement (hello-virt32; default 20)
  --linux-runs N     timed runs of each Linux boot, at least N (default 11): a boot takes well
                     under a second, so its median needs more runs than a long program's
  --only IDS         time only these commands (comma-separated; all are still checked):
                     pmusim qemu-icount qemu-tcg virt-stat paged veer-run veer-notiming veer-stat
                     veer-statall veer-record veer-record-g veer-sample mbv-run mbv-timed mbv64-run
                     mbv-statall mbv64-cached mbv64-statall virt64-run p8700-run p8700-statall
                     linux-qemu linux-opensbi linux-builtin linux-opensbi-h4 linux-builtin-h4
                     linux-process rc-off
                     rc-on su-pmusim su-qemu, and for the other programs (P = chase, vm):
                     P-run P-qemu-icount P-qemu-tcg P-stat P-veer-run P-veer-stat P-veer-statall;
                     with a translator (pmusim run --help mentions --jit) also ID-nojit for each
                     pmusim run/stat row of the three programs (the same with --jit=off)
                     e.g. --only veer-run,veer-stat -n 11 for the cost of counting
  --programs LIST    the programs of the main table (default coremark,chase,vm)
  --build-dir DIR    build tree (default: build-bench/ in the source tree)
  --no-build         use the existing build tree as it is
  --baseline PMUSIM  also time another pmusim binary (an earlier commit's build) in the same
                     alternated runs: a row base-ID for every pmusim row ID (--only ID brings
                     base-ID too), and the speed of this build relative to it
  --linux-kit DIR    the Linux kit (default: build/linux of the source tree, as `make linux`
                     leaves it): rows booting it to poweroff on pmusim (built-in SBI and OpenSBI,
                     1 and 4 harts) and on QEMU, and coremark-big as a Linux process
  --no-linux         no Linux rows
  --update-doc       also write the table into docs/performance.md (between its markers)
  -h, --help         this help

Raw times go to DIR/bench-times.tsv and the table to DIR/bench-results.md.
EOF
}

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RUNS=
QUICK=0
STARTUP_RUNS=20
LINUX_RUNS=11
BUILD=$ROOT/build-bench
DO_BUILD=1
UPDATE_DOC=0
ONLY=
PROGRAMS=,coremark,chase,vm,
BASELINE=
LINUX_KIT=$ROOT/build/linux
JOBS=$(nproc 2>/dev/null || echo 2)

die() { echo "bench: $*" >&2; exit 1; }
note() { echo "bench: $*" >&2; }
positive_int() { [[ $2 =~ ^[1-9][0-9]*$ ]] || { echo "bench: $1 needs a positive integer, got '$2'" >&2; exit 2; }; }

while (($#)); do
    case $1 in
        -n) (($# >= 2)) || { usage >&2; exit 2; }; positive_int -n "$2"; RUNS=$2; shift 2 ;;
        --quick) QUICK=1; shift ;;
        --startup-runs) (($# >= 2)) || { usage >&2; exit 2; }; positive_int "$1" "$2"; STARTUP_RUNS=$2; shift 2 ;;
        --linux-runs) (($# >= 2)) || { usage >&2; exit 2; }; positive_int "$1" "$2"; LINUX_RUNS=$2; shift 2 ;;
        --build-dir) (($# >= 2)) || { usage >&2; exit 2; }; BUILD=$(realpath -m "$2"); shift 2 ;;
        --only) (($# >= 2)) || { usage >&2; exit 2; }; ONLY=,$2,; shift 2 ;;
        --no-build) DO_BUILD=0; shift ;;
        --programs) (($# >= 2)) || { usage >&2; exit 2; }; PROGRAMS=,$2,; shift 2 ;;
        --baseline) (($# >= 2)) || { usage >&2; exit 2; }; BASELINE=$(realpath -m "$2"); shift 2
                    [[ -x $BASELINE ]] || die "--baseline: '$BASELINE' is not an executable" ;;
        --linux-kit) (($# >= 2)) || { usage >&2; exit 2; }; LINUX_KIT=$(realpath -m "$2"); shift 2 ;;
        --no-linux) LINUX_KIT=; shift ;;
        --update-doc) UPDATE_DOC=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "bench: unknown option '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
[[ -n ${EPOCHREALTIME:-} ]] || die "needs bash 5 or later (EPOCHREALTIME)"
if [[ -z $RUNS ]]; then
    if ((QUICK)); then RUNS=3; else RUNS=5; fi
fi

# ---- build --------------------------------------------------------------------------------------

PMUSIM=$BUILD/src/pmusim
GUESTS=$BUILD/guests
if grep -Eq '^[[:space:]]*add_subdirectory\([[:space:]]*bench[[:space:]]*\)' "$ROOT/CMakeLists.txt"; then
    BENCH_GUESTS=$GUESTS
    BENCH_STANDALONE=0
else
    # bench/ is not part of the main build yet: build its guests as a project of their own
    BENCH_GUESTS=$BUILD/bench-guests/guests
    BENCH_STANDALONE=1
fi
if ((QUICK)); then
    CM_VIRT=coremark-virt32 CM_VEER=coremark-veer CM_MBV=coremark-mbv32 CM_MBV64=coremark-mbv64 RC=reconfig-small CM_PAGED=coremark-paged-virt32
    CM_V64=coremark-virt64
    BIG=
else
    CM_VIRT=coremark-big-virt32 CM_VEER=coremark-big-veer CM_MBV=coremark-big-mbv32 CM_MBV64=coremark-big-mbv64 RC=reconfig CM_PAGED=coremark-big-paged-virt32
    CM_V64=coremark-big-virt64
    BIG=-big
fi
# The other programs (bench/chase.c, bench/vm.c): ELF files P$BIG-virt32.elf and P$BIG-veer.elf
OTHER=()
for p in chase vm; do [[ $PROGRAMS == *",$p,"* ]] && OTHER+=("$p"); done

if ((DO_BUILD)); then
    command -v riscv64-unknown-elf-gcc >/dev/null || die "riscv64-unknown-elf-gcc not found (run scripts/setup.sh)"
    note "building pmusim (Release) and the guests in $BUILD"
    # Warnings are not errors here: a benchmark of a work in progress should still run.
    mkdir -p "$BUILD"
    LOG=$BUILD/bench-build.log
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DPMUSIM_WERROR=OFF -DPMUSIM_SANITIZE=OFF \
        -DPMUSIM_GUESTS=ON >"$LOG" 2>&1 || { tail -n 40 "$LOG" >&2; die "cmake configure failed (log: $LOG)"; }
    targets=(pmusim guest_hello-virt32 "guest_$CM_VIRT" "guest_$CM_VEER" "guest_$CM_MBV" "guest_$CM_MBV64" "guest_$CM_V64")
    if ((!BENCH_STANDALONE)); then
        targets+=("guest_$RC-on-veer" "guest_$RC-off-veer" "guest_$CM_PAGED")
        for p in "${OTHER[@]}"; do targets+=("guest_$p$BIG-virt32" "guest_$p$BIG-veer"); done
    fi
    cmake --build "$BUILD" -j "$JOBS" --target "${targets[@]}" >>"$LOG" 2>&1 ||
        { tail -n 40 "$LOG" >&2; die "build failed (log: $LOG)"; }
    if ((BENCH_STANDALONE)); then
        { cmake -S "$ROOT/bench" -B "$BUILD/bench-guests" && cmake --build "$BUILD/bench-guests" -j "$JOBS"; } \
            >>"$LOG" 2>&1 || { tail -n 40 "$LOG" >&2; die "build of bench/ failed (log: $LOG)"; }
    fi
fi
# MicroBlaze V with 16K caches, a 64-entry branch target cache and the timing model (on with caches)
MBV_TIMED=mbv32,icache=16K,dcache=16K,btc=64
# and mbv64 with 16K caches (timing on), with every one of its events counted
MBV64_CACHED=mbv64,icache=16K,dcache=16K
other_elfs=()
for p in "${OTHER[@]}"; do other_elfs+=("$BENCH_GUESTS/$p$BIG-virt32.elf" "$BENCH_GUESTS/$p$BIG-veer.elf"); done
for f in "$PMUSIM" "$GUESTS/hello-virt32.elf" "$GUESTS/$CM_VIRT.elf" "$GUESTS/$CM_VEER.elf" "$GUESTS/$CM_MBV.elf" "$GUESTS/$CM_V64.elf" \
         "$BENCH_GUESTS/$RC-on-veer.elf" "$BENCH_GUESTS/$RC-off-veer.elf" "$BENCH_GUESTS/$CM_PAGED.elf" "${other_elfs[@]}"; do
    [[ -e $f ]] || die "missing $f (build first, without --no-build)"
done

QEMU=$(command -v qemu-system-riscv32 || true)
[[ -n $QEMU ]] || note "qemu-system-riscv32 not found: the QEMU rows and the output check against QEMU are skipped"
HAVE_STAT=0
if "$PMUSIM" stat --help >/dev/null 2>&1; then HAVE_STAT=1; fi
# A translation tier, if this build has one: its rows run again with it off (ID-nojit)
HAVE_JIT=0
if "$PMUSIM" run --help 2>&1 | grep -q -- '--jit'; then HAVE_JIT=1; fi
# The events of `stat`: four (VeeR: instr-committed, loads, stores, branches), and all of a
# machine's events as `pmusim list` shows them (virt32 has four: the same set)
machine_events() { "$PMUSIM" list -M "$1" 2>/dev/null | awk '$1 ~ /^[0-9]+$/ && $2 ~ /^0x/ { print $1 }' | paste -sd, -; }
VEER4=4,11,12,24
# p8700: the hart's events and every CM event (cm/NAME/, the GCR debug block's counters)
cm_events() { "$PMUSIM" list -M "$1" 2>/dev/null | awk '$2 ~ /^cm\// { printf "%s%s/", (n++ ? "," : ""), $2 }'; }
VEER_ALL= VIRT_ALL= MBV_ALL= MBV64_ALL= P8700_ALL=
if ((HAVE_STAT)); then
    VEER_ALL=$(machine_events veer-el2)
    VIRT_ALL=$(machine_events virt32)
    MBV_ALL=$(machine_events "$MBV_TIMED")
    MBV64_ALL=$(machine_events "$MBV64_CACHED")
    P8700_ALL=$(machine_events p8700),$(cm_events p8700)
fi
n_events() { tr , '\n' <<<"$1" | grep -c .; }

# ---- commands -----------------------------------------------------------------------------------
# Each command: an id, a label for the table, the program it runs, and the argument vector (kept
# as a %q-quoted string so that it runs through eval without an extra shell).

declare -a IDS=() SU_IDS=()   # the main table; the start-up table
declare -A LABEL=() PROG=() CMD=() INSNS=() TIMES=() REF=() LINUX_DONE=()
add_cmd() {   # list id label program argv...
    local list=$1 id=$2 label=$3 prog=$4 q
    shift 4
    printf -v q '%q ' "$@"
    if [[ $list == startup ]]; then SU_IDS+=("$id"); else IDS+=("$id"); fi
    LABEL[$id]=$label PROG[$id]=$prog CMD[$id]=$q
}
# A pmusim row, and with a translator the same row with it off (ID-nojit): id label program
# pmusim-command args...
add_pmusim() {
    local id=$1 label=$2 prog=$3 cmd=$4
    shift 4
    add_cmd main "$id" "$label" "$prog" "$PMUSIM" "$cmd" "$@"
    if ((HAVE_JIT)); then
        add_cmd main "$id-nojit" "$label, \`--jit=off\`" "$prog" "$PMUSIM" "$cmd" --jit=off "$@"
    fi
}

QEMU_ARGS=(-M virt -nographic -bios none)
add_pmusim pmusim         "\`pmusim run -M virt32\`"                 "$CM_VIRT" run -M virt32 "$GUESTS/$CM_VIRT.elf"
if [[ -n $QEMU ]]; then
    add_cmd main qemu-icount "QEMU \`-icount shift=0\` (exact instret)" "$CM_VIRT" "$QEMU" "${QEMU_ARGS[@]}" -icount shift=0 -kernel "$GUESTS/$CM_VIRT.elf"
    add_cmd main qemu-tcg    "QEMU TCG (no -icount)"                 "$CM_VIRT" "$QEMU" "${QEMU_ARGS[@]}" -kernel "$GUESTS/$CM_VIRT.elf"
fi
if ((HAVE_STAT)); then
    add_pmusim virt-stat "\`pmusim stat -M virt32 -e $VIRT_ALL\` (all its events)" "$CM_VIRT" stat -M virt32 -e "$VIRT_ALL" "$GUESTS/$CM_VIRT.elf"
fi
add_cmd main paged        "\`pmusim run -M virt32\`, loads and stores through Sv32" "$CM_PAGED" "$PMUSIM" run -M virt32 "$BENCH_GUESTS/$CM_PAGED.elf"
add_pmusim veer-run       "\`pmusim run -M veer-el2\`"               "$CM_VEER" run -M veer-el2 "$GUESTS/$CM_VEER.elf"
add_cmd main veer-notiming "\`pmusim run -M veer-el2,timing=off\`"   "$CM_VEER" "$PMUSIM" run -M veer-el2,timing=off "$GUESTS/$CM_VEER.elf"
STAT_NOTE=
if ((HAVE_STAT)); then
    add_pmusim veer-stat "\`pmusim stat -M veer-el2 -e $VEER4\`" "$CM_VEER" stat -M veer-el2 -e "$VEER4" "$GUESTS/$CM_VEER.elf"
    add_pmusim veer-statall "\`pmusim stat -M veer-el2\` with all its $(tr , '\n' <<<"$VEER_ALL" | wc -l) events" "$CM_VEER" stat -M veer-el2 -e "$VEER_ALL" "$GUESTS/$CM_VEER.elf"
else
    STAT_NOTE="\`pmusim stat\` is not available in this build (\`pmusim stat --help\` failed): row skipped."
    note "$STAT_NOTE"
fi
if "$PMUSIM" record --help >/dev/null 2>&1; then
    add_cmd main veer-record "\`pmusim record -M veer-el2 -e 4,11,12,24\` (exact)" "$CM_VEER" "$PMUSIM" record -q -M veer-el2 -e 4,11,12,24 -o "$BUILD/bench-record.data" "$GUESTS/$CM_VEER.elf"
    add_cmd main veer-record-g "\`pmusim record -g -M veer-el2 -e 4,11,12,24\` (exact, call chains)" "$CM_VEER" "$PMUSIM" record -q -g -M veer-el2 -e 4,11,12,24 -o "$BUILD/bench-record.data" "$GUESTS/$CM_VEER.elf"
    add_cmd main veer-sample "\`pmusim record -c 100000 -M veer-el2 -e 4,11,12,24\` (sampled)" "$CM_VEER" "$PMUSIM" record -q -c 100000 -M veer-el2 -e 4,11,12,24 -o "$BUILD/bench-record.data" "$GUESTS/$CM_VEER.elf"
fi
add_cmd main mbv-run      "\`pmusim run -M mbv32\` (no caches)"        "$CM_MBV" "$PMUSIM" run -M mbv32 "$GUESTS/$CM_MBV.elf"
add_cmd main mbv-timed    "\`pmusim run -M $MBV_TIMED\`"             "$CM_MBV" "$PMUSIM" run -M "$MBV_TIMED" "$GUESTS/$CM_MBV.elf"
if ((HAVE_STAT)); then
    add_cmd main mbv-statall "\`pmusim stat -M $MBV_TIMED\` with all its $(n_events "$MBV_ALL") events" "$CM_MBV" "$PMUSIM" stat -M "$MBV_TIMED" -e "$MBV_ALL" "$GUESTS/$CM_MBV.elf"
fi
add_cmd main mbv64-run    "\`pmusim run -M mbv64\` (no caches)"        "$CM_MBV64" "$PMUSIM" run -M mbv64 "$GUESTS/$CM_MBV64.elf"
add_cmd main mbv64-cached "\`pmusim run -M $MBV64_CACHED\`"          "$CM_MBV64" "$PMUSIM" run -M "$MBV64_CACHED" "$GUESTS/$CM_MBV64.elf"
if ((HAVE_STAT)); then
    add_cmd main mbv64-statall "\`pmusim stat -M $MBV64_CACHED\` with all its $(n_events "$MBV64_ALL") events" "$CM_MBV64" "$PMUSIM" stat -M "$MBV64_CACHED" -e "$MBV64_ALL" "$GUESTS/$CM_MBV64.elf"
fi
# RV64: virt64 against one P8700 hart behind the coherence manager's L1s and L2 (the SDK builds for
# virt64; a p8700 hart is an RV64GC hart with virt's memory map, so the same ELF runs there: pmusim
# warns about its machine note on standard error)
add_cmd main virt64-run   "\`pmusim run -M virt64\`"                    "$CM_V64" "$PMUSIM" run -M virt64 "$GUESTS/$CM_V64.elf"
add_cmd main p8700-run    "\`pmusim run -M p8700,cores=1\`"             "$CM_V64" "$PMUSIM" run -M p8700,cores=1 "$GUESTS/$CM_V64.elf"
if ((HAVE_STAT)); then
    add_cmd main p8700-statall "\`pmusim stat -M p8700,cores=1\` with all its $(n_events "$P8700_ALL") events (hart and CM)" "$CM_V64" "$PMUSIM" stat -M p8700,cores=1 -e "$P8700_ALL" "$GUESTS/$CM_V64.elf"
fi
# Linux 6.1 (the kit of `make linux`) booted to poweroff: OpenSBI 1.1 on QEMU 7.2 TCG and on pmusim,
# pmusim's built-in SBI, 1 and 4 harts; and coremark-big as a Linux process (/init runs it and powers
# off), whose time is its boot's minus the boot alone (bench/linux-process.sh does the same)
LINUX_NOTE=
OPENSBI=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf
QEMU64=$(command -v qemu-system-riscv64 || true)
if [[ -z $LINUX_KIT ]]; then
    LINUX_NOTE="--no-linux: no Linux rows."
elif [[ ! -f $LINUX_KIT/Image || ! -f $LINUX_KIT/rootfs.cpio ]]; then
    LINUX_NOTE="no Linux kit in $LINUX_KIT (\`make linux\`): Linux rows skipped."
elif [[ ! -f $OPENSBI || -z $QEMU64 ]]; then
    LINUX_NOTE="qemu-system-riscv64 or OpenSBI ($OPENSBI) missing: Linux rows skipped."
else
    LX=(--kernel "$LINUX_KIT/Image" --initrd "$LINUX_KIT/rootfs.cpio")
    LX_OFF="console=ttyS0 pmusim.poweroff"
    add_linux() {   # id label done-line argv...: a boot that must print its done line
        local id=$1 label=$2 done=$3
        shift 3
        add_cmd main "$id" "$label" linux-6.1 "$@"
        LINUX_DONE[$id]=$done
    }
    add_linux linux-qemu "QEMU TCG, OpenSBI 1.1, Linux boot to poweroff" "reboot: Power down" \
        "$QEMU64" -M virt -m 256M -nographic -bios "$OPENSBI" -kernel "$LINUX_KIT/Image" \
        -initrd "$LINUX_KIT/rootfs.cpio" -append "$LX_OFF"
    add_linux linux-opensbi "\`pmusim run -M virt64 --bios\` OpenSBI 1.1, Linux boot to poweroff" "reboot: Power down" \
        "$PMUSIM" run -M virt64 --bios "$OPENSBI" "${LX[@]}" --append "$LX_OFF"
    add_linux linux-builtin "\`pmusim run -M virt64\` (built-in SBI), Linux boot to poweroff" "reboot: Power down" \
        "$PMUSIM" run -M virt64 "${LX[@]}" --append "$LX_OFF"
    add_linux linux-opensbi-h4 "\`pmusim run -M virt64,harts=4 --bios\` OpenSBI 1.1, Linux boot to poweroff" "reboot: Power down" \
        "$PMUSIM" run -M virt64,harts=4 --bios "$OPENSBI" "${LX[@]}" --append "$LX_OFF"
    add_linux linux-builtin-h4 "\`pmusim run -M virt64,harts=4\` (built-in SBI), Linux boot to poweroff" "reboot: Power down" \
        "$PMUSIM" run -M virt64,harts=4 "${LX[@]}" --append "$LX_OFF"
    if ((!QUICK)) && [[ -f $LINUX_KIT/guests/coremark-big ]]; then
        add_linux linux-process "\`pmusim run -M virt64\` (built-in SBI), boot + coremark-big as a Linux process" \
            "coremark-big exited with status 0" \
            "$PMUSIM" run -M virt64 "${LX[@]}" --append "console=ttyS0 pmusim.run=/root/coremark-big"
    else
        LINUX_NOTE="the process row needs coremark-big (not --quick) and a kit with /root/coremark-big."
    fi
fi
add_cmd main rc-off       "reconfig, counters left alone"             "$RC-off-veer" "$PMUSIM" run -M veer-el2 "$BENCH_GUESTS/$RC-off-veer.elf"
add_cmd main rc-on        "reconfig, reprogrammed every ~100 insns"   "$RC-on-veer"  "$PMUSIM" run -M veer-el2 "$BENCH_GUESTS/$RC-on-veer.elf"
for p in "${OTHER[@]}"; do   # the other programs: run, stat with 4 and all events, QEMU
    pv=$p$BIG-virt32 pe=$p$BIG-veer
    add_pmusim "$p-run" "\`pmusim run -M virt32\`" "$pv" run -M virt32 "$BENCH_GUESTS/$pv.elf"
    if [[ -n $QEMU ]]; then
        add_cmd main "$p-qemu-icount" "QEMU \`-icount shift=0\` (exact instret)" "$pv" "$QEMU" "${QEMU_ARGS[@]}" -icount shift=0 -kernel "$BENCH_GUESTS/$pv.elf"
        add_cmd main "$p-qemu-tcg" "QEMU TCG (no -icount)" "$pv" "$QEMU" "${QEMU_ARGS[@]}" -kernel "$BENCH_GUESTS/$pv.elf"
    fi
    add_pmusim "$p-veer-run" "\`pmusim run -M veer-el2\`" "$pe" run -M veer-el2 "$BENCH_GUESTS/$pe.elf"
    if ((HAVE_STAT)); then
        add_pmusim "$p-stat" "\`pmusim stat -M virt32 -e $VIRT_ALL\` (all its events)" "$pv" stat -M virt32 -e "$VIRT_ALL" "$BENCH_GUESTS/$pv.elf"
        add_pmusim "$p-veer-stat" "\`pmusim stat -M veer-el2 -e $VEER4\`" "$pe" stat -M veer-el2 -e "$VEER4" "$BENCH_GUESTS/$pe.elf"
        add_pmusim "$p-veer-statall" "\`pmusim stat -M veer-el2\` with all its events" "$pe" stat -M veer-el2 -e "$VEER_ALL" "$BENCH_GUESTS/$pe.elf"
    fi
done
# --baseline: every pmusim row of the main table again with the other binary (base-ID), timed in
# the same alternated rounds
if [[ -n $BASELINE ]]; then
    printf -v q_pmusim '%q ' "$PMUSIM"
    printf -v q_base '%q ' "$BASELINE"
    for id in "${IDS[@]}"; do
        [[ ${CMD[$id]} == "$q_pmusim"* && $id != *-nojit ]] || continue
        add_cmd main "base-$id" "baseline ${LABEL[$id]}" "${PROG[$id]}" true
        CMD[base-$id]=$q_base${CMD[$id]#"$q_pmusim"}
        [[ -n ${LINUX_DONE[$id]:-} ]] && LINUX_DONE[base-$id]=${LINUX_DONE[$id]}
    done
fi
# Which QEMU -icount row a row's speed is relative to (the same ELF file)
for id in pmusim pmusim-nojit qemu-icount qemu-tcg virt-stat virt-stat-nojit; do REF[$id]=qemu-icount; done
for p in "${OTHER[@]}"; do
    for id in run qemu-icount qemu-tcg stat; do REF[$p-$id]=$p-qemu-icount REF[$p-$id-nojit]=$p-qemu-icount; done
done

add_cmd startup su-pmusim    "\`pmusim run -M virt32\`"                 hello-virt32 "$PMUSIM" run -M virt32 "$GUESTS/hello-virt32.elf"
if [[ -n $QEMU ]]; then
    add_cmd startup su-qemu  "QEMU \`-icount shift=0\`"                 hello-virt32 "$QEMU" "${QEMU_ARGS[@]}" -icount shift=0 -kernel "$GUESTS/hello-virt32.elf"
fi

# ---- output check (also the warm-up run of every command) --------------------------------------

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# The comparable part of a program's output (sdk/include/pmusim_example.h): the lines up to the
# PASS/FAIL line, and the instret line. Lines between them may depend on the host.
canon() { awk '!done { print } /: (PASS|FAIL)/ { done = 1 } done && /^instret: / { print }' "$1"; }
canon_noinstret() { canon "$1" | grep -v '^instret: ' || true; }
instret_of() { sed -n 's/^instret: \([0-9][0-9]*\)$/\1/p' "$1" | tail -n 1; }

run_check() {   # id: run once, keep stdout in $OUT/id.out, fail on a non-zero status
    local id=$1 rc=0
    eval "${CMD[$id]}" >"$OUT/$id.out" 2>"$OUT/$id.err" </dev/null || rc=$?
    if ((rc != 0)); then
        note "$id exited with status $rc: ${CMD[$id]}"
        sed 's/^/  | /' "$OUT/$id.err" "$OUT/$id.out" | tail -n 20 >&2
        return 1
    fi
    grep -q ': PASS$' "$OUT/$id.out" || { note "$id: no PASS line in its output"; return 1; }
    [[ -n $(instret_of "$OUT/$id.out") ]] || { note "$id: no instret line in its output"; return 1; }
}
same() {   # what a b: compare two canonical outputs (files), fail with a diff
    local what=$1
    if ! diff -u "$2" "$3" >"$OUT/diff" 2>&1; then
        note "MISMATCH: $what"
        sed 's/^/  | /' "$OUT/diff" >&2
        return 1
    fi
}

loadavg() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown; }
LOAD_BEFORE=$(loadavg)
note "checking outputs (warm-up runs)"
is_stat() { [[ $1 == *stat* ]]; }
drop_id() { local k keep=(); for k in "${IDS[@]}"; do [[ $k == "$1" ]] || keep+=("$k"); done; IDS=("${keep[@]}"); }
is_linux() { [[ -n ${LINUX_DONE[$1]:-} ]]; }
linux_check() {   # id: a Linux boot must reach its done line and exit 0
    local id=$1 rc=0
    eval "${CMD[$id]}" >"$OUT/$id.out" 2>&1 </dev/null || rc=$?
    ((rc == 0)) && grep -qF "${LINUX_DONE[$id]}" "$OUT/$id.out" && return 0
    note "$id: status $rc, '${LINUX_DONE[$id]}' $(grep -qF "${LINUX_DONE[$id]}" "$OUT/$id.out" && echo seen || echo 'not seen')"
    tail -n 10 "$OUT/$id.out" | sed 's/^/  | /' >&2
    return 1
}
for id in "${IDS[@]}" "${SU_IDS[@]}"; do
    if is_linux "$id"; then
        linux_check "$id" || die "$id failed"
        continue
    fi
    if is_stat "$id"; then
        if ! run_check "$id"; then
            STAT_NOTE+="\`pmusim stat\` failed ($id): row skipped. "
            note "$id: pmusim stat failed: row skipped"
            drop_id "$id"
        fi
        continue
    fi
    run_check "$id" || die "$id failed"
done
mapfile -t IDS < <(printf '%s\n' "${IDS[@]}" | grep .)
for id in "${IDS[@]}" "${SU_IDS[@]}"; do
    is_linux "$id" && continue
    canon "$OUT/$id.out" >"$OUT/$id.canon"
    canon_noinstret "$OUT/$id.out" >"$OUT/$id.noinstret"
done
fails=0
if [[ -n $QEMU ]]; then
    # exact: same output and same instret
    same "pmusim vs QEMU -icount ($CM_VIRT)" "$OUT/qemu-icount.canon" "$OUT/pmusim.canon" || fails=1
    same "pmusim vs QEMU -icount (hello-virt32)" "$OUT/su-qemu.canon" "$OUT/su-pmusim.canon" || fails=1
    # without -icount QEMU's minstret follows host time: compare everything but instret
    same "pmusim vs QEMU TCG, instret excepted ($CM_VIRT)" "$OUT/qemu-tcg.noinstret" "$OUT/pmusim.noinstret" || fails=1
fi
same "virt32 vs veer-el2 build, instret excepted (coremark)" "$OUT/pmusim.noinstret" "$OUT/veer-run.noinstret" || fails=1
same "paging on vs off, instret included (coremark, virt32)" "$OUT/pmusim.canon" "$OUT/paged.canon" || fails=1
same "virt32 vs mbv32 build, instret excepted (coremark)" "$OUT/pmusim.noinstret" "$OUT/mbv-run.noinstret" || fails=1
same "mbv32 without and with caches and timing (coremark)" "$OUT/mbv-run.canon" "$OUT/mbv-timed.canon" || fails=1
same "mbv64 without and with caches and timing (coremark)" "$OUT/mbv64-run.canon" "$OUT/mbv64-cached.canon" || fails=1
same "virt64 vs p8700, instret included (coremark)" "$OUT/virt64-run.canon" "$OUT/p8700-run.canon" || fails=1
# every stat row against the run row of the same program and machine
stat_run_of() {   # stat id -> its run id
    local id=${1%-nojit} sfx=
    [[ $1 == *-nojit ]] && sfx=-nojit
    case $id in
        virt-stat) echo "pmusim$sfx" ;;
        veer-stat|veer-statall) echo "veer-run$sfx" ;;
        mbv-statall) echo "mbv-timed$sfx" ;;
        mbv64-statall) echo "mbv64-cached$sfx" ;;
        p8700-statall) echo "p8700-run$sfx" ;;
        *-veer-stat|*-veer-statall) echo "${id%-veer-stat*}-veer-run$sfx" ;;
        *-stat) echo "${id%-stat}-run$sfx" ;;
    esac
}
for id in "${IDS[@]}"; do
    is_stat "$id" || continue
    run=$(stat_run_of "$id")
    [[ -e $OUT/$run.canon ]] || continue
    if ! same "pmusim stat vs pmusim run ($id, ${PROG[$id]})" "$OUT/$run.canon" "$OUT/$id.canon"; then
        STAT_NOTE+="\`pmusim stat\` changed the program's output ($id): row skipped. "
        drop_id "$id"
    fi
done
mapfile -t IDS < <(printf '%s\n' "${IDS[@]}" | grep .)
for p in "${OTHER[@]}"; do
    if [[ -n $QEMU ]]; then
        same "pmusim vs QEMU -icount ($p)" "$OUT/$p-qemu-icount.canon" "$OUT/$p-run.canon" || fails=1
        same "pmusim vs QEMU TCG, instret excepted ($p)" "$OUT/$p-qemu-tcg.noinstret" "$OUT/$p-run.noinstret" || fails=1
    fi
    same "virt32 vs veer-el2 build, instret excepted ($p)" "$OUT/$p-run.noinstret" "$OUT/$p-veer-run.noinstret" || fails=1
done
if ((HAVE_JIT)); then   # the translator on and off: the same output, instret included
    for id in "${IDS[@]}"; do
        [[ $id == *-nojit && -e $OUT/${id%-nojit}.canon ]] || continue
        same "translator on vs off ($id)" "$OUT/${id%-nojit}.canon" "$OUT/$id.canon" || fails=1
    done
fi
same "reconfig on vs off, checksum" <(grep 'checksum=' "$OUT/rc-off.out") <(grep 'checksum=' "$OUT/rc-on.out") || fails=1
((fails == 0)) || die "the simulators disagree (see above): no timing"

# Guest instructions per command: the program's own instret line (minstret from the start of main
# to just before the PASS line), taken from an exact run of the same ELF.
for id in "${IDS[@]}" "${SU_IDS[@]}"; do
    case $id in
        linux-* | base-linux-*) INSNS[$id]=– ;;   # an OS boot: no program-defined instret
        qemu-tcg) INSNS[$id]=$(instret_of "$OUT/pmusim.out") ;;   # its own instret is not exact
        *-qemu-tcg) INSNS[$id]=$(instret_of "$OUT/${id%-qemu-tcg}-run.out") ;;
        *) INSNS[$id]=$(instret_of "$OUT/$id.out") ;;
    esac
done

# ---- timing -------------------------------------------------------------------------------------

TSV=$BUILD/bench-times.tsv
printf 'command\trun\tseconds\n' >"$TSV"
time_one() {   # id: one run, wall time of the whole process in microseconds appended to TIMES[id]
    local id=$1 t0 t1 rc=0
    t0=$EPOCHREALTIME
    eval "${CMD[$id]}" >/dev/null 2>&1 </dev/null || rc=$?
    t1=$EPOCHREALTIME
    ((rc == 0)) || die "$id exited with status $rc during the timed runs"
    local us=$(( 10#${t1/./} - 10#${t0/./} ))
    TIMES[$id]+="$us "
    printf '%s\t%s\t%d.%06d\n' "$id" "$2" $((us / 1000000)) $((us % 1000000)) >>"$TSV"
}
alternate() {   # first runs ids...: rounds first+1..runs; round r starts with the (r mod k)-th
    local first=$1 runs=$2 r i k     # command, so none always goes first
    shift 2
    local ids=("$@")
    k=${#ids[@]}
    for ((r = first; r < runs; r++)); do
        for ((i = 0; i < k; i++)); do
            time_one "${ids[(r + i) % k]}" $((r + 1))
        done
        printf '.' >&2
    done
    printf '\n' >&2
}
if [[ -n $ONLY ]]; then   # --only: time a subset (every command was checked above)
    for id in ${ONLY//,/ }; do
        [[ -n ${CMD[$id]:-} ]] || die "--only: unknown command id '$id'"
    done
    keep=()
    for id in "${IDS[@]}"; do [[ $ONLY == *",$id,"* || $ONLY == *",${id#base-},"* ]] && keep+=("$id"); done
    IDS=("${keep[@]}")   # with --baseline, an id brings its base-ID
    keep=()
    for id in "${SU_IDS[@]}"; do [[ $ONLY == *",$id,"* ]] && keep+=("$id"); done
    SU_IDS=("${keep[@]}")
fi
if ((${#IDS[@]})); then
    note "timing ${#IDS[@]} commands, $RUNS runs each, alternately"
    alternate 0 "$RUNS" "${IDS[@]}"
    LX_IDS=()
    for id in "${IDS[@]}"; do is_linux "$id" && LX_IDS+=("$id"); done
    if ((${#LX_IDS[@]} && LINUX_RUNS > RUNS)); then
        note "timing the ${#LX_IDS[@]} Linux boots $((LINUX_RUNS - RUNS)) runs more, alternately"
        alternate "$RUNS" "$LINUX_RUNS" "${LX_IDS[@]}"
    fi
fi
if ((${#SU_IDS[@]})); then
    note "timing start-up: ${#SU_IDS[@]} commands, $STARTUP_RUNS runs each"
    alternate 0 "$STARTUP_RUNS" "${SU_IDS[@]}"
fi

# median min max (microseconds) of TIMES[id]
stats() { tr ' ' '\n' <<<"${TIMES[$1]}" | grep . | sort -n |
          awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
                                    printf "%d %d %d %d\n", m, v[1], v[NR], NR }'; }
declare -A MED=() MIN=() MAX=()
for id in "${IDS[@]}" "${SU_IDS[@]}"; do
    read -r "MED[$id]" "MIN[$id]" "MAX[$id]" _ < <(stats "$id")
done
has() { [[ -n ${MED[$1]:-} ]]; }
fmt_s() { awk -v u="$1" 'BEGIN { printf "%.3f", u / 1e6 }'; }
fmt_ms() { awk -v u="$1" 'BEGIN { printf "%.1f", u / 1e3 }'; }
mips() { [[ $1 == – ]] && { echo –; return; }; awk -v n="$1" -v u="$2" 'BEGIN { printf "%.0f", n / u }'; }   # insns per microsecond
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }

# ---- report -------------------------------------------------------------------------------------

git_desc() {
    local c
    c=$(git -C "$ROOT" rev-parse --short=12 HEAD 2>/dev/null) || { echo "unknown (not a git checkout)"; return; }
    # --no-optional-locks: do not refresh the index (read only)
    if [[ -n $(git -C "$ROOT" --no-optional-locks status --porcelain --untracked-files=no 2>/dev/null) ]]; then
        echo "$c + uncommitted changes"
    else
        echo "$c"
    fi
}
cc_version() {
    local cc
    cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$BUILD/CMakeCache.txt" 2>/dev/null)
    [[ -n $cc ]] && "$cc" --version 2>/dev/null | sed -n 1p || echo unknown
}

report() {
    local cpu
    cpu=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | sed -n 1p)
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') with \`bench/run.sh$( ((QUICK)) && printf ' --quick') -n $RUNS$([[ -n $ONLY ]] && printf ' --only %s' "${ONLY:1:-1}")\`."
    echo
    echo "- Host: ${cpu:-unknown CPU}, $(nproc) CPUs online, $(uname -sr)"
    echo "- pmusim: commit $(git_desc); Release build, $(cc_version)"
    if [[ -n $QEMU ]]; then
        echo "- QEMU: $("$QEMU" --version | sed -n 1p)"
    fi
    echo "- Load average (1, 5, 15 min) before: $LOAD_BEFORE, after: $LOAD_AFTER" \
         "(other processes on the host make the times noisier)"
    echo "- Times: wall time of the whole process (start-up included), $RUNS runs per command" \
         "($((LINUX_RUNS > RUNS ? LINUX_RUNS : RUNS)) per Linux boot), commands alternated; median (min-max)."
    echo "- Instructions: the program's \`instret:\` line (minstret from main to just before its" \
         "PASS line), from an exact run of the same ELF; QEMU TCG without -icount is credited" \
         "with the exact count."
    echo
    local id ref=
    has qemu-icount && ref=${MED[qemu-icount]}
    ((${#IDS[@]})) && echo "| Command | Program | Instructions | Median s | Min s | Max s | MIPS | Speed vs QEMU -icount |"
    ((${#IDS[@]})) && echo "|---|---|--:|--:|--:|--:|--:|--:|"
    for id in "${IDS[@]}"; do
        local vs="–"
        [[ -n ${REF[$id]:-} ]] && has "${REF[$id]}" && vs="$(ratio "${MED[${REF[$id]}]}" "${MED[$id]}")×"
        echo "| ${LABEL[$id]} | ${PROG[$id]} | ${INSNS[$id]} | $(fmt_s "${MED[$id]}") |" \
             "$(fmt_s "${MIN[$id]}") | $(fmt_s "${MAX[$id]}") | $(mips "${INSNS[$id]}" "${MED[$id]}") | $vs |"
    done
    if ((${#SU_IDS[@]})); then
        echo
        echo "Start-up ($STARTUP_RUNS runs each, hello-virt32: ${INSNS[su-pmusim]} instructions in main):"
        echo
        echo "| Command | Median ms | Min ms | Max ms |"
        echo "|---|--:|--:|--:|"
    fi
    for id in "${SU_IDS[@]}"; do
        echo "| ${LABEL[$id]} | $(fmt_ms "${MED[$id]}") | $(fmt_ms "${MIN[$id]}") | $(fmt_ms "${MAX[$id]}") |"
    done
    echo
    echo "Targets (single thread; speeds are ratios of median wall times):"
    if ((QUICK)); then
        echo
        echo "(--quick: the targets are defined on coremark-big; with ~10^7 instructions start-up" \
             "weighs heavily, so these verdicts are only indicative.)"
    fi
    echo
    echo "| Target | Goal | Measured | Met |"
    echo "|---|---|--:|---|"
    local r
    if [[ -z $QEMU ]]; then
        echo "| pmusim vs QEMU | | QEMU not installed | – |"
    fi
    if has qemu-icount && has pmusim; then
        r=$(ratio "${MED[qemu-icount]}" "${MED[pmusim]}")
        echo "| pmusim vs QEMU \`-icount shift=0\` ($CM_VIRT) | ≥ 1.30× | ${r}× | $(ge "$r" 1.30 && echo yes || echo no) |"
    fi
    local p
    if has qemu-tcg && has pmusim; then
        r=$(ratio "${MED[qemu-tcg]}" "${MED[pmusim]}")
        echo "| pmusim vs QEMU TCG without -icount ($CM_VIRT) | ≥ 1.50× | ${r}× | $(ge "$r" 1.50 && echo yes || echo no) |"
    fi
    for p in "${OTHER[@]}"; do
        if has "$p-qemu-tcg" && has "$p-run"; then
            r=$(ratio "${MED[$p-qemu-tcg]}" "${MED[$p-run]}")
            echo "| pmusim vs QEMU TCG without -icount (${PROG[$p-run]}) | ≥ 1.50× | ${r}× | $(ge "$r" 1.50 && echo yes || echo no) |"
        fi
    done
    if has veer-run; then
        local m_t
        m_t=$(mips "${INSNS[veer-run]}" "${MED[veer-run]}")
        echo "| \`run -M veer-el2\` (timing model on), MIPS ($CM_VEER) | ≥ 200 | $m_t | $(ge "$m_t" 200 && echo yes || echo no) |"
        if has veer-notiming; then
            echo "| timing on / \`timing=off\`, speed ($CM_VEER) | – | $(ratio "${MED[veer-notiming]}" "${MED[veer-run]}")× | – |"
        fi
        if has qemu-icount; then   # the same program built for virt32 (instret differs by ~200): MIPS
            r=$(ratio "$m_t" "$(mips "${INSNS[qemu-icount]}" "${MED[qemu-icount]}")")
            echo "| \`run -M veer-el2\` (timing model on) vs QEMU \`-icount shift=0\`, MIPS ($CM_VEER, $CM_VIRT) | ≥ 1.00× | ${r}× | $(ge "$r" 1.00 && echo yes || echo no) |"
        fi
    fi
    if has mbv64-cached && has mbv64-run; then
        r=$(ratio "${MED[mbv64-run]}" "${MED[mbv64-cached]}")
        echo "| \`run -M $MBV64_CACHED\` vs \`run -M mbv64\` (no caches), speed ($CM_MBV64) | ≥ 0.60× | ${r}× | $(ge "$r" 0.60 && echo yes || echo no) |"
    fi
    if has p8700-run && has virt64-run; then
        r=$(ratio "${MED[virt64-run]}" "${MED[p8700-run]}")
        echo "| \`run -M p8700,cores=1\` vs \`run -M virt64\`, speed ($CM_V64) | ≥ 0.60× | ${r}× | $(ge "$r" 0.60 && echo yes || echo no) |"
    fi
    if has linux-qemu && has linux-opensbi; then
        r=$(ratio "${MED[linux-qemu]}" "${MED[linux-opensbi]}")
        echo "| Linux boot, OpenSBI: pmusim vs QEMU TCG, speed | ≥ 1.50× | ${r}× | $(ge "$r" 1.50 && echo yes || echo no) |"
    fi
    local fw
    for fw in opensbi builtin; do
        has "linux-$fw-h4" && has "linux-$fw" || continue
        r=$(ratio "${MED[linux-$fw-h4]}" "${MED[linux-$fw]}")
        echo "| Linux boot ($fw), 4 harts vs 1 hart, time | ≤ 1.50× | ${r}× | $(ge 1.50 "$r" && echo yes || echo no) |"
    done
    if has linux-process && has linux-builtin && has virt64-run; then
        # the process's own time: its boot minus the boot alone; against the bare-metal run
        r=$(awk -v p="${MED[linux-process]}" -v b="${MED[linux-builtin]}" -v m="${MED[virt64-run]}" \
                'BEGIN { printf "%.2f", (p > b) ? m / (p - b) : 0 }')
        echo "| coremark-big as a Linux process (Sv39; its boot minus the boot alone) vs bare metal ($CM_V64), speed | ≥ 0.90× | ${r}× | $(ge "$r" 0.90 && echo yes || echo no) |"
    fi
    local sid any_stat=0
    for sid in "${IDS[@]}"; do   # every stat row against the run of the same program
        is_stat "$sid" || continue
        local rid
        rid=$(stat_run_of "$sid")
        has "$rid" || continue
        any_stat=1
        r=$(awk -v a="${MED[$sid]}" -v b="${MED[$rid]}" 'BEGIN { printf "%+.1f", (a / b - 1) * 100 }')
        echo "| ${LABEL[$sid]} vs \`run\` (${PROG[$sid]}) | ≤ +5 % time | ${r} % | $(ge 5 "$r" && echo yes || echo no) |"
    done
    ((any_stat)) || echo "| \`stat\` vs \`run\` | ≤ +5 % time | not measured | – |"
    for p in "${OTHER[@]}"; do
        if has "$p-qemu-icount" && has "$p-run"; then
            r=$(ratio "${MED[$p-qemu-icount]}" "${MED[$p-run]}")
            echo "| pmusim vs QEMU \`-icount shift=0\` (${PROG[$p-run]}) | ≥ 1.00× | ${r}× | $(ge "$r" 1.00 && echo yes || echo no) |"
        fi
    done
    local rec
    for rec in veer-record:2.00 veer-record-g:2.00 veer-sample:1.10; do
        local id=${rec%%:*} goal=${rec#*:}
        has "$id" && has veer-run || continue
        r=$(awk -v a="${MED[$id]}" -v b="${MED[veer-run]}" 'BEGIN { printf "%.2f", a / b }')
        echo "| ${LABEL[$id]} vs \`run\`, veer-el2 ($CM_VEER) | ≤ ${goal}× time | ${r}× | $(ge "$goal" "$r" && echo yes || echo no) |"
    done
    if has su-pmusim; then
        local su=${MED[su-pmusim]}
        echo "| start-up, hello-virt32, median | < 20 ms | $(fmt_ms "$su") ms | $( ((su < 20000)) && echo yes || echo no) |"
    fi
    if has rc-on && has rc-off; then
        local m_on m_off
        m_off=$(mips "${INSNS[rc-off]}" "${MED[rc-off]}")
        m_on=$(mips "${INSNS[rc-on]}" "${MED[rc-on]}")
        echo "| reconfig: MIPS reprogramming every ~100 insns / MIPS without ($RC) | no cliff (no number set) |" \
             "$m_on / $m_off = $(ratio "$m_on" "$m_off")× | – |"
    fi
    if has paged && has pmusim; then
        echo "| paging on: coremark with loads and stores through Sv32 vs without ($CM_PAGED) | no number set |" \
             "$(ratio "${MED[pmusim]}" "${MED[paged]}")× speed ($(mips "${INSNS[paged]}" "${MED[paged]}") MIPS) | – |"
    fi
    local base id
    for base in "${IDS[@]}"; do
        [[ $base == base-* ]] || continue
        local id=${base#base-}
        has "$id" && has "$base" || continue
        echo "| ${LABEL[$id]} vs the baseline build ($BASELINE) | no slowdown (within noise) |" \
             "$(ratio "${MED[$base]}" "${MED[$id]}")× (min $(ratio "${MIN[$base]}" "${MIN[$id]}")×) | – |"
    done
    if ((!HAVE_JIT)); then
        echo
        echo "This build has no translation tier (\`pmusim run --help\` does not mention \`--jit\`): no \`--jit=off\` rows."
    fi
    if [[ -n $STAT_NOTE ]]; then
        echo
        echo "Note: $STAT_NOTE"
    fi
    if [[ -n $LINUX_NOTE ]]; then
        echo
        echo "Note: $LINUX_NOTE"
    fi
}

LOAD_AFTER=$(loadavg)
RESULTS=$BUILD/bench-results.md
report | tee "$RESULTS"
note "raw times: $TSV; table: $RESULTS"

if ((UPDATE_DOC)); then
    DOC=$ROOT/docs/performance.md
    BEGIN='<!-- bench-results:begin -->' END='<!-- bench-results:end -->'
    if ! grep -qF "$BEGIN" "$DOC" || ! grep -qF "$END" "$DOC"; then
        die "$DOC has no $BEGIN / $END markers"
    fi
    awk -v b="$BEGIN" -v e="$END" -v f="$RESULTS" '
        $0 == b { print; print ""; while ((getline l < f) > 0) print l; print ""; skip = 1; next }
        $0 == e { skip = 0 }
        !skip' "$DOC" >"$DOC.tmp" && mv "$DOC.tmp" "$DOC"
    note "updated $DOC"
fi
