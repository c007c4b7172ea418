#!/usr/bin/env bash
# No writable global in the library: every object of the layer libraries (LIBDIR/libpmusim_*.a)
# may define read-only data only. A symbol in .data, .bss, thread-local storage or a common block
# is state shared by every machine of the process (docs/architecture.md "Machines side by side"),
# and is listed here. Constant tables that hold pointers sit in .data.rel.ro and are fine.
# The one allowed: the gdb stub's machine for its SIGIO handler (a front end; a signal handler
# has no context argument).
# Usage: check-no-globals.sh LIBDIR   (exit 0: none, 1: listed, 2: no libraries there)
set -euo pipefail
libdir=${1:?usage: check-no-globals.sh LIBDIR}
allowed='^libpmusim_debug\.a gdbstub\.c\.o gdb_running_machine$'
shopt -s nullglob
libs=("$libdir"/libpmusim_*.a)
if [ ${#libs[@]} -eq 0 ]; then
    echo "check-no-globals: $libdir: no libpmusim_*.a (build first)" >&2
    exit 2
fi
found=0
for lib in "${libs[@]}"; do
    name=$(basename "$lib")
    # objdump -t: "addr flags section size name" (flags are blanks and letters)
    while read -r obj sym section; do
        if grep -qE "$allowed" <<<"$name $obj $sym"; then continue; fi
        echo "check-no-globals: $name($obj): writable $section symbol $sym" >&2
        found=1
    done < <(objdump -t "$lib" | awk '
        /^[^ ]+\.o: +file format/ { obj = $1; sub(/:$/, "", obj); next }
        /^[0-9a-f]+ / {
            sec = ""; for (i = 2; i < NF; i++) if ($i ~ /^(\.|\*COM\*)/) { sec = $i; break }
            if (sec == $NF) next # the section symbol itself
            if (sec ~ /^(\.data|\.bss|\.tdata|\.tbss)(\..*)?$/ && sec !~ /^\.data\.rel\.ro/ || sec == "*COM*")
                print obj, $NF, sec
        }')
done
if [ $found -ne 0 ]; then
    echo "check-no-globals: move the state into the machine, the hart or the device, or make it const" >&2
    exit 1
fi
echo "check-no-globals: ${#libs[@]} libraries, no writable global"
