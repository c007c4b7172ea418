#!/bin/sh
# Runs a guest program and checks its exit status and standard output.
#
#   run-example.sh [--status N] [--line TEXT]... [--match ERE]... -- COMMAND [ARGS...]
#
# --status N   expected exit status (default 0)
# --line TEXT  some stdout line must be exactly TEXT
# --match ERE  some stdout line must match ERE (grep -E)
# Prints the command, its status and output; exits 1 on any mismatch.
set -u

want=0
lines=""
res=""
nl='
'
while [ $# -gt 0 ]; do
    case "$1" in
    --status) want=$2; shift 2 ;;
    --line) lines="$lines$2$nl"; shift 2 ;;
    --match) res="$res$2$nl"; shift 2 ;;
    --) shift; break ;;
    *) echo "run-example.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ $# -gt 0 ] || { echo "run-example.sh: no command" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

"$@" >"$tmp/out" 2>"$tmp/err" </dev/null
status=$?

fail=0
echo "command: $*"
echo "exit status: $status (expected $want)"
[ "$status" = "$want" ] || { echo "FAIL: exit status $status, expected $want"; fail=1; }

# here-documents instead of pipes: the loops must be able to set fail
while IFS= read -r l; do
    [ -n "$l" ] || continue
    grep -F -x -q -e "$l" "$tmp/out" || { echo "FAIL: stdout has no line: $l"; fail=1; }
done <<EOF
$lines
EOF
while IFS= read -r re; do
    [ -n "$re" ] || continue
    grep -E -q -e "$re" "$tmp/out" || { echo "FAIL: stdout has no line matching: $re"; fail=1; }
done <<EOF
$res
EOF

echo "--- stdout:"
cat "$tmp/out"
echo "--- stderr:"
cat "$tmp/err"
[ "$fail" = 0 ] && echo "--- as expected"
exit "$fail"
