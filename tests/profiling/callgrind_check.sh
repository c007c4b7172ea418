#!/bin/bash
# `pmusim report --callgrind` writes what valgrind's callgrind_annotate reads: it must exit 0 and
# print every PATTERN (extended regular expressions) somewhere in its output, with and without
# inclusive costs. Skipped (77) when callgrind_annotate is missing.
#
#   callgrind_check.sh PMUSIM PROFILE PATTERN...
set -u
pmusim=$1 profile=$2
shift 2
command -v callgrind_annotate >/dev/null || { echo "SKIP: callgrind_annotate (valgrind) is not installed"; exit 77; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$pmusim" report -i "$profile" --callgrind "$tmp/callgrind.out" || { echo "FAIL: report --callgrind"; exit 1; }
fail=0
for incl in no yes; do
    if ! callgrind_annotate --inclusive=$incl "$tmp/callgrind.out" >"$tmp/ann" 2>&1; then
        echo "FAIL: callgrind_annotate --inclusive=$incl exits with an error"; cat "$tmp/ann"; fail=1; continue
    fi
    cat "$tmp/ann"
    for p in "$@"; do
        grep -Eq -- "$p" "$tmp/ann" || { echo "FAIL: --inclusive=$incl: no line matches '$p'"; fail=1; }
    done
done
[ $fail = 0 ] && echo PASS
exit $fail
