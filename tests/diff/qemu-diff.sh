#!/bin/sh
# Differential test: runs one guest program on pmusim and on QEMU and compares the two.
#
#   qemu-diff.sh [options] PMUSIM MACHINE ELF
#
# MACHINE is virt32 or virt64. The two runs are
#   PMUSIM run -M MACHINE ELF
#   qemu-system-riscv32|64 -M virt -nographic -bios none -icount shift=0 -kernel ELF
# (QEMU binary overridable with $QEMU_SYSTEM_RISCV32 / $QEMU_SYSTEM_RISCV64).
#
# Options:
#   --status N               both runs must exit with N (default 0)
#   --semihost               QEMU also gets -semihosting-config enable=on,target=native, and its
#                            stderr (where QEMU writes SYS_WRITE0 output) is merged into its stdout
#   --host LINE-ERE VAL-ERE  host-dependent values: on lines matching LINE-ERE, every match of
#                            VAL-ERE is replaced by <host> in both outputs before comparing
#   --offset PREFIX N        a documented, exact difference: on the line "PREFIX <number>" pmusim
#                            must print QEMU's number + N (N may be negative); some line of QEMU's
#                            output must have that form
#
# Checks, all of which must hold:
#   - both exit statuses are N;
#   - pmusim's stdout is identical to QEMU's output after --host and --offset (shown as a diff);
#   - when N is 0 or QEMU prints an "instret: " line: the last line of both outputs is
#     "instret: <number>", and the numbers agree exactly (up to an --offset for "instret:").
# pmusim's stderr is not compared (pmusim's own messages); it is shown.
# Exit status: 0 pass, 1 fail, 2 usage error, 77 skipped (QEMU not installed).
set -u

usage() {
    echo "usage: qemu-diff.sh [--status N] [--semihost] [--host LINE-ERE VAL-ERE]..." \
         "[--offset PREFIX N]... PMUSIM MACHINE ELF" >&2
    exit 2
}

want=0
semihost=0
hosts=""
offsets=""
nl='
'
while [ $# -gt 0 ]; do
    case "$1" in
    --status) [ $# -ge 2 ] || usage; want=$2; shift 2 ;;
    --semihost) semihost=1; shift ;;
    --host) [ $# -ge 3 ] || usage; hosts="$hosts$2$nl$3$nl"; shift 3 ;;
    --offset)
        [ $# -ge 3 ] || usage
        case "$3" in -[0-9]* | [0-9]*) ;; *) usage ;; esac
        offsets="$offsets$2$nl$3$nl"; shift 3 ;;
    --) shift; break ;;
    -*) echo "qemu-diff.sh: unknown option $1" >&2; usage ;;
    *) break ;;
    esac
done
[ $# -eq 3 ] || usage
pmusim=$1
machine=$2
elf=$3

case "$machine" in
virt32) qemu=${QEMU_SYSTEM_RISCV32:-qemu-system-riscv32} ;;
virt64) qemu=${QEMU_SYSTEM_RISCV64:-qemu-system-riscv64} ;;
*) echo "qemu-diff.sh: machine must be virt32 or virt64, not $machine" >&2; exit 2 ;;
esac
if ! command -v "$qemu" >/dev/null 2>&1; then
    echo "SKIP: $qemu is not installed"
    exit 77
fi
[ -r "$elf" ] || { echo "FAIL: $elf does not exist"; exit 1; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# a hung guest must not hang the test (ctest's TIMEOUT is the last resort)
tmo=""
if command -v timeout >/dev/null 2>&1; then
    tmo="timeout -k 5 100"
fi

qemu_args="-M virt -nographic -bios none -icount shift=0"
[ "$semihost" = 1 ] && qemu_args="$qemu_args -semihosting-config enable=on,target=native"

# shellcheck disable=SC2086
$tmo "$pmusim" run -M "$machine" "$elf" >"$tmp/p.out" 2>"$tmp/p.err" </dev/null
pstatus=$?
if [ "$semihost" = 1 ]; then
    # shellcheck disable=SC2086
    $tmo "$qemu" $qemu_args -kernel "$elf" >"$tmp/q.out" 2>&1 </dev/null
    qstatus=$?
    : >"$tmp/q.err"
else
    # shellcheck disable=SC2086
    $tmo "$qemu" $qemu_args -kernel "$elf" >"$tmp/q.out" 2>"$tmp/q.err" </dev/null
    qstatus=$?
fi

# --host: mask host-dependent values (REs come through the environment: no escape processing)
mask() {
    HOSTS=$hosts awk '
        BEGIN { n = split(ENVIRON["HOSTS"], h, "\n") - 1 }
        {
            for (i = 1; i < n; i += 2)
                if ($0 ~ h[i])
                    gsub(h[i + 1], "<host>")
            print
        }' "$1"
}
mask "$tmp/p.out" >"$tmp/p.cmp"
mask "$tmp/q.out" >"$tmp/q.masked"

# --offset: QEMU's output turned into what pmusim must print; unused prefixes are listed
OFFSETS=$offsets awk -v unused="$tmp/unused" '
    BEGIN { n = split(ENVIRON["OFFSETS"], o, "\n") - 1 }
    {
        for (i = 1; i < n; i += 2) {
            p = o[i] " "
            if (index($0, p) == 1) {
                v = substr($0, length(p) + 1)
                if (v ~ /^[0-9]+$/) {
                    $0 = o[i] " " sprintf("%.0f", v + o[i + 1])
                    used[i] = 1
                    break
                }
            }
        }
        print
    }
    END { for (i = 1; i < n; i += 2) if (!(i in used)) print o[i] > unused }' \
    "$tmp/q.masked" >"$tmp/q.cmp"

fail=0
complain() {
    echo "FAIL: $*"
    fail=1
}

echo "pmusim: $pmusim run -M $machine $elf"
echo "qemu:   $qemu $qemu_args -kernel $elf"
echo "exit status: pmusim $pstatus, QEMU $qstatus (expected $want)"
[ "$pstatus" = "$want" ] || complain "pmusim exited with $pstatus, expected $want"
[ "$qstatus" = "$want" ] || complain "QEMU exited with $qstatus, expected $want"
if [ -s "$tmp/unused" ]; then
    while IFS= read -r p; do
        complain "--offset '$p': QEMU printed no line '$p <number>'"
    done <"$tmp/unused"
fi

# the instret line, explicitly
last_instret() { # file -> number, or nothing when the last line is not "instret: N"
    tail -n 1 "$1" | sed -n 's/^instret: \([0-9][0-9]*\)$/\1/p'
}
if [ "$want" = 0 ] || grep -q '^instret: ' "$tmp/q.out"; then
    pi=$(last_instret "$tmp/p.out")
    qi=$(last_instret "$tmp/q.out")
    ei=$(last_instret "$tmp/q.cmp")
    [ -n "$pi" ] || complain "pmusim's last line is not 'instret: <number>'"
    [ -n "$qi" ] || complain "QEMU's last line is not 'instret: <number>'"
    if [ -n "$pi" ] && [ -n "$qi" ]; then
        if [ "$ei" = "$qi" ]; then
            note=""
        else
            note=" (pmusim must print QEMU's $qi with the documented offset: $ei)"
        fi
        if [ "$pi" = "$ei" ]; then
            echo "instret: pmusim $pi, QEMU $qi$note: agree"
        else
            complain "instret: pmusim $pi, QEMU $qi$note"
        fi
    fi
fi

if ! diff -u --label "QEMU (expected pmusim output)" --label "pmusim" \
        "$tmp/q.cmp" "$tmp/p.cmp" >"$tmp/diff"; then
    complain "pmusim's output differs from QEMU's"
fi

if [ "$fail" = 0 ]; then
    [ -n "$offsets" ] && echo "documented differences applied (--offset):" &&
        printf '%s' "$offsets" | paste -d ' ' - - | sed 's/^/    /'
    echo "--- compared output (identical):"
    cat "$tmp/p.cmp"
    echo "--- pass"
    exit 0
fi

echo "--- diff (- QEMU after --host/--offset, + pmusim):"
if [ -s "$tmp/diff" ]; then cat "$tmp/diff"; else echo "(none)"; fi
echo "--- pmusim stdout:"
cat "$tmp/p.out"
echo "--- pmusim stderr:"
cat "$tmp/p.err"
if [ "$semihost" = 1 ]; then
    echo "--- QEMU stdout and stderr:"
    cat "$tmp/q.out"
else
    echo "--- QEMU stdout:"
    cat "$tmp/q.out"
    echo "--- QEMU stderr:"
    cat "$tmp/q.err"
fi
[ -n "$offsets" ] && echo "--- documented differences (--offset PREFIX N):" &&
    printf '%s' "$offsets" | paste -d ' ' - - | sed 's/^/    /'
exit 1
