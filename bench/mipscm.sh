#!/usr/bin/env bash
# Speed of the p8700 machine: guest MIPS of bench/mipscm-loop.S on one hart of virt64 (the inline
# memory path), and on p8700 with 1 and 4 cores (every access through the coherence model), with
# and without CM events counted. Runs the commands alternately N times (default 5) and prints the
# median, min and max wall time, the median user CPU time (the host is shared: wall time varies
# with its load, CPU time much less) and the MIPS of both. docs/mips-cm.md quotes its results.
#
#   bench/mipscm.sh PMUSIM [N]
set -euo pipefail
export LC_ALL=C
pmusim=$1
n=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
riscv64-unknown-elf-gcc -march=rv64imac_zicsr -mabi=lp64 -nostdlib -static -Wl,-Ttext=0x80000000 \
    -Wl,--no-warn-rwx-segments -o "$work/loop.elf" "$here/mipscm-loop.S"
cmds=(
    "virt64-1|run -M virt64"
    "p8700-1|run -M p8700,cores=1"
    "p8700-4|run -M p8700,cores=4,boot=all"
    "p8700-4-stat|stat -M p8700,cores=4,boot=all -e cm/request_count/,cm/l2_hit/,cm/coh_req_resp/,cm/cycles/"
)
declare -A insns times cpu
TIMEFORMAT=%U
for c in "${cmds[@]}"; do
    id=${c%%|*} args=${c#*|}
    # shellcheck disable=SC2086
    insns[$id]=$("$pmusim" stat -x, -e instructions ${args#* } "$work/loop.elf" 2>&1 >/dev/null | grep instructions | cut -d, -f1)
done
for ((r = 0; r < n; r++)); do
    for c in "${cmds[@]}"; do
        id=${c%%|*} args=${c#*|}
        t0=$EPOCHREALTIME
        # shellcheck disable=SC2086
        u=$({ time "$pmusim" $args "$work/loop.elf" >/dev/null 2>&1; } 2>&1)
        t1=$EPOCHREALTIME
        times[$id]+="$(echo "$t1 - $t0" | bc -l) "
        cpu[$id]+="$u "
    done
done
printf '| run | instructions | median s | min s | max s | MIPS (median) | median user s | MIPS (user) |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for c in "${cmds[@]}"; do
    id=${c%%|*}
    sorted=$(tr ' ' '\n' <<<"${times[$id]}" | grep . | sort -g)
    med=$(sed -n "$(((n + 1) / 2))p" <<<"$sorted")
    umed=$(tr ' ' '\n' <<<"${cpu[$id]}" | grep . | sort -g | sed -n "$(((n + 1) / 2))p")
    printf '| %s | %s | %.3f | %.3f | %.3f | %.1f | %.3f | %.1f |\n' "$id" "${insns[$id]}" "$med" \
        "$(head -1 <<<"$sorted")" "$(tail -1 <<<"$sorted")" "$(echo "${insns[$id]} / $med / 1000000" | bc -l)" \
        "$umed" "$(echo "${insns[$id]} / $umed / 1000000" | bc -l)"
done
