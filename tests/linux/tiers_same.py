#!/usr/bin/env python3
"""Counts a whole Linux boot on several harts (the kit of `make linux`, to poweroff: the kernel
command line has pmusim.poweroff) with `pmusim stat -A`, once per execution tier: the interpreter
(--jit=off), the translator (--jit=on) and the translator from the first execution (--jit=eager).
Every hart's count of every event must be the same in the three runs: how a block is run (and
whether a hart translated it itself or took a copy of another hart's translation) never changes
what is counted. Each hart must also have retired instructions (all harts came up) and pmusim
must exit 0.

usage: tiers_same.py PMUSIM KIT_DIR MACHINE FIRMWARE|builtin EVENTS
Exit status: 0 all checks passed, 1 a check failed, 77 the kit is not built (skipped).
"""
import os
import re
import subprocess
import sys


def main():
    pmusim, kit, machine, firmware, events = sys.argv[1:6]
    image, initrd = os.path.join(kit, "Image"), os.path.join(kit, "rootfs.cpio")
    if not (os.path.exists(image) and os.path.exists(initrd)):
        print("SKIP: no Linux kit in %s (make linux)" % kit)
        return 77
    counts = {}
    for tier in ("off", "on", "eager"):
        cmd = [pmusim, "stat", "-A", "-x,", "-e", events, "-M", machine, "--jit=" + tier,
               "--kernel", image, "--initrd", initrd, "--append", "console=ttyS0 pmusim.poweroff"]
        if firmware != "builtin":
            cmd[2:2] = ["--bios", firmware]
        # no console input: an idle guest with an open one would wait in host time (not counts)
        run = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True, timeout=600)
        if run.returncode != 0:
            print("FAIL: --jit=%s exited %d:\n%s" % (tier, run.returncode, run.stderr))
            return 1
        rows = {}
        for line in run.stderr.splitlines():
            f = line.split(",")
            if len(f) >= 4 and re.fullmatch(r"CPU\d+", f[0]) and f[1].isdigit():
                rows[(f[0], f[3])] = int(f[1])
        counts[tier] = rows
        print("--jit=%-5s %s" % (tier, " ".join("%s/%s=%d" % (c, e, n) for (c, e), n in sorted(rows.items()))))
    ok = True
    if not counts["off"]:
        print("FAIL: no per-hart counts in the output")
        return 1
    for (cpu, ev), n in sorted(counts["off"].items()):
        if ev == "instructions" and n == 0:
            print("FAIL: %s retired no instruction" % cpu)
            ok = False
    for tier in ("on", "eager"):
        if counts[tier] != counts["off"]:
            diff = sorted(k for k in set(counts[tier]) | set(counts["off"]) if counts[tier].get(k) != counts["off"].get(k))
            print("FAIL: --jit=%s differs from --jit=off on %s" % (tier, ", ".join("%s/%s" % k for k in diff)))
            ok = False
    print("ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
