#!/bin/sh
# run_guest.sh PMUSIM ELF LINE: runs ELF on pmusim without -M (the machine its link script names
# in the ELF note) and checks that it exits 0, prints exactly LINE and nothing on stderr.
# With PMUSIM "qemu-system-riscv32" or "qemu-system-riscv64" it runs ELF on QEMU's virt instead,
# without firmware, the UART on standard output (skipped, 77, without QEMU).
# Skipped (77) without Debian's riscv64-unknown-elf-gcc and picolibc (nothing was built).
pmusim=$1 elf=$2 line=$3
if ! command -v riscv64-unknown-elf-gcc >/dev/null 2>&1 ||
    [ ! -f /usr/lib/picolibc/riscv64-unknown-elf/include/picolibc.h ]; then
    echo "riscv64-unknown-elf-gcc or picolibc-riscv64-unknown-elf is not installed: SKIPPED"
    exit 77
fi
[ -f "$elf" ] || { echo "FAIL: $elf was not built"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
case $pmusim in
qemu-system-*)
    command -v "$pmusim" >/dev/null 2>&1 || { echo "$pmusim not installed: SKIPPED"; exit 77; }
    timeout 60 "$pmusim" -M virt -display none -bios none -kernel "$elf" -serial stdio -monitor none \
        >"$tmp/out" 2>"$tmp/err" </dev/null
    ;;
*) "$pmusim" run "$elf" >"$tmp/out" 2>"$tmp/err" </dev/null ;;
esac
status=$?
echo "exit status: $status"; echo "--- stdout:"; cat "$tmp/out"; echo "--- stderr:"; cat "$tmp/err"
fail=0
[ "$status" = 0 ] || { echo "FAIL: exit status $status, expected 0"; fail=1; }
[ "$(cat "$tmp/out")" = "$line" ] || { echo "FAIL: output is not the line: $line"; fail=1; }
[ ! -s "$tmp/err" ] || { echo "FAIL: messages on stderr"; fail=1; }
[ "$fail" = 0 ] && echo "--- as expected"
exit $fail
