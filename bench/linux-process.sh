#!/usr/bin/env bash
# A CPU-bound program as a Linux process against the same program bare-metal: the CoreMark-like
# benchmark of examples/ (1250 iterations, ~1.06e9 instructions), built into the Linux kit as
# /root/coremark-big (linux/kit.sh) and for bare metal as build/guests/coremark-big-virt64.elf.
# pmusim boots the kit on -M virt64 (built-in SBI, 1 hart) with `pmusim.run=/root/coremark-big`
# (/init runs it, then powers off) and with `pmusim.poweroff` (the boot alone), and runs the
# bare-metal ELF; alternated, N runs each (default 7). The process's time is the difference of
# the two boots' medians (its exec, page faults and the timer ticks while it runs included: what a
# user of the process pays); the speed ratio is bare-metal time / process time (the goal: at
# least 0.9). Prints wall and user+system CPU times. A benchmark, not a test: it fails only when
# a run fails; it skips (exit 0, with a message) when the kit or the guest is missing.
#
#   bench/linux-process.sh [-n N] [--pmusim PATH] [--kit DIR] [--guests DIR]
set -euo pipefail
export LC_ALL=C

root=$(cd "$(dirname "$0")/.." && pwd)
runs=7
pmusim=$root/build/src/pmusim
kit=$root/build/linux
guests=$root/build/guests
while [ $# -gt 0 ]; do
    case $1 in
    -n) runs=$2; shift 2 ;;
    --pmusim) pmusim=$2; shift 2 ;;
    --kit) kit=$2; shift 2 ;;
    --guests) guests=$2; shift 2 ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "linux-process: unknown option $1" >&2; exit 2 ;;
    esac
done
skip() { echo "linux-process: skipped: $*"; exit 0; }
[ -f "$kit/Image" ] && [ -f "$kit/rootfs.cpio" ] || skip "no Linux kit in $kit (make linux)"
[ -f "$kit/guests/coremark-big" ] || skip "the kit has no coremark-big (make linux rebuilds it)"
[ -f "$guests/coremark-big-virt64.elf" ] || skip "no $guests/coremark-big-virt64.elf (make)"
[ -x "$pmusim" ] || skip "no pmusim at $pmusim"
command -v /usr/bin/time >/dev/null || skip "no /usr/bin/time"

kernel=(-M virt64 --kernel "$kit/Image" --initrd "$kit/rootfs.cpio")
boot=("$pmusim" run "${kernel[@]}")
declare -A cmd check
cmd[process]="${boot[*]@Q} --append 'console=ttyS0 pmusim.run=/root/coremark-big'"
check[process]="coremark-big exited with status 0"
cmd[boot]="${boot[*]@Q} --append 'console=ttyS0 pmusim.poweroff'"
check[boot]="reboot: Power down"
cmd[bare]="${pmusim@Q} run -M virt64 ${guests@Q}/coremark-big-virt64.elf"
check[bare]="coremark: PASS"
ids=(process boot bare)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
one() {
    local id=$1 t0 t1
    t0=$EPOCHREALTIME
    /usr/bin/time -f '%U %S' -o "$tmp/$id.c" bash -c "${cmd[$id]}" >"$tmp/$id.out" 2>&1 </dev/null ||
        { echo "linux-process: $id failed:" >&2; tail -5 "$tmp/$id.out" >&2; exit 1; }
    t1=$EPOCHREALTIME
    grep -q "${check[$id]}" "$tmp/$id.out" || { echo "linux-process: $id: no '${check[$id]}'" >&2; exit 1; }
    echo "$t0 $t1 $(cat "$tmp/$id.c")" | awk '{ printf "%.4f %.2f\n", $2 - $1, $3 + $4 }' >>"$tmp/$id"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for ((r = 0; r < runs; r++)); do
    for ((k = 0; k < ${#ids[@]}; k++)); do
        one "${ids[$(((r + k) % ${#ids[@]}))]}"
    done
done
# the instructions each part retires (U-mode for the process), from one counted run
pinsns=$("$pmusim" stat -x, -e instructions:u "${kernel[@]}" --append "console=ttyS0 pmusim.run=/root/coremark-big" \
    2>&1 >/dev/null | grep ',instructions:u' | cut -d, -f1) || true
binsns=$("$pmusim" stat -x, -e instructions -M virt64 "$guests/coremark-big-virt64.elf" 2>&1 >/dev/null |
    grep ',instructions' | cut -d, -f1) || true
[ -n "$pinsns" ] && [ -n "$binsns" ] || { echo "linux-process: pmusim stat gave no instruction count" >&2; exit 1; }

echo "A CPU-bound program as a Linux process (Sv39) vs bare metal, $runs runs each, alternated (medians):"
echo
echo "| part | instructions | wall s | CPU s | MIPS (CPU) |"
echo "|---|--:|--:|--:|--:|"
declare -A w c
for id in "${ids[@]}"; do
    w[$id]=$(cut -d' ' -f1 "$tmp/$id" | median)
    c[$id]=$(cut -d' ' -f2 "$tmp/$id" | median)
done
awk -v pw="${w[process]}" -v pc="${c[process]}" -v bw="${w[boot]}" -v bc="${c[boot]}" \
    -v xw="${w[bare]}" -v xc="${c[bare]}" -v pi="$pinsns" -v xi="$binsns" 'BEGIN {
    printf "| boot + process | | %.3f | %.3f | |\n", pw, pc
    printf "| boot alone | | %.3f | %.3f | |\n", bw, bc
    printf "| the process (difference) | %d (U-mode) | %.3f | %.3f | %.0f |\n", pi, pw - bw, pc - bc, pi / (pc - bc) / 1e6
    printf "| bare metal | %d | %.3f | %.3f | %.0f |\n", xi, xw, xc, xi / xc / 1e6
    printf "\nprocess speed vs bare metal (instructions per CPU second): %.2fx; by time alone: %.2fx (wall %.2fx)\n",
        (pi / (pc - bc)) / (xi / xc), xc / (pc - bc), xw / (pw - bw)
}'
