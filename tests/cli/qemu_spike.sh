#!/bin/sh
# qemu_spike.sh QEMU PROGRAM STATUS: runs PROGRAM on QEMU's spike machine (HTIF exit) and expects
# exit status STATUS: the peer's verdict on a program pmusim's own tests run. Exit 77 (skipped)
# when QEMU is not installed.
qemu=$1 prog=$2 want=$3
if ! command -v "$qemu" >/dev/null 2>&1; then
    echo "SKIP: $qemu is not installed (scripts/setup.sh installs qemu-system-misc)"
    exit 77
fi
timeout 20 "$qemu" -M spike -bios none -kernel "$prog" -nographic -monitor none -serial none </dev/null
got=$?
if [ "$got" != "$want" ]; then
    echo "FAIL: $qemu -M spike $prog exited $got, expected $want"
    exit 1
fi
echo "ok: $qemu -M spike $prog exited $got"
