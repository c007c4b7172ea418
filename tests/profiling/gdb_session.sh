#!/bin/bash
# Debugs a program under `pmusim run --gdb 0` with gdb-multiarch in batch mode and checks what gdb
# prints.
#
#   gdb_session.sh PMUSIM MACHINE PROGRAM.elf EXPECT_STATUS GDB_SCRIPT [PATTERN...]
#
# pmusim picks a free port and names it on stderr; gdb runs GDB_SCRIPT against it. Every PATTERN
# (an extended regular expression) must match a line of gdb's output, and pmusim must end with
# EXPECT_STATUS. Skipped (77) when gdb-multiarch is missing.
set -u
pmusim=$1 machine=$2 prog=$3 want_status=$4 script=$5
shift 5
command -v gdb-multiarch >/dev/null || { echo "SKIP: gdb-multiarch is not installed"; exit 77; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# the time limit ends a pmusim left waiting for a gdb that never connected
timeout 180 "$pmusim" run -M "$machine" --gdb 0 "$prog" >"$tmp/out" 2>"$tmp/err" &
pid=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's/^pmusim: waiting for gdb on localhost:\([0-9]*\)$/\1/p' "$tmp/err")
    [ -n "$port" ] && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
done
if [ -z "$port" ]; then
    echo "FAIL: pmusim did not start its gdb server"; cat "$tmp/err"; kill $pid 2>/dev/null; exit 1
fi
timeout 120 gdb-multiarch -nx -batch -ex "set pagination off" -ex "set confirm off" \
    -ex "target remote localhost:$port" -x "$script" "$prog" >"$tmp/gdb" 2>&1
gdb_status=$?
wait $pid
status=$?
echo "--- gdb (status $gdb_status)"; cat "$tmp/gdb"
echo "--- pmusim (status $status)"; cat "$tmp/err"; cat "$tmp/out"
fail=0
[ "$status" = "$want_status" ] || { echo "FAIL: pmusim exit status $status, expected $want_status"; fail=1; }
for p in "$@"; do
    grep -Eq -- "$p" "$tmp/gdb" "$tmp/out" || { echo "FAIL: no line matches '$p'"; fail=1; }
done
[ $fail = 0 ] && echo PASS
exit $fail
