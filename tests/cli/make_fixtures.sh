#!/bin/sh
# make_fixtures.sh WORKDIR ELF: the bad input files of the CLI tests, made from a guest ELF.
set -eu
work=$1 elf=$2
mkdir -p "$work"
head -c 100 "$elf" >"$work/truncated.elf"
printf 'this is a text file, not a program\n' >"$work/not-elf.txt"
