#!/bin/sh
# stat_modes.sh PMUSIM PAYLOAD FIRMWARE|builtin: `pmusim stat` with perf's privilege modifiers on
# the S-mode payload. The payload runs only in S-mode and never enters U-mode; the built-in SBI
# runs no guest instruction, OpenSBI runs in M-mode. So: instructions:u = 0; builtin:
# instructions:k = instructions and instructions:m = 0; OpenSBI: :k + :m = instructions, :m > 0.
set -u
pmusim=$1 payload=$2 fw=$3
if [ "$fw" = builtin ]; then
    boot="--kernel $payload"
else
    [ -r "$fw" ] || { echo "SKIP: $fw is missing (Debian package opensbi)"; exit 77; }
    boot="--bios $fw --kernel $payload"
fi
out=$("$pmusim" stat -M virt64 -x, -e instructions,instructions:u,instructions:k,instructions:m $boot 2>&1 >/dev/null)
status=$?
printf '%s\n' "$out"
[ "$status" -eq 0 ] || { echo "FAIL: exit status $status"; exit 1; }
get() { printf '%s\n' "$out" | awk -F, -v e="$1" '$3 == e { print $1 }'; }
all=$(get instructions) u=$(get instructions:u) k=$(get instructions:k) m=$(get instructions:m)
[ -n "$all" ] && [ -n "$u" ] && [ -n "$k" ] && [ -n "$m" ] || { echo "FAIL: missing counts"; exit 1; }
[ "$u" -eq 0 ] || { echo "FAIL: instructions:u = $u, expected 0"; exit 1; }
[ $((k + m)) -eq "$all" ] || { echo "FAIL: :k + :m = $((k + m)), instructions = $all"; exit 1; }
if [ "$fw" = builtin ]; then
    [ "$m" -eq 0 ] || { echo "FAIL: instructions:m = $m under the built-in SBI, expected 0"; exit 1; }
else
    [ "$m" -gt 0 ] || { echo "FAIL: instructions:m = 0 under OpenSBI"; exit 1; }
fi
echo "ok: instructions $all = :k $k + :m $m, :u 0"
