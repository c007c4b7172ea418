#!/usr/bin/env python3
"""sweep.plot: `python3 -m pmusim.plot` on a small real sweep database.

  plot_check.py PMUSIM PYTHONDIR WORK PROG1 PROG2

Makes a 3-configuration sweep of two programs, plots cycles against dcache, one line per
program, as SVG and as PNG: the SVG must name both programs (the legend), the three dcache
values (the ticks) and the axes, and hold one line of three points per program, placed as the
database's counts order them; the PNG must be a PNG. A missing database, a file that is not a
database, an unknown key or event: a message naming it, exit status 1. Exit 77 without
python3-matplotlib.
"""
import os
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
SPEC = "mbv32,dcache={1K,4K,16K}"


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def python_with_matplotlib():
    """This interpreter, or Debian's (python3-matplotlib is for /usr/bin/python3), or None."""
    for python in (sys.executable, "/usr/bin/python3"):
        if os.access(python, os.X_OK) and subprocess.run([python, "-c", "import matplotlib"],
                                                          capture_output=True).returncode == 0:
            return python
    return None


PYTHON = python_with_matplotlib()


def plot(pydir, *args):
    env = dict(os.environ, PYTHONPATH=pydir)
    return subprocess.run([PYTHON, "-m", "pmusim.plot", *args], capture_output=True, text=True, env=env)


def expect_error(pydir, args, pattern):
    p = plot(pydir, *args)
    if p.returncode != 1 or not p.stderr.startswith("pmusim.plot: ") or pattern not in p.stderr:
        fail(f"plot {args}: status {p.returncode}, stderr {p.stderr!r}; expected 1 and {pattern!r}")


def main():
    pmusim, pydir, work, prog1, prog2 = sys.argv[1:6]
    if not PYTHON:
        print("skipped: python3-matplotlib is not installed")
        sys.exit(77)
    os.makedirs(work, exist_ok=True)
    db = os.path.join(work, "plot.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    p = subprocess.run([pmusim, "sweep", "-M", SPEC, "-e", "cycles,dcache-read,dcache-read-hit", "--db", db,
                        "-j", "2", prog1, prog2], capture_output=True, text=True)
    if p.returncode != 0:
        fail(f"sweep exited with {p.returncode}: {p.stderr}")

    svg = os.path.join(work, "plot.svg")
    p = plot(pydir, db, "--x", "dcache", "--y", "cycles", "--series", "program", "-o", svg)
    if p.returncode != 0 or p.stderr:
        fail(f"plot exited with {p.returncode}: {p.stderr}")
    root = ET.parse(svg).getroot()
    if root.tag != SVG + "svg":
        fail(f"{svg} is not an SVG: root {root.tag}")
    texts = {"".join(t.itertext()).strip() for t in root.iter(SVG + "text")}
    names = [os.path.basename(x).removesuffix(".elf") for x in (prog1, prog2)]
    for want in [*names, "1K", "4K", "16K", "dcache", "cycles"]:
        if want not in texts:
            fail(f"the SVG has no text {want!r}: {sorted(texts)}")
    # the data lines: matplotlib's Line2D groups with a marker per point
    lines = [g for g in root.iter(SVG + "g") if g.get("id", "").startswith("line2d_")]
    data = []
    for g in lines:
        uses = [u for u in g.iter(SVG + "use")]
        if len(uses) == 3:
            data.append([(float(u.get("x")), float(u.get("y"))) for u in uses])
    if len(data) < 2:  # the legend's sample lines have one marker each
        fail(f"{len(data)} lines of three points in the SVG, expected one per program")
    # each line's points: x in the order 1K, 4K, 16K; SVG's y grows downward, so the ranks of
    # the heights are the reverse of the database's cycles
    con = sqlite3.connect(db)
    for name, line in zip(sorted(names), data[:2]):
        cycles = [v for (v,) in con.execute(
            "SELECT value FROM results WHERE program LIKE ? AND event = 'cycles' ORDER BY"
            " CASE machine WHEN 'mbv32,dcache=1K' THEN 0 WHEN 'mbv32,dcache=4K' THEN 1 ELSE 2 END",
            ("%/" + name + ".elf",))]
        xs = [x for x, _ in line]
        if xs != sorted(xs):
            fail(f"{name}: the points are not in dcache order: {xs}")
        ys = [-y for _, y in line]
        if sorted(range(3), key=lambda i: (ys[i], i)) != sorted(range(3), key=lambda i: (cycles[i], i)):
            fail(f"{name}: the heights {ys} do not order as the cycles {cycles}")
    con.close()

    png = os.path.join(work, "plot.png")
    p = plot(pydir, db, "--x", "dcache", "-o", png)
    with open(png, "rb") as f:
        if p.returncode != 0 or f.read(8) != b"\x89PNG\r\n\x1a\n":
            fail(f"plot -o {png}: status {p.returncode}, not a PNG file; {p.stderr}")

    expect_error(pydir, [os.path.join(work, "no-such.db"), "-o", svg], "no-such.db: no such file")
    text = os.path.join(work, "text.db")
    with open(text, "w") as f:
        f.write("not a database\n" * 100)
    expect_error(pydir, [text, "-o", svg], "text.db: not a database of pmusim sweep")
    expect_error(pydir, [db, "--x", "l2cache", "-o", svg],
                 "unknown key 'l2cache' for --x: the runs' keys are dcache, machine, program")
    expect_error(pydir, [db, "--y", "cyclez", "-o", svg], "unknown event 'cyclez' for --y")
    expect_error(pydir, [db, "-o", os.path.join(work, "plot.txt")], "must be a .svg, .png or .pdf file")
    print(f"ok: SVG with {len(data)} lines and labels {names}, PNG, and the errors")


if __name__ == "__main__":
    main()
