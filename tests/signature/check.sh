#!/bin/sh
# Runs a signature guest under pmusim with --signature and compares the file with the words the
# guest writes (sig_fill.S: byte k of the region holds k / 4), laid out as Spike does.
#
#   check.sh PMUSIM COMMAND MACHINE ELF BYTES GRANULARITY STATUS [OPTIONS...]
#
# COMMAND is run or stat; GRANULARITY 4 or 8, or "default" to leave the option out (4 is then
# expected); STATUS the exit status expected; OPTIONS go before the program.
set -u
[ $# -ge 7 ] || { echo "usage: check.sh PMUSIM COMMAND MACHINE ELF BYTES GRANULARITY STATUS [OPTIONS...]" >&2; exit 2; }
pmusim=$1 cmd=$2 machine=$3 elf=$4 bytes=$5 gran=$6 want_status=$7
shift 7

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

if [ "$gran" = default ]; then
    gran_opt=""
    gran=4
else
    gran_opt="--signature-granularity=$gran"
fi

# shellcheck disable=SC2086 # gran_opt is one word or none
"$pmusim" "$cmd" -M "$machine" --signature "$tmp/sig" $gran_opt "$@" "$elf" >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?

# The expected file: one line per GRANULARITY bytes, the highest byte first, 00 past the end.
awk -v n="$bytes" -v g="$gran" 'BEGIN {
    for (i = 0; i < n; i += g) {
        line = ""
        for (j = g - 1; j >= 0; j--)
            line = line sprintf("%02x", (i + j < n) ? int((i + j) / 4) : 0)
        print line
    }
}' >"$tmp/expected"

fail=0
if [ "$status" != "$want_status" ]; then
    echo "FAIL: exit status $status, expected $want_status"
    fail=1
fi
if [ ! -f "$tmp/sig" ]; then
    echo "FAIL: no signature file written"
    fail=1
elif ! cmp -s "$tmp/expected" "$tmp/sig"; then
    echo "FAIL: the signature file differs from the expected one (diff expected actual):"
    diff "$tmp/expected" "$tmp/sig" | head -40
    fail=1
fi
echo "command: $pmusim $cmd -M $machine --signature FILE $gran_opt $* $elf"
echo "exit status: $status"
echo "--- stderr:"
head -c 2000 "$tmp/err"
echo "--- signature ($(wc -l <"$tmp/sig" 2>/dev/null || echo no) lines):"
head -8 "$tmp/sig" 2>/dev/null
[ "$fail" = 0 ] && echo "--- as expected"
exit "$fail"
