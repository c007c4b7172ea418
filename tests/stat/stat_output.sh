#!/bin/sh
# stat_output.sh PMUSIM ELF STATUS: `pmusim stat -o FILE FILE`, FILE being a copy of ELF. The
# program is loaded before FILE is opened for the counts: the run must go as usual (exit STATUS,
# the message-free stderr of a normal run), and FILE must then hold the counts.
pmusim=$1 elf=$2 want=$3
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cp "$elf" "$tmp/prog.elf" || exit 2
"$pmusim" stat -x, -e instructions -o "$tmp/prog.elf" "$tmp/prog.elf" >"$tmp/out" 2>"$tmp/err"
status=$?
echo "exit status: $status (expected $want)"
echo "--- stderr:"; cat "$tmp/err"
echo "--- $tmp/prog.elf:"; head -c 2000 "$tmp/prog.elf"
fail=0
[ "$status" = "$want" ] || { echo "FAIL: exit status"; fail=1; }
[ ! -s "$tmp/err" ] || { echo "FAIL: messages on stderr"; fail=1; }
grep -q -E '^[0-9]+,,instructions,[0-9]+,100\.00,,$' "$tmp/prog.elf" || { echo "FAIL: no counts in the file"; fail=1; }
exit $fail
