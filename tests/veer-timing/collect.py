#!/usr/bin/env python3
"""Turns the console output of the measurement programs into CSV rows.

    collect.py PROGRAM=OUTPUT.txt ...  > rtl-data.csv

OUTPUT.txt is what a run printed: the VeeR EL2 RTL testbench's console (its "[<time> ns] "
prefixes are dropped) or `pmusim run`'s standard output. One row per case, pass and event:
program,case,pass,mcycle,minstret,event,count. A program that is not a measurement program
(no "@" lines) gives one row with the testbench's final "minstret = N, mcycle = M" line, with
case "-", pass 0, event 0, count 0."""
import re
import sys

PREFIX = re.compile(r"^\[\d+ ns\] ?")
FINISHED = re.compile(r"minstret = (\d+), mcycle = (\d+)")


def rows(program, text):
    out = []
    finished = None
    for line in text.splitlines():
        line = PREFIX.sub("", line)
        m = FINISHED.search(line)
        if m:
            finished = (int(m.group(2)), int(m.group(1)))
        if not line.startswith("@"):
            continue
        f = line[1:].split(",")
        if len(f) != 12:
            continue
        case, p, cyc, ins = f[0], int(f[1]), int(f[2]), int(f[3])
        for k in range(4):
            out.append((program, case, p, cyc, ins, int(f[4 + 2 * k]), int(f[5 + 2 * k])))
    if not out and finished:
        out.append((program, "-", 0, finished[0], finished[1], 0, 0))
    return out


def main(argv):
    print("program,case,pass,mcycle,minstret,event,count")
    for arg in argv:
        program, path = arg.split("=", 1)
        with open(path, errors="replace") as f:
            for r in rows(program, f.read()):
                print(",".join(str(x) for x in r))


if __name__ == "__main__":
    main(sys.argv[1:])
