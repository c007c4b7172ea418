#!/usr/bin/env python3
"""A deterministic mutation run of pmusim over ELF files (ctest label "fuzz").

    elf_mutate.py --pmusim PMUSIM [--cases N] [--seed S] [--max-insns M] [--timeout T]
                  [--work DIR] [--case K] ELF...

Each case takes one of the ELF files (in turn), damages it in one to three ways chosen by a
random generator with a fixed seed (ELF header fields, program headers, section headers, symbol
values such as tohost, truncation, random bytes, bytes of the loaded code and data; the first
case of each file moves tohost to the top of the address space or past the end of RAM), and runs
`pmusim run` or `pmusim stat` on it with --max-insns and a time limit. A case fails when pmusim

  - dies of a signal, or reports a sanitizer error;
  - does not end within the time limit;
  - exits with one of pmusim's own statuses without its message: 126 must come with exactly one
    line "pmusim: <path>: ...", 124 with "stopped after M instructions" (exact), 123 with
    "guest cannot continue", 125 with a "pmusim:" line, 130 never happens (no Ctrl-C is sent);
  - exits with 128 or more (130 aside) when the run did not end by the guest's own exit.

An exit status that could be the guest's own (the mutated program may exit with anything) is
checked by running the case again under `pmusim stat --json`, whose "stop" says how the run
ended. The same seed gives the same cases: `--case K` runs case K alone, and every failing case
is kept in --work DIR as case-K.elf.
"""
import argparse
import json
import os
import random
import re
import struct
import subprocess
import sys

SANITIZER = re.compile(r"(ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|UndefinedBehaviorSanitizer)")
NOTE_WARNING = re.compile(r"^pmusim: (run|stat): warning: .* was built for machine ")

# Addresses and sizes that matter to the machines: RAM and its end, VeeR's memories and
# mailbox, the top of the 32- and 64-bit address spaces, and the usual edge values.
INTERESTING = [
    0, 1, 2, 3, 4, 7, 8, 0x10, 0x34, 0x40, 0x7F, 0x80, 0xFF, 0x100, 0xFFF, 0x1000, 0xFFFF,
    0x10000, 0x100000, 0x2000000, 0x10000000, 0x7FFFFFFF, 0x7FFFFFFE, 0x80000000, 0x80000001,
    0x80000002, 0x80001000, 0x83FFFFF8, 0x84000000, 0x87FFFFF8, 0x87FFFFFC, 0x88000000,
    0xD0580000, 0xEE000000, 0xF0040000, 0xF00C0000, 0xFFFFFFF8, 0xFFFFFFFC, 0xFFFFFFFF,
    0x100000000, 0x7FFFFFFFFFFFFFFF, 0x8000000000000000, 0xFFFFFFFFFFFFFFF8, 0xFFFFFFFFFFFFFFFF,
]


class Elf:
    """Just enough of an ELF file to find and patch its headers and symbols."""

    def __init__(self, data):
        self.data = bytearray(data)
        self.ok = len(data) >= 52 and data[:4] == b"\x7fELF" and data[4] in (1, 2) and data[5] == 1
        if not self.ok:
            return
        self.is64 = data[4] == 2
        # field name -> (offset, size) in the ELF header
        if self.is64:
            self.eh = {"e_type": (16, 2), "e_machine": (18, 2), "e_version": (20, 4),
                       "e_entry": (24, 8), "e_phoff": (32, 8), "e_shoff": (40, 8),
                       "e_flags": (48, 4), "e_ehsize": (52, 2), "e_phentsize": (54, 2),
                       "e_phnum": (56, 2), "e_shentsize": (58, 2), "e_shnum": (60, 2),
                       "e_shstrndx": (62, 2)}
            self.ph = {"p_type": (0, 4), "p_flags": (4, 4), "p_offset": (8, 8), "p_vaddr": (16, 8),
                       "p_paddr": (24, 8), "p_filesz": (32, 8), "p_memsz": (40, 8), "p_align": (48, 8)}
            self.sh = {"sh_name": (0, 4), "sh_type": (4, 4), "sh_flags": (8, 8), "sh_addr": (16, 8),
                       "sh_offset": (24, 8), "sh_size": (32, 8), "sh_link": (40, 4), "sh_info": (44, 4),
                       "sh_addralign": (48, 8), "sh_entsize": (56, 8)}
            self.st = {"st_name": (0, 4), "st_info": (4, 1), "st_other": (5, 1), "st_shndx": (6, 2),
                       "st_value": (8, 8), "st_size": (16, 8)}
        else:
            self.eh = {"e_type": (16, 2), "e_machine": (18, 2), "e_version": (20, 4),
                       "e_entry": (24, 4), "e_phoff": (28, 4), "e_shoff": (32, 4),
                       "e_flags": (36, 4), "e_ehsize": (40, 2), "e_phentsize": (42, 2),
                       "e_phnum": (44, 2), "e_shentsize": (46, 2), "e_shnum": (48, 2),
                       "e_shstrndx": (50, 2)}
            self.ph = {"p_type": (0, 4), "p_offset": (4, 4), "p_vaddr": (8, 4), "p_paddr": (12, 4),
                       "p_filesz": (16, 4), "p_memsz": (20, 4), "p_flags": (24, 4), "p_align": (28, 4)}
            self.sh = {"sh_name": (0, 4), "sh_type": (4, 4), "sh_flags": (8, 4), "sh_addr": (12, 4),
                       "sh_offset": (16, 4), "sh_size": (20, 4), "sh_link": (24, 4), "sh_info": (28, 4),
                       "sh_addralign": (32, 4), "sh_entsize": (36, 4)}
            self.st = {"st_name": (0, 4), "st_value": (4, 4), "st_size": (8, 4), "st_info": (12, 1),
                       "st_other": (13, 1), "st_shndx": (14, 2)}

    def get(self, off, size):
        if off < 0 or off + size > len(self.data):
            return None
        return int.from_bytes(self.data[off:off + size], "little")

    def put(self, off, size, value):
        if 0 <= off and off + size <= len(self.data):
            self.data[off:off + size] = (value & ((1 << (8 * size)) - 1)).to_bytes(size, "little")

    def header(self, name):
        return self.get(*self.eh[name])

    def table(self, kind):
        """Offsets of the entries of the program (kind "ph") or section ("sh") header table."""
        off = self.header("e_phoff" if kind == "ph" else "e_shoff")
        size = self.header("e_phentsize" if kind == "ph" else "e_shentsize")
        num = self.header("e_phnum" if kind == "ph" else "e_shnum")
        if not off or not size or not num:
            return []
        return [off + i * size for i in range(min(num, 256)) if off + (i + 1) * size <= len(self.data)]

    def loads(self):
        """(file offset, file size) of each PT_LOAD segment."""
        out = []
        for e in self.table("ph"):
            if self.get(e + self.ph["p_type"][0], 4) == 1:
                off = self.get(e + self.ph["p_offset"][0], self.ph["p_offset"][1])
                size = self.get(e + self.ph["p_filesz"][0], self.ph["p_filesz"][1])
                if off is not None and size and off + size <= len(self.data):
                    out.append((off, size))
        return out

    def symbols(self):
        """(entry offset, name) of every symbol of the first symbol table."""
        shs = self.table("sh")
        for e in shs:
            if self.get(e + self.sh["sh_type"][0], 4) != 2:  # SHT_SYMTAB
                continue
            off = self.get(e + self.sh["sh_offset"][0], self.sh["sh_offset"][1])
            size = self.get(e + self.sh["sh_size"][0], self.sh["sh_size"][1])
            ent = self.get(e + self.sh["sh_entsize"][0], self.sh["sh_entsize"][1])
            link = self.get(e + self.sh["sh_link"][0], 4)
            if not ent or link is None or link >= len(shs):
                return []
            stroff = self.get(shs[link] + self.sh["sh_offset"][0], self.sh["sh_offset"][1]) or 0
            out = []
            for i in range(1, min(size // ent, 4096)):
                s = off + i * ent
                if s + ent > len(self.data):
                    break
                n = stroff + (self.get(s + self.st["st_name"][0], 4) or 0)
                end = self.data.find(b"\0", n) if n < len(self.data) else -1
                out.append((s, bytes(self.data[n:end]).decode("latin-1") if end > n else ""))
            return out
        return []


# The first cases, one per input file, move tohost to these addresses (top of the address
# space, past the end of RAM): then the random cases follow.
TOHOST_TARGETS = [0xFFFFFFFFFFFFFFF8, 0xFFFFFFF8, 0x87FFFFFC, 0x83FFFFFC, 0xFFFFFFFFFFFFFFFF]


def move_tohost(data, addr):
    elf = Elf(data)
    if not elf.ok:
        return data, "unchanged"
    for ent, name in elf.symbols():
        if name == "tohost":
            off, size = elf.st["st_value"]
            elf.put(ent + off, size, addr)
            return bytes(elf.data), f"symbol tohost.st_value=0x{addr & ((1 << (8 * size)) - 1):x}"
    return data, "unchanged (no tohost)"


def value(rng, size):
    v = rng.choice(INTERESTING) if rng.random() < 0.8 else rng.getrandbits(8 * size)
    if rng.random() < 0.2:
        v += rng.choice([-8, -4, -2, -1, 1, 2, 4, 8])
    return v & ((1 << (8 * size)) - 1)


def mutate(rng, data):
    """Damages a copy of data; returns it and a description of what was done."""
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        elf = Elf(data)
        kind = rng.choice(["header", "phdr", "phdr", "shdr", "symbol", "symbol", "truncate",
                           "bytes", "code", "code"])
        if not elf.ok:
            kind = rng.choice(["truncate", "bytes"])
        if kind == "header":
            name = rng.choice(sorted(elf.eh))
            off, size = elf.eh[name]
            v = value(rng, size)
            elf.put(off, size, v)
            done.append(f"{name}=0x{v:x}")
        elif kind in ("phdr", "shdr"):
            entries = elf.table("ph" if kind == "phdr" else "sh")
            fields = elf.ph if kind == "phdr" else elf.sh
            if not entries:
                continue
            i = rng.randrange(len(entries))
            name = rng.choice(sorted(fields))
            off, size = fields[name]
            v = value(rng, size)
            elf.put(entries[i] + off, size, v)
            done.append(f"{kind}[{i}].{name}=0x{v:x}")
        elif kind == "symbol":
            syms = elf.symbols()
            if not syms:
                continue
            # mostly the HTIF symbols, whose addresses pmusim acts on
            htif = [s for s in syms if s[1] in ("tohost", "fromhost")]
            special = [s for s in syms if s[1] in ("_start", "main")]
            r = rng.random()
            ent, name = rng.choice(htif if htif and r < 0.5 else special if special and r < 0.7 else syms)
            field = rng.choice(["st_value"] * 5 + ["st_size", "st_shndx", "st_info"])
            off, size = elf.st[field]
            v = value(rng, size)
            elf.put(ent + off, size, v)
            done.append(f"symbol {name or '?'}.{field}=0x{v:x}")
        elif kind == "truncate":
            n = rng.randrange(len(data)) if data else 0
            elf.data = elf.data[:n]
            done.append(f"truncate to {n}")
        elif kind == "bytes":
            if not data:
                continue
            n = rng.choice([1, 2, 4, 8])
            at = rng.randrange(max(1, len(data) - n))
            elf.data[at:at + n] = bytes(rng.getrandbits(8) for _ in range(n))
            done.append(f"{n} random bytes at {at}")
        else:  # code and data of a loaded segment
            loads = elf.loads()
            if not loads:
                continue
            off, size = rng.choice(loads)
            n = rng.choice([1, 2, 4, 4, 16])
            at = off + rng.randrange(max(1, size - n))
            elf.data[at:at + n] = bytes(rng.getrandbits(8) for _ in range(n))
            done.append(f"{n} random bytes at {at} (segment at {off})")
        data = bytes(elf.data)
    return data, "; ".join(done) or "unchanged"


def machine_of(path):
    base = os.path.basename(path)
    for tag, machine in (("virt32", "virt32"), ("virt64", "virt64"), ("veer", "veer-el2")):
        if tag in base:
            return machine
    return "virt32"


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout.decode("latin-1"), p.stderr.decode("latin-1")
    except subprocess.TimeoutExpired:
        return None, "", ""


def guest_exited(args, path, machine, json_path):
    """Runs the case under `pmusim stat --json`: True if the guest itself ended the run."""
    status, _, _ = run([args.pmusim, "stat", "-M", machine, "--max-insns", str(args.max_insns), "-q",
                        "-e", "instructions", "--json", "-o", json_path, path], args.timeout)
    try:
        with open(json_path) as f:
            return status is not None and json.load(f).get("stop") == "exit"
    except (OSError, ValueError):
        return False
    finally:
        if os.path.exists(json_path):
            os.unlink(json_path)


def check(args, path, machine, status, err):
    """What is wrong with this outcome, or None."""
    if status is None:
        return f"no end within {args.timeout} s"
    if status < 0:
        return f"killed by signal {-status}"
    if SANITIZER.search(err):
        return "sanitizer report"
    # the warning that the program's machine note names another machine than -M comes first
    err = "".join(l + "\n" for l in err.splitlines() if not NOTE_WARNING.match(l))
    lines = [l for l in err.splitlines() if l.startswith("pmusim: ")]
    own = None
    if status == 126:
        if len(err.splitlines()) == 1 and err.startswith(f"pmusim: {path}: "):
            return None
        own = "126 without exactly one line 'pmusim: PATH: ...'"
    elif status == 124:
        if f"pmusim: stopped after {args.max_insns} instructions (--max-insns)" in lines:
            return None
        own = "124 without 'stopped after M instructions'"
    elif status == 123:
        if any(l.startswith("pmusim: guest cannot continue: ") for l in lines):
            return None
        own = "123 without 'guest cannot continue'"
    elif status == 125:
        if lines:
            return None
        own = "125 without a message"
    elif status == 130:
        own = "130 (interrupted) without a Ctrl-C"
    elif status >= 128:
        own = f"exit status {status}"
    elif lines and any("internal error" in l for l in lines):
        return "internal error"
    if own is None:
        return None
    # Any status may be the guest's own exit code: then the run did end by the guest.
    if guest_exited(args, path, machine, path + ".json"):
        return None
    return own


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pmusim", required=True)
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-insns", type=int, default=20000)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--work", default="fuzz-work")
    ap.add_argument("--case", type=int, default=None, help="run only this case")
    ap.add_argument("elfs", nargs="+")
    args = ap.parse_args()

    inputs = sorted(args.elfs)
    originals = {}
    for p in inputs:
        with open(p, "rb") as f:
            originals[p] = f.read()
    os.makedirs(args.work, exist_ok=True)
    rng = random.Random(args.seed)
    failures = 0
    statuses = {}
    for k in range(args.cases):
        src = inputs[k % len(inputs)]
        if k < len(inputs):
            data, what = move_tohost(originals[src], TOHOST_TARGETS[k % len(TOHOST_TARGETS)])
        else:
            data, what = mutate(rng, originals[src])
        machine = machine_of(src)
        if rng.random() < 0.1:
            machine = rng.choice(["virt32", "virt64", "veer-el2"])
        use_stat = rng.random() < 0.3
        if args.case is not None and k != args.case:
            continue
        path = os.path.join(args.work, f"case-{k}.elf")
        with open(path, "wb") as f:
            f.write(data)
        cmd = [args.pmusim]
        cmd += ["stat", "-x", ",", "-e", "instructions"] if use_stat else ["run"]
        cmd += ["-M", machine, "--max-insns", str(args.max_insns), path]
        status, _, err = run(cmd, args.timeout)
        problem = check(args, path, machine, status, err)
        statuses[status] = statuses.get(status, 0) + 1
        if problem:
            failures += 1
            print(f"FAIL case {k}: {problem}")
            print(f"  input:    {src}: {what}")
            print(f"  command:  {' '.join(cmd)}")
            print(f"  stderr:   {err.strip()[:2000]}")
        else:
            os.unlink(path)
    summary = ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items(), key=lambda x: (x[0] is None, x[0] or 0)))
    ran = args.cases if args.case is None else 1
    print(f"elf_mutate: {ran} cases (seed {args.seed}), {failures} failed; exit statuses {summary}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
