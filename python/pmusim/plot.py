"""Plot a `pmusim sweep` database: an event against a machine key, one line per series.

    python3 -m pmusim.plot DB [--x KEY] [--y EVENT] [--series KEY] [--where KEY=VALUE]... [--log-y] [-o OUT]

KEY is a key of the machines' configurations as the sweep expanded them (`dcache` in
`mbv32,icache=4K,dcache=8K`), `machine` for the machine's name, or `program`. Only the runs with
status `ok` are plotted. The output's format follows its name: .svg, .png or .pdf
(docs/sweeps.md, "Plots"). Needs python3-matplotlib.
"""
import argparse
import os
import re
import sqlite3
import sys

PROG = "pmusim.plot"


class PlotError(Exception):
    """A message for the user; the command exits with status 1."""


def parse_machine(spec):
    """'mbv32,icache=4K,dcache=8K' -> {'machine': 'mbv32', 'icache': '4K', 'dcache': '8K'}."""
    name, *options = spec.split(",")
    keys = {"machine": name}
    for opt in options:
        key, _, value = opt.partition("=")
        keys[key] = value if _ else "on"
    return keys


_SIZE = re.compile(r"^(\d+(?:\.\d+)?)([KMGkmg]?)i?[Bb]?$")


def sort_key(value):
    """Values in numeric order where they are numbers or sizes (4K < 16K < 1M); 'off' first."""
    if value in ("off", "none", "0"):
        return (0, 0.0, value)
    m = _SIZE.match(value)
    if m:
        scale = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}[m.group(2).lower()]
        return (1, float(m.group(1)) * scale, value)
    return (2, 0.0, value)


def load_runs(db):
    """[(program, {key: value}, {event: value})] of the runs with status ok."""
    if not os.path.exists(db):
        raise PlotError(f"{db}: no such file")
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        rows = con.execute("SELECT r.id, r.program, r.machine, r.instructions FROM runs r"
                           " WHERE r.status = 'ok' ORDER BY r.id").fetchall()
        counts = {}
        for run, event, value in con.execute("SELECT c.run, c.event, c.value FROM counts c"
                                             " JOIN runs r ON r.id = c.run WHERE r.status = 'ok'"):
            counts.setdefault(run, {}).setdefault(event, value)  # an event named twice: its first count
        con.close()
    except sqlite3.DatabaseError as e:
        raise PlotError(f"{db}: not a database of pmusim sweep ({e})") from None
    runs = []
    for run, program, machine, instructions in rows:
        events = counts.get(run, {})
        if instructions is not None:
            events.setdefault("instructions", instructions)
        keys = parse_machine(machine)
        keys["program"] = os.path.basename(program).removesuffix(".elf")
        runs.append((program, keys, events))
    if not runs:
        raise PlotError(f"{db}: no run with status ok to plot")
    return runs


def choose(runs, x, y, series, where):
    """Checks the keys and event; the points {series value: {x value: y value}}."""
    all_keys = sorted({k for _, keys, _ in runs for k in keys})
    for what, key in (("--x", x), ("--series", series), *(("--where", k) for k in where)):
        if key not in all_keys:
            raise PlotError(f"unknown key '{key}' for {what}: the runs' keys are {', '.join(all_keys)}")
    selected = [r for r in runs if all(r[1].get(k) == v for k, v in where.items())]
    if not selected:
        raise PlotError("no run has " + ", ".join(f"{k}={v}" for k, v in where.items()) +
                        f"; the values are: " + "; ".join(
                            f"{k} " + ", ".join(sorted({r[1].get(k, '') for r in runs}, key=sort_key))
                            for k in where))
    events = sorted({e for _, _, ev in selected for e in ev})
    if y not in events:
        raise PlotError(f"unknown event '{y}' for --y: the runs counted {', '.join(events)}")
    points = {}
    for _, keys, ev in selected:
        if y not in ev:
            continue
        s, xv = keys.get(series, ""), keys.get(x, "")
        line = points.setdefault(s, {})
        if xv in line and line[xv] != ev[y]:
            other = [k for k in all_keys if k not in (x, series, "program") and k not in where and
                     len({r[1].get(k) for r in selected}) > 1]
            raise PlotError(f"several runs give {y} for {series}={s} at {x}={xv}: "
                            f"{', '.join(other) or 'other keys'} vary too; pick one with --where KEY=VALUE")
        line[xv] = ev[y]
    return points


def default_x(runs):
    """The first machine key whose value varies."""
    for key in runs[0][1]:
        if key != "program" and len({r[1].get(key) for r in runs}) > 1:
            return key
    return "machine"


def plot(points, x, y, series, out, title, log_y=False):
    try:
        import matplotlib
    except ImportError:
        raise PlotError("matplotlib is missing: apt-get install python3-matplotlib") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    # text stays text in an SVG (searchable, and what the tests read); no date: the same database
    # gives the same file
    matplotlib.rcParams["svg.fonttype"] = "none"
    matplotlib.rcParams["svg.hashsalt"] = "pmusim"
    xs = sorted({xv for line in points.values() for xv in line}, key=sort_key)
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for s in sorted(points, key=sort_key):
        line = points[s]
        ix = [i for i, xv in enumerate(xs) if xv in line]
        ax.plot(ix, [line[xs[i]] for i in ix], marker="o", label=s)
    ax.set_xticks(range(len(xs)), xs)
    ax.set_xlabel(x)
    ax.set_ylabel(y)
    if log_y:
        ax.set_yscale("log")
    ax.set_title(title or f"{y} by {x}")
    ax.grid(True, alpha=0.3)
    ax.legend(title=series)
    fig.tight_layout()
    metadata = {"Date": None} if out.endswith(".svg") else {}
    try:
        fig.savefig(out, metadata=metadata)
    except (OSError, ValueError) as e:
        raise PlotError(f"{out}: cannot write the plot: {e}") from None
    plt.close(fig)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m " + PROG, description=__doc__.split("\n\n")[0])
    ap.add_argument("db", metavar="DB", help="the database of pmusim sweep")
    ap.add_argument("--x", metavar="KEY", help="the machine key along the x axis (default: the first that varies)")
    ap.add_argument("--y", metavar="EVENT", default="cycles", help="the event plotted (default: cycles)")
    ap.add_argument("--series", metavar="KEY", default="program", help="one line per value of KEY (default: program)")
    ap.add_argument("--where", metavar="KEY=VALUE", action="append", default=[],
                    help="only the runs whose KEY is VALUE (repeatable)")
    ap.add_argument("--log-y", action="store_true", help="a logarithmic y axis (programs of different sizes)")
    ap.add_argument("--title", help="the plot's title (default: EVENT by KEY)")
    ap.add_argument("-o", "--output", metavar="OUT", default="sweep.svg",
                    help="the file written: .svg, .png or .pdf (default: sweep.svg)")
    args = ap.parse_args(argv)
    try:
        where = {}
        for w in args.where:
            k, eq, v = w.partition("=")
            if not eq or not k:
                raise PlotError(f"bad --where '{w}': expected KEY=VALUE")
            where[k] = v
        if os.path.splitext(args.output)[1].lower() not in (".svg", ".png", ".pdf"):
            raise PlotError(f"{args.output}: the output must be a .svg, .png or .pdf file")
        runs = load_runs(args.db)
        x = args.x or default_x(runs)
        points = choose(runs, x, args.y, args.series, where)
        plot(points, x, args.y, args.series, args.output, args.title, args.log_y)
    except PlotError as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
