#!/bin/bash
# record -c N -e instructions,cycles: a sample every N instructions. `instructions` counts exactly one
# per instruction and the run stops exactly at the sample point, so every sample carries N of
# them, except the last (the end of the program), which carries the rest of the total modulo N.
# In the profile (docs/profiling.md "The profile file") a pc's count is the sum of its samples:
# all are multiples of N but for the one pc that also got the last sample.
#
#   sample_period.sh PMUSIM MACHINE N PROGRAM.elf   (one hart: with several, a sample splits its N
#                                                   between the harts)
set -u
pmusim=$1 machine=$2 n=$3 prog=$4
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$pmusim" record -q -M "$machine" -c "$n" -e instructions,cycles -o "$tmp/prof" "$prog" >/dev/null || exit 1
awk -v n="$n" '
    $1 == "event" && $2 == "instructions" { total = $3 }
    $1 == "at" { lines++; sum += $4; if ($4 % n != 0) { odd++; rest = $4 % n } }
    END {
        printf "total %d over %d pcs; pcs whose count is not a multiple of %d: %d\n", total, lines, n, odd
        if (sum != total) { print "FAIL: the samples add up to " sum; exit 1 }
        if (odd > 1 || (odd == 1 && rest != total % n) || (odd == 0 && total % n != 0)) {
            print "FAIL: the samples are not of " n " instructions each"; exit 1
        }
        if (lines < 2) { print "FAIL: too few samples"; exit 1 }
        print "PASS"
    }' "$tmp/prof"
