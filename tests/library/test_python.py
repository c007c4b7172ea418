"""library.python: the Python binding (python/pmusim) on guests of known counts.

Expected values come from the guests' analysis (tests/stat/guests/*.S: their header comments
count the instructions) and from `pmusim stat` on the same run; nothing is pasted from the
library's output. Environment: PMUSIM_LIBRARY (libpmusim.so), PMUSIM (the CLI),
PMUSIM_GUEST_DIR (the guests).
"""

import os
import subprocess
import tempfile
import threading
import unittest

import pmusim
from pmusim import Machine, PmusimError, Session

GUESTS = os.environ["PMUSIM_GUEST_DIR"]
PMUSIM = os.environ["PMUSIM"]
OPENSBI = "/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.elf"  # Debian's opensbi
N = 1000  # STAT_N of stat_virt.S (tests/stat/CMakeLists.txt)


def guest(name):
    return os.path.join(GUESTS, name)


def cli_stat(machine, program, events, *extra):
    """{event: count} and the exit status of `pmusim stat -x,` for the same run."""
    p = subprocess.run([PMUSIM, "stat", "-x,", "-M", machine, "-e", ",".join(events), *extra, program],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    counts = {}
    for line in p.stderr.splitlines():
        f = line.split(",")
        if len(f) > 3 and f[0].isdigit():
            counts[f[2]] = int(f[0])
    return counts, p.returncode


class Counts(unittest.TestCase):
    def test_loop_counts_by_analysis_and_cli(self):
        # stat_virt.S: instructions = 3N + 6, branch-instructions = N, exit status 5
        for machine in ("virt32", "virt64"):
            prog = guest("stat-virt-%s.elf" % machine)
            events = ["instructions", "branch-instructions"]
            with Session(machine=machine, program=prog, events=events) as s:
                self.assertEqual(s.run(), "exit")
                self.assertEqual(s.exit_status, 5)
                self.assertEqual(s.counts(), {"instructions": 3 * N + 6, "branch-instructions": N})
                self.assertEqual(s.instructions, 3 * N + 6)
                self.assertEqual(s.stop_message, "")
                cli, status = cli_stat(machine, prog, events)
                self.assertEqual(status, 5)
                self.assertEqual(s.counts(), cli)

    def test_modifiers(self):
        # stat_virt.S runs in M-mode only: nothing at U, everything at M
        with Session("virt32", guest("stat-virt-virt32.elf")) as s:
            u = s.add_event("instructions:u")
            m = s.add_event("instructions:m")
            self.assertEqual(s.add_event("instructions:u"), u)  # given twice: its first index
            s.run()
            self.assertEqual(s.count(u), 0)
            self.assertEqual(s.count(m), 3 * N + 6)
            self.assertEqual(s.events, ["instructions:u", "instructions:m"])

    def test_max_insns_exact(self):
        # stat_blocks.S never ends: the limit stops it after exactly that many instructions, with
        # the CLI's status and message
        with Session("virt32", guest("stat-blocks-virt32.elf"), max_insns=1005,
                     events=["instructions", "cycles"]) as s:
            self.assertEqual(s.run(), "max-insns")
            self.assertEqual(s.exit_status, 124)
            self.assertEqual(s.counts(), {"instructions": 1005, "cycles": 1005})
            self.assertEqual(s.stop_message, "stopped after 1005 instructions (--max-insns)")

    def test_run_for_pauses_exactly(self):
        with Session("virt32", guest("stat-blocks-virt32.elf"), events=["instructions"]) as s:
            self.assertEqual(s.run(max_insns=100), "paused")
            self.assertEqual(s.count(0), 100)
            self.assertEqual(s.run(max_insns=63), "paused")  # ends inside a block of 21
            self.assertEqual(s.count(0), 163)
            self.assertIsNone(s.exit_status)

    def test_jit_off_and_eager_agree(self):
        for jit in (False, True, "eager"):
            with Session("virt32", guest("stat-virt-virt32.elf"), jit=jit, events=["instructions"]) as s:
                s.run()
                self.assertEqual(s.counts(), {"instructions": 3 * N + 6}, jit)

    def test_two_sessions_on_two_threads(self):
        # On the interpreter: the translator still translates through one process-wide scratch
        # (src/jit/jit.c), so two threads translating at once are not yet safe.
        results = {}

        def one(machine):
            with Session(machine, guest("stat-virt-%s.elf" % machine), jit=False,
                         events=["instructions", "branch-instructions"]) as s:
                results[machine] = (s.run(), s.counts())

        threads = [threading.Thread(target=one, args=(m,)) for m in ("virt32", "virt64")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        want = ("exit", {"instructions": 3 * N + 6, "branch-instructions": N})
        self.assertEqual(results, {"virt32": want, "virt64": want})

    def test_request_stop_from_another_thread(self):
        # stat_spin.S never ends; a stop requested from another thread ends it as Ctrl-C does
        with Session("virt32", guest("stat-spin-virt32.elf"), events=["instructions"]) as s:
            timer = threading.Timer(0.2, s.request_stop)
            timer.start()
            stop = s.run()
            timer.join()
            self.assertEqual(stop, "requested")
            self.assertEqual(s.exit_status, 130)
            self.assertGreater(s.count(0), 0)
            self.assertRegex(s.stop_message, r"^interrupted after [0-9]+ instructions at pc 0x8000000[04]")


class Boot(unittest.TestCase):
    """--kernel and --bios: the S-mode PMU payload (tests/sbi), which checks itself, runs only in
    S-mode and never enters U-mode (tests/sbi/stat_modes.sh)."""

    EVENTS = ["instructions", "instructions:u", "instructions:k", "instructions:m"]

    def boot(self, bios):
        payload = guest("sbi-pmu-payload.elf")
        with tempfile.NamedTemporaryFile("r") as console:
            with Session("virt64", kernel=payload, bios=bios, max_insns=50000000, console=console.name,
                         events=self.EVENTS) as s:
                self.assertEqual(s.run(), "exit")
                self.assertEqual(s.exit_status, 0)
                lines = console.read().replace("\r", "").splitlines()
                counts = s.counts()
        self.assertIn("pmu payload: all checks passed", lines)
        extra = ["--bios", bios] if bios else []
        cli, status = cli_stat("virt64", payload, self.EVENTS, *extra, "--kernel")
        self.assertEqual(status, 0)
        self.assertEqual(counts, cli)
        return lines, counts

    def test_builtin_sbi(self):
        # the built-in SBI runs no guest instruction: everything is S-mode
        lines, c = self.boot(None)
        self.assertIn("pmu payload under the built-in SBI", lines)
        self.assertEqual((c["instructions:u"], c["instructions:m"]), (0, 0))
        self.assertEqual(c["instructions:k"], c["instructions"])

    @unittest.skipUnless(os.path.exists(OPENSBI), "Debian's opensbi is not installed")
    def test_opensbi(self):
        # OpenSBI runs in M-mode: S and M make up the whole
        lines, c = self.boot(OPENSBI)
        self.assertIn("pmu payload under OpenSBI", lines)
        self.assertEqual(c["instructions:u"], 0)
        self.assertGreater(c["instructions:m"], 0)
        self.assertEqual(c["instructions:k"] + c["instructions:m"], c["instructions"])


class Stepwise(unittest.TestCase):
    """stat_virt.S (N = 1000): after 2 + 3k instructions the hart is at `loop` (0x80000008) with
    s1 (x9) = N - k and s2 (x18) = N + (N - 1) + ... + (N - k + 1); from there j iterations take
    3j + 4 instructions to the exit, j of them branches."""

    def test_console_callback_gets_the_output(self):
        prog = guest("hello-virt32.elf")
        want = subprocess.run([PMUSIM, "run", "-q", "-M", "virt32", prog], stdout=subprocess.PIPE).stdout
        self.assertIn(b"hello: sum of squares 1..100 = 338350\n", want)
        got = []
        with Session("virt32", prog, console="/nonexistent/dir/out") as s:  # the later call wins
            s.on_console(got.append)
            self.assertEqual(s.run(), "exit")
        self.assertGreater(len(got), 0)
        self.assertEqual(b"".join(got), want)

    def test_console_callback_error_is_raised_after_the_run(self):
        def broken(data):
            raise ValueError("no room")
        with Session("virt32", guest("hello-virt32.elf")) as s:
            s.on_console(broken)
            with self.assertRaises(ValueError):
                s.run()
            self.assertEqual(s.exit_status, 0)

    def test_registers_and_counters_while_paused(self):
        k, j = 10, 5
        for jit in (False, True):
            with Machine("virt32", guest("stat-virt-virt32.elf"), jit=jit,
                         events=["instructions", "branch-instructions"]) as m:
                self.assertEqual(m.run_for(2 + 3 * k), "paused")
                self.assertEqual(m.csr("minstret"), 2 + 3 * k)
                self.assertEqual(m.csr(0xB02), 2 + 3 * k)
                self.assertEqual(m.pc, 0x80000008)
                self.assertEqual(m.reg(9), N - k)
                self.assertEqual(m.reg(18), sum(N - i for i in range(k)))
                m.set_reg(9, j)
                m.set_csr("minstret", 5000)
                self.assertEqual(m.csr("minstret"), 5000)
                m.set_csr("mhpmevent3", 5)  # virt's branch-instructions
                m.set_csr("mhpmcounter3", 40)
                self.assertEqual(m.csr("mhpmcounter3"), 40)
                self.assertEqual(m.run(), "exit")
                self.assertEqual(m.exit_status, 5)
                self.assertEqual(m.counts(), {"instructions": 2 + 3 * k + 3 * j + 4, "branch-instructions": k + j})
                self.assertEqual(m.csr("minstret"), 5000 + 3 * j + 4)
                self.assertEqual(m.csr("mhpmcounter3"), 40 + j)
                self.assertEqual(m.reg(9), 0)

    def test_errors(self):
        with Machine("virt32", guest("stat-virt-virt32.elf")) as m:
            with self.assertRaises(PmusimError) as c:
                m.reg(9)  # before the run
            self.assertEqual(c.exception.kind, "state")
            with self.assertRaises(PmusimError) as c:
                m.csr("minstret")
            self.assertEqual(c.exception.kind, "state")
            m.run_for(1)
            for call in (lambda: m.reg(9, hart=1), lambda: m.reg(32), lambda: m.set_reg(-1, 0),
                         lambda: m.csr(0x7FF), lambda: m.set_csr("mhartid", 1), lambda: m.csr("nosuchcsr")):
                with self.assertRaises(PmusimError) as c:
                    call()
                self.assertEqual(c.exception.kind, "range")
            with self.assertRaises(PmusimError) as c:
                m.pc_of(3)
            self.assertEqual(str(c.exception), "hart 3: the machine has 1 hart")


class Functions(unittest.TestCase):
    def test_run_agrees_with_stat(self):
        prog = guest("stat-virt-virt32.elf")
        events = ["instructions", "branch-instructions"]
        got = pmusim.run(prog, machine="virt32", events=events)
        cli, status = cli_stat("virt32", prog, events)
        self.assertEqual(got, dict(cli, exit_status=status, instructions=cli["instructions"]))
        self.assertEqual(got, {"instructions": 3 * N + 6, "branch-instructions": N, "exit_status": 5})

    def sweep_db(self, tmp):
        db = os.path.join(tmp, "sweep.db")
        prog = guest("hello-virt32.elf")
        p = subprocess.run([PMUSIM, "sweep", "-M", "virt32", "-e", "instructions,branch-instructions",
                            "--db", db, "-j", "1", prog], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        cli, status = cli_stat("virt32", prog, ["instructions", "branch-instructions"])
        self.assertEqual(status, 0)
        want = [{"program": prog, "machine": "virt32", "event": e, "value": cli[e]}
                for e in ("instructions", "branch-instructions")]
        return db, want

    def test_sweep_results_as_dicts(self):
        with tempfile.TemporaryDirectory() as tmp:
            db, want = self.sweep_db(tmp)
            import builtins
            real_import = builtins.__import__

            def no_pandas(name, *args, **kw):
                if name == "pandas":
                    raise ImportError("pandas hidden by the test")
                return real_import(name, *args, **kw)
            builtins.__import__ = no_pandas
            try:
                rows = pmusim.sweep_results(db)
            finally:
                builtins.__import__ = real_import
            self.assertEqual(rows, want)
            with self.assertRaises(PmusimError) as c:
                pmusim.sweep_results(os.path.join(tmp, "missing.db"))
            self.assertIn("missing.db", str(c.exception))

    def test_sweep_results_as_dataframe(self):
        try:
            import pandas  # noqa: F401
        except ImportError:
            self.skipTest("pandas is not installed")
        with tempfile.TemporaryDirectory() as tmp:
            db, want = self.sweep_db(tmp)
            df = pmusim.sweep_results(db)
            self.assertEqual(df.to_dict("records"), want)


class Errors(unittest.TestCase):
    def test_unknown_machine(self):
        with self.assertRaises(PmusimError) as c:
            Session("virt23")
        self.assertRegex(str(c.exception), r"^unknown machine 'virt23'; did you mean 'virt32'\?")

    def test_unknown_event_as_the_cli_says_it(self):
        with Session("veer-el2", guest("stat-virt-virt32.elf")) as s:
            with self.assertRaises(PmusimError) as c:
                s.add_event("brnches")
            self.assertEqual(str(c.exception), "unknown event 'brnches' for machine veer-el2; did you mean 'branches'?")
            self.assertEqual(c.exception.kind, "usage")

    def test_one_event_per_call(self):
        with Session("virt32") as s:
            with self.assertRaises(PmusimError):
                s.add_event("instructions,cycles")

    def test_missing_program(self):
        with Session("virt32", "/nonexistent/prog.elf", events=["instructions"]) as s:
            with self.assertRaises(PmusimError) as c:
                s.run()
            self.assertEqual(c.exception.kind, "input")
            self.assertIn("/nonexistent/prog.elf", str(c.exception))
            with self.assertRaises(PmusimError) as c:  # no counts of a run that never started
                s.count(0)
            self.assertEqual(c.exception.kind, "state")

    def test_setters_refused_after_the_run(self):
        with Session("virt32", guest("stat-virt-virt32.elf")) as s:
            s.run()
            with self.assertRaises(PmusimError) as c:
                s.add_event("cycles")
            self.assertEqual(c.exception.kind, "state")


if __name__ == "__main__":
    unittest.main()
