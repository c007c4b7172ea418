#!/usr/bin/env bash
# Damaged profiles are refused, whole ones are read: `pmusim report` and `annotate` on variants of a
# profile `pmusim record` wrote (docs/profiling.md "The profile file").
#
#   bad_profiles.sh PMUSIM PROFILE PROGRAM
#
# PROFILE is a profile with call chains and at least two events (the sort fixture); PROGRAM a
# veer-el2 program that raises no exception, recorded here with `-e exceptions` into a profile
# without a single count record. Each variant is written by this script from PROFILE, so the line
# where it goes wrong is known: a bad variant must make both commands exit with 126, print nothing
# on stdout and one message "pmusim: FILE:LINE: ..." naming that line; a good one must exit with 0
# and print nothing on stderr (a sanitizer's report would).
set -u
[ $# -eq 3 ] || { echo "usage: bad_profiles.sh PMUSIM PROFILE PROGRAM" >&2; exit 2; }
pmusim=$1
good=$2
program=$3
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0

grep -q '^ctx ' "$good" && grep -q '^at ' "$good" || { echo "FAIL: $good has no ctx or at lines"; exit 1; }
# the function whose name annotate is given (any function of the program will do)
fn=memcmp

# bad NAME LINE RE: the variant $tmp/NAME is refused at LINE with a message matching RE
bad() {
    local name=$1 line=$2 re=$3 f=$tmp/$1 cmd
    for cmd in "report -i $f" "report -i $f --folded" "annotate -i $f $fn"; do
        # shellcheck disable=SC2086
        "$pmusim" $cmd >"$tmp/out" 2>"$tmp/err"
        local st=$?
        if [ "$st" != 126 ] || [ -s "$tmp/out" ] || [ "$(wc -l <"$tmp/err")" != 1 ] ||
            ! grep -Eq "^pmusim: $f:$line: .*$re" "$tmp/err"; then
            echo "FAIL: $name: pmusim $cmd: status $st (expected 126), expected one message" \
                "'pmusim: $f:$line: ...$re'; stdout:"
            head -5 "$tmp/out"
            echo "stderr:"
            cat "$tmp/err"
            fail=1
        else
            echo "ok: $name: $cmd: $(cat "$tmp/err")"
        fi
    done
}
# ok NAME: the variant (or profile) $tmp/NAME is read
ok() {
    local name=$1 f=$tmp/$1 cmd
    for cmd in "report -i $f" "report -i $f --folded" "report -i $f --callgrind $tmp/cg" "annotate -i $f $fn"; do
        # shellcheck disable=SC2086
        "$pmusim" $cmd >"$tmp/out" 2>"$tmp/err"
        local st=$?
        if [ "$st" != 0 ] || [ -s "$tmp/err" ]; then
            echo "FAIL: $name: pmusim $cmd: status $st (expected 0, nothing on stderr); stderr:"
            cat "$tmp/err"
            fail=1
        else
            echo "ok: $name: $cmd"
        fi
    done
}

n=$(wc -l <"$good")
first_at=$(grep -n '^at ' "$good" | head -1 | cut -d: -f1)
last_at=$(grep -n '^at ' "$good" | tail -1 | cut -d: -f1)
[ "$(tail -1 "$good" | cut -d' ' -f1)" = end ] || { echo "FAIL: $good does not end with its end line"; exit 1; }

cp "$good" "$tmp/whole"
ok whole

# an event line after the first count record: the records before it would have too few counts
awk -v l="$first_at" '{ print } NR == l { print "event stores 1" }' "$good" >"$tmp/event-after-at"
bad event-after-at $((first_at + 1)) "an 'event' line after"

# truncated in the middle of the last record's last count: a smaller number, no newline
head -n $((last_at - 1)) "$good" >"$tmp/cut-in-count"
sed -n "${last_at}p" "$good" | awk '{ printf "%s", substr($0, 1, length($0) - 1) }' >>"$tmp/cut-in-count"
bad cut-in-count "$last_at" "cut off"

# truncated at the end of a line: everything but the end line
head -n $((n - 1)) "$good" >"$tmp/no-end"
bad no-end "$n" "ends before its 'end' line"
head -n 7 "$good" >"$tmp/header-only"
bad header-only 8 "ends before its 'end' line"

# a record missing its last count (read as 0 before)
awk -v l="$first_at" 'NR == l { sub(/ [0-9]+$/, "") } { print }' "$good" >"$tmp/missing-count"
bad missing-count "$first_at" "expected 'at CTX PC' and 2 counts"

# a record with a count too many
awk -v l="$first_at" 'NR == l { $0 = $0 " 1" } { print }' "$good" >"$tmp/extra-count"
bad extra-count "$first_at" "expected 'at CTX PC' and 2 counts"

# -1 as a count (2^64 - 1 through strtoull before), 2^64, a leading zero
for v in -1 18446744073709551616 01; do
    awk -v l="$first_at" -v v="$v" 'NR == l { $NF = v } { print }' "$good" >"$tmp/count$v"
    bad "count$v" "$first_at" "not a number"
done
# the largest count is a number (and the end line's sum changes with it: modulo 2^64)
awk -v l="$first_at" 'NR == l { old = $NF; $NF = "18446744073709551615" } { print }' "$good" >"$tmp/count-max"
bad count-max "$n" "sum differs from the counts of event loads"

# a count changed without the end line: the sums no longer agree
awk -v l="$last_at" 'NR == l { $NF = $NF + 1 } { print }' "$good" >"$tmp/changed-count"
bad changed-count "$n" "sum differs"
# a record dropped: the end line counts one more
awk -v l="$last_at" 'NR != l' "$good" >"$tmp/dropped-record"
bad dropped-record "$((n - 1))" "counts other 'ctx' or 'at' lines"

# a second program or machine line (the first leaked before)
awk 'NR == 2 { print } { print }' "$good" >"$tmp/two-programs"
bad two-programs 3 "expected the 'machine' line, not 'program'"
awk 'NR == 3 { print } { print }' "$good" >"$tmp/two-machines"
bad two-machines 4 "expected the 'mode' line, not 'machine'"

# another version, a line after the end, spaces, an unknown line, a context that does not exist
sed '1s/.*/pmusim-profile 1/' "$good" >"$tmp/version1"
bad version1 1 "version '1'"
{ cat "$good"; echo "at 0 80000000 1 1"; } >"$tmp/after-end"
bad after-end $((n + 1)) "a line after the 'end' line"
sed "${first_at}s/ /  /" "$good" >"$tmp/two-spaces"
bad two-spaces "$first_at" "single spaces"
sed "${first_at}s/^at /tick /" "$good" >"$tmp/unknown"
bad unknown "$first_at" "unknown line tick"
awk -v l="$first_at" 'NR == l { $2 = 100000 } { print }' "$good" >"$tmp/no-such-ctx"
bad no-such-ctx "$first_at" "context that does not exist"
printf 'pmusim-profile 2\nprogram /x\nmachine veer-el2\nmode sample 10\ncallchains 1\n' >"$tmp/sampled-chains"
bad sampled-chains 5 "a sampled profile has no call chains"

# a profile without a single record: report, its exports and annotate read it
"$pmusim" record -q -M veer-el2 -e exceptions -o "$tmp/no-records" "$program" >/dev/null 2>"$tmp/err"
st=$?
if [ "$st" != 0 ] || grep -q '^at ' "$tmp/no-records" || ! grep -qx 'end 0 0 0' "$tmp/no-records"; then
    echo "FAIL: record -e exceptions $program: status $st, expected 0 and a profile without records:"
    cat "$tmp/no-records" "$tmp/err"
    fail=1
fi
fn=main
ok no-records

[ "$fail" = 0 ] && echo "PASS"
exit "$fail"
