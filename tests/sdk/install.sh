#!/bin/sh
# install.sh BUILD PREFIX MACHINES...: installs the SDK (component sdk) of build tree BUILD into a
# fresh PREFIX, as `make install PREFIX=...` does, and checks that every file docs/sdk.md names
# is there: the headers, the runtime, every machine's link script and pkg-config module (whose
# prefix must be PREFIX), the CMake package.
build=$1 prefix=$2
shift 2
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" --component sdk || { echo "FAIL: cmake --install"; exit 1; }
sdk=$prefix/share/pmusim/sdk
fail=0
need() {
    [ -f "$1" ] || { echo "FAIL: $1 not installed"; fail=1; }
}
need "$sdk/include/pmusim_rt.h"
need "$sdk/rt/crt0.S"
need "$sdk/rt/port.c"
need "$sdk/cmake/pmusim_guest.cmake"
need "$prefix/lib/cmake/pmusim-sdk/pmusim-sdkConfig.cmake"
need "$prefix/lib/cmake/pmusim-sdk/pmusim-sdkConfigVersion.cmake"
for m in "$@"; do
    need "$sdk/ld/$m.ld"
    pc=$prefix/lib/pkgconfig/pmusim-sdk-$m.pc
    need "$pc"
    if [ -f "$pc" ] && ! grep -q -x "prefix=$prefix" "$pc"; then
        echo "FAIL: $pc: $(grep '^prefix=' "$pc"), expected prefix=$prefix"
        fail=1
    fi
done
[ "$fail" = 0 ] && echo "--- installed in $prefix"
exit $fail
