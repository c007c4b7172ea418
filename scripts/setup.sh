#!/usr/bin/env bash
# Installs what building and testing pmusim needs on Debian 12 (run as root, or with sudo
# available). Idempotent: when every package is already installed it does nothing, quickly.
set -euo pipefail

packages=(
    build-essential cmake pkg-config clang     # host compilers and build
    ninja-build                                # faster builds: the Makefile configures new trees for it
    clang-format                               # the style check (scripts/check-format.sh)
    libclang-rt-14-dev                         # clang's sanitizer runtimes (make sanitize)
    libelf-dev libfdt-dev device-tree-compiler # ELF loading, device trees
    gcc-riscv64-unknown-elf                    # guest programs
    picolibc-riscv64-unknown-elf               # guest C library
    qemu-system-misc opensbi                   # reference simulator for the ISA tests; SBI firmware
    u-boot-qemu                                # S-mode software that boots on virt64 (tests/sbi)
    libdw-dev                                  # DWARF symbols and lines (record, report, annotate)
    gdb-multiarch                              # the gdb stub's tests (run --gdb)
    valgrind                                   # callgrind_annotate reads report --callgrind
    linux-perf                                 # real perf stat output for the perf-format reader (tests/stat)
    python3                                    # test scripts (stat JSON, VeeR timing vs the RTL)
    libsqlite3-dev libssl-dev                  # pmusim sweep: results database, programs' SHA-256
    slurm-wlm munge                            # pmusim sweep --engine slurm: the test's single-node Slurm
    python3-matplotlib                         # python3 -m pmusim.plot: plots of a sweep's database
    strace                                     # sweep.no-flush-per-run counts the sweep's flushes
)

missing=()
for p in "${packages[@]}"; do
    if [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != installed ]; then
        missing+=("$p")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
    echo "setup: all ${#packages[@]} packages are installed"
    exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: run as root (or install sudo)" >&2; exit 1; }
    sudo=(sudo)
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
echo "setup: done"
