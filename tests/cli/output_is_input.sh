#!/bin/sh
# output_is_input.sh PMUSIM PROGRAM SIGNATURE_PROGRAM WORKDIR: an output file that is one of the
# inputs, however it is spelled, is refused (status 125, one message naming both) and the input
# is left as it was: stat -o, record -o, run --signature, report --callgrind (onto the profile
# and onto the program).
set -u
pmusim=$1 prog=$2 sigprog=$3 work=$4
mkdir -p "$work" && cd "$work" || exit 1
fail=0
expect_refused() { # what file cmd...
    what=$1 file=$2
    shift 2
    cp "$file" saved
    "$@" >out.txt 2>err.txt
    status=$?
    if [ "$status" -ne 125 ]; then echo "FAIL: $what: status $status, expected 125"; fail=1; fi
    grep -Eq "^pmusim: [a-z]+: input file '.*' is the same as output file '.*'$" err.txt ||
        { echo "FAIL: $what: no message"; cat err.txt; fail=1; }
    cmp -s saved "$file" || { echo "FAIL: $what: the input was changed"; fail=1; }
}
cp "$prog" p.elf && cp "$sigprog" s.elf || exit 1
ln -sf p.elf link.elf
expect_refused "stat -o" p.elf "$pmusim" stat -M virt32 -o ./link.elf p.elf
expect_refused "record -o" p.elf "$pmusim" record -M virt32 -o "$PWD/p.elf" p.elf
expect_refused "run --signature" s.elf "$pmusim" run -M virt32 --signature ../"$(basename "$PWD")"/s.elf s.elf
"$pmusim" record -M virt32 -o p.data p.elf >/dev/null 2>&1 || { echo "FAIL: record"; fail=1; }
expect_refused "report --callgrind onto the profile" p.data "$pmusim" report -i p.data --callgrind ./p.data
expect_refused "report --callgrind onto the program" p.elf "$pmusim" report -i p.data --callgrind link.elf
[ "$fail" -eq 0 ] && echo "all refused, inputs unchanged"
exit "$fail"
