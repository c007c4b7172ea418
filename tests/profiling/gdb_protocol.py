#!/usr/bin/env python3
"""Speaks the GDB remote protocol to `pmusim run --gdb 0` directly, for what gdb's batch mode
cannot show: the packets themselves and Ctrl-C while the program runs.

    gdb_protocol.py PMUSIM PROGRAM.elf

The program must run for more than a moment (coremark-big: about 10^9 instructions). Checks:
qSupported offers the target description; the description has gdb's RISC-V features with
mhpmcounter3 as register 65 + 0xb03; `g` has 33 registers of 32 bits; memory reads of RAM work
and of a device window fail; Ctrl-C stops the running program with SIGINT (T02); `k` ends
pmusim with status 130.
"""
import re
import socket
import subprocess
import sys
import time


def main():
    pmusim, prog = sys.argv[1], sys.argv[2]
    p = subprocess.Popen([pmusim, "run", "-M", "veer-el2", "--gdb", "0", prog],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = re.match(r"pmusim: waiting for gdb on localhost:(\d+)$", line.strip())
    if not m:
        print("FAIL: no port line:", line)
        p.kill()
        return 1
    s = socket.create_connection(("127.0.0.1", int(m.group(1))), timeout=120)
    fails = []

    def send(data):
        s.sendall(f"${data}#{sum(data.encode()) & 0xff:02x}".encode())

    def recv():
        buf = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                raise EOFError("connection closed")
            buf += chunk
            m = re.search(rb"\$([^#]*)#([0-9a-f]{2})", buf)
            if m:
                body = m.group(1)
                if sum(body) & 0xff != int(m.group(2), 16):
                    fails.append(f"bad checksum in {buf!r}")
                s.sendall(b"+")
                return body.decode()

    def expect(what, cond, got):
        print(("ok   " if cond else "FAIL ") + what + ": " + got[:120])
        if not cond:
            fails.append(what)

    send("qSupported:multiprocess+;swbreak+;hwbreak+")
    r = recv()
    expect("qSupported offers qXfer:features:read", "qXfer:features:read+" in r, r)
    xml, off = "", 0
    while True:
        send(f"qXfer:features:read:target.xml:{off:x},800")
        r = recv()
        xml += r[1:]
        off += len(r) - 1
        if r[0] == "l":
            break
    expect("feature org.gnu.gdb.riscv.cpu", 'name="org.gnu.gdb.riscv.cpu"' in xml, "")
    expect("feature org.gnu.gdb.riscv.csr", 'name="org.gnu.gdb.riscv.csr"' in xml, "")
    expect("pc is register 32", re.search(r'name="pc" bitsize="32" type="code_ptr" regnum="32"', xml) is not None, "")
    want = 65 + 0xB03
    expect(f"mhpmcounter3 is register {want}", f'name="mhpmcounter3" bitsize="32" regnum="{want}"' in xml, "")
    expect("mhpmevent6 listed (VeeR has mhpmcounter3-6)", 'name="mhpmevent6"' in xml, "")
    expect("no mhpmevent7 (not implemented on VeeR)", 'name="mhpmevent7"' not in xml, "")
    send("g")
    r = recv()
    expect("g: 33 registers of 4 bytes", len(r) == 33 * 8, f"{len(r)} hex digits")
    send("m80000000,4")
    r = recv()
    expect("m: the first word of the program", re.fullmatch(r"[0-9a-f]{8}", r) is not None, r)
    send("md0580000,4")  # the VeeR testbench mailbox: a device
    r = recv()
    expect("m of a device register is refused", r.startswith("E"), r)
    send("c")
    time.sleep(0.5)
    s.sendall(b"\x03")
    r = recv()
    expect("Ctrl-C stops the run with SIGINT", r.startswith("T02"), r)
    send("k")
    status = p.wait(timeout=120)
    expect("k: pmusim exits with 130", status == 130, str(status))
    print("PASS" if not fails else f"FAIL: {len(fails)} checks")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
