#!/bin/sh
# Runs the virt32/virt64 example ELFs under QEMU (-icount shift=0) and checks their
# exit status and output. Usage: examples/qemu-check.sh [guest-dir] (default build/guests)
# Prints one line per program: name, exit status, instret reported by the program.
# coremark-big is skipped unless QEMU_CHECK_BIG=1.
dir=${1:-build/guests}
fail=0
for elf in "$dir"/*-virt32.elf "$dir"/*-virt64.elf; do
    [ -e "$elf" ] || continue
    name=$(basename "$elf" .elf)
    case $name in
        coremark-big-*) [ "${QEMU_CHECK_BIG:-0}" = 1 ] || continue ;;
        isa-*) continue ;;
    esac
    case $name in
        *-virt32) qemu=qemu-system-riscv32 ;;
        *) qemu=qemu-system-riscv64 ;;
    esac
    extra=
    case $name in semihost*) extra="-semihosting-config enable=on,target=native" ;; esac
    expect=0
    case $name in
        exitcode-*) expect=5 ;;
        traps-unhandled-*) expect=3 ;;
        semihost-exit7-*) expect=7 ;;
    esac
    # shellcheck disable=SC2086
    out=$(timeout 300 $qemu -M virt -nographic -bios none -icount shift=0 $extra -kernel "$elf" 2>&1 </dev/null)
    rc=$?
    instret=$(printf '%s\n' "$out" | sed -n 's/^instret: //p' | tail -n 1)
    status=ok
    if [ "$rc" != "$expect" ]; then
        status="FAIL (exit $rc, expected $expect)"
    elif [ "$expect" = 0 ] && ! printf '%s\n' "$out" | grep -q ': PASS$'; then
        status="FAIL (no PASS line)"
    elif [ "$expect" = 0 ] && [ "$(printf '%s\n' "$out" | tail -n 1 | cut -d' ' -f1)" != "instret:" ]; then
        status="FAIL (last line is not instret)"
    fi
    [ "$status" = ok ] || { fail=1; printf '%s\n' "$out" | sed 's/^/    /'; }
    printf '%-28s exit=%-3s instret=%-12s %s\n' "$name" "$rc" "${instret:--}" "$status"
done
exit $fail
