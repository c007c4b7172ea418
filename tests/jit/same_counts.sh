#!/bin/sh
# Usage: same_counts.sh PMUSIM [STAT ARGS...]
# Runs `PMUSIM stat -x, STAT ARGS` with the translator off (the interpreter: the reference), on,
# and translating every block at its first execution; the guest's output, the exit status and
# every count must be the same. Only the host timing lines may differ.
pmusim=$1
shift
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for mode in off on eager; do
    PMUSIM_JIT= "$pmusim" stat --jit=$mode -x, "$@" >"$tmp/$mode.out" 2>"$tmp/$mode.err"
    echo "exit status $?" >>"$tmp/$mode.out"
    grep -v -e 'seconds' -e 'per second' "$tmp/$mode.err" >>"$tmp/$mode.out"
done
status=0
for mode in on eager; do
    if ! cmp -s "$tmp/off.out" "$tmp/$mode.out"; then
        echo "FAIL: --jit=$mode differs from --jit=off:"
        diff "$tmp/off.out" "$tmp/$mode.out" | head -20
        status=1
    fi
done
[ $status = 0 ] && echo "same output, exit status and counts with the translator off, on and eager:" &&
    cat "$tmp/off.out"
exit $status
