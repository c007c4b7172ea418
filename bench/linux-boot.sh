#!/usr/bin/env bash
# Linux boot speed: boots the Linux kit (build/linux: Image and rootfs.cpio, `make linux`) to
# poweroff on pmusim (built-in SBI and OpenSBI) and on QEMU, alternately, and prints the median
# wall and user CPU times and the speed ratios. A benchmark, not a test: it fails only when a boot
# fails; it skips (exit 0, with a message) when the kit, OpenSBI or QEMU is missing.
#
#   bench/linux-boot.sh [-n N] [--pmusim PATH] [--baseline PATH] [--kit DIR] [--harts H]
#
# --harts H adds pmusim's boots on -M virt64,harts=H (both firmwares) and their time against one
# hart's (the goal: at most 2x; idle harts in wfi should cost nothing).
# The kernel command line has pmusim.poweroff: the kit's /init powers off at once (pmusim exits 0,
# QEMU too, through the SiFive test finisher). QEMU runs with -m 256M, pmusim's virt64 RAM size.
set -euo pipefail
export LC_ALL=C

root=$(cd "$(dirname "$0")/.." && pwd)
runs=5
pmusim=$root/build/src/pmusim
baseline=
kit=$root/build/linux
harts=
while [ $# -gt 0 ]; do
    case $1 in
    -n) runs=$2; shift 2 ;;
    --pmusim) pmusim=$2; shift 2 ;;
    --baseline) baseline=$2; shift 2 ;;
    --kit) kit=$2; shift 2 ;;
    --harts) harts=$2; shift 2 ;;
    -h | --help)
        sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
        exit 0 ;;
    *) echo "linux-boot: unknown option $1" >&2; exit 2 ;;
    esac
done

fw=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf
append="console=ttyS0 pmusim.poweroff"
skip() { echo "linux-boot: skipped: $*"; exit 0; }
[ -f "$kit/Image" ] && [ -f "$kit/rootfs.cpio" ] || skip "no Linux kit in $kit (make linux)"
[ -x "$pmusim" ] || skip "no pmusim at $pmusim"
[ -f "$fw" ] || skip "no OpenSBI at $fw (opensbi package)"
command -v qemu-system-riscv64 >/dev/null || skip "no qemu-system-riscv64"
command -v /usr/bin/time >/dev/null || skip "no /usr/bin/time"

boot_args=(--kernel "$kit/Image" --initrd "$kit/rootfs.cpio" --append "$append")
declare -A cmd
cmd[pmusim-sbi]="$pmusim run -M virt64 ${boot_args[*]@Q}"
cmd[pmusim-opensbi]="$pmusim run -M virt64 --bios $fw ${boot_args[*]@Q}"
cmd[qemu]="qemu-system-riscv64 -M virt -m 256M -nographic -bios $fw -kernel ${kit@Q}/Image -initrd ${kit@Q}/rootfs.cpio -append ${append@Q}"
ids=(pmusim-sbi pmusim-opensbi qemu)
if [ -n "$baseline" ]; then
    cmd[base-sbi]="$baseline run -M virt64 ${boot_args[*]@Q}"
    cmd[base-opensbi]="$baseline run -M virt64 --bios $fw ${boot_args[*]@Q}"
    ids+=(base-sbi base-opensbi)
fi

if [ -n "$harts" ]; then
    cmd[pmusim-sbi-h$harts]="$pmusim run -M virt64,harts=$harts ${boot_args[*]@Q}"
    cmd[pmusim-opensbi-h$harts]="$pmusim run -M virt64,harts=$harts --bios $fw ${boot_args[*]@Q}"
    ids+=(pmusim-sbi-h$harts pmusim-opensbi-h$harts)
fi


tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One run: wall and user seconds appended to $tmp/ID; the boot must reach poweroff.
one() {
    local id=$1 t0 t1
    t0=$EPOCHREALTIME
    # user and user+system CPU s (/usr/bin/time's 10 ms steps: use -n 11 or more for ratios)
    if ! /usr/bin/time -f '%U %S' -o "$tmp/$id.u" bash -c "${cmd[$id]}" >"$tmp/$id.out" 2>&1 </dev/null; then
        echo "linux-boot: $id failed:" >&2
        tail -5 "$tmp/$id.out" >&2
        exit 1
    fi
    t1=$EPOCHREALTIME
    grep -q "reboot: Power down" "$tmp/$id.out" || { echo "linux-boot: $id did not power off" >&2; exit 1; }
    echo "$t0 $t1 $(cat "$tmp/$id.u")" | awk '{ printf "%.3f %s %.2f\n", $2 - $1, $3, $3 + $4 }' >>"$tmp/$id"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for ((r = 0; r < runs; r++)); do # alternate, each round starting with another command
    n=${#ids[@]}
    for ((k = 0; k < n; k++)); do
        one "${ids[$(((r + k) % n))]}"
    done
done

echo "Linux boot to poweroff, $runs runs each, alternated (medians; CPU = user + system):"
echo
echo "| command | wall s | user s | CPU s | speed vs QEMU (wall) | speed vs QEMU (user) |"
echo "|---|--:|--:|--:|--:|--:|"
qw=$(cut -d' ' -f1 "$tmp/qemu" | median)
qu=$(cut -d' ' -f2 "$tmp/qemu" | median)
for id in "${ids[@]}"; do
    w=$(cut -d' ' -f1 "$tmp/$id" | median)
    u=$(cut -d' ' -f2 "$tmp/$id" | median)
    c=$(cut -d' ' -f3 "$tmp/$id" | median)
    awk -v id="$id" -v w="$w" -v u="$u" -v c="$c" -v qw="$qw" -v qu="$qu" \
        'BEGIN { printf "| %s | %.3f | %.3f | %.3f | %.2fx | %.2fx |\n", id, w, u, c, qw / w, (u > 0 ? qu / u : 0) }'
done
if [ -n "$harts" ]; then
    echo
    echo "| firmware | 1 hart wall / user / CPU s | $harts harts wall / user / CPU s | ratio wall / user / CPU |"
    echo "|---|--:|--:|--:|"
    for fwid in sbi opensbi; do
        a=() b=()
        for f in 1 2 3; do
            a+=("$(cut -d' ' -f$f "$tmp/pmusim-$fwid" | median)")
            b+=("$(cut -d' ' -f$f "$tmp/pmusim-$fwid-h$harts" | median)")
        done
        awk -v f="$fwid" -v a="${a[*]}" -v b="${b[*]}" 'BEGIN {
            split(a, x, " "); split(b, y, " ")
            printf "| %s | %.3f / %.3f / %.3f | %.3f / %.3f / %.3f | %.2fx / %.2fx / %.2fx |\n", f,
                x[1], x[2], x[3], y[1], y[2], y[3], y[1] / x[1], y[2] / x[2], y[3] / x[3] }'
    done
fi
