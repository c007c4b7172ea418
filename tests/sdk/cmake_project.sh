#!/bin/sh
# cmake_project.sh PREFIX PROJECT WORK: configures and builds the project PROJECT (tests/sdk/project,
# outside pmusim's tree) against the SDK installed in PREFIX, in WORK, as docs/sdk.md says:
# find_package(pmusim-sdk) with CMAKE_PREFIX_PATH=PREFIX. Skipped (77) without Debian's
# riscv64-unknown-elf-gcc and picolibc.
prefix=$1 project=$2 work=$3
if ! command -v riscv64-unknown-elf-gcc >/dev/null 2>&1 ||
    [ ! -f /usr/lib/picolibc/riscv64-unknown-elf/include/picolibc.h ]; then
    echo "riscv64-unknown-elf-gcc or picolibc-riscv64-unknown-elf is not installed: SKIPPED"
    exit 77
fi
rm -rf "$work"
cmake -S "$project" -B "$work" -DCMAKE_PREFIX_PATH="$prefix" || { echo "FAIL: configure"; exit 1; }
cmake --build "$work" || { echo "FAIL: build"; exit 1; }
echo "--- built in $work"
