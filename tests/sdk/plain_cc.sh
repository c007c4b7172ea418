#!/bin/sh
# plain_cc.sh PMUSIM CC PREFIX MACHINE WAY: builds tests/sdk/hello.c with Debian's picolibc (its
# crt0 and semihosting) and the link script of the SDK installed in PREFIX, exactly as docs/sdk.md
# documents it for MACHINE, then runs it on pmusim: it must build without a warning (the link
# script keeps code and data in separate segments), print its line and exit 0.
#   WAY plain       the compiler line with -march/-mabi and -T PREFIX/share/pmusim/sdk/ld/MACHINE.ld
#                   and its raw image (objcopy -O binary, as a hardware flow loads it) run with
#                   --load-addr at the start of RAM: _start must be first, .data in place
#   WAY pkg-config  the same through pkg-config --cflags --libs pmusim-sdk-MACHINE, with
#                   -DHELLO_COUNTERS: hello.c then also reads minstret with pmusim_rt.h's CSR
#                   macros, which the module's flags must let the assembler take
#   WAY qemu        the plain line's program on QEMU's virt (virt32, virt64), without firmware
#                   (it starts at the start of RAM), semihosting on: the independent peer
# Skipped (77) without Debian's picolibc or, for pkg-config and qemu, without them.
pmusim=$1 cc=$2 prefix=$3 machine=$4 way=$5
here=$(dirname "$0")
if [ ! -f /usr/lib/picolibc/riscv64-unknown-elf/picolibc.specs ]; then
    echo "picolibc-riscv64-unknown-elf is not installed: SKIPPED"
    exit 77
fi
if [ ! -x "$cc" ] && ! command -v "$cc" >/dev/null 2>&1; then
    echo "$cc not found: SKIPPED"
    exit 77
fi
# the table of docs/sdk.md, "The plain compiler line"
case $machine in
virt32 | mbv32) arch="-march=rv32imac -mabi=ilp32" ;;
virt64 | mbv64) arch="-march=rv64imac -mabi=lp64 -mcmodel=medany" ;;
veer-el2) arch="-march=rv32imc -mabi=ilp32" ;;
*) echo "plain_cc.sh: unknown machine $machine"; exit 2 ;;
esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
picolibc="--specs=picolibc.specs --crt0=semihost --oslib=semihost"
case $way in
plain | qemu)
    set -x
    # shellcheck disable=SC2086
    "$cc" $arch $picolibc -T "$prefix/share/pmusim/sdk/ld/$machine.ld" -O2 \
        "$here/hello.c" -o "$tmp/hello.elf" 2>"$tmp/cc" || { set +x; cat "$tmp/cc"; echo "FAIL: build"; exit 1; }
    set +x
    ;;
pkg-config)
    command -v pkg-config >/dev/null 2>&1 || { echo "pkg-config not installed: SKIPPED"; exit 77; }
    PKG_CONFIG_PATH=$prefix/lib/pkgconfig
    export PKG_CONFIG_PATH
    flags=$(pkg-config --cflags --libs "pmusim-sdk-$machine") || { echo "FAIL: pkg-config"; exit 1; }
    set -x
    # shellcheck disable=SC2086
    "$cc" $picolibc $flags -O2 -DHELLO_COUNTERS "$here/hello.c" -o "$tmp/hello.elf" 2>"$tmp/cc" ||
        { set +x; cat "$tmp/cc"; echo "FAIL: build"; exit 1; }
    set +x
    ;;
*) echo "plain_cc.sh: unknown way $way"; exit 2 ;;
esac
if [ -s "$tmp/cc" ]; then
    cat "$tmp/cc"
    echo "FAIL: the build printed messages"
    exit 1
fi
fail=0
line="hello from picolibc on pmusim"
if [ "$way" = qemu ]; then
    case $machine in
    virt32) qemu="qemu-system-riscv32" ;;
    virt64) qemu="qemu-system-riscv64" ;;
    *) echo "plain_cc.sh: QEMU runs virt32 and virt64 only"; exit 2 ;;
    esac
    command -v "$qemu" >/dev/null 2>&1 || { echo "$qemu not installed: SKIPPED"; exit 77; }
    # semihosting's console is QEMU's standard error
    timeout 60 "$qemu" -M virt -display none -bios none -kernel "$tmp/hello.elf" -semihosting \
        -serial null -monitor none >"$tmp/out" 2>&1 </dev/null
    status=$?
    echo "QEMU exit status: $status"; echo "--- output:"; cat "$tmp/out"
    [ "$status" = 0 ] || { echo "FAIL: exit status $status, expected 0"; fail=1; }
    grep -q -x "$line" "$tmp/out" || { echo "FAIL: no hello line"; fail=1; }
    [ "$fail" = 0 ] && echo "--- as expected"
    exit $fail
fi
# run PROGRAM ARGS...: on pmusim, exit status 0, the line and nothing else
run() {
    "$pmusim" run "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    status=$?
    echo "--- pmusim run $*: exit status $status"; echo "stdout:"; cat "$tmp/out"; echo "stderr:"; cat "$tmp/err"
    [ "$status" = 0 ] || { echo "FAIL: exit status $status, expected 0"; fail=1; }
    grep -q -x "$line" "$tmp/out" || { echo "FAIL: no hello line"; fail=1; }
    [ ! -s "$tmp/err" ] || { echo "FAIL: messages on stderr"; fail=1; }
}
run -M "$machine" "$tmp/hello.elf"
if [ "$way" = plain ]; then
    objcopy=$(dirname "$(command -v "$cc")")/riscv64-unknown-elf-objcopy
    "$objcopy" -O binary "$tmp/hello.elf" "$tmp/hello.bin" || { echo "FAIL: objcopy"; exit 1; }
    run -M "$machine" --load-addr 0x80000000 "$tmp/hello.bin"
fi
[ "$fail" = 0 ] && echo "--- as expected"
exit $fail
