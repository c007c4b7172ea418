#!/bin/sh
# big_bss.sh PMUSIM ELF: runs a veer-el2 program whose .bss is almost 2 GiB (cli_bigbss.S) with
# --max-insns 1000. It checks its .bss and exits 0 within a few dozen instructions; loading must
# not commit host memory for the .bss: pmusim's peak resident memory stays below 512 MiB (zeroing
# the .bss page by page would commit 2 GiB).
pmusim=$1 elf=$2
python3 - "$pmusim" "$elf" <<'PY'
import resource, subprocess, sys
r = subprocess.run([sys.argv[1], "run", "--max-insns", "1000", sys.argv[2]],
                   capture_output=True, text=True)
rss_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print("exit status:", r.returncode)
print("--- stdout:\n" + r.stdout + "--- stderr:\n" + r.stderr, end="")
print("peak resident memory: %.0f MiB" % rss_mib)
ok = r.returncode == 0 and r.stdout == "" and r.stderr == "" and rss_mib < 512
sys.exit(0 if ok else 1)
PY
