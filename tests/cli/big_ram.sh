#!/bin/sh
# big_ram.sh PMUSIM ELF: runs a virt64 program with 1 TiB of RAM. The RAM is reserved, not
# allocated, so the run must behave as with the default size (cli_exit.S: "uart ok", status 42).
# A host that refuses the reservation (strict overcommit) must get the one-line message and 125.
pmusim=$1 elf=$2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$pmusim" run -M virt64 --ram-size 1T "$elf" >"$tmp/out" 2>"$tmp/err"
status=$?
echo "exit status: $status"; echo "--- stdout:"; cat "$tmp/out"; echo "--- stderr:"; cat "$tmp/err"
case $status in
42) grep -qx 'uart ok' "$tmp/out" && [ ! -s "$tmp/err" ] ;;
125) [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
     grep -qx 'pmusim: cannot allocate 1T of RAM for machine virt64: .*' "$tmp/err" ;;
*) false ;;
esac
