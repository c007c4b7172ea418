#!/bin/sh
# unreadable.sh EXPECT_SH WORKDIR PMUSIM [ARGS...]
# Runs `PMUSIM ARGS... FILE` where FILE cannot be read: a mode-000 file, or for root (who can read
# any file) a directory. Expects exit status 126 and the reason on stderr.
set -u
expect=$1 work=$2
shift 2
mkdir -p "$work" || exit 2
if [ "$(id -u)" = 0 ]; then
    target="$work/unreadable-dir.elf"
    mkdir -p "$target" || exit 2
    reason="is a directory, not a program file"
else
    target="$work/unreadable.elf"
    rm -f "$target"
    printf '\177ELF' >"$target" && chmod 000 "$target" || exit 2
    reason="Permission denied"
fi
exec sh "$expect" --status 126 --stderr "^pmusim: $target: $reason\$" -- "$@" "$target"
