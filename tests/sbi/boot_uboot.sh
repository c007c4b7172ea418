#!/bin/bash
# boot_uboot.sh PMUSIM WORKDIR FIRMWARE|builtin: boots Debian's U-Boot (u-boot-qemu,
# qemu-riscv64_smode) on virt64 under Debian's OpenSBI FIRMWARE (fw_jump.elf, fw_dynamic.elf) or
# under pmusim's built-in SBI, types commands at its prompt from a file on standard input, and
# checks that every byte arrived and that `poweroff` ends the run with status 0.
set -u
pmusim=$1 work=$2 fw=$3
uboot=/usr/lib/u-boot/qemu-riscv64_smode/uboot.elf
[ -r "$uboot" ] || { echo "SKIP: $uboot is missing (Debian package u-boot-qemu)"; exit 77; }
if [ "$fw" != builtin ]; then
    [ -r "$fw" ] || { echo "SKIP: $fw is missing (Debian package opensbi)"; exit 77; }
    boot=(--bios "$fw" --kernel "$uboot")
else
    boot=(--kernel "$uboot")
fi
mkdir -p "$work"
in=$work/uboot-input-$(basename "$fw").txt
out=$work/uboot-output-$(basename "$fw").txt
# U-Boot's boot takes one byte early (its ctrl-C check), the next one stops the autoboot
# countdown; then a command with a result known in advance, and poweroff.
printf '\r\recho pmusim console ok\rversion\rpoweroff\r' >"$in"
"$pmusim" run -M virt64 "${boot[@]}" --max-insns 2000000000 <"$in" >"$out" 2>&1
status=$?
cat "$out"
fail=0
expect() { grep -qF -- "$1" "$out" || { echo "FAIL: the console shows no '$1'"; fail=1; }; }
[ $status -eq 0 ] || { echo "FAIL: exit status $status, expected 0 (the guest's poweroff)"; fail=1; }
if [ "$fw" != builtin ]; then
    expect "OpenSBI v"
    expect "Domain0 Next Address      : 0x0000000080200000"
fi
expect "U-Boot 20"
expect "Hit any key to stop autoboot"
expect "=> echo pmusim console ok"
grep -q '^pmusim console ok' "$out" || { echo "FAIL: no output line of the echo command"; fail=1; }
expect "=> version"
expect "=> poweroff"
exit $fail
