#!/bin/sh
# picolibc.sh PMUSIM CC SDK_DIR MACHINE CRT0: builds tests/stat/picolibc/hello.c with Debian's
# picolibc exactly as docs/sdk.md documents it (CRT0 "semihost": --crt0=semihost; "default": no
# --crt0), and runs it. semihost: exit status 42 and the line on stdout; default: the program ends
# in a jump to itself after main, which pmusim stops with status 123 and its message.
pmusim=$1 cc=$2 sdk=$3 machine=$4 crt0=$5
here=$(dirname "$0")
specs=$("$cc" --specs=picolibc.specs -print-file-name=picolibc.specs 2>/dev/null)
if [ ! -f "$specs" ] && [ ! -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ]; then
    echo "picolibc-riscv64-unknown-elf is not installed: SKIPPED"
    exit 77
fi
case $machine in
virt32) arch="-march=rv32imac -mabi=ilp32" ;;
virt64) arch="-march=rv64imac -mabi=lp64 -mcmodel=medany" ;;
veer-el2) arch="-march=rv32imc -mabi=ilp32" ;;
*) echo "picolibc.sh: unknown machine $machine"; exit 2 ;;
esac
crt=""
[ "$crt0" = semihost ] && crt="--crt0=semihost"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086
"$cc" $arch --specs=picolibc.specs $crt --oslib=semihost -T "$sdk/ld/$machine.ld" -O2 \
    -Wl,--no-warn-rwx-segments "$here/picolibc/hello.c" -o "$tmp/hello.elf" || { echo "FAIL: build"; exit 1; }
"$pmusim" run -M "$machine" "$tmp/hello.elf" >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
echo "exit status: $status"; echo "--- stdout:"; cat "$tmp/out"; echo "--- stderr:"; cat "$tmp/err"
fail=0
if [ "$crt0" = semihost ]; then
    [ "$status" = 42 ] || { echo "FAIL: exit status $status, expected main's 42"; fail=1; }
    grep -q -x "hello from picolibc" "$tmp/out" || { echo "FAIL: no output line"; fail=1; }
    [ ! -s "$tmp/err" ] || { echo "FAIL: messages"; fail=1; }
else
    [ "$status" = 123 ] || { echo "FAIL: exit status $status, expected 123"; fail=1; }
    grep -q -E "^pmusim: guest cannot continue: jump to itself at pc 0x[0-9a-f]+ <_cstart\+0x[0-9a-f]+> with interrupts off" "$tmp/err" ||
        { echo "FAIL: no jump-to-itself message"; fail=1; }
fi
[ "$fail" = 0 ] && echo "--- as expected"
exit $fail
