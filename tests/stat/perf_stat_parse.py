#!/usr/bin/env python3
"""A perf-stat output reader, as a script written for `perf stat` would be (label "stat").

Written from perf's documented formats (perf-stat(1), "CSV FORMAT"; Linux perf 6.1 as Debian 12
ships it, checked against /usr/bin/perf where it is installed):

  CSV (-x SEP), one line per event:
      [TIMESTAMP SEP] [CPUn SEP] VALUE SEP UNIT SEP EVENT SEP [VARIANCE% SEP] RUNTIME SEP
      PERCENT SEP METRIC-VALUE SEP METRIC-UNIT
    (the variance only with -r; perf 6.1 prints it after the event name), and further metrics of an
    event on lines whose other fields are empty.
  JSON (-j), one object per line: "counter-value" (a string), "unit", "event", "event-runtime",
    "pcnt-running", "metric-value", "metric-unit"; with -r "variance", with -I "interval", with -A
    "cpu"; further metrics as objects with the metric keys only.

  perf_stat_parse.py PMUSIM csv|json [--status N] [--interval] [--per-hart] [--runs N]
                     [--expect EVENT=VALUE]... [--expect-cpu CPU:EVENT=VALUE]...
                     [--metric EVENT=VALUE=UNIT]... -- STAT ARGS...

runs `PMUSIM stat -x, -o FILE STAT ARGS` (or --json), reads every line as a perf script would, and
checks: every line parses; --expect: the value of each named event (with -I: the sum over the
intervals; with --per-hart: over the harts), --expect-cpu: one hart's value; --metric: a metric of
the event, to 0.01; --runs: every event has a variance; --interval: increasing timestamps.
Where perf is installed, the same reader must also read perf's own output (the reader is perf's).
"""
import json
import os
import subprocess
import sys
import tempfile


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def parse_csv(line, sep, interval, per_cpu):
    f = line.split(sep)
    rec = {}
    if interval:
        rec["interval"] = float(f.pop(0))
    if per_cpu:
        cpu = f.pop(0)
        if not cpu.startswith("CPU"):
            raise ValueError("no CPU field")
        rec["cpu"] = int(cpu[3:])
    if len(f) not in (7, 8):
        raise ValueError("%d fields after the prefix, perf has 7 (8 with -r)" % len(f))
    value, unit, event = f[0], f[1], f[2]
    rest = f[3:]
    if len(f) == 8:
        if not rest[0].endswith("%"):
            raise ValueError("variance field %r" % rest[0])
        rec["variance"] = float(rest[0][:-1])
        rest = rest[1:]
    if value == "" and event == "":   # a further metric of the event before
        rec["metric-value"] = float(rest[2])
        rec["metric-unit"] = rest[3]
        return rec
    rec["counter-value"] = None if value.startswith("<") else float(value)
    rec["unit"] = unit
    rec["event"] = event
    rec["event-runtime"] = int(rest[0])
    rec["pcnt-running"] = float(rest[1])
    rec["metric-value"] = float(rest[2]) if rest[2] else None
    rec["metric-unit"] = rest[3]
    return rec


def parse_json(line):
    d = json.loads(line)
    if not isinstance(d, dict):
        raise ValueError("not an object")
    if "counter-value" not in d:
        if set(d) - {"metric-value", "metric-unit", "interval", "cpu"}:
            raise ValueError("a metric line with other keys")
        return d
    for key, kind in (("counter-value", str), ("unit", str), ("event", str),
                      ("event-runtime", int), ("pcnt-running", (int, float))):
        if not isinstance(d.get(key), kind):
            raise ValueError("key %r missing or not %s" % (key, kind))
    d["counter-value"] = None if d["counter-value"].startswith("<") else float(d["counter-value"])
    if "cpu" in d:
        d["cpu"] = int(d["cpu"])
    return d


def read(text, fmt, interval, per_cpu):
    recs = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        try:
            recs.append(parse_csv(line, ",", interval, per_cpu) if fmt == "csv" else parse_json(line))
        except (ValueError, IndexError) as e:
            fail("cannot read line %r: %s" % (line, e))
    return recs


def perf_peer():
    """The reader must read real perf's output too: it is a perf reader, not a pmusim one."""
    try:
        for fmt, args in (("csv", ["-x,"]), ("json", ["-j"])):
            p = subprocess.run(["perf", "stat"] + args + ["-r", "2", "-e", "task-clock", "true"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               universal_newlines=True, timeout=60)
            lines = [l for l in p.stderr.splitlines() if l.strip()]
            if p.returncode != 0 or not lines:
                print("note: perf stat did not run here (%d); peer check left out" % p.returncode)
                return
            recs = read("\n".join(lines), fmt, False, False)
            if not any(r.get("event") == "task-clock" and "variance" in r for r in recs):
                fail("the reader does not find perf's own task-clock line: %r" % lines)
            print("peer: perf stat %s output read: %s" % (fmt, lines[0]))
    except FileNotFoundError:
        print("note: perf is not installed; the reader was checked against pmusim only")


def main():
    argv = sys.argv[1:]
    if "--" not in argv or len(argv) < 3:
        fail(__doc__)
    sep = argv.index("--")
    opts, stat_args = argv[:sep], argv[sep + 1:]
    pmusim, fmt = opts[0], opts[1]
    status, interval, per_cpu, runs = 0, False, False, 1
    expect, expect_cpu, metrics = [], [], []
    i = 2
    while i < len(opts):
        o = opts[i]
        if o == "--status":
            status = int(opts[i + 1]); i += 2
        elif o == "--interval":
            interval = True; i += 1
        elif o == "--per-hart":
            per_cpu = True; i += 1
        elif o == "--runs":
            runs = int(opts[i + 1]); i += 2
        elif o == "--expect":
            e, v = opts[i + 1].rsplit("=", 1); expect.append((e, float(v))); i += 2
        elif o == "--expect-cpu":
            c, ev = opts[i + 1].split(":", 1); e, v = ev.rsplit("=", 1)
            expect_cpu.append((int(c), e, float(v))); i += 2
        elif o == "--metric":
            e, v, u = opts[i + 1].split("=", 2); metrics.append((e, float(v), u)); i += 2
        else:
            fail("unknown option " + o)

    perf_peer()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "counts")
        cmd = [pmusim, "stat", "-x," if fmt == "csv" else "--json", "-o", out] + stat_args
        print("command: " + " ".join(cmd))
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
        print("exit status: %d" % p.returncode)
        if p.stderr:
            print("--- stderr:\n" + p.stderr[:3000])
        text = open(out).read() if os.path.exists(out) else ""
    print("--- counts:\n" + text[:6000])
    if p.returncode != status:
        fail("exit status %d, expected %d" % (p.returncode, status))
    recs = read(text, fmt, interval, per_cpu)
    events = [r for r in recs if "event" in r]
    if not events:
        fail("no counts")
    for r in events:
        if r["pcnt-running"] != 100.0 or r["event-runtime"] <= 0 or r["unit"] != "":
            fail("line %r: expected pcnt-running 100, a positive run time, no unit" % r)
        if per_cpu != ("cpu" in r) or interval != ("interval" in r):
            fail("line %r: CPU or interval field where not expected, or missing" % r)
        if (runs > 1) != ("variance" in r):
            fail("line %r: variance field %s" % (r, "missing" if runs > 1 else "unexpected"))
        if runs > 1 and r["variance"] != 0.0:
            fail("line %r: the runs of a deterministic simulator differ" % r)
    if interval:
        stamps = sorted({r["interval"] for r in events})
        if [r["interval"] for r in events] != sorted(r["interval"] for r in events) or len(stamps) < 2:
            fail("interval timestamps not increasing, or a single interval: %r" % stamps)
    for e, v in expect:
        got = sum(r["counter-value"] for r in events if r["event"] == e)
        if not any(r["event"] == e for r in events) or got != v:
            fail("event %s: %s, expected %s" % (e, got, v))
    for c, e, v in expect_cpu:
        got = [r["counter-value"] for r in events if r["event"] == e and r["cpu"] == c]
        if got != [v]:
            fail("CPU%d %s: %r, expected %s" % (c, e, got, v))
    for e, v, u in metrics:
        found = False
        for k, r in enumerate(recs):
            if r.get("event") != e:
                continue
            group = [r] + [x for x in recs[k + 1:k + 8] if "event" not in x]
            for x in group:
                if x.get("metric-unit") == u and x.get("metric-value") is not None:
                    if abs(x["metric-value"] - v) > 0.01:
                        fail("metric %s of %s: %s, expected %s" % (u, e, x["metric-value"], v))
                    found = True
        if not found:
            fail("no metric %r on the lines of %s" % (u, e))
    print("--- %d lines read as perf's, as expected" % len(recs))


if __name__ == "__main__":
    main()
