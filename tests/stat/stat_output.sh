#!/bin/sh
# stat_output.sh PMUSIM ELF: `pmusim stat -o FILE FILE`, FILE being a copy of ELF: the counts
# would replace the program, so the command is refused (status 125, one message naming the file,
# as gcc refuses an output that is its input) and FILE is left as it was.
pmusim=$1 elf=$2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
cp "$elf" "$tmp/prog.elf" || exit 2
"$pmusim" stat -x, -e instructions -o "$tmp/prog.elf" "$tmp/prog.elf" >"$tmp/out" 2>"$tmp/err"
status=$?
echo "exit status: $status (expected 125)"
echo "--- stderr:"; cat "$tmp/err"
fail=0
[ "$status" = 125 ] || { echo "FAIL: exit status"; fail=1; }
grep -q -x "pmusim: stat: input file '.*prog.elf' is the same as output file '.*prog.elf'" "$tmp/err" ||
    { echo "FAIL: no message"; fail=1; }
cmp -s "$elf" "$tmp/prog.elf" || { echo "FAIL: the program was changed"; fail=1; }
exit $fail
