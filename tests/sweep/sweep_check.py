#!/usr/bin/env python3
"""Checks of `pmusim sweep` (label "sweep"), read back through python's sqlite3.

  counts  PMUSIM WORK PROG...   a 3 x 4 mbv32 sweep: every run's counts equal what `pmusim stat -x,`
                                prints for the same program and machine; SHA-256 from hashlib;
                                the same command again records nothing new
  kill    PMUSIM WORK PROG      kill -9 of the sweep once a run is recorded, then the same command:
                                no partial run before, every run exactly once after
  stop    PMUSIM WORK PROG      SIGINT and SIGTERM to the sweep once a run is recorded: exit status
                                130 / 143, the runs in flight not recorded, no run left behind
  flush   PMUSIM WORK PROG...   the database is not flushed to the disk once per run (WAL with
                                synchronous=NORMAL): strace counts the sweep's fsync/fdatasync
  faults  PMUSIM WORK PROG...   a run in the sweep costs no more page faults than alone: perf
                                stat counts the sweep and its runs for 12 runs and for 12 x the
                                programs; the difference per run against one `pmusim stat`
  tty     PMUSIM WORK OK EXIT       on a terminal: the progress line (done/total, failures, ETA)
  failing PMUSIM WORK OK EXIT LOOP   a guest exiting with 5, a file that is no program, a run
                                stopped by --timeout: recorded with their statuses, the sweep goes on
"""
import hashlib
import itertools
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

EVENTS = ["load,store", "dcache-read,dcache-read-hit,cycles"]  # two -e, as a user may give them
EVENT_LIST = "load,store,dcache-read,dcache-read-hit,cycles"


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def sweep_cmd(pmusim, spec, db, progs, jobs="2", extra=()):
    cmd = [pmusim, "sweep", "-M", spec]
    for e in EVENTS:
        cmd += ["-e", e]
    return cmd + ["--db", db, "-j", jobs, *extra, *progs]


def stat_counts(pmusim, machine, prog, events):
    """(status, [(event, value)]) from `pmusim stat -x,`: the independent path."""
    p = subprocess.run([pmusim, "stat", "-M", machine, "-e", events, "-x,", prog],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    rows = []
    for line in p.stderr.splitlines():
        f = line.split(",")
        if line.startswith("pmusim: ") or len(f) < 3 or not f[2]:
            continue
        rows.append((f[2], int(f[0])))
    return p.returncode, rows


def db_counts(con, run_id):
    return [tuple(r) for r in con.execute(
        "SELECT event, value FROM counts WHERE run = ? ORDER BY position", (run_id,))]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def check_consistent(con, n_events):
    """No partial run: every ok run has all its counts, no count belongs to no run."""
    orphans = con.execute("SELECT COUNT(*) FROM counts WHERE run NOT IN (SELECT id FROM runs)").fetchone()[0]
    if orphans:
        fail(f"{orphans} counts without their run")
    for rid, n in con.execute("SELECT r.id, (SELECT COUNT(*) FROM counts c WHERE c.run = r.id)"
                              " FROM runs r WHERE status = 'ok'"):
        if n != n_events:
            fail(f"run {rid} has {n} counts, expected {n_events}")


def test_counts(pmusim, work, progs):
    db = os.path.join(work, "counts.db")
    if os.path.exists(db):
        os.remove(db)
    spec = "mbv32,icache={4K,8K,16K},dcache={4K,8K,16K,32K}"
    p = subprocess.run(sweep_cmd(pmusim, spec, db, progs), capture_output=True, text=True)
    if p.returncode != 0:
        fail(f"sweep exited with {p.returncode}: {p.stderr}")
    if p.stderr:
        fail(f"sweep not quiet without a terminal: {p.stderr!r}")
    machines = {f"mbv32,icache={i},dcache={d}" for i, d in
                itertools.product(["4K", "8K", "16K"], ["4K", "8K", "16K", "32K"])}
    con = sqlite3.connect(db)
    runs = con.execute("SELECT id, program, program_sha256, machine, events, status, exit_code,"
                       " instructions, pmusim_version, host, start_time, end_time, wall_seconds"
                       " FROM runs").fetchall()
    want = {(m, pr) for m in machines for pr in progs}
    got = [(r[3], r[1]) for r in runs]
    if sorted(got) != sorted(want):
        fail(f"runs are {sorted(got)}, expected every program once on each of {sorted(machines)}")
    version = subprocess.run([pmusim, "--version"], capture_output=True, text=True).stdout.split()[1]
    for (rid, prog, sha, machine, events, status, code, insns, ver, host, start, end, wall) in runs:
        if sha != sha256(prog):
            fail(f"{prog}: sha256 {sha}, hashlib says {sha256(prog)}")
        if events != EVENT_LIST or status != "ok" or code != 0 or ver != version:
            fail(f"run {rid}: events {events!r}, status {status}, exit code {code}, version {ver}")
        if not host or not start or not end or start > end or wall < 0:
            fail(f"run {rid}: host {host!r}, start {start}, end {end}, wall {wall}")
        code, expected = stat_counts(pmusim, machine, prog, EVENT_LIST + ",instructions")
        if code != 0:
            fail(f"pmusim stat {machine} {prog} exited with {code}")
        if db_counts(con, rid) != expected[:-1]:
            fail(f"{prog} on {machine}: database {db_counts(con, rid)}, pmusim stat -x, {expected[:-1]}")
        if insns != expected[-1][1]:
            fail(f"{prog} on {machine}: instructions {insns}, pmusim stat says {expected[-1][1]}")
    check_consistent(con, 5)
    view = con.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    if view != len(want) * 5:
        fail(f"results has {view} rows, expected {len(want) * 5}")
    # the D-cache misses do move with the cache size (else the sweep would show nothing)
    misses = {r[0] for r in con.execute(
        "SELECT a.value - b.value FROM counts a JOIN counts b ON a.run = b.run"
        " WHERE a.event = 'dcache-read' AND b.event = 'dcache-read-hit'")}
    if len(misses) < 2:
        fail(f"the D-cache read misses are the same on every configuration: {misses}")
    con.close()

    # the same command again: everything is there already, nothing runs, nothing changes
    before = sorted(runs)
    p = subprocess.run(sweep_cmd(pmusim, spec, db, progs), capture_output=True, text=True)
    if p.returncode != 0 or p.stderr:
        fail(f"second sweep: status {p.returncode}, {p.stderr}")
    con = sqlite3.connect(db)
    after = sorted(con.execute("SELECT id, program, program_sha256, machine, events, status, exit_code,"
                               " instructions, pmusim_version, host, start_time, end_time, wall_seconds"
                               " FROM runs").fetchall())
    if after != before:
        fail("the second sweep changed the runs")
    left = [f for f in os.listdir(work) if f.startswith("pmusim-sweep-")]
    if left:
        fail(f"the sweep left its run files behind: {left}")
    print(f"ok: {len(runs)} runs, counts equal pmusim stat's, resumed sweep ran nothing")


def test_kill(pmusim, work, prog):
    db = os.path.join(work, "kill.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    spec = "mbv32,icache={4K,8K,16K},dcache={4K,8K,16K,32K}"
    cmd = sweep_cmd(pmusim, spec, db, [prog], jobs="1")
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_first_run(proc, db)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    con = sqlite3.connect(db)
    first = con.execute("SELECT id, machine FROM runs").fetchall()
    check_consistent(con, 5)
    con.close()
    if not 1 <= len(first) < 12:
        fail(f"{len(first)} runs recorded before the kill, expected 1..11")

    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        fail(f"the resumed sweep exited with {p.returncode}: {p.stderr}")
    con = sqlite3.connect(db)
    check_consistent(con, 5)
    rows = con.execute("SELECT machine, COUNT(*) FROM runs GROUP BY machine").fetchall()
    if len(rows) != 12 or any(n != 1 for _, n in rows):
        fail(f"runs per machine after the resume: {rows}")
    kept = con.execute("SELECT id, machine FROM runs WHERE id <= ?", (max(i for i, _ in first),)).fetchall()
    if sorted(kept) != sorted(first):
        fail("the resumed sweep redid runs recorded before the kill")
    if con.execute("SELECT COUNT(*) FROM runs WHERE status != 'ok'").fetchone()[0]:
        fail("a run failed")
    con.close()
    # no run of the killed sweep is left behind (they die with it)
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    if any(" stat " in line and prog in line and "pmusim-sweep-" in line for line in ps.splitlines()):
        fail("a process of the killed sweep is still running")
    print(f"ok: {len(first)} runs before kill -9, all 12 exactly once after the rerun")


def wait_first_run(proc, db, before=0):
    """Waits until the sweep has recorded a run (more than `before` in the database)."""
    recorded = before
    while proc.poll() is None and recorded == before:
        time.sleep(0.05)
        if os.path.exists(db):
            try:
                con = sqlite3.connect(db)
                recorded = con.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
                con.close()
            except sqlite3.OperationalError:
                pass  # the tables are being made
    if proc.poll() is not None:
        fail(f"the sweep ended ({proc.returncode}) before it could be stopped")


def test_stop(pmusim, work, prog):
    db = os.path.join(work, "stop.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    cmd = sweep_cmd(pmusim, "mbv32,icache={4K,8K,16K},dcache={4K,8K,16K,32K}", db, [prog], jobs="2")
    recorded = 0
    for sig, status in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wait_first_run(proc, db, recorded)
        proc.send_signal(sig)
        err = proc.communicate()[1]
        if proc.returncode != status or err:
            fail(f"sweep stopped by {sig.name}: status {proc.returncode} (expected {status}), {err!r}")
        con = sqlite3.connect(db)
        check_consistent(con, 5)
        n = con.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
        bad = con.execute("SELECT COUNT(*) FROM runs WHERE status != 'ok'").fetchone()[0]
        con.close()
        if bad or n <= recorded:
            fail(f"after {sig.name}: {n} runs ({bad} not ok), {recorded} before")
        recorded = n
    ps = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
    if any(" stat " in line and prog in line and "pmusim-sweep-" in line for line in ps.splitlines()):
        fail("a run of the stopped sweep is still running")
    print(f"ok: SIGINT and SIGTERM stop the sweep with 130 and 143; {recorded} whole runs recorded")


def test_failing(pmusim, work, ok_prog, exit_prog, loop_prog):
    db = os.path.join(work, "failing.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    bad = os.path.join(work, "not-a-program.elf")
    with open(bad, "w") as f:
        f.write("this is a text file, not a program\n")
    spec = "mbv32,dcache={4K,8K}"
    p = subprocess.run(sweep_cmd(pmusim, spec, db, [exit_prog, bad, ok_prog]), capture_output=True, text=True)
    if p.returncode != 0:
        fail(f"sweep exited with {p.returncode}: {p.stderr}")
    con = sqlite3.connect(db)
    runs = con.execute("SELECT id, program, machine, status, exit_code, message FROM runs").fetchall()
    if len(runs) != 6:
        fail(f"{len(runs)} runs recorded, expected 6: {runs}")
    for rid, prog, machine, status, code, message in runs:
        want_code, expected = stat_counts(pmusim, machine, prog, EVENT_LIST)
        if code != want_code:
            fail(f"{prog} on {machine}: exit code {code}, pmusim stat exits with {want_code}")
        want_status = {0: "ok", 126: "load-error"}.get(want_code, "exit")
        if status != want_status:
            fail(f"{prog} on {machine}: status {status}, expected {want_status}")
        if db_counts(con, rid) != expected:
            fail(f"{prog} on {machine}: counts {db_counts(con, rid)}, pmusim stat -x, {expected}")
        if prog == bad and (not message or bad not in message):
            fail(f"load error recorded without pmusim's message: {message!r}")
    statuses = sorted(r[3] for r in runs)
    if statuses != ["exit", "exit", "load-error", "load-error", "ok", "ok"]:
        fail(f"statuses {statuses}")
    con.close()

    # a run that never ends: stopped by --timeout, recorded, and the sweep goes on with the next
    p = subprocess.run([pmusim, "sweep", "-M", "virt32", "-e", "instructions", "--db", db, "-j", "1",
                        "--timeout", "1", loop_prog], capture_output=True, text=True)
    if p.returncode != 0:
        fail(f"timeout sweep exited with {p.returncode}: {p.stderr}")
    con = sqlite3.connect(db)
    row = con.execute("SELECT status, exit_code, message, (SELECT COUNT(*) FROM counts WHERE run = runs.id)"
                      " FROM runs WHERE program = ?", (loop_prog,)).fetchall()
    if row != [("timeout", None, "stopped after 1 seconds (--timeout)", 0)]:
        fail(f"timed-out run recorded as {row}")
    # failed runs are not run again, unless asked to
    p = subprocess.run(sweep_cmd(pmusim, spec, db, [exit_prog, bad, ok_prog], extra=["--retry-failed"]),
                       capture_output=True, text=True)
    ids = con.execute("SELECT COUNT(*) FROM runs WHERE id > ?", (max(r[0] for r in runs),)).fetchone()[0]
    if p.returncode != 0 or ids != 5:  # 2 exit + 2 load-error again, after the timeout's run
        fail(f"--retry-failed: status {p.returncode}, {ids - 1} runs redone, expected 4")
    if con.execute("SELECT COUNT(*) FROM runs").fetchone()[0] != 7:
        fail("--retry-failed left duplicate runs")
    con.close()
    print("ok: exit code, load error and timeout recorded with their statuses")


def test_tty(pmusim, work, ok_prog, exit_prog):
    import re
    db = os.path.join(work, "tty.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    master, slave = os.openpty()
    p = subprocess.Popen(sweep_cmd(pmusim, "mbv32,dcache={4K,8K}", db, [ok_prog, exit_prog], jobs="1"),
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the sweep has closed the terminal
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    if p.wait() != 0:
        fail(f"sweep on a terminal exited with {p.returncode}: {out!r}")
    states = [s.replace("\x1b[K", "") for s in out.decode().replace("\r\n", "\n").split("\r") if s]
    if states[0] != "pmusim: sweep: 0/4 runs, 0 failed, 0 running":
        fail(f"first progress line {states[0]!r}")
    if states[-1] != "pmusim: sweep: 4/4 runs, 2 failed, 0 running\n":
        fail(f"last progress line {states[-1]!r}")
    if not any(re.fullmatch(r"pmusim: sweep: [123]/4 runs, [012] failed, [01] running, ETA \d+:\d\d:\d\d", s)
               for s in states):
        fail(f"no progress line with an ETA: {states}")
    print(f"ok: {len(states)} progress lines, from {states[0]!r} to {states[-1]!r}")


def test_flush(pmusim, work, progs):
    if not shutil.which("strace"):
        print("skipped: strace is not installed")
        sys.exit(77)
    db = os.path.join(work, "flush.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    trace = os.path.join(work, "flush.strace")
    spec = "mbv32,icache={4K,8K,16K},dcache={4K,8K,16K,32K}"
    # the sweep's own process only (no -f): its runs write their files without flushing anyway
    # LeakSanitizer (a sanitizer build) cannot work under ptrace
    env = dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "") + ":detect_leaks=0")
    p = subprocess.run(["strace", "-qq", "-e", "trace=fsync,fdatasync,sync_file_range", "-o", trace,
                        *sweep_cmd(pmusim, spec, db, progs)], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        fail(f"sweep under strace exited with {p.returncode}: {p.stderr}")
    con = sqlite3.connect(db)
    runs = con.execute("SELECT COUNT(*) FROM runs WHERE status = 'ok'").fetchone()[0]
    con.close()
    with open(trace) as f:
        flushes = sum(1 for line in f if "sync" in line.split("(")[0])
    if runs != 12 * len(progs):
        fail(f"{runs} runs recorded, expected {12 * len(progs)}")
    # making the database and the checkpoint when the sweep closes it flush (8 times with
    # SQLite 3.40); a flush per run would be as many more as there are runs
    if flushes >= runs:
        fail(f"the sweep flushed the database {flushes} times for {runs} runs")
    print(f"ok: {flushes} flushes for {runs} runs")


def test_faults(pmusim, work, progs):
    """A run in the sweep costs no more page faults than the same run made alone by `pmusim stat`:
    the sweep's own process and its runs together (perf stat counts the children too), per run,
    against one `pmusim stat` of the same program. A run made by exec of a new pmusim costs what a
    run alone does, plus whatever fork copies for the sweep (about 35 faults per run); the sweep
    runs `stat` in a forked child without exec, so it takes fewer (no program loading or dynamic
    linking)."""
    if not shutil.which("perf"):
        print("skipped: perf is not installed")
        sys.exit(77)
    spec = "mbv32,icache={4K,8K,16K},dcache={4K,8K,16K,32K}"

    def page_faults(cmd, must_succeed=True):
        p = subprocess.run(["perf", "stat", "-x,", "-e", "page-faults", *cmd], capture_output=True, text=True)
        if must_succeed and p.returncode != 0:
            fail(f"{' '.join(cmd)} under perf stat exited with {p.returncode}: {p.stderr}")
        for line in p.stderr.splitlines():
            f = line.split(",")
            if len(f) > 2 and f[2] == "page-faults":
                if not f[0].isdigit():  # perf not permitted here (perf_event_paranoid)
                    print(f"skipped: perf stat cannot count page faults: {line}")
                    sys.exit(77)
                return int(f[0])
        fail(f"no page-faults line from perf stat: {p.stderr}")

    def sweep_faults(programs):
        db = os.path.join(work, "faults.db")
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        return page_faults(sweep_cmd(pmusim, spec, db, programs))

    few, many = sweep_faults(progs[:1]), sweep_faults(progs)
    per_run = (many - few) / (12 * (len(progs) - 1))
    alone = []
    for prog in progs[1:]:
        cmd = [pmusim, "stat", "-M", "mbv32,icache=8K,dcache=8K"]
        for e in EVENTS:
            cmd += ["-e", e]
        alone.append(page_faults(cmd + ["-x", "\t", "-o", os.path.join(work, "alone.tsv"), prog],
                                 must_succeed=False))  # the guest's exit code
    alone_per_run = sum(alone) / len(alone)
    if per_run > alone_per_run + 5:
        fail(f"a run in the sweep takes {per_run:.1f} page faults, alone {alone_per_run:.1f} ({few} for 12 "
             f"runs, {many} for {12 * len(progs)})")
    print(f"ok: {per_run:.1f} page faults per run in the sweep, {alone_per_run:.1f} for a run alone")


def main():
    what, pmusim, work = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)
    # the sweeps' run files go to the test's directory (a killed sweep leaves its own behind)
    os.environ["TMPDIR"] = work
    for f in os.listdir(work):
        if f.startswith("pmusim-sweep-"):
            shutil.rmtree(os.path.join(work, f))
    if what == "counts":
        test_counts(pmusim, work, sys.argv[4:])
    elif what == "kill":
        test_kill(pmusim, work, sys.argv[4])
    elif what == "stop":
        test_stop(pmusim, work, sys.argv[4])
    elif what == "flush":
        test_flush(pmusim, work, sys.argv[4:])
    elif what == "faults":
        test_faults(pmusim, work, sys.argv[4:])
    elif what == "tty":
        test_tty(pmusim, work, sys.argv[4], sys.argv[5])
    elif what == "failing":
        test_failing(pmusim, work, *sys.argv[4:7])
    else:
        fail("unknown check " + what)


if __name__ == "__main__":
    main()
