#!/bin/sh
# check.sh PMUSIM MACHINE PROGRAM EVENT=EXPECTED...: runs `pmusim stat -M MACHINE` with each EVENT
# and compares every count with its expected value (computed from the program and the model in
# docs/mips-cm.md). The program must exit 0.
pmusim=$1 machine=$2 prog=$3
shift 3
events= expect=
for a in "$@"; do
    events="$events -e ${a%=*}"
    expect="$expect ${a##*=}"
done
out=$("$pmusim" stat -x ';' -M "$machine" $events "$prog" 2>&1 >/dev/null)
status=$?
if [ $status -ne 0 ]; then
    echo "FAIL: $prog exited $status"; echo "$out"; exit 1
fi
got=$(printf '%s\n' "$out" | grep -v '^#' | grep -v '^$' | cut -d';' -f1 | tr '\n' ' ')
fail=0
set -- $expect
for g in $got; do
    [ $# -gt 0 ] || break
    if [ "$g" != "$1" ]; then fail=1; fi
    shift
done
echo "expected:$expect"
echo "counted:  $got"
[ $fail -eq 0 ] && [ $# -eq 0 ] || { echo "$out"; exit 1; }
