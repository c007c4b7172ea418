#!/bin/sh
# run_payload.sh PMUSIM PAYLOAD FIRMWARE|builtin: runs the S-mode PMU payload on virt64 under
# Debian's OpenSBI FIRMWARE or pmusim's built-in SBI; it passes when the payload's own checks all
# pass (exit status 0 through the SiFive test finisher) and it says so under the right SBI.
set -u
pmusim=$1 payload=$2 fw=$3
if [ "$fw" = builtin ]; then
    out=$("$pmusim" run -M virt64 --kernel "$payload" --max-insns 50000000 2>&1)
    status=$? want="pmu payload under the built-in SBI"
else
    [ -r "$fw" ] || { echo "SKIP: $fw is missing (Debian package opensbi)"; exit 77; }
    out=$("$pmusim" run -M virt64 --bios "$fw" --kernel "$payload" --max-insns 50000000 2>&1)
    status=$? want="pmu payload under OpenSBI"
fi
out=$(printf "%s\n" "$out" | tr -d "\r")
printf "%s\n" "$out"
printf '%s\n' "$out" | grep -qxF "$want" || { echo "FAIL: no line '$want'"; exit 1; }
printf '%s\n' "$out" | grep -qxF "pmu payload: all checks passed" || { echo "FAIL: checks failed"; exit 1; }
[ "$status" -eq 0 ] || { echo "FAIL: exit status $status"; exit 1; }
