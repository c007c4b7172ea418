#!/bin/sh
# spin_same.sh PMUSIM MACHINE PROGRAM: the 4-hart spin program passes, and each hart's counts are
# the same whether the interpreter runs every turn of the waiting harts' loops (--jit=off) or
# translated code skips the turns that repeat (cpu/spin.h), at the default quantum and at 337.
pmusim=$1 machine=$2 prog=$3
for q in "" ",quantum=337"; do
    ref=
    for jit in off on eager; do
        out=$("$pmusim" stat -A -x, -e instructions,cycles,branch-instructions --jit=$jit \
            -M "$machine,harts=4$q" "$prog" 2>&1) || { printf 'FAIL: --jit=%s%s:\n%s\n' "$jit" "$q" "$out"; exit 1; }
        case $out in *"spin ok"*) ;; *) printf 'FAIL: --jit=%s%s: no verdict:\n%s\n' "$jit" "$q" "$out"; exit 1 ;; esac
        counts=$(printf '%s\n' "$out" | grep '^CPU')
        [ -n "$counts" ] || { printf 'FAIL: no per-hart counts:\n%s\n' "$out"; exit 1; }
        if [ -z "$ref" ]; then
            ref=$counts
        elif [ "$counts" != "$ref" ]; then
            printf 'FAIL: --jit=%s%s counts differ from --jit=off:\n%s\n---\n%s\n' "$jit" "$q" "$counts" "$ref"
            exit 1
        fi
    done
    printf 'ok%s: the same counts in the three tiers:\n%s\n' "$q" "$ref"
done
