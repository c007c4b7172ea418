#!/bin/sh
# cmake_project.sh PREFIX PROJECT WORK: configures and builds the project PROJECT (tests/sdk/project,
# outside pmusim's tree) against the SDK installed in PREFIX, in WORK, as docs/sdk.md says:
# find_package(pmusim-sdk) with CMAKE_PREFIX_PATH=PREFIX. Skipped (77) without Debian's
# riscv64-unknown-elf-gcc and picolibc. Then checks that the build tracks the headers the guests
# include: nothing is rebuilt by a second build, all five guests after their header changes (the
# project is copied to WORK.src for that).
prefix=$1 project=$2 work=$3
if ! command -v riscv64-unknown-elf-gcc >/dev/null 2>&1 ||
    [ ! -f /usr/lib/picolibc/riscv64-unknown-elf/include/picolibc.h ]; then
    echo "riscv64-unknown-elf-gcc or picolibc-riscv64-unknown-elf is not installed: SKIPPED"
    exit 77
fi
rm -rf "$work" "$work.src"
cp -r "$project" "$work.src"
cmake -S "$work.src" -B "$work" -DCMAKE_PREFIX_PATH="$prefix" || { echo "FAIL: configure"; exit 1; }
cmake --build "$work" || { echo "FAIL: build"; exit 1; }
echo "--- built in $work"
rebuilt() { grep -c "Guest selfcheck-" "$work/build.log"; }
cmake --build "$work" >"$work/build.log" 2>&1 || { cat "$work/build.log"; echo "FAIL: second build"; exit 1; }
[ "$(rebuilt)" -eq 0 ] || { cat "$work/build.log"; echo "FAIL: a second build rebuilt guests"; exit 1; }
touch -d '+2 seconds' "$work.src/selfcheck_loop.h"
cmake --build "$work" >"$work/build.log" 2>&1 || { cat "$work/build.log"; echo "FAIL: build after touch"; exit 1; }
[ "$(rebuilt)" -eq 5 ] || { cat "$work/build.log"; echo "FAIL: $(rebuilt) of 5 guests rebuilt after their header changed"; exit 1; }
echo "--- the 5 guests rebuilt after selfcheck_loop.h changed"
