#!/usr/bin/env python3
"""Boots the Linux kit (make linux) on pmusim and drives its shell through the console, as a user
would: perf inside the guest must count exactly what analysis of the test programs says.

usage: linux_perf.py PMUSIM KIT_DIR MACHINE FIRMWARE|builtin CHECK...

CHECK is any of:
  exact     perf stat -e instructions:u,branches:u of `loop N` for two N: the differences are
            2*dN and dN exactly (linux/guests/loop.S derives them)
  record    perf record -e instructions:u -c 100000 of `loop 10000000`: the sample count is the
            instructions / 100000 within 1%
  multiplex perf stat with 40 instructions:u events of `loop 50000000` (more than the
            counters, so perf multiplexes them): every scaled count within 5% of the exact one
  percpu    perf stat -a -A -e instructions:k sleep 1: a row for each CPU the machine has
  cpus=N    the machine's N harts are all online (/proc/cpuinfo)
  caches    (a machine with the memory-hierarchy model, default geometry: 32 KiB 8-way L1D of
            64-byte lines, 32-entry D-TLB) perf's generic cache events on `stride` for two ROUNDS,
            by difference (linux/guests/stride.c): over 64 KiB (twice the L1D, 16 lines a set)
            every load misses, over 16 KiB (fits) none does, over 64 pages (twice the D-TLB)
            every load misses in the D-TLB; within 2% (the kernel runs in between)
  caches-p8700  the same on p8700 (docs/mips-cm.md): the CM's L1D is 32 KiB, 4-way, 64-byte lines,
            physically indexed, so a way is two 4 KiB page colours: over 128 KiB (four times
            the L1D: 32 pages, 16 lines a set on average through 4 ways, even with the pages
            split unevenly over the two colours) every load misses, over 16 KiB (4 pages: at
            most 4 lines a set) none does; over 4 MiB (four times the 1 MiB 8-way L2: 32 lines
            a set on average) every load misses in the L2 too (LLC-load-misses); the D-TLB as
            above (the generic core's, 32 entries); and the predictor: branch-loads:u of `loop`
            by difference is dN exactly (every conditional branch), branch-misses:u by
            difference at most 8: the countdown's branch is mispredicted at its first taken and
            at its exit, whatever N, and the process's start-up and exit code run with the
            predictor as the kernel and other processes left it on the core the scheduler
            picked (with two cores and typed input, a few misses more or less from run to run);
            a countdown mispredicted at even one iteration in 125 would be 8 more
  input     typed input reaches the shell (every other check depends on it too)
  idle      guest time follows host time while every hart waits for typed input: /proc/uptime
            read before and after 3 s of nothing typed has moved on by 1.5 to 10 s (pmusim waits
            on its standard input until a byte or the next timer: docs/usage.md "Console input";
            a guest clock run ahead at the simulator's own speed moves tens of seconds)
Every run ends with `poweroff`, and pmusim must exit with status 0.
Exit status: 0 all checks passed, 1 a check failed, 77 the kit is not built (skipped).
"""
import os
import re
import subprocess
import sys
import threading
import time

PROMPT = re.compile(r"(?m)^[~/][^\n]* # $")


class Guest:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT)
        self.out = ""
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            b = self.p.stdout.read1(4096)
            if not b:
                return
            text = b.decode(errors="replace").replace("\r", "")
            sys.stdout.write(text)
            sys.stdout.flush()
            with self.lock:
                self.out += text

    def expect(self, pattern, start, timeout=120):
        """Waits for `pattern` (a regex) in the output after offset `start`: (match, end)."""
        deadline = time.time() + timeout
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        while time.time() < deadline:
            with self.lock:
                m = rx.search(self.out, start)
                if m:
                    return m, m.end()
            if self.p.poll() is not None:
                time.sleep(0.2)
                with self.lock:
                    m = rx.search(self.out, start)
                return (m, m.end()) if m else (None, start)
            time.sleep(0.05)
        return None, start

    def run(self, command, timeout=300):
        """Types a command at the prompt; returns what it printed."""
        with self.lock:
            start = len(self.out)
        self.p.stdin.write((command + "\n").encode())
        self.p.stdin.flush()
        m, end = self.expect(PROMPT, start + len(command), timeout)
        if not m:
            raise RuntimeError("no prompt after: " + command)
        with self.lock:
            return self.out[start:m.start()]


failures = []


def check(name, ok, detail):
    print("\n%s %s: %s" % ("ok  " if ok else "FAIL", name, detail), flush=True)
    if not ok:
        failures.append(name)


def perf_csv(text):
    """The counts of `perf stat -x,` by event name, in order: [(event, value, running %)]."""
    rows = []
    for line in text.splitlines():
        f = line.split(",")
        if len(f) >= 5 and re.fullmatch(r"\d+", f[0]):
            rows.append((f[2], int(f[0]), float(f[4]) if f[4] else 100.0))
    return rows


def main():
    pmusim, kit, machine, firmware = sys.argv[1:5]
    checks = sys.argv[5:]
    image, initrd = os.path.join(kit, "Image"), os.path.join(kit, "rootfs.cpio")
    if not (os.path.exists(image) and os.path.exists(initrd)):
        print("SKIP: the Linux kit is not built (%s, %s missing: run `make linux`)" % (image, initrd))
        return 77
    cmd = [pmusim, "run", "-M", machine, "--ram-size", "256M", "--kernel", image, "--initrd", initrd,
           "--append", "console=ttyS0"]
    if firmware != "builtin":
        if not os.path.exists(firmware):
            print("SKIP: %s is missing (Debian package opensbi)" % firmware)
            return 77
        cmd[2:2] = ["--bios", firmware]
    print("$ " + " ".join(cmd), flush=True)
    g = Guest(cmd)
    m, pos = g.expect(r"pmusim-linux: shell ready", 0, timeout=300)
    if not m:
        check("boot", False, "no shell")
        g.p.kill()
        return 1
    g.expect(PROMPT, pos, timeout=60)
    out = g.run("echo typed-$((6 * 7))")
    check("input", "typed-42" in out, "the shell ran what was typed")

    if "idle" in checks:
        before = float(g.run("cat /proc/uptime").split()[-2])
        time.sleep(3)
        after = float(g.run("cat /proc/uptime").split()[-2])
        check("idle guest time", 1.5 <= after - before <= 10,
              "/proc/uptime moved %.2f s in 3 s of waiting for input (1.5 to 10)" % (after - before))

    if "exact" in checks:
        counts = {}
        for n in (1000, 2000):
            rows = perf_csv(g.run("perf stat -x, -e instructions:u,branches:u ./loop %d" % n))
            counts[n] = {e: v for e, v, _ in rows}
        di = counts[2000].get("instructions:u", 0) - counts[1000].get("instructions:u", 0)
        db = counts[2000].get("branches:u", 0) - counts[1000].get("branches:u", 0)
        check("instructions:u by difference", di == 2000, "loop 2000 - loop 1000 = %d (2 * 1000)" % di)
        check("branches:u by difference", db == 1000, "loop 2000 - loop 1000 = %d (1000)" % db)
        i1 = counts[1000].get("instructions:u", 0)
        check("instructions:u of loop 1000", i1 in (2 * 1000 + 6 * 4 + 11, 2 * 1000 + 6 * 4 + 12),
              "%d (2N + 6D + 11, +1 if the final ecall counts)" % i1)

    if "record" in checks:
        g.run("rm -f perf.data")
        g.run("perf record -e instructions:u -c 100000 ./loop 10000000")
        rep = g.run("perf report --stdio -n 2>&1 | head -20")
        m = re.search(r"# Samples: (\d+)", rep)
        samples = int(m.group(1)) if m else 0
        want = (2 * 10000000 + 6 * 8 + 11) / 100000
        check("perf record samples", abs(samples - want) <= 0.01 * want,
              "%d samples, instructions / period = %.1f" % (samples, want))
        check("perf report names the loop", re.search(r"\bloop\b", rep) is not None, "symbol in the report")

    if "multiplex" in checks:
        events = ",".join(["instructions:u"] * 40)
        rows = perf_csv(g.run("perf stat -x, -e %s ./loop 50000000" % events))
        exact = 2 * 50000000 + 6 * 8 + 11
        worst = max((abs(v - exact) / exact for _, v, _ in rows), default=1.0)
        partial = sum(1 for _, _, pct in rows if pct < 99.99)
        check("multiplexed scaling", len(rows) == 40 and worst <= 0.05,
              "%d events, %d of them multiplexed, worst scaled error %.2f%%" % (len(rows), partial, 100 * worst))

    ncpu = int(re.search(r"(\d+)", g.run("grep -c ^processor /proc/cpuinfo")).group(1))
    for want in [c for c in checks if c.startswith("cpus=")]:
        check("CPUs online", ncpu == int(want[5:]), "%d CPUs, want %s" % (ncpu, want[5:]))
    def by_rounds(events, size, stride, runs=3):
        """Each count of 4 and 12 rounds is the least of `runs` runs, as one measures on hardware:
        a run is disturbed by an interrupt, or gets physical pages that share cache sets (a
        physically indexed L1D), only ever with more misses, and when that happens depends on
        the session's timing (the console's input, in host time)."""
        counts = {}
        for rounds in (4, 12):
            least = {}
            for _ in range(runs):
                rows = perf_csv(g.run("perf stat -x, -e %s ./stride %s %s %d" % (events, size, stride, rounds)))
                for e, v, _ in rows:
                    least[e] = min(v, least.get(e, v))
            counts[rounds] = least
        # perf names the events in its CSV without their modifiers
        return {e: counts[12].get(e.split(":")[0], 0) - counts[4].get(e.split(":")[0], 0)
                for e in events.split(",")}

    def near(got, want):
        return abs(got - want) <= 0.02 * want

    def check_l1d(big_kib, times):
        """A stride of a line over big_kib KiB (`times` x the L1D) misses at every load; over
        16 KiB (half the L1D, both machines' 32 KiB) at none."""
        d = by_rounds("L1-dcache-loads:u,L1-dcache-load-misses:u", "%dK" % big_kib, "64")
        want = 8 * (big_kib * 1024 // 64)
        check("L1-dcache-loads:u by difference", near(d["L1-dcache-loads:u"], want),
              "stride %dK 64, 12 - 4 rounds: %d (%d)" % (big_kib, d["L1-dcache-loads:u"], want))
        check("L1-dcache-load-misses:u by difference, %d x L1D" % times, near(d["L1-dcache-load-misses:u"], want),
              "stride %dK 64, 12 - 4 rounds: %d (%d: every load)" % (big_kib, d["L1-dcache-load-misses:u"], want))
        d = by_rounds("L1-dcache-loads:u,L1-dcache-load-misses:u", "16K", "64")
        loads = 8 * (16 * 1024 // 64)
        check("L1-dcache-load-misses:u by difference, L1D / 2", d["L1-dcache-load-misses:u"] <= 0.02 * loads,
              "stride 16K 64, 12 - 4 rounds: %d (0 of %d loads)" % (d["L1-dcache-load-misses:u"], loads))

    if "caches" in checks:
        check_l1d(64, 2)
        d = by_rounds("dTLB-loads:u,dTLB-load-misses:u", "256K", "4K")
        want = 8 * 64
        check("dTLB-load-misses:u by difference, 2 x D-TLB", near(d["dTLB-load-misses:u"], want),
              "stride 256K 4K, 12 - 4 rounds: %d (%d: every load)" % (d["dTLB-load-misses:u"], want))
        check("dTLB-loads:u by difference", near(d["dTLB-loads:u"], want),
              "stride 256K 4K, 12 - 4 rounds: %d (%d)" % (d["dTLB-loads:u"], want))

    if "caches-p8700" in checks:
        check_l1d(128, 4)
        d = by_rounds("LLC-loads:u,LLC-load-misses:u", "4M", "64")
        want = 8 * (4 * 1024 * 1024 // 64)
        check("LLC-loads:u by difference", near(d["LLC-loads:u"], want),
              "stride 4M 64, 12 - 4 rounds: %d (%d: every load fills the L1D)" % (d["LLC-loads:u"], want))
        check("LLC-load-misses:u by difference, 4 x L2", near(d["LLC-load-misses:u"], want),
              "stride 4M 64, 12 - 4 rounds: %d (%d: every load)" % (d["LLC-load-misses:u"], want))
        d = by_rounds("dTLB-loads:u,dTLB-load-misses:u", "256K", "4K")
        want = 8 * 64
        check("dTLB-load-misses:u by difference, 2 x D-TLB", near(d["dTLB-load-misses:u"], want),
              "stride 256K 4K, 12 - 4 rounds: %d (%d: every load)" % (d["dTLB-load-misses:u"], want))
        counts = {}
        for n in (1000, 2000):
            rows = perf_csv(g.run("perf stat -x, -e branch-loads:u,branch-misses:u ./loop %d" % n))
            counts[n] = {e.split(":")[0]: v for e, v, _ in rows}  # with or without the modifier
        db = counts[2000].get("branch-loads", 0) - counts[1000].get("branch-loads", 0)
        dm = counts[2000].get("branch-misses", -99) - counts[1000].get("branch-misses", 99)
        check("branch-loads:u by difference", db == 1000, "loop 2000 - loop 1000 = %d (1000)" % db)
        check("branch-misses:u by difference", abs(dm) <= 8, "loop 2000 - loop 1000 = %d (0, within 8)" % dm)

    if "percpu" in checks:
        out = g.run("perf stat -a -A -x, -e instructions:k sleep 1")
        cpus = set(re.findall(r"(?m)^CPU(\d+),", out))
        check("per-CPU counts", len(cpus) == ncpu and ncpu > 0, "%d CPUs, rows for %s" % (ncpu, sorted(cpus)))

    g.p.stdin.write(b"poweroff\n")
    g.p.stdin.flush()
    try:
        status = g.p.wait(timeout=120)
    except subprocess.TimeoutExpired:
        g.p.kill()
        status = None
    check("poweroff", status == 0, "pmusim exit status %s" % status)
    print("\n%d checks failed" % len(failures) if failures else "\nall checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
