#!/bin/sh
# Runs a command and checks its exit status and output.
#
#   expect.sh [--status N] [--stdout ERE]... [--stderr ERE]... [--no-stdout] [--no-stderr]
#             [--sigint SECONDS [--signal NAME] [--then NAME]] -- COMMAND [ARGS...]
#
# Each --stdout/--stderr pattern (grep -E) must match some line of that stream. --sigint sends
# SIGINT (or the signal NAME: TERM, HUP) to the command after SECONDS (it is started with SIGINT at
# its default disposition, even where this shell runs with it ignored); --then sends the signal NAME
# one second after that one (a status request, then a stop). Prints what happened and exits 1 on
# any mismatch.
set -u

want_status=0
out_res=""
err_res=""
no_out=0
no_err=0
sigint=""
signal=INT
then=""
nl='
'
while [ $# -gt 0 ]; do
    case "$1" in
    --status) want_status=$2; shift 2 ;;
    --stdout) out_res="$out_res$2$nl"; shift 2 ;;
    --stderr) err_res="$err_res$2$nl"; shift 2 ;;
    --no-stdout) no_out=1; shift ;;
    --no-stderr) no_err=1; shift ;;
    --sigint) sigint=$2; shift 2 ;;
    --signal) signal=$2; shift 2 ;;
    --then) then=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "expect.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
[ $# -gt 0 ] || { echo "expect.sh: no command" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

if [ -n "$sigint" ]; then
    # A background job of a non-interactive shell starts with SIGINT ignored; perl restores the
    # default before exec so the command sees a normal Ctrl-C.
    perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die "exec $ARGV[0]: $!\n"' -- "$@" \
        >"$tmp/out" 2>"$tmp/err" </dev/null &
    pid=$!
    sleep "$sigint"
    kill -"$signal" "$pid" 2>/dev/null
    if [ -n "$then" ]; then
        sleep 1
        kill -"$then" "$pid" 2>/dev/null
    fi
    wait "$pid"
    status=$?
else
    "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
    status=$?
fi

fail=0
complain() {
    echo "FAIL: $*"
    fail=1
}

[ "$status" = "$want_status" ] || complain "exit status $status, expected $want_status"

check_stream() { # name file patterns
    printf '%s' "$3" | while IFS= read -r re; do
        [ -n "$re" ] || continue
        grep -E -q -e "$re" "$2" || echo "FAIL: $1 has no line matching: $re"
    done
}
msgs=$(check_stream stdout "$tmp/out" "$out_res"; check_stream stderr "$tmp/err" "$err_res")
[ -z "$msgs" ] || { echo "$msgs"; fail=1; }
[ "$no_out" = 0 ] || [ ! -s "$tmp/out" ] || complain "stdout should be empty"
[ "$no_err" = 0 ] || [ ! -s "$tmp/err" ] || complain "stderr should be empty"

echo "command: $*"
echo "exit status: $status"
echo "--- stdout:"
head -c 4000 "$tmp/out"
echo "--- stderr:"
head -c 4000 "$tmp/err"
if [ "$fail" = 0 ]; then
    echo "--- as expected"
fi
exit "$fail"
