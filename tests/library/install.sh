#!/bin/sh
# library.install: `cmake --install` (what `make install PREFIX=...` runs) into a temporary
# prefix, then examples/library/count.c built against it three ways (pkg-config and the shared
# library, the static library, the CMake package) and run on a guest of known counts; the counts
# must be the guest's (by analysis, from the caller) and equal to the installed `pmusim stat`'s.
#
#   install.sh BUILD_DIR SOURCE_DIR MACHINE PROGRAM STATUS EVENT=VALUE...
# CC and CFLAGS: the compiler and flags of the tree (a sanitizer build's library needs its runtime).
set -u
cc=${CC:-cc}
cflags=${CFLAGS:-}
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd) machine=$3 program=$4 want_status=$5
shift 5

fail() { echo "library.install: $*" >&2; exit 1; }

tmp=$(mktemp -d) || fail "no temporary directory"
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; fail "cmake --install failed"; }
for f in bin/pmusim lib/libpmusim.so lib/libpmusim.so.0 lib/libpmusim.a include/pmusim/pmusim.h \
         lib/pkgconfig/pmusim.pc lib/cmake/pmusim/pmusimConfig.cmake lib/cmake/pmusim/pmusimConfigVersion.cmake; do
    [ -e "$prefix/$f" ] || fail "$f was not installed"
done

# only the API leaves the shared library
others=$(nm -D --defined-only "$prefix/lib/libpmusim.so" | awk '$3 !~ /^pmusim_/ && $3 !~ /^PMUSIM_/ {print $3}')
[ -z "$others" ] || fail "libpmusim.so exports more than pmusim_*: $others"

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
flags=$(pkg-config --cflags --libs pmusim) || fail "pkg-config does not know pmusim at $PKG_CONFIG_PATH"
$cc $cflags -std=c11 -Wall -Wextra -Werror "$src/examples/library/count.c" $flags -o "$tmp/count-shared" ||
    fail "count.c does not build with pkg-config's flags ($flags)"
$cc $cflags -std=c11 -Wall -Wextra -Werror -I"$prefix/include" "$src/examples/library/count.c" "$prefix/lib/libpmusim.a" \
    -lelf -lfdt -lm -o "$tmp/count-static" ||
    fail "count.c does not build with libpmusim.a"
mkdir -p "$tmp/cmake-src"
cat >"$tmp/cmake-src/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(count C)
find_package(pmusim 0 REQUIRED)
add_executable(count-cmake $src/examples/library/count.c)
target_link_libraries(count-cmake PRIVATE pmusim::pmusim)
CMAKE
{ cmake -S "$tmp/cmake-src" -B "$tmp/cmake-build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
        -DCMAKE_C_FLAGS="$cflags" &&
  cmake --build "$tmp/cmake-build"; } >"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log" >&2; fail "find_package(pmusim) does not build count.c"; }

events="" names=""
for ev in "$@"; do
    events="$events ${ev%%=*}"
    names="$names${names:+,}${ev%%=*}"
done

# what pmusim stat counts for the same run: VALUE,,EVENT,... lines
"$prefix/bin/pmusim" stat -x, -o "$tmp/stat.csv" -M "$machine" -e "$names" "$program" >/dev/null
stat_status=$?
[ "$stat_status" = "$want_status" ] || fail "pmusim stat exited $stat_status, expected $want_status"

for count in count-shared count-static cmake-build/count-cmake; do
    # the guest's console output goes to stdout too: keep the count lines
    LD_LIBRARY_PATH= "$tmp/$count" "$machine" "$program" $events >"$tmp/out" || fail "$count failed"
    grep -qx "exit-status,$want_status" "$tmp/out" || fail "$count: no 'exit-status,$want_status' in: $(cat "$tmp/out")"
    for ev in "$@"; do
        name=${ev%%=*} want=${ev#*=}
        got=$(awk -F, -v n="$name" '$2 == n {print $1}' "$tmp/out")
        [ "$got" = "$want" ] || fail "$count: $name = '$got', expected $want (by analysis)"
        from_stat=$(awk -F, -v n="$name" '$3 == n {print $1}' "$tmp/stat.csv")
        [ "$got" = "$from_stat" ] || fail "$count: $name = $got, pmusim stat says '$from_stat'"
    done
    echo "$count: $(tr '\n' ' ' <"$tmp/out")"
done

# the installed Python package finds the installed library by itself (not in a sanitizer build:
# python cannot load a library that needs the sanitizers' runtime)
case "$cflags" in *-fsanitize*) sanitized=1 ;; *) sanitized=0 ;; esac
if [ "$sanitized" = 0 ] && command -v python3 >/dev/null; then
    PMUSIM_LIBRARY= PYTHONPATH="$prefix/share/pmusim/python" PYTHONDONTWRITEBYTECODE=1 python3 - "$machine" "$program" "$@" <<'PY' ||
import os, sys
from pmusim import Session
from pmusim.library import load_library
machine, program, *expected = sys.argv[1:]
want = {e.split("=")[0]: int(e.split("=")[1]) for e in expected}
lib = os.path.realpath(load_library()._name)
prefix = os.path.realpath(os.environ["PYTHONPATH"] + "/../../..")
assert lib.startswith(prefix + "/"), "library from outside the prefix: " + lib
with Session(machine, program, events=list(want)) as s:
    s.run()
    assert s.counts() == want, (s.counts(), want)
    print("python:", s.counts(), lib)
PY
    fail "the installed Python package does not count as expected"
fi
