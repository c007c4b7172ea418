#!/usr/bin/env bash
# The library writes nothing, reads no environment and never ends the process: outside the front
# ends (src/tools, the command line; src/debug, the optional gdb stub; src/lib/console_file.c, the
# library's console written to a stream the caller names), no stdio output, exit,
# abort or getenv. Messages go through the machine's diagnostics sink, guest output through its
# console sink, and a guest's exit is a stop of the run (docs/architecture.md "The library").
# Usage: check-library-purity.sh [SRC_DIR]   (exit 0: pure, 1: the calls are listed)
set -euo pipefail
src=${1:-$(cd "$(dirname "$0")/../src" && pwd)}
calls='\b(printf|vprintf|fprintf|vfprintf|puts|fputs|fputc|putc|putchar|fwrite|fflush|exit|_Exit|getenv|secure_getenv|perror|abort)\s*\('
if hits=$(cd "$src" && grep -rnE --include='*.c' --include='*.h' "$calls" . |
    grep -vE '^\./(tools/|debug/|lib/console_file\.c:)' | sed 's|^\./||'); then
    echo "check-library-purity: library code that writes, ends the process or reads the environment:" >&2
    echo "$hits" >&2
    exit 1
fi
echo "check-library-purity: $src: no stdio output, exit, abort or getenv outside tools/, debug/ and lib/console_file.c"
