#!/bin/sh
# run_image.sh PMUSIM PAYLOAD.elf WORKDIR FIRMWARE|builtin: makes the boot payload a raw Linux Image
# (objcopy -O binary) and an initrd of a known pattern, boots them on virt64 as a user boots Linux
# (--kernel Image --initrd FILE) under Debian's OpenSBI FIRMWARE or pmusim's built-in SBI, and
# passes when the payload's own checks all pass (exit status 0 through the SiFive test finisher).
set -u
pmusim=$1 payload=$2 work=$3 fw=$4
mkdir -p "$work" || exit 1
objcopy=riscv64-unknown-elf-objcopy
command -v $objcopy >/dev/null || { echo "SKIP: $objcopy is missing (Debian package gcc-riscv64-unknown-elf)"; exit 77; }
tag=$(basename "$fw" .elf)
image=$work/image-$tag.bin initrd=$work/initrd-$tag.bin
$objcopy -O binary "$payload" "$image" || exit 1
python3 -c 'import sys; sys.stdout.buffer.write(bytes((k * 7 + k // 251) & 255 for k in range(300000)))' >"$initrd" || exit 1
if [ "$fw" = builtin ]; then
    out=$("$pmusim" run -M virt64 --kernel "$image" --initrd "$initrd" --max-insns 50000000 2>&1)
else
    [ -r "$fw" ] || { echo "SKIP: $fw is missing (Debian package opensbi)"; exit 77; }
    out=$("$pmusim" run -M virt64 -bios "$fw" -kernel "$image" -initrd "$initrd" --max-insns 50000000 2>&1)
fi
status=$?
out=$(printf "%s\n" "$out" | tr -d "\r")
printf "%s\n" "$out"
printf '%s\n' "$out" | grep -qxF "boot payload: all checks passed" || { echo "FAIL: checks failed"; exit 1; }
[ "$status" -eq 0 ] || { echo "FAIL: exit status $status"; exit 1; }
