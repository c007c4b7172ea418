#!/usr/bin/env bash
# The structure checks find what they look for: an include cycle between two folders
# (check-include-graph.py), a stdio/exit/getenv call in library code (check-library-purity.sh),
# a writable global in a layer library (check-no-globals.sh). Each is given a copy with one such
# thing and must fail naming it; the unmodified copy must pass.
# Usage: structure_detects.sh C_COMPILER
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cc=${1:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

expect_fail() { # what, pattern the report must contain, command...
    local what=$1 pattern=$2
    shift 2
    if out=$("$@" 2>&1); then
        echo "FAIL: $what was not found"
        fail=1
    elif ! grep -q -- "$pattern" <<<"$out"; then
        echo "FAIL: $what: the report does not name '$pattern':"
        echo "$out"
        fail=1
    else
        echo "ok: $what"
    fi
}

cp -r "$root/src" "$tmp/src"
python3 "$root/scripts/check-include-graph.py" "$tmp/src" >/dev/null ||
    { echo "FAIL: the unmodified copy has an include cycle"; fail=1; }
bash "$root/scripts/check-library-purity.sh" "$tmp/src" >/dev/null ||
    { echo "FAIL: the unmodified copy is not pure"; fail=1; }

# mem/ reaching up into machine/ closes a cycle (machine/ includes mem/)
cp "$tmp/src/mem/bus.c" "$tmp/bus.c"
printf '#include "machine/machine.h"\n' >>"$tmp/src/mem/bus.c"
expect_fail "mem/bus.c including machine/machine.h" "mem/bus.c" python3 "$root/scripts/check-include-graph.py" "$tmp/src"
cp "$tmp/bus.c" "$tmp/src/mem/bus.c"
# relative to the including file: cpu/x.h naming "../machine/machine.h"
printf '#include "../machine/machine.h"\n' >>"$tmp/src/cpu/exec.h"
expect_fail "cpu/exec.h including ../machine/machine.h" "cpu/exec.h" python3 "$root/scripts/check-include-graph.py" "$tmp/src"
cp "$root/src/cpu/exec.h" "$tmp/src/cpu/exec.h"

for call in 'printf("x\n");' 'fprintf(stderr, "x\n");' 'exit(1);' 'getenv("X");' 'abort();' 'fwrite(p, 1, 1, stdout);'; do
    cp "$tmp/src/dev/clint.c" "$tmp/clint.c"
    printf 'void injected(void);\nvoid injected(void)\n{\n    %s\n}\n' "$call" >>"$tmp/src/dev/clint.c"
    expect_fail "'$call' in dev/clint.c" "dev/clint.c" bash "$root/scripts/check-library-purity.sh" "$tmp/src"
    cp "$tmp/clint.c" "$tmp/src/dev/clint.c"
done
# the front ends may
printf 'void injected(void);\nvoid injected(void)\n{\n    printf("x\\n");\n}\n' >>"$tmp/src/tools/main.c"
bash "$root/scripts/check-library-purity.sh" "$tmp/src" >/dev/null ||
    { echo "FAIL: a printf in tools/ was refused"; fail=1; }

mkdir "$tmp/lib"
printf 'const int table[2] = { 1, 2 };\nconst int *const ptrs[1] = { &table[0] };\n' >"$tmp/ok.c"
"$cc" -c -O2 -fPIE -o "$tmp/ok.c.o" "$tmp/ok.c"
ar rc "$tmp/lib/libpmusim_ok.a" "$tmp/ok.c.o"
bash "$root/scripts/check-no-globals.sh" "$tmp/lib" >/dev/null ||
    { echo "FAIL: constant tables were refused"; fail=1; }
for def in 'int counter;' 'int counter = 3;' 'int f(void) { static int counter; return ++counter; }' \
    '_Thread_local int counter;'; do
    printf '%s\n' "$def" >"$tmp/bad.c"
    "$cc" -c -O2 -fPIE -fno-common -o "$tmp/bad.c.o" "$tmp/bad.c"
    rm -f "$tmp/lib/libpmusim_bad.a"
    ar rc "$tmp/lib/libpmusim_bad.a" "$tmp/bad.c.o"
    expect_fail "'$def'" "counter" bash "$root/scripts/check-no-globals.sh" "$tmp/lib"
done
exit $fail
