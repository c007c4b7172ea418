#!/usr/bin/env python3
"""pmusim on a terminal: the guest gets each key at once, Enter as CR, and the terminal does not
echo what is typed (the guest does); the terminal's settings are back when pmusim exits.

usage: console_tty.py PMUSIM GUEST   (GUEST: cli-console-echo-virt64.elf, which prints every byte it
reads as [hh] and exits 0 if it read exactly 'a', 'b', CR before 'q')"""
import os
import pty
import select
import signal
import sys
import termios
import time


def read_until(fd, want, timeout):
    """Reads the pseudo-terminal until `want` has appeared; returns everything read."""
    got = b""
    end = time.monotonic() + timeout
    while want not in got and time.monotonic() < end:
        r, _, _ = select.select([fd], [], [], 0.2)
        if r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the other side has closed
                break
            if not chunk:
                break
            got += chunk
    return got


def main():
    pmusim, guest = sys.argv[1], sys.argv[2]
    pid, master = pty.fork()
    if pid == 0:
        os.execv(pmusim, [pmusim, "run", "-M", "virt64", guest])
    before = termios.tcgetattr(master)
    failures = []
    # Type once pmusim has the terminal (echo off), as a person would after it has started.
    end = time.monotonic() + 20
    while termios.tcgetattr(master)[3] & termios.ECHO and time.monotonic() < end:
        time.sleep(0.05)
    # Keys without Enter: a terminal in line mode would hold them back.
    os.write(master, b"ab")
    out = read_until(master, b"[62]", 20)
    if b"[61][62]" not in out:
        failures.append(f"'ab' without Enter did not reach the guest: {out!r}")
    if b"ab" in out:
        failures.append(f"the terminal echoed the keys itself: {out!r}")
    os.write(master, b"\r")
    out = read_until(master, b"]", 20)
    if b"[0d]" not in out:
        failures.append(f"Enter did not reach the guest as CR: {out!r}")
    os.write(master, b"q")
    out = read_until(master, b"\0never", 5)  # the rest, until pmusim has exited
    code = None
    end = time.monotonic() + 20
    while code is None and time.monotonic() < end:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
        else:
            time.sleep(0.1)
    if code is None:  # 'q' never reached the guest (held in a line buffer?)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        failures.append(f"pmusim did not exit after 'q': {out!r}")
        code = 0
    if code != 0:
        failures.append(f"the guest saw other bytes than 'a' 'b' CR (exit status {code}): {out!r}")
    after = termios.tcgetattr(master)
    if after[3] != before[3] or after[0] != before[0]:
        failures.append("the terminal's settings were not restored at exit: "
                        f"lflag {before[3]:#x} -> {after[3]:#x}, iflag {before[0]:#x} -> {after[0]:#x}")
    for f in failures:
        print("FAIL:", f)
    if not failures:
        print("PASS: keys reach the guest at once, Enter as CR, no local echo, terminal restored")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
