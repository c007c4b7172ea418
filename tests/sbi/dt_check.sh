#!/bin/sh
# dt_check.sh PMUSIM DTS WORKDIR: compiles DTS with dtc and checks `pmusim dt check` against the
# verdict written in the file's header comments:
#   // problems: N      the number of problem lines (0 = valid, exit 0; else exit 1)
#   // verdict: invalid  exit 1 even with no problem line (no riscv,pmu node)
#   // expect: TEXT      a line of the output contains TEXT
#   // machine: NAME      check against machine NAME's counters (default virt64)
set -u
pmusim=$1 dts=$2 work=$3
command -v dtc >/dev/null || { echo "SKIP: dtc (device-tree-compiler) is not installed"; exit 77; }
mkdir -p "$work"
dtb=$work/$(basename "$dts" .dts).dtb
dtc -q -I dts -O dtb -o "$dtb" "$dts" || { echo "FAIL: dtc cannot compile $dts"; exit 1; }
machine=$(sed -n 's|^// machine: *||p' "$dts")
out=$("$pmusim" dt check -M "${machine:-virt64}" "$dtb")
status=$?
printf '%s\n' "$out"
problems=$(sed -n 's|^// problems: *||p' "$dts")
want=0
if [ "$problems" -ne 0 ] || grep -q '^// verdict: invalid' "$dts"; then want=1; fi
fail=0
[ "$status" -eq "$want" ] || { echo "FAIL: exit status $status, expected $want"; fail=1; }
lines=$(printf '%s\n' "$out" | grep -c ": .*: .*row\|: .*: [a-z,-]*:\|second riscv,pmu" )
if [ "$want" -eq 0 ]; then
    printf '%s\n' "$out" | grep -q ': valid (' || { echo "FAIL: no 'valid' line"; fail=1; }
elif [ "$lines" -ne "$problems" ]; then
    echo "FAIL: $lines problem lines, expected $problems"; fail=1
fi
sed -n 's|^// expect: *||p' "$dts" | while IFS= read -r text; do
    [ -n "$text" ] || continue
    printf '%s\n' "$out" | grep -qF -- "$text" || { echo "FAIL: no line contains: $text"; exit 1; }
done || fail=1
exit $fail
