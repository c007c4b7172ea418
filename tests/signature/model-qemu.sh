#!/bin/sh
# The model header's fallback for platforms without HTIF: QEMU's virt machine must print, on its
# UART, exactly the signature file that pmusim writes for the same ELF file.
#
#   model-qemu.sh PMUSIM MACHINE(virt32|virt64) ELF
# Exits 77 (skipped) when qemu-system-riscv32/64 is not installed.
set -u
pmusim=$1 machine=$2 elf=$3
xlen=${machine#virt}
qemu=qemu-system-riscv$xlen
command -v "$qemu" >/dev/null 2>&1 || { echo "$qemu not installed: skipped"; exit 77; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

"$pmusim" run -M "$machine" --signature "$tmp/pmusim.sig" "$elf" || { echo "FAIL: pmusim exit status $?"; exit 1; }
timeout 60 "$qemu" -M virt -bios none -nographic -cpu "rv$xlen,h=false" -kernel "$elf" </dev/null \
    | tr -d '\r' >"$tmp/qemu.sig"
echo "--- pmusim:"
cat "$tmp/pmusim.sig"
if ! cmp -s "$tmp/pmusim.sig" "$tmp/qemu.sig"; then
    echo "FAIL: QEMU printed another signature (diff pmusim qemu):"
    diff "$tmp/pmusim.sig" "$tmp/qemu.sig" | head -40
    exit 1
fi
echo "--- QEMU printed the same"
