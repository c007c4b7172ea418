#!/bin/sh
# qemu_virt_smp.sh QEMU PROGRAM: QEMU's verdict on the 4-hart program (exit 0, "multihart ok").
# Exit 77 (skipped) when QEMU is not installed.
qemu=$1 prog=$2
if ! command -v "$qemu" >/dev/null 2>&1; then
    echo "SKIP: $qemu is not installed (scripts/setup.sh installs qemu-system-misc)"
    exit 77
fi
out=$(timeout 30 "$qemu" -M virt -smp 4 -bios none -kernel "$prog" -nographic -monitor none </dev/null)
st=$?
if [ "$st" != 0 ] || [ "$out" != "multihart ok" ]; then
    printf 'FAIL: %s exited %s with output:\n%s\n' "$qemu" "$st" "$out"
    exit 1
fi
echo "ok: $qemu -M virt -smp 4 -bios none: multihart ok"
