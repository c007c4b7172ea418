#!/bin/sh
# cmake_errors.sh PREFIX WORK: configuring against the SDK installed in PREFIX fails with a clear
# message, naming what is wrong, when
#   - picolibc is not where PMUSIM_PICOLIBC says (or, on a machine without it, the compiler is
#     missing): find_package(pmusim-sdk REQUIRED) stops;
#   - pmusim_add_guest is given a machine that does not exist.
prefix=$1 work=$2
rm -rf "$work"
mkdir -p "$work/src" || exit 2
cat >"$work/src/CMakeLists.txt" <<'EOT'
cmake_minimum_required(VERSION 3.20)
project(pmusim_sdk_errors LANGUAGES NONE)
find_package(pmusim-sdk REQUIRED)
pmusim_add_guest(wrong MACHINE virt128 SOURCES main.c)
EOT
: >"$work/src/main.c"
fail=0
# expect NAME MESSAGE CMAKE-ARGS...: the configure step fails and its output has MESSAGE
expect() {
    name=$1 message=$2
    shift 2
    cmake -S "$work/src" -B "$work/$name" -DCMAKE_PREFIX_PATH="$prefix" "$@" >"$work/$name.log" 2>&1
    status=$?
    echo "--- $name: status $status"
    cat "$work/$name.log"
    if [ "$status" = 0 ]; then
        echo "FAIL: $name: the configure step succeeded"
        fail=1
    elif ! tr -s ' \n' '  ' <"$work/$name.log" | grep -q -F "$message"; then
        echo "FAIL: $name: no message \"$message\""
        fail=1
    fi
}
if ! command -v riscv64-unknown-elf-gcc >/dev/null 2>&1; then
    # the compiler is looked for first
    expect no-compiler "riscv64-unknown-elf-gcc not found"
    echo "(no riscv64-unknown-elf-gcc: a missing picolibc and an unknown machine are not tried)"
else
    expect no-picolibc "picolibc not found in $work/nowhere" -DPMUSIM_PICOLIBC="$work/nowhere"
    if [ -f /usr/lib/picolibc/riscv64-unknown-elf/include/picolibc.h ]; then
        expect unknown-machine "pmusim_add_guest(wrong): unknown MACHINE 'virt128'"
    else
        echo "(no picolibc: an unknown machine is not tried)"
    fi
fi
[ "$fail" = 0 ] && echo "--- as expected"
exit $fail
