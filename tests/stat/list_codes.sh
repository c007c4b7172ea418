#!/bin/sh
# `pmusim list -M MACHINE` shows exactly the given selector codes, one row each.
#
#   list_codes.sh PMUSIM MACHINE CODE...
set -u
pmusim=$1
machine=$2
shift 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

"$pmusim" list -M "$machine" >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?
cat "$tmp/out" "$tmp/err"
fail=0
[ "$status" = 0 ] || { echo "FAIL: exit status $status"; fail=1; }
# a row: CODE HEX NAME exact|approx. DESCRIPTION, with HEX the code in hex
grep -E '^ *[0-9]+ +0x[0-9a-f]+ +[a-z0-9-]+ +(exact|approx\.) +[^ ]' "$tmp/out" >"$tmp/rows"
while read -r code hex rest; do
    [ "$(printf '0x%x' "$code")" = "$hex" ] || { echo "FAIL: $code shown as $hex"; fail=1; }
done <"$tmp/rows"
awk '{ print $1 }' "$tmp/rows" >"$tmp/got"
: >"$tmp/want"
for c in "$@"; do
    echo "$c" >>"$tmp/want"
done
if ! cmp -s "$tmp/got" "$tmp/want"; then
    echo "FAIL: rows are not the $# expected codes:"
    diff "$tmp/want" "$tmp/got"
    fail=1
fi
[ "$fail" = 0 ] && echo "--- $# events, as expected"
exit "$fail"
