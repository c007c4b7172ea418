#!/bin/sh
# deterministic.sh PMUSIM MACHINE PROGRAM: the same 4-hart run twice gives the same counts, and a
# different quantum the same verdict.
pmusim=$1 machine=$2 prog=$3
run() { "$pmusim" stat -x, -e instructions,cycles -M "$machine,harts=4$1" "$prog" 2>&1 >/dev/null; }
a=$(run "") || { echo "FAIL: first run: $a"; exit 1; }
b=$(run "") || { echo "FAIL: second run: $b"; exit 1; }
if [ "$a" != "$b" ]; then
    printf 'FAIL: two runs differ:\n%s\n---\n%s\n' "$a" "$b"
    exit 1
fi
c=$(run ",quantum=97") || { echo "FAIL: quantum=97: $c"; exit 1; }
printf 'ok: identical counts in two runs:\n%s\nquantum=97:\n%s\n' "$a" "$c"
