#!/bin/sh
# doc_options.sh PMUSIM COMMAND:DOC...: every long option that 'pmusim COMMAND --help' lists must
# be documented in DOC (written there as `--name`, `--name VALUE` or `--name=...`).
pmusim=$1
shift
fail=0
for pair in "$@"; do
    cmd=${pair%%:*} doc=${pair#*:}
    opts=$("$pmusim" "$cmd" --help | sed -n 's/^ *\(-[A-Za-z], \)\{0,1\}\(--[a-z][a-z-]*\).*/\2/p')
    [ -n "$opts" ] || { echo "FAIL: 'pmusim $cmd --help' lists no option"; fail=1; }
    for o in $opts; do
        if grep -q -e "\`$o[\` =]" "$doc"; then
            echo "ok: $cmd $o"
        else
            echo "FAIL: $cmd $o is not in $doc"
            fail=1
        fi
    done
done
exit $fail
