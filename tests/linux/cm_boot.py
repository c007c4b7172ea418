#!/usr/bin/env python3
"""Counts a whole Linux boot on p8700 (the kit of `make linux`, to poweroff: the kernel command line
has pmusim.poweroff) with `pmusim stat`, reading in one run the coherence manager's counters
(cm/NAME,qual=Q/) and the harts' own cache events, and checks that the two agree.

usage: cm_boot.py PMUSIM KIT_DIR MACHINE FIRMWARE|builtin

The two are counted on different paths: the CM's counts where the model emits its events (the CM
sink, docs/mips-cm.md "Events and qualifiers"), the harts' in each hart's PMU from what each of
its accesses did in its core's L1 and in the L2 (docs/mips-cm.md "Cache events in the harts'
PMU"), summed over the harts. The kit starts no DMA, so every request and L2 lookup of the run
comes from a core port. What must hold, and what it would catch:

  CM requests (cached, from the cores' ports), by command    the harts' events
    read                                                     = L1-dcache-load-misses
    read-own + upgrade                                       = L1-dcache-store-misses
    instruction fetch                                        = L1-icache-load-misses
    writeback                                                <= LLC-stores (the other L2 write-backs
                                                                are an M holder's data on a load's
                                                                intervention), and > 0
  CM L2 lookups from the cores' ports, by kind
    read, read-own, instruction fetch                        = LLC-loads
    ... that missed                                          = LLC-load-misses
    writeback                                                = LLC-stores
    ... that missed                                          = LLC-store-misses

Each command checked on its own fails if loads and stores, or data and instructions, were swapped,
if either side counted a line twice or not at all, or if a hart's events went nowhere. Every
count must also be more than MIN_COUNT (a boot on two cores makes about 500,000 misses of each
kind, and about 1,200 L2 write-back misses), so that 0 = 0 passes nothing, and the machine must have brought up its two CPUs and powered off
(pmusim exits 0).
Exit status: 0 all checks passed, 1 a check failed, 77 the kit is not built (skipped).
"""
import os
import re
import subprocess
import sys

MIN_COUNT = 100

PORTS = 0xFF  # cores 0-7 (IOCUs are ports 8 and 9)
CACHED, MEMORY, ANY_LENGTH = 1 << 10, 1 << 23, 3 << 21
READ, READ_OWN, UPGRADE, WRITEBACK, IFETCH = 1 << 13, 1 << 14, 1 << 15, 1 << 16, 1 << 17
L2_READ, L2_READ_OWN, L2_IFETCH, L2_WRITEBACK = 1 << 11, 1 << 12, 1 << 13, 1 << 14
L2_MISS, L2_ANY = 3 << 16, 0xF << 16


def request(commands):
    return "cm/request_count,qual=0x%x/" % (PORTS | CACHED | commands | ANY_LENGTH | MEMORY)


def l2_lookup(kinds, results):
    return "cm/l2_hit,qual=0x%x/" % (PORTS | kinds | results)


PAIRS = [  # (CM event, core events summed, relation)
    (request(READ), ["L1-dcache-load-misses"], "=="),
    (request(READ_OWN | UPGRADE), ["L1-dcache-store-misses"], "=="),
    (request(IFETCH), ["L1-icache-load-misses"], "=="),
    (request(WRITEBACK), ["LLC-stores"], "<="),
    (l2_lookup(L2_READ | L2_READ_OWN | L2_IFETCH, L2_ANY), ["LLC-loads"], "=="),
    (l2_lookup(L2_READ | L2_READ_OWN | L2_IFETCH, L2_MISS), ["LLC-load-misses"], "=="),
    (l2_lookup(L2_WRITEBACK, L2_ANY), ["LLC-stores"], "=="),
    (l2_lookup(L2_WRITEBACK, L2_MISS), ["LLC-store-misses"], "=="),
]

failures = []


def check(name, ok, detail):
    print("%s %s: %s" % ("ok  " if ok else "FAIL", name, detail), flush=True)
    if not ok:
        failures.append(name)


def main():
    pmusim, kit, machine, firmware = sys.argv[1:5]
    image, initrd = os.path.join(kit, "Image"), os.path.join(kit, "rootfs.cpio")
    if not (os.path.exists(image) and os.path.exists(initrd)):
        print("SKIP: the Linux kit is not built (%s, %s missing: run `make linux`)" % (image, initrd))
        return 77
    events = []
    for cm, core, _ in PAIRS:
        for e in [cm] + core:
            if e not in events:
                events.append(e)
    cmd = [pmusim, "stat", "-x", ";", "-M", machine]
    for e in events:
        cmd += ["-e", e]
    cmd += ["--ram-size", "256M", "--kernel", image, "--initrd", initrd,
            "--append", "console=ttyS0 pmusim.poweroff"]
    if firmware != "builtin":
        if not os.path.exists(firmware):
            print("SKIP: %s is missing (Debian package opensbi)" % firmware)
            return 77
        cmd[2:2] = ["--bios", firmware]
    print("$ " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=600)
    console = p.stdout.decode(errors="replace")
    stat = p.stderr.decode(errors="replace")
    print(console[-1500:])
    print(stat)
    check("poweroff", p.returncode == 0 and "reboot: Power down" in console,
          "pmusim exit status %d" % p.returncode)
    m = re.search(r"smp: Brought up \d+ nodes?, (\d+) CPUs?", console)
    cpus = int(m.group(1)) if m else 0
    check("CPUs", cpus == 2, "%d CPUs brought up (2 cores)" % cpus)

    counts = {}
    for line in stat.splitlines():
        f = line.split(";")
        if len(f) >= 3 and re.fullmatch(r"\d+", f[0]):
            counts[f[2]] = int(f[0])
    missing = [e for e in events if e not in counts]
    check("every event counted", not missing, "missing: %s" % missing if missing else "%d events" % len(events))
    if missing:
        return 1
    for e in events:
        check("%s is large" % e, counts[e] > MIN_COUNT, "%d (more than %d)" % (counts[e], MIN_COUNT))
    for cm, core, rel in PAIRS:
        got, want = counts[cm], sum(counts[e] for e in core)
        ok = got == want if rel == "==" else 0 < got <= want
        check("%s %s %s" % (cm, rel, " + ".join(core)), ok, "%d %s %d" % (got, rel, want))
    print("\n%d checks failed" % len(failures) if failures else "\nall checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
