#!/bin/sh
# qemu_virt_smp.sh QEMU PROGRAM [HARTS [OUTPUT [ACCEL]]]: QEMU's verdict on a multi-hart program
# (exit 0 and OUTPUT; by default 4 harts, "multihart ok", QEMU's default accelerator). Exit 77
# (skipped) when QEMU is not installed.
qemu=$1 prog=$2 harts=${3:-4} want=${4:-multihart ok} accel=${5:+-accel $5}
if ! command -v "$qemu" >/dev/null 2>&1; then
    echo "SKIP: $qemu is not installed (scripts/setup.sh installs qemu-system-misc)"
    exit 77
fi
out=$(timeout 30 "$qemu" -M virt -smp "$harts" $accel -bios none -kernel "$prog" -nographic -monitor none </dev/null)
st=$?
if [ "$st" != 0 ] || [ "$out" != "$want" ]; then
    printf 'FAIL: %s exited %s with output:\n%s\n' "$qemu" "$st" "$out"
    exit 1
fi
echo "ok: $qemu -M virt -smp $harts -bios none: $want"
