#!/usr/bin/env python3
"""sweep.slurm: `pmusim sweep --engine slurm` on a real single-node Slurm, against the local engine.

  slurm_check.py PMUSIM WORK OK_PROG EXIT_PROG LOOP_PROG

Starts munged (a key made for the test) and slurmctld + slurmd (a slurm.conf written for this
host: one node with its processors, one partition, no cgroups), all in WORK and on free ports, as
children that die with this script; runs the same 3 x 4 sweep with --engine slurm and with the
local engine; the two databases must hold the same runs (program, contents, machine, events,
status, exit code, instructions, message) and the same counts. Then a Slurm sweep killed with
kill -9 once a run is recorded, and the same command again: every run exactly once, equal to the
local engine's. Then one stopped by SIGTERM: status 143, its jobs cancelled, its files removed,
and the same command completes it. Exit 77 (skipped) when Slurm or munge is not installed or this is not root.
"""
import ctypes
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time

SKIP = 77
SPEC = "mbv32,icache={4K,8K,16K},dcache={4K,8K,16K,32K}"
EVENTS = ["load,store", "dcache-read,dcache-read-hit,cycles"]
DAEMONS = {"munged": "/usr/sbin/munged", "slurmctld": "/usr/sbin/slurmctld", "slurmd": "/usr/sbin/slurmd"}
# generous for a loaded 2-core machine: starting Slurm, and a whole sweep
START_TIMEOUT = 180
SWEEP_TIMEOUT = 900

procs = []


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def die_with_parent():
    """In a daemon's child: SIGTERM when this script ends, however it ends (even kill -9)."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    os.setsid()


def start(name, args, log):
    p = subprocess.Popen([DAEMONS[name], *args], stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                         preexec_fn=die_with_parent)
    procs.append((name, p))
    return p


def stop_all():
    for name, p in reversed(procs):
        if p.poll() is None:
            p.terminate()
    deadline = time.time() + 30
    for name, p in reversed(procs):
        try:
            p.wait(max(deadline - time.time(), 0.1))
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
    procs.clear()


def free_port():
    with socket.socket() as s:
        s.bind(("", 0))
        return s.getsockname()[1]


def start_slurm(work):
    host = socket.gethostname().split(".")[0]
    for d in ("state", "spool", "munge"):
        os.makedirs(os.path.join(work, d), exist_ok=True)
    os.chmod(os.path.join(work, "munge"), 0o700)
    key = os.path.join(work, "munge", "munge.key")
    with open(key, "wb") as f:
        f.write(os.urandom(1024))
    os.chmod(key, 0o400)
    sock = os.path.join(work, "munge", "munge.sock")
    log = open(os.path.join(work, "daemons.log"), "ab")
    start("munged", ["-F", "--force", "--key-file", key, "--socket", sock, "--pid-file",
                     os.path.join(work, "munge", "munged.pid"), "--log-file", os.path.join(work, "munge", "munged.log"),
                     "--seed-file", os.path.join(work, "munge", "munged.seed")], log)
    for _ in range(100):
        if os.path.exists(sock):
            break
        time.sleep(0.1)
    conf = os.path.join(work, "slurm.conf")
    with open(conf, "w") as f:
        f.write(f"""# a single-node Slurm for pmusim's sweep.slurm test
ClusterName=pmusimtest
SlurmctldHost={host}
SlurmctldPort={free_port()}
SlurmdPort={free_port()}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket={sock}
CredType=cred/munge
StateSaveLocation={work}/state
SlurmdSpoolDir={work}/spool
SlurmctldPidFile={work}/slurmctld.pid
SlurmdPidFile={work}/slurmd.pid
SlurmctldLogFile={work}/slurmctld.log
SlurmdLogFile={work}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
SlurmdTimeout=300
NodeName={host} CPUs={os.cpu_count()} State=UNKNOWN
PartitionName=pmusim Nodes={host} Default=YES MaxTime=INFINITE State=UP
""")
    os.environ["SLURM_CONF"] = conf
    start("slurmctld", ["-D", "-i", "-f", conf], log)
    start("slurmd", ["-D", "-f", conf], log)
    deadline = time.time() + START_TIMEOUT
    state = ""
    while time.time() < deadline:
        for name, p in procs:
            if p.poll() is not None:
                fail(f"{name} exited with {p.returncode}; see {work}/daemons.log and the *.log there")
        p = subprocess.run(["sinfo", "-h", "-N", "-o", "%t"], capture_output=True, text=True)
        state = p.stdout.strip()
        if p.returncode == 0 and state in ("idle", "mix", "alloc"):
            return
        time.sleep(1)
    fail(f"Slurm's node is not up after {START_TIMEOUT} s (state {state!r}); see {work}/*.log")


def sweep(pmusim, db, progs, engine, extra=()):
    cmd = [pmusim, "sweep", "--engine", engine, "-M", SPEC]
    for e in EVENTS:
        cmd += ["-e", e]
    return cmd + ["--db", db, *extra, *progs]


def runs_of(db):
    """The runs as a set of comparable rows, each with its counts."""
    con = sqlite3.connect(db)
    rows = con.execute("SELECT id, program, program_sha256, machine, events, status, exit_code, instructions,"
                       " message FROM runs").fetchall()
    out = []
    for rid, *rest in rows:
        counts = tuple(con.execute("SELECT position, event, value FROM counts WHERE run = ? ORDER BY position",
                                   (rid,)).fetchall())
        out.append((*rest, counts))
    con.close()
    return out


def run_sweep(cmd, what):
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=SWEEP_TIMEOUT)
    if p.returncode != 0:
        fail(f"{what}: exited with {p.returncode}: {p.stderr}")
    return p


def compare(local, slurm, what):
    if sorted(slurm) != sorted(local):
        only_l = set(local) - set(slurm)
        only_s = set(slurm) - set(local)
        fail(f"{what}: {len(slurm)} runs vs the local engine's {len(local)}; only local: "
             f"{sorted(only_l)[:3]}, only Slurm: {sorted(only_s)[:3]}")
    if len(slurm) != len(set(slurm)):
        fail(f"{what}: a run recorded twice")


def wait_first_run(proc, db):
    """Waits until the sweep has recorded a run."""
    recorded = 0
    deadline = time.time() + SWEEP_TIMEOUT
    while proc.poll() is None and recorded == 0 and time.time() < deadline:
        time.sleep(0.1)
        try:
            con = sqlite3.connect(db)
            recorded = con.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
            con.close()
        except sqlite3.OperationalError:
            pass  # the tables are being made
    if proc.poll() is not None or recorded == 0:
        fail(f"the Slurm sweep ended ({proc.returncode}) or recorded nothing before it could be stopped")


def main():
    pmusim, work, ok_prog, exit_prog, loop_prog = sys.argv[1:6]
    missing = [n for n, path in DAEMONS.items() if not os.access(path, os.X_OK)]
    missing += [c for c in ("sbatch", "squeue", "scontrol", "sinfo") if not shutil.which(c)]
    if missing:
        print(f"skipped: {', '.join(missing)} not installed (Debian packages slurm-wlm, munge)")
        sys.exit(SKIP)
    if os.geteuid() != 0:
        print("skipped: starting slurmctld, slurmd and munged needs root")
        sys.exit(SKIP)
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(work)
    os.chmod(work, 0o755)
    os.environ["TMPDIR"] = work
    bad = os.path.join(work, "not-a-program.elf")
    with open(bad, "w") as f:
        f.write("this is a text file, not a program\n")
    progs = [ok_prog, exit_prog, bad]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # ctest's timeout: the finally below runs
    try:
        start_slurm(work)
        local_db, slurm_db, kill_db = (os.path.join(work, n) for n in ("local.db", "slurm.db", "kill.db"))
        run_sweep(sweep(pmusim, local_db, progs, "local", ["-j", "2"]), "local sweep")
        local = runs_of(local_db)
        if len(local) != 36 or {r[4] for r in local} != {"ok", "exit", "load-error"}:
            fail(f"local sweep: {len(local)} runs, statuses {sorted({r[4] for r in local})}")

        run_sweep(sweep(pmusim, slurm_db, progs, "slurm"), "Slurm sweep")
        compare(local, runs_of(slurm_db), "Slurm sweep")
        if os.listdir(slurm_db + ".slurm") != ["lock"]:
            fail(f"the Slurm sweep left files behind: {os.listdir(slurm_db + '.slurm')}")
        # the same command again submits nothing (sbatch would fail: no slurmctld to ask)
        env = dict(os.environ, PATH="/nonexistent")
        p = subprocess.run(sweep(pmusim, slurm_db, progs, "slurm"), capture_output=True, text=True, env=env,
                           timeout=SWEEP_TIMEOUT)
        if p.returncode != 0 or p.stderr:
            fail(f"the Slurm sweep again: status {p.returncode}, {p.stderr!r}")
        print(f"ok: {len(local)} runs through Slurm equal the local engine's")

        # kill -9 of the submitter once a run is in, then the same command: each run once
        cmd = sweep(pmusim, kill_db, progs, "slurm", ["--max-jobs", "2"])
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_first_run(proc, kill_db)
        proc.kill()
        proc.wait()
        before = runs_of(kill_db)
        if not 1 <= len(before) < 36:
            fail(f"{len(before)} runs recorded before kill -9, expected 1..35")
        for r in before:
            if r[4] == "ok" and len(r[8]) != 5:
                fail(f"a partial run before the resume: {r}")
        run_sweep(cmd, "resumed Slurm sweep")
        compare(local, runs_of(kill_db), "resumed Slurm sweep")
        print(f"ok: {len(before)} runs before kill -9 of the Slurm sweep, all 36 exactly once after the rerun")

        # SIGTERM: exit 143, the array cancelled, no run in flight recorded, the spool emptied
        stop_db = os.path.join(work, "stop.db")
        cmd = sweep(pmusim, stop_db, progs, "slurm", ["--max-jobs", "1"])
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wait_first_run(proc, stop_db)
        proc.send_signal(signal.SIGTERM)
        err = proc.communicate(timeout=SWEEP_TIMEOUT)[1]
        if proc.returncode != 143 or err:
            fail(f"Slurm sweep stopped by SIGTERM: status {proc.returncode} (expected 143), {err!r}")
        stopped = runs_of(stop_db)
        if not 1 <= len(stopped) < 36 or any(r[4] == "ok" and len(r[8]) != 5 for r in stopped):
            fail(f"{len(stopped)} runs after SIGTERM, or a partial one")
        if os.listdir(stop_db + ".slurm") != ["lock"]:
            fail(f"the stopped Slurm sweep left files behind: {os.listdir(stop_db + '.slurm')}")
        deadline = time.time() + 120
        while time.time() < deadline:
            queued = subprocess.run(["squeue", "-h", "-n", "pmusim-sweep", "-t", "PENDING,RUNNING"],
                                    capture_output=True, text=True).stdout.strip()
            if not queued:
                break
            time.sleep(1)
        else:
            fail(f"the stopped sweep's jobs are still queued or running: {queued}")
        run_sweep(cmd, "Slurm sweep after SIGTERM")
        compare(local, runs_of(stop_db), "Slurm sweep after SIGTERM")
        print(f"ok: SIGTERM stops the Slurm sweep with 143 and cancels its jobs ({len(stopped)} runs kept),"
              " the same command completes it")

        # a job cancelled by someone else: no result; recorded with what Slurm says, after a
        # grace made short here (the spool is on a local disk)
        cancel_db = os.path.join(work, "cancel.db")
        env = dict(os.environ, PMUSIM_SWEEP_SLURM_GRACE="2")
        proc = subprocess.Popen([pmusim, "sweep", "--engine", "slurm", "-M", "virt32", "-e", "instructions",
                                 "--db", cancel_db, loop_prog], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True, env=env)
        deadline = time.time() + SWEEP_TIMEOUT
        job = ""
        while not job and time.time() < deadline and proc.poll() is None:
            time.sleep(0.5)
            job = subprocess.run(["squeue", "-h", "-n", "pmusim-sweep", "-t", "RUNNING", "-o", "%i"],
                                 capture_output=True, text=True).stdout.strip()
        if not job:
            fail(f"the run that never ends is not running (sweep status {proc.poll()})")
        subprocess.run(["scancel", "-n", "pmusim-sweep"], check=True)
        err = proc.communicate(timeout=SWEEP_TIMEOUT)[1]
        if proc.returncode != 0 or err:
            fail(f"the sweep of a cancelled job: status {proc.returncode}, {err!r}")
        con = sqlite3.connect(cancel_db)
        rows = con.execute("SELECT status, exit_code, message, (SELECT COUNT(*) FROM counts WHERE run = runs.id)"
                           " FROM runs").fetchall()
        con.close()
        if rows != [("signal", None, f"Slurm job {job} cancelled", 0)]:
            fail(f"the cancelled run recorded as {rows}")
        print(f"ok: job {job} cancelled by scancel recorded as {rows[0][:3]}")
    finally:
        subprocess.run(["scancel", "-n", "pmusim-sweep"], capture_output=True)
        stop_all()


if __name__ == "__main__":
    main()
