#!/usr/bin/env python3
"""Checks the JSON that pmusim writes (label "stat").

  check_json.py list PMUSIM MACHINE CODE... [--name EVENTNAME=0xCODE]...
      `pmusim list --json` is a perf pmu-events array with one entry per given code (in order),
      each with EventName, EventCode, BriefDescription and PublicDescription; approximated events
      (as `pmusim list` shows them) say so in PublicDescription, never in BriefDescription; no
      EventName is one of perf's generic events; metrics have MetricName and MetricExpr.
  (`pmusim stat` output is checked by perf_stat_parse.py.)
"""
import json
import re
import subprocess
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def run(cmd):
    print("command: " + " ".join(cmd))
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    print("exit status: %d" % p.returncode)
    if p.stderr:
        print("--- stderr:\n" + p.stderr[:4000])
    return p


def list_accuracy(pmusim, machine):
    """code -> True if `pmusim list` shows the event as approximated."""
    p = run([pmusim, "list", "-M", machine])
    rows = {}
    for line in p.stdout.splitlines():
        m = re.match(r"^ *([0-9]+) +0x[0-9a-f]+ +[a-z0-9-]+ +(exact|approx\.) ", line)
        if m:
            rows[int(m.group(1))] = m.group(2) == "approx."
    return rows


def check_list(pmusim, machine, args):
    codes, names = [], {}
    i = 0
    while i < len(args):
        if args[i] == "--name":
            n, c = args[i + 1].split("=")
            names[n] = c
            i += 2
        else:
            codes.append(int(args[i]))
            i += 1
    p = run([pmusim, "list", "-M", machine, "--json"])
    if p.returncode != 0:
        fail("exit status %d" % p.returncode)
    try:
        d = json.loads(p.stdout)
    except ValueError as e:
        print(p.stdout[:4000])
        fail("not JSON: %s" % e)
    if not isinstance(d, list):
        fail("not a JSON array")
    approx = list_accuracy(pmusim, machine)
    got = []
    metrics = [ev for ev in d if isinstance(ev, dict) and "MetricName" in ev]
    for m in metrics:
        for key in ("MetricName", "MetricExpr", "BriefDescription"):
            if not isinstance(m.get(key), str) or not m[key]:
                fail("metric %r: %s missing or empty" % (m, key))
    d = [ev for ev in d if not (isinstance(ev, dict) and "MetricName" in ev)]
    generic = {"CYCLES", "CPU_CYCLES", "INSTRUCTIONS", "CACHE_REFERENCES", "CACHE_MISSES", "BRANCHES",
               "BRANCH_INSTRUCTIONS", "BRANCH_MISSES", "BUS_CYCLES", "REF_CYCLES",
               "STALLED_CYCLES_FRONTEND", "STALLED_CYCLES_BACKEND"}
    for ev in d:
        if not isinstance(ev, dict):
            fail("entry %r is not an object" % ev)
        if ev.get("EventName") in generic:
            fail("EventName %r shadows perf's generic event of that name" % ev["EventName"])
        if "pmusim" in ev.get("BriefDescription", "") or "pprox" in ev.get("BriefDescription", ""):
            fail("entry %r: an approximation note in BriefDescription" % ev)
        for key in ("EventName", "EventCode", "BriefDescription", "PublicDescription"):
            if not isinstance(ev.get(key), str) or not ev[key]:
                fail("entry %r: %s missing or empty" % (ev, key))
        if not re.fullmatch(r"[A-Z0-9_]+", ev["EventName"]):
            fail("EventName %r is not upper case with underscores" % ev["EventName"])
        if not re.fullmatch(r"0x[0-9a-f]+", ev["EventCode"]):
            fail("EventCode %r is not 0x-hex" % ev["EventCode"])
        code = int(ev["EventCode"], 16)
        got.append(code)
        if approx.get(code):
            if "pmusim" not in ev["PublicDescription"] or ev["PublicDescription"] == ev["BriefDescription"]:
                fail("entry %r: approximated, but PublicDescription does not say so" % ev)
        elif ev["PublicDescription"] != ev["BriefDescription"]:
            fail("entry %r: exact, but PublicDescription differs" % ev)
    if got != codes:
        fail("EventCodes %r, expected %r" % (got, codes))
    by_name = {ev["EventName"]: ev["EventCode"] for ev in d}
    for n, c in names.items():
        if by_name.get(n) != c:
            fail("%s has EventCode %r, expected %r" % (n, by_name.get(n), c))
    print("--- %d events and %d metrics, as expected" % (len(d), len(metrics)))


def main():
    if len(sys.argv) < 4:
        fail(__doc__)
    mode, pmusim, machine = sys.argv[1:4]
    if mode == "list":
        check_list(pmusim, machine, sys.argv[4:])
    else:
        fail("unknown mode " + mode)
    print("--- as expected")


if __name__ == "__main__":
    main()
