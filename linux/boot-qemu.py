#!/usr/bin/env python3
"""Boot the pmusim Linux kit under QEMU, run shell commands on its console, power it off.

usage: boot-qemu.py [--smp N] [--kit DIR] [--timeout S] [--log FILE] [COMMAND...]

Boots build/linux/Image with build/linux/rootfs.cpio on QEMU's virt machine with Debian's
OpenSBI (fw_jump.elf), waits for the kit's "shell ready" line, types each COMMAND (default:
uname -a; perf stat -e instructions:u ./loop 1000) and waits for the prompt after it, then
types `poweroff` and waits for QEMU to exit. Everything QEMU prints goes to standard output
(and to --log). Exit status 0 when the shell came up, every command finished and QEMU ended
after poweroff; 1 otherwise. A check of the kit on a reference machine, not of pmusim.
"""
import argparse
import os
import re
import subprocess
import sys
import threading
import time

READY = "pmusim-linux: shell ready"
PROMPT = re.compile(r"(^|\n)[~/][^\n]* # $")


class Console:
    def __init__(self, argv, log):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
        self.buf = ""
        self.seen = 0
        self.lock = threading.Condition()
        self.log = log
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            data = os.read(self.proc.stdout.fileno(), 4096)
            if not data:
                break
            text = data.decode(errors="replace").replace("\r", "")
            sys.stdout.write(text)
            sys.stdout.flush()
            if self.log:
                self.log.write(text)
                self.log.flush()
            with self.lock:
                self.buf += text
                self.lock.notify_all()
        with self.lock:
            self.lock.notify_all()

    def expect(self, pattern, timeout):
        """Wait for pattern (a string or compiled regex) after what was matched before."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                rest = self.buf[self.seen:]
                m = pattern.search(rest) if hasattr(pattern, "search") else None
                if m is None and isinstance(pattern, str) and pattern in rest:
                    end = rest.index(pattern) + len(pattern)
                    self.seen += end
                    return True
                if m is not None:
                    self.seen += m.end()
                    return True
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    return False
                self.lock.wait(min(left, 1.0))

    def send(self, line):
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--kit", default=os.path.join(here, "..", "build", "linux"))
    ap.add_argument("--smp", type=int, default=1)
    ap.add_argument("--memory", default="256M")
    ap.add_argument("--timeout", type=float, default=300, help="seconds for each step")
    ap.add_argument("--bios", default="/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf")
    ap.add_argument("--append", default="console=ttyS0 earlycon")
    ap.add_argument("--log")
    ap.add_argument("commands", nargs="*")
    args = ap.parse_args()
    commands = args.commands or ["uname -a", "perf stat -e instructions:u ./loop 1000"]

    argv = ["qemu-system-riscv64", "-M", "virt", "-m", args.memory, "-smp", str(args.smp),
            "-nographic", "-bios", args.bios,
            "-kernel", os.path.join(args.kit, "Image"),
            "-initrd", os.path.join(args.kit, "rootfs.cpio"),
            "-append", args.append]
    print("boot-qemu: " + " ".join(argv), flush=True)
    log = open(args.log, "w") if args.log else None
    con = Console(argv, log)
    t0 = time.monotonic()
    ok = True
    if not con.expect(READY, args.timeout) or not con.expect(PROMPT, args.timeout):
        print(f"\nboot-qemu: no shell after {args.timeout:.0f} s", flush=True)
        ok = False
    else:
        print(f"\nboot-qemu: shell reached in {time.monotonic() - t0:.1f} s", flush=True)
        for c in commands:
            con.send(c)
            if not con.expect(PROMPT, args.timeout):
                print(f"\nboot-qemu: '{c}' did not finish in {args.timeout:.0f} s", flush=True)
                ok = False
                break
    con.send("poweroff")
    try:
        con.proc.wait(timeout=60)
        print(f"\nboot-qemu: QEMU exited with status {con.proc.returncode} after "
              f"{time.monotonic() - t0:.1f} s", flush=True)
        ok = ok and con.proc.returncode == 0
    except subprocess.TimeoutExpired:
        print("\nboot-qemu: QEMU still running 60 s after poweroff; killing it", flush=True)
        con.proc.kill()
        con.proc.wait()
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
