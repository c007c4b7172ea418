#!/usr/bin/env bash
# scripts/check-single-writer.sh finds an assignment of a single-writer field anywhere else: a copy
# of src/ with one injected at a time must fail, naming the file; the copy as it is must pass.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
check=$root/scripts/check-single-writer.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

inject() { # file, line of C appended in a function of its own; the check must name the file
    cp "$tmp/src/$1" "$tmp/saved"
    printf '\nvoid injected_writer(hart_t *h);\nvoid injected_writer(hart_t *h)\n{\n    %s\n}\n' "$2" >>"$tmp/src/$1"
    if out=$("$check" "$tmp/src" 2>&1); then
        echo "FAIL: '$2' in $1 was not found"
        fail=1
    elif ! grep -q "$1:" <<<"$out"; then
        echo "FAIL: '$2' in $1: the report does not name the file:"
        echo "$out"
        fail=1
    else
        echo "ok: '$2' in $1"
    fi
    cp "$tmp/saved" "$tmp/src/$1"
}

cp -r "$root/src" "$tmp/src"
"$check" "$tmp/src" >/dev/null || { echo "FAIL: the unmodified copy does not pass"; fail=1; }
inject cpu/trap.c 'h->priv = PRIV_M;'
inject core/veer_el2/faults.c 'h->priv = (enum priv_mode)3;'
inject cpu/hart.c 'h->priv = PRIV_U; /* a second writer in the owning file */'
inject cpu/csr.c 'h->csr.mip |= 1u << 7;'
inject dev/plic.c 'h->irq_lines++;'
inject cpu/mem.c 'h->fast_size = 0;'
inject cpu/pmp.c 'h->mem_inline = true;'
inject machine/machine_cm.c 'h->memo_direct = false;'
inject firmware/sbi.c 'h->csr.mip_sw ^= 2;'
exit $fail
