#!/usr/bin/env python3
"""Compares pmusim with the VeeR EL2 RTL's numbers (rtl-data.csv) on the measurement programs.

    compare.py --pmusim PMUSIM --guests DIR --data rtl-data.csv [--programs P,...] [--group G]
               [--known CASE,...] [--table [--baseline PMUSIM2]] [--machine-opts OPTS]
               [--save FILE | --sim FILE]

Runs `pmusim run -M veer-el2[,OPTS] DIR/<program>.elf` for every program of the data, and compares
per case: mcycle (the mean over the passes), and each event of group G. Groups and tolerances:

    mcycle    mcycle                                3% per case (examples: whole run)
    predict   25 (mispredicts)                      10% or 5 counts
    icache    3 (misses), 42 (I-bus transactions)   10% or 5 counts
    dbus      43 (D-bus transactions)               10% or 5 counts
    busy      48 (D-bus busy cycles)                10% or 5 counts
    hits      2 (I-cache hits)                      10% or 5 counts
    fetch     28 (fetch-stall cycles)               10% or 5 counts
    sbwb      34 (sb-wb-stall cycles)               10% or 5 counts
    exact     4, 24 (instruction-level)             exact
    all       every event the data holds            10% or 5 counts (--slack), and the mean
                                                    absolute mcycle error (MAPE) at most
                                                    --max-mape (default 5%); --skip-events
                                                    E,... leaves events out (reported as such)

The absolute slack of 5 counts covers the measuring sequence itself (the indirect call of the
case and its return, the counter start and stop), which the RTL and pmusim treat slightly
differently. --known names cases (program:case) that are known to be outside the tolerance
(docs/pmu-veer-el2.md lists them and why): they are reported and must still be outside it, so
that a fixed difference is noticed and taken off the list; program:case@E names one event E of
a case only.

--summary prints, instead of checking, per event the RTL's and pmusim's totals over the cases,
the error of the total, the worst case and how many cases are outside 10% or 5 counts, and the
mcycle MAPE over the cases (the report of docs/pmu-veer-el2.md, for the calibration data and the
held-out data alike).

Exits 0 if every compared number is within its tolerance (and every known case outside), 1 if
not, 77 (skipped) if a program is missing. The runs are the same for every group: --save FILE
only runs pmusim and writes what it measured to FILE (no comparison), and --sim FILE compares
those numbers instead of running pmusim (the ctest fixture veer-timing.run, then one test per
group); a missing FILE means the runs were skipped (77). --table prints a Markdown table instead of checking
(the one in docs/pmu-veer-el2.md; --table-events E,... picks the event columns), with the numbers of another pmusim build (--baseline: e.g. one
without the timing model) next to this one's."""
import argparse
import collections
import csv
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import collect  # noqa: E402

GROUPS = {
    "mcycle": ([], 0.03, 0),
    "predict": ([25], 0.10, 5),
    "icache": ([3, 42], 0.10, 5),
    "dbus": ([43], 0.10, 5),
    "busy": ([48], 0.10, 5),
    "hits": ([2], 0.10, 5),
    "fetch": ([28], 0.10, 5),
    "sbwb": ([34], 0.10, 5),
    "exact": ([4, 24], 0.0, 0),
    "all": (None, 0.10, 5),  # None: every event of the case
}


def load(rows):
    """{(program, case): {"mcycle": mean, "minstret": n, event: count}}"""
    cases = collections.OrderedDict()
    cyc = collections.defaultdict(list)
    for r in rows:
        program, case, p, mcycle, minstret, ev, count = r
        key = (program, case)
        d = cases.setdefault(key, {})
        if ev not in d or True:
            d[int(ev)] = int(count)
        d["minstret"] = int(minstret)
        cyc[key].append(int(mcycle))
    for key, v in cyc.items():
        # one mcycle per pass (each pass has 4 rows with the same mcycle)
        passes = v[::4] if len(v) >= 4 else v
        cases[key]["mcycle"] = sum(passes) / len(passes)
    return cases


def whole_run(program):
    return program.startswith("ex-") or program.startswith("vt-coremark")


def run_pmusim(pmusim, guests, program, elf_name, opts):
    elf = os.path.join(guests, elf_name + ".elf")
    if not os.path.exists(elf):
        return None
    m = "veer-el2" + ("," + opts if opts else "")
    if whole_run(program):
        # whole program: pmusim's own count of cycles and instructions at the end
        res = subprocess.run([pmusim, "stat", "-M", m, "-x", ",", "-e", "cycles,instructions", elf],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        vals = {}
        for line in res.stderr.splitlines():
            f = line.split(",")
            if len(f) >= 3 and f[0].isdigit():
                vals[f[2]] = int(f[0])
        return [(program, "-", 0, vals.get("cycles", 0), vals.get("instructions", 0), 0, 0)]
    res = subprocess.run([pmusim, "run", "-M", m, elf], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    return collect.rows(program, res.stdout)


def err(a, b):
    return (b - a) / a if a else (0.0 if b == 0 else float("inf"))


def mape(rtl, sim):
    """The mean absolute relative mcycle error over the cases pmusim ran."""
    errs = [abs(err(r["mcycle"], sim[k]["mcycle"])) for k, r in rtl.items() if k in sim]
    return sum(errs) / len(errs) if errs else 0.0


def summary(rtl, sim, tol=0.10, slack=5):
    totals = collections.OrderedDict()
    for key, r in rtl.items():
        s = sim.get(key, {})
        for e in sorted(k for k in r if isinstance(k, int)):
            t = totals.setdefault(e, [0, 0, 0, None])
            want, got = r[e], s.get(e, 0)
            t[0] += want
            t[1] += got
            if abs(got - want) > max(tol * abs(want), slack):
                t[2] += 1
            if t[3] is None or abs(got - want) > abs(t[3][1] - t[3][0]):
                t[3] = (want, got, key[1])
    print(f"{len(rtl)} cases; mcycle MAPE {100 * mape(rtl, sim):.2f}%")
    print("event  RTL total  pmusim total  error  outside  worst case (RTL, pmusim)")
    for e, (want, got, n_bad, worst) in totals.items():
        if e == 0:
            continue
        w = f"{worst[2]} ({worst[0]}, {worst[1]})" if worst and worst[0] != worst[1] else "-"
        print(f"{e:5d}  {want:9d}  {got:12d}  {100 * err(want, got):+6.1f}%  {n_bad:7d}  {w}")
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pmusim", default="")
    ap.add_argument("--guests", default="")
    ap.add_argument("--data", required=True)
    ap.add_argument("--programs", default="")
    ap.add_argument("--group", default="mcycle")
    ap.add_argument("--table", action="store_true")
    ap.add_argument("--known", default="")
    ap.add_argument("--baseline", default="")
    ap.add_argument("--machine-opts", default="")
    ap.add_argument("--save", default="")
    ap.add_argument("--sim", default="")
    ap.add_argument("--summary", action="store_true")
    ap.add_argument("--slack", type=float, default=None)
    ap.add_argument("--max-mape", type=float, default=0.05)
    ap.add_argument("--skip-events", default="")
    ap.add_argument("--table-events", default="25,3,42,43,48")
    a = ap.parse_args()
    if bool(a.sim) == bool(a.pmusim and a.guests):
        ap.error("give either --pmusim and --guests, or --sim")
    if a.save:
        # a file of an earlier run must not stand for this one if this one stops or skips
        if os.path.exists(a.save):
            os.remove(a.save)

    with open(a.data) as f:
        rd = list(csv.reader(f))[1:]
    rtl = load(rd)
    programs = [p for p in collections.OrderedDict((r[0], 1) for r in rd)]
    if a.programs:
        programs = [p for p in programs if p in a.programs.split(",")]
        rtl = collections.OrderedDict((k, v) for k, v in rtl.items() if k[0] in programs)
    sim, base = {}, {}
    sim_rows = []
    if a.sim:
        if not os.path.exists(a.sim):
            print(f"SKIP: {a.sim} does not exist (the pmusim runs were skipped)")
            return 77
        with open(a.sim) as f:
            sim_rows = list(csv.reader(f))[1:]
        sim.update(load([r for r in sim_rows if r[0] in programs]))
    for p in programs:
        elf_name = p[3:] + "-veer" if p.startswith("ex-") else p
        for binary, out in ((a.pmusim if not a.sim else "", sim), (a.baseline, base)):
            if not binary:
                continue
            rows = run_pmusim(binary, a.guests, p, elf_name, a.machine_opts)
            if rows is None:
                print(f"SKIP: {elf_name}.elf not built")
                return 77
            rows = [(p,) + tuple(r[1:]) for r in rows]
            if out is sim:
                sim_rows += rows
            out.update(load(rows))
    if a.save:
        with open(a.save + ".new", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["program", "case", "pass", "mcycle", "minstret", "event", "count"])
            w.writerows(sim_rows)
        os.replace(a.save + ".new", a.save)
        print(f"{len(sim_rows)} rows of {len(programs)} programs written to {a.save}")
        return 0

    if a.summary:
        return summary(rtl, sim)
    events, tol, slack = GROUPS[a.group]
    if a.slack is not None:
        slack = a.slack
    skip = set(int(e) for e in a.skip_events.split(",") if e)
    if skip:
        print("not checked: events " + ", ".join(str(e) for e in sorted(skip)))
    known = set(k for k in a.known.split(",") if k)
    bad = 0
    table_events = [int(e) for e in a.table_events.split(",") if e]
    if a.table:
        hdr = ["case", "RTL mcycle"]
        hdr += ["before", "error"] if a.baseline else []
        hdr += ["pmusim", "error"]
        for e in table_events:
            hdr += [f"RTL {e}"] + (["before"] if a.baseline else []) + ["pmusim"]
        print("| " + " | ".join(hdr) + " |")
        print("|" + "---|" * len(hdr))
    for key, r in rtl.items():
        s = sim.get(key)
        name = key[0] + ":" + key[1] if key[1] != "-" else key[0]
        if s is None:
            print(f"{name}: missing in pmusim's output")
            bad += 1
            continue
        if a.table:
            bs = base.get(key, {})
            cells = [name, f"{r['mcycle']:.0f}"]
            if a.baseline:
                cells += [f"{bs.get('mcycle', 0):.0f}", f"{100 * err(r['mcycle'], bs.get('mcycle', 0)):+.1f}%"]
            cells += [f"{s['mcycle']:.0f}", f"{100 * err(r['mcycle'], s['mcycle']):+.1f}%"]
            for e in table_events:
                cells += [str(r.get(e, "-"))] + ([str(bs.get(e, "-"))] if a.baseline else []) + [str(s.get(e, "-"))]
            print("| " + " | ".join(cells) + " |")
            continue
        checks = [("mcycle", r["mcycle"], s["mcycle"])] if a.group == "mcycle" else []
        for e in events if events is not None else sorted(k for k in r if isinstance(k, int) and k not in skip):
            if e in r:
                checks.append((f"event {e}", r[e], s.get(e, 0)))
        for what, want, got in checks:
            ok = abs(got - want) <= max(tol * abs(want), slack)
            if name in known or (what.startswith("event ") and f"{name}@{what[6:]}" in known):
                tag = "known" if not ok else "FAIL (known difference now within the tolerance)"
                ok = not ok
            else:
                tag = "ok  " if ok else "FAIL"
            print(f"{tag} {name} {what}: RTL {want:.0f}, pmusim {got:.0f} ({100 * err(want, got):+.1f}%)")
            bad += not ok
    if a.table:
        return 0
    if a.group == "all":
        m = mape(rtl, sim)
        ok = m <= a.max_mape
        print(f"{'ok  ' if ok else 'FAIL'} mcycle MAPE {100 * m:.2f}% (at most {100 * a.max_mape:.1f}%)")
        bad += not ok
    print(f"{bad} of the compared numbers outside the tolerance" if bad else "all within the tolerance")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
